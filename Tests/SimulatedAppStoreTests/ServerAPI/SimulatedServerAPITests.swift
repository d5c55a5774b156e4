import AppStoreSignedData
import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// The simulated App Store Server API as a handler, called directly.
struct SimulatedServerAPITests {
    /// A bearer token for `key` with Apple's header and claims, signed now.
    static func bearer(_ key: SimulatedServerAPIKey, bundleID: String = "com.example.app") throws -> String {
        let now = Int64(Date().timeIntervalSince1970)
        let header = #"{"alg":"ES256","kid":"\#(key.keyID)","typ":"JWT"}"#
        let claims =
            #"{"aud":"appstoreconnect-v1","bid":"\#(bundleID)","exp":\#(now + 600),"iat":\#(now),"iss":"\#(key.issuerID)"}"#
        let input = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(claims.utf8))
        return "Bearer " + input + "." + Base64URL.encode(try key.privateKey.signature(of: Array(input.utf8)))
    }

    private struct Fixture {
        let queue: PaymentQueue
        let session: StoreKit2Session
        let server: SimulatedServerAPI
        let authorization: String

        init(folder: URL? = nil) throws {
            queue = try PaymentQueue(
                catalog: TestCatalog.make(), persistence: folder.map { .journal(directory: $0) } ?? .inMemory,
                clock: SimulationClock(), signedData: TestSigning.signedData())
            session = try StoreKit2Session(queue: queue)
            let key = try folder.map { try SimulatedServerAPIKey.persisted(in: $0) } ?? SimulatedServerAPIKey.make()
            server = try SimulatedServerAPI(queue: queue, key: key)
            authorization = try SimulatedServerAPITests.bearer(key)
        }

        func get(_ path: String, query: [URLQueryItem] = []) async -> SimulatedServerAPIResponse {
            await server.respond(
                to: SimulatedServerAPIRequest(
                    method: "GET", path: path, query: query, headers: ["Authorization": authorization]))
        }

        func json(_ response: SimulatedServerAPIResponse) throws -> [String: Any] {
            try #require(JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        }

        func buy(_ product: String) async throws -> String {
            guard case .success(let transaction) = try await session.purchase(product) else {
                throw StoreKitError(.unknown)
            }
            return try #require(transaction.payload.transactionId)
        }
    }

    @Test func transactionInfoIsTheStoreKit2FacesSignedTransaction() async throws {
        let fixture = try Fixture()
        let id = try await fixture.buy(TestCatalog.noAds)
        let response = await fixture.get("/inApps/v1/transactions/\(id)")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/json")
        let payload = try TestSigning.transaction(try fixture.json(response)["signedTransactionInfo"] as? String)
        #expect(payload.transactionId == id)
        #expect(payload.productId == TestCatalog.noAds)
    }

    @Test func unknownPathsAndMethodsAreNotFoundAndABadTokenIsUnauthorized() async throws {
        let fixture = try Fixture()
        #expect(await fixture.get("/inApps/v1/nothing/1").status == 404)
        #expect(await fixture.get("/other").status == 404)
        let wrongMethod = await fixture.server.respond(
            to: SimulatedServerAPIRequest(
                method: "DELETE", path: "/inApps/v1/transactions/1", headers: ["authorization": fixture.authorization]))
        #expect(wrongMethod.status == 404)
        let otherApp = try Self.bearer(fixture.server.key, bundleID: "com.example.other")
        let refused = await fixture.server.respond(
            to: SimulatedServerAPIRequest(
                method: "GET", path: "/inApps/v1/transactions/2000000001", headers: ["Authorization": otherApp]))
        #expect(refused.status == 401)
    }

    @Test func errorsCarryApplesCodes() async throws {
        let fixture = try Fixture()
        let unknown = await fixture.get("/inApps/v1/transactions/2000009999")
        #expect(unknown.status == 404)
        #expect(try fixture.json(unknown)["errorCode"] as? Int == 4_040_010)
        let invalid = await fixture.get("/inApps/v2/history/abc")
        #expect(invalid.status == 400)
        #expect(try fixture.json(invalid)["errorCode"] as? Int == 4_000_006)
        let id = try await fixture.buy(TestCatalog.noAds)
        let badRevision = await fixture.get(
            "/inApps/v2/history/\(id)", query: [URLQueryItem(name: "revision", value: "x")])
        #expect(try fixture.json(badRevision)["errorCode"] as? Int == 4_000_005)
    }

    @Test func theKeyIsMadeOnceInTheAccountsFolderAndKept() throws {
        let folder = try TestCatalog.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try SimulatedServerAPIKey.persisted(in: folder)
        let file = folder.appendingPathComponent(SimulatedServerAPIKey.fileName)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let again = try SimulatedServerAPIKey.persisted(in: folder)
        #expect(again.keyID == first.keyID && again.issuerID == first.issuerID)
        #expect(first.keyID.count == 10)
        #expect(UUID(uuidString: first.issuerID) != nil)
        #expect(try String(contentsOf: file, encoding: .utf8) == first.pemText())
    }

    @Test func aDamagedKeyIsAnErrorAndNeverReplaced() throws {
        let folder = try TestCatalog.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(SimulatedServerAPIKey.fileName)
        try Data("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n".utf8).write(to: file)
        #expect {
            try SimulatedServerAPIKey.persisted(in: folder)
        } throws: { error in
            guard let error = error as? ServerAPIKeyError, case .damaged = error.problem else { return false }
            return error.path == file.path
        }
        #expect(try String(contentsOf: file, encoding: .utf8).contains("AAAA"))
    }

    @Test func anExtensionIsKeptInTheAccountsJournal() async throws {
        let folder = try TestCatalog.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var original = ""
        var extended: Int64 = 0
        do {
            let fixture = try Fixture(folder: folder)
            original = try await fixture.buy(TestCatalog.monthly)
            let response = await fixture.server.respond(
                to: SimulatedServerAPIRequest(
                    method: "PUT", path: "/inApps/v1/subscriptions/extend/\(original)",
                    headers: ["Authorization": fixture.authorization],
                    body: Data(#"{"extendByDays": 30, "extendReasonCode": 3, "requestIdentifier": "r-1"}"#.utf8)))
            #expect(response.status == 200)
            extended = try #require(try fixture.json(response)["effectiveDate"] as? Int64)
            await fixture.queue.close()
        }
        let reopened = try Fixture(folder: folder)
        let info = await reopened.get("/inApps/v1/transactions/\(original)")
        let payload = try TestSigning.transaction(try reopened.json(info)["signedTransactionInfo"] as? String)
        #expect(payload.expiresDate?.milliseconds == extended)
        await reopened.queue.close()
    }

    @Test func aRepeatedExtensionRequestExtendsOnceAndTwoAYearAreAllowed() async throws {
        let fixture = try Fixture()
        let original = try await fixture.buy(TestCatalog.monthly)
        let sequence = fixture.queue.signedData?.notifications.lastSequence ?? 0
        func extend(_ requestIdentifier: String) async -> SimulatedServerAPIResponse {
            await fixture.server.respond(
                to: SimulatedServerAPIRequest(
                    method: "PUT", path: "/inApps/v1/subscriptions/extend/\(original)",
                    headers: ["Authorization": fixture.authorization],
                    body: Data(
                        #"{"extendByDays": 10, "extendReasonCode": 1, "requestIdentifier": "\#(requestIdentifier)"}"#
                            .utf8)))
        }
        let first = try fixture.json(await extend("a"))
        let repeated = try fixture.json(await extend("a"))
        #expect(first["effectiveDate"] as? Int64 == repeated["effectiveDate"] as? Int64)
        let second = try fixture.json(await extend("b"))
        let firstDate = try #require(first["effectiveDate"] as? Int64)
        #expect(second["effectiveDate"] as? Int64 == firstDate + 10 * 86_400_000)
        let third = await extend("c")
        #expect(third.status == 403)
        #expect(try fixture.json(third)["errorCode"] as? Int == 4_030_005)
        let sent = fixture.queue.notifications(after: sequence).map(\.payload.notificationType)
        #expect(sent == [.renewalExtended, .renewalExtended])
    }

    @Test func aFreeTrialIsNotExtended() async throws {
        let fixture = try Fixture()
        let original = try await fixture.buy(TestCatalog.trial)
        let response = await fixture.server.respond(
            to: SimulatedServerAPIRequest(
                method: "PUT", path: "/inApps/v1/subscriptions/extend/\(original)",
                headers: ["Authorization": fixture.authorization],
                body: Data(#"{"extendByDays": 5, "extendReasonCode": 0, "requestIdentifier": "t"}"#.utf8)))
        #expect(response.status == 403)
        #expect(try fixture.json(response)["errorCode"] as? Int == 4_030_004)
    }

    @Test func orderIDsNameOnePurchaseEach() async throws {
        let fixture = try Fixture()
        let first = try await fixture.buy(TestCatalog.noAds)
        let second = try await fixture.buy(TestCatalog.season)
        let firstOrder = try #require(await fixture.queue.orderID(ofTransaction: first))
        let secondOrder = try #require(await fixture.queue.orderID(ofTransaction: second))
        #expect(firstOrder != secondOrder)
        #expect(firstOrder.hasPrefix("M") && firstOrder.count >= 10)
        let answer = try fixture.json(await fixture.get("/inApps/v1/lookup/\(secondOrder)"))
        #expect(answer["status"] as? Int == 0)
        let signed = try #require(answer["signedTransactions"] as? [String])
        #expect(try signed.map { try TestSigning.transaction($0).transactionId } == [second])
        #expect(await fixture.queue.orderID(ofTransaction: "2000009999") == nil)
    }
}
