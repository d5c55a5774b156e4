import AppStoreSignedData
import Foundation

/// libFuzzer entry points for the App Store Server Notification V2 decoders: the input goes, as a
/// posted body, to `SignedDataVerifier.verifyNotificationBody` (a verifier trusting one fixed root)
/// and, when it verifies, the transaction and renewal info its data carries to their verifiers; as
/// JSON, to the payload decoders (`NotificationPayload`, `NotificationData`, `TransactionPayload`,
/// `RenewalInfoPayload`), whose decoded values must encode and decode back to themselves.
///
/// Compiled against the PurchaseCore and AppStoreSignedData modules built by
/// `Fuzz/run-notification.sh` (libcrypto linked). The identity is kept in `identity.pem` in the
/// working folder (made on the first run), so the signed bodies it writes into `corpus/` as seeds
/// stay valid between runs.
enum Fixture {
    static let identity = FuzzIdentity.stored
    static let signer = try! JWSSigner(identity: identity)
    static let verifier = try! SignedDataVerifier(
        trustedRoots: [identity.rootCertificate], bundleID: "com.example.app", environment: "Sandbox",
        now: { Date(timeIntervalSince1970: 1_800_000_000) })
}

/// Signed bodies of several notification types, written into `corpus/` as seeds.
@_cdecl("LLVMFuzzerInitialize")
public func notificationFuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    try? FileManager.default.createDirectory(atPath: "corpus", withIntermediateDirectories: true)
    var transaction = TransactionPayload()
    transaction.transactionId = "2000000000000001"
    transaction.originalTransactionId = "2000000000000001"
    transaction.bundleId = "com.example.app"
    transaction.productId = "com.example.pro.monthly"
    transaction.type = .autoRenewable
    transaction.purchaseDate = AppStoreDate(milliseconds: 1_799_990_000_000)
    transaction.expiresDate = AppStoreDate(milliseconds: 1_802_590_000_000)
    transaction.environment = .sandbox
    transaction.signedDate = AppStoreDate(milliseconds: 1_800_000_000_000)
    var renewal = RenewalInfoPayload()
    renewal.environment = .sandbox
    renewal.autoRenewStatus = .on
    renewal.originalTransactionId = "2000000000000001"
    renewal.signedDate = AppStoreDate(milliseconds: 1_800_000_000_000)
    let kinds: [(NotificationType, NotificationSubtype?)] = [
        (.subscribed, .initialBuy), (.didRenew, nil), (.refund, nil), (.expired, .voluntary), (.test, nil),
    ]
    for (index, kind) in kinds.enumerated() {
        var payload = NotificationPayload()
        payload.notificationType = kind.0
        payload.subtype = kind.1
        payload.notificationUUID = "00000000-0000-4000-8000-00000000000\(index)"
        payload.version = "2.0"
        payload.signedDate = AppStoreDate(milliseconds: 1_800_000_000_000)
        var data = NotificationData()
        data.bundleId = "com.example.app"
        data.environment = .sandbox
        if kind.0 != .test {
            data.signedTransactionInfo = try! Fixture.signer.sign(transaction)
            data.signedRenewalInfo = try! Fixture.signer.sign(renewal)
            data.status = .active
        }
        payload.data = data
        let body = PayloadJSON.encode(NotificationBody(signedPayload: try! Fixture.signer.sign(payload)))
        try? body.write(to: URL(fileURLWithPath: "corpus/seed-body-\(index)"))
        try? PayloadJSON.encode(payload).write(to: URL(fileURLWithPath: "corpus/seed-payload-\(index)"))
    }
    return 0
}

/// libFuzzer's entry point for one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func notificationFuzzTarget(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    checkBody(bytes)
    checkRoundTrip(NotificationPayload.self, bytes)
    checkRoundTrip(NotificationData.self, bytes)
    checkRoundTrip(TransactionPayload.self, bytes)
    checkRoundTrip(RenewalInfoPayload.self, bytes)
    return 0
}

/// A body verifies or is refused with a typed error with a detail; what verifies is the trusted
/// identity's, and the signed data inside it answers its own verifiers the same way.
private func checkBody(_ bytes: [UInt8]) {
    let verified: VerifiedSignedData<NotificationPayload>
    do {
        verified = try Fixture.verifier.verifyNotificationBody(bytes)
    } catch {
        precondition(!error.detail.isEmpty, "an error without detail")
        return
    }
    precondition(verified.claims.bundleID == "com.example.app" && verified.claims.environment == "Sandbox")
    if let token = verified.payload.data?.signedTransactionInfo {
        do {
            _ = try Fixture.verifier.verifyTransaction(token)
        } catch {
            precondition(!error.detail.isEmpty, "an error without detail")
        }
    }
    if let token = verified.payload.data?.signedRenewalInfo {
        do {
            _ = try Fixture.verifier.verifyRenewalInfo(token)
        } catch {
            precondition(!error.detail.isEmpty, "an error without detail")
        }
    }
}

/// What decodes encodes to bytes that decode to the same value, and encode to the same bytes.
private func checkRoundTrip<Payload: Codable & Equatable>(_ type: Payload.Type, _ bytes: [UInt8]) {
    guard let decoded = try? PayloadJSON.decode(type, from: bytes) else { return }
    let encoded = PayloadJSON.encode(decoded)
    guard let again = try? PayloadJSON.decode(type, from: encoded) else {
        preconditionFailure("a decoded \(type) does not decode from its own encoding")
    }
    precondition(again == decoded, "a decoded \(type) changed through its encoding")
    precondition(PayloadJSON.encode(again) == encoded, "a \(type) has two encodings")
}
