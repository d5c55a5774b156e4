import AppStoreSignedData
import Foundation
import Testing

/// `purchasekit jws inspect` and `purchasekit notification inspect`, on chains the tests make.
struct ToolSignedDataTests {
    static let made = Date(timeIntervalSince1970: 1_764_720_000)
    static let identity = try! SigningIdentity.make(environment: "Sandbox", at: made)
    static let stranger = try! SigningIdentity.make(environment: "Sandbox", at: made)

    static func transaction(bundle: String = "com.example.app") -> TransactionPayload {
        var payload = TransactionPayload()
        payload.transactionId = "2000000000000007"
        payload.originalTransactionId = "2000000000000007"
        payload.bundleId = bundle
        payload.productId = "com.example.gems.100"
        payload.type = .consumable
        payload.purchaseDate = AppStoreDate(made)
        payload.signedDate = AppStoreDate(made.addingTimeInterval(60))
        payload.environment = .sandbox
        payload.quantity = 1
        return payload
    }

    static func rootFile(_ identity: SigningIdentity = identity) throws -> String {
        try ToolRunner.file(named: "root.pem", containing: CertificateFile.pemText(of: [identity.rootCertificate]))
    }

    static func object(_ result: ToolRunner.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
    }

    @Test func aVerifiedTransactionExitsZeroAndShowsItsChain() throws {
        let token = try JWSSigner(identity: Self.identity).sign(Self.transaction())
        let file = try ToolRunner.file(named: "t.jws", containing: token + "\n")
        let root = try Self.rootFile()
        let text = try ToolRunner.run(["jws", "inspect", file, "--root", root, "--locale", "en_US"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("header: alg ES256, certificates in x5c: 3"))
        #expect(text.stdout.contains("Apple signing marker"))
        #expect(text.stdout.contains("Apple intermediate marker"))
        #expect(text.stdout.contains("\"productId\" : \"com.example.gems.100\""))
        #expect(text.stdout.contains("verified against \(root)"))

        let json = try ToolRunner.run(
            [
                "jws", "inspect", file, "--root", root, "--bundle-id", "com.example.app", "--environment", "Sandbox",
                "--json",
            ])
        #expect(json.status == 0)
        let object = try Self.object(json)
        #expect(object["verified"] as? Bool == true)
        #expect(object["failure"] is NSNull)
        #expect((object["chain"] as? [[String: Any]])?.count == 3)
        #expect((object["payload"] as? [String: Any])?["transactionId"] as? String == "2000000000000007")
        #expect((object["header"] as? [String: Any])?["alg"] as? String == "ES256")
    }

    @Test func decodedButNotVerifiedExitsOneWithTheReason() throws {
        let token = try JWSSigner(identity: Self.stranger).sign(Self.transaction())
        let file = try ToolRunner.file(named: "t.jws", containing: token)
        let root = try Self.rootFile()
        let other = try ToolRunner.run(["jws", "inspect", file, "--root", root, "--json"])
        #expect(other.status == 1)
        let failure = try #require(try Self.object(other)["failure"] as? [String: Any])
        #expect(failure["kind"] as? String == "verificationFailed")

        let noRoot = try ToolRunner.run(["jws", "inspect", file, "--locale", "en_US"])
        #expect(noRoot.status == 1)
        #expect(noRoot.stdout.contains("not verified: no trusted root certificate was given"))

        let good = try ToolRunner.file(
            named: "t.jws", containing: try JWSSigner(identity: Self.identity).sign(Self.transaction()))
        let wrongBundle = try ToolRunner.run(
            ["jws", "inspect", good, "--root", root, "--bundle-id", "com.example.other", "--json"])
        #expect(wrongBundle.status == 1)
        #expect((try Self.object(wrongBundle)["failure"] as? [String: Any])?["kind"] as? String == "wrongBundleID")
        let wrongEnvironment = try ToolRunner.run(
            ["jws", "inspect", good, "--root", root, "--environment", "Production", "--locale", "de_DE"])
        #expect(wrongEnvironment.status == 1)
        #expect(wrongEnvironment.stdout.contains("nicht verifiziert: "))
    }

    @Test func malformedInputExits65AndMissingFiles66() throws {
        let garbage = try ToolRunner.file(named: "t.jws", containing: "not.a.jws!")
        let result = try ToolRunner.run(["jws", "inspect", garbage, "--locale", "en_US"])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("\(garbage): error: not App Store signed data"))
        #expect(result.stdout.isEmpty)

        let token = try JWSSigner(identity: Self.identity).sign(Self.transaction())
        let file = try ToolRunner.file(named: "t.jws", containing: token)
        let badRoot = try ToolRunner.file(named: "root.pem", containing: "hello")
        #expect(try ToolRunner.run(["jws", "inspect", file, "--root", badRoot]).status == 65)
        #expect(try ToolRunner.run(["jws", "inspect", file, "--root", "/nonexistent/root.pem"]).status == 66)
        #expect(try ToolRunner.run(["jws", "inspect", "/nonexistent/t.jws"]).status == 66)
        #expect(try ToolRunner.run(["jws", "inspect"]).status == 64)
        #expect(try ToolRunner.run(["jws", "decode", file]).status == 64)

        // Standard input, and a DER root (as Apple publishes its roots).
        let der = try ToolRunner.temporaryFolder().appendingPathComponent("root.cer")
        try Data(Self.identity.rootCertificate).write(to: der)
        let piped = try ToolRunner.run(["jws", "inspect", "-", "--root", der.path], stdin: Data(token.utf8))
        #expect(piped.status == 0, "\(piped.stderr)")
    }

    @Test func aNotificationIsVerifiedWithTheDataItCarries() throws {
        let signer = try JWSSigner(identity: Self.identity)
        var notification = NotificationPayload()
        notification.notificationType = .oneTimeCharge
        notification.notificationUUID = "5b1e4a7e-0c39-4a44-9a53-1f0c2e7d9b10"
        notification.version = "2.0"
        notification.signedDate = AppStoreDate(Self.made.addingTimeInterval(61))
        var data = NotificationData()
        data.bundleId = "com.example.app"
        data.environment = .sandbox
        data.signedTransactionInfo = try signer.sign(Self.transaction())
        notification.data = data
        let body = PayloadJSON.encode(NotificationBody(signedPayload: try signer.sign(notification)))
        let file = try ToolRunner.file(named: "body.json", containing: String(decoding: body, as: UTF8.self))
        let root = try Self.rootFile()

        let text = try ToolRunner.run(["notification", "inspect", file, "--root", root, "--locale", "en_US"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            text.stdout.hasPrefix("notification ONE_TIME_CHARGE (subtype -), UUID 5b1e4a7e-0c39-4a44-9a53-1f0c2e7d9b10")
        )
        #expect(text.stdout.contains("signed transaction (data.signedTransactionInfo):"))

        let json = try ToolRunner.run(["notification", "inspect", file, "--root", root, "--json"])
        let object = try Self.object(json)
        #expect(object["verified"] as? Bool == true)
        #expect((object["transaction"] as? [String: Any])?["verified"] as? Bool == true)

        // A transaction signed by another chain inside a genuine notification: not verified.
        data.signedTransactionInfo = try JWSSigner(identity: Self.stranger).sign(Self.transaction())
        notification.data = data
        let mixed = PayloadJSON.encode(NotificationBody(signedPayload: try signer.sign(notification)))
        let mixedFile = try ToolRunner.file(named: "body.json", containing: String(decoding: mixed, as: UTF8.self))
        #expect(try ToolRunner.run(["notification", "inspect", mixedFile, "--root", root]).status == 1)

        let notABody = try ToolRunner.file(named: "body.json", containing: #"{"notificationType":"TEST"}"#)
        let refused = try ToolRunner.run(["notification", "inspect", notABody, "--locale", "en_US"])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("not an App Store Server Notification V2 body"))
    }
}
