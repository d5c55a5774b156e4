import AppStoreServerAPI
import AppStoreSignedData
import Foundation
import PurchaseCore
import SimulatedAppStore
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Tokens the server refuses, Apple's error bodies, and failures a caller may retry.
struct ClientErrorTests {
    private func claims(
        iat: Int64? = nil, exp: Int64? = nil, aud: String = "appstoreconnect-v1",
        bid: String = ServerAPITesting.bundleID,
        iss: String = ServerAPITesting.key.issuerID
    ) -> AppStoreServerAPIClaims {
        let now = Int64(Date().timeIntervalSince1970)
        return AppStoreServerAPIClaims(iss: iss, iat: iat ?? now, exp: exp ?? now + 600, aud: aud, bid: bid)
    }

    private func status(of token: String, server: SimulatedServerAPI, transaction: String) async -> Int {
        await server.respond(
            to: SimulatedServerAPIRequest(
                method: "GET", path: "/inApps/v1/transactions/\(transaction)",
                headers: ["authorization": "Bearer " + token])
        ).status
    }

    @Test func theServerRefusesEveryTokenThatIsNotRight() async throws {
        let fixture = try ServerAPIFixture()
        let id = try await fixture.buy(ServerAPITesting.noAds)
        let key = ServerAPITesting.key
        let now = Int64(Date().timeIntervalSince1970)
        func sign(
            _ claims: AppStoreServerAPIClaims, kid: String = key.keyID,
            with privateKey: ES256PrivateKey = key.privateKey
        )
            throws -> String
        {
            try AppStoreServerAPITokenSigner.sign(claims, keyID: kid, key: privateKey)
        }
        #expect(await status(of: try sign(claims()), server: fixture.server, transaction: id) == 200)
        let refused = [
            try sign(claims(iat: now - 1200, exp: now - 600)),  // expired
            try sign(claims(aud: "appstoreconnect-v2")),  // wrong audience
            try sign(claims(), with: try ES256PrivateKey.generate()),  // wrong key
            try sign(claims(), kid: "OTHERKEYID"),  // another key's identifier
            try sign(claims(bid: "com.example.other")),  // another app
            try sign(claims(iss: UUID().uuidString.lowercased())),  // another issuer
            try sign(claims(iat: now, exp: now + 7200)),  // valid for more than an hour
            try sign(claims(iat: now + 600, exp: now + 1200)),  // issued in the future
            "not.a.token",
        ]
        for token in refused {
            #expect(await status(of: token, server: fixture.server, transaction: id) == 401)
        }
        let none = await fixture.server.respond(
            to: SimulatedServerAPIRequest(method: "GET", path: "/inApps/v1/transactions/\(id)"))
        #expect(none.status == 401)
        await fixture.close()
    }

    @Test func aClientWithAnotherKeyIsUnauthorized() async throws {
        let fixture = try ServerAPIFixture { $0.privateKey = try! ES256PrivateKey.generate() }
        let id = try await fixture.buy(ServerAPITesting.noAds)
        await #expect {
            try await fixture.client.transactionInfo(id)
        } throws: { error in
            guard let error = error as? AppStoreServerAPIError else { return false }
            return error.code == .unauthorized && error.httpStatus == 401 && !error.isRetryable
        }
        await fixture.close()
    }

    @Test func aClientWhoseTokensHaveExpiredIsUnauthorized() async throws {
        let fixture = try ServerAPIFixture()
        let id = try await fixture.buy(ServerAPITesting.noAds)
        let baseURL = try #require(fixture.loopback?.baseURL)
        // Its clock is two hours behind: every token it signs expired an hour ago.
        let stale = AppStoreServerAPIClient(
            configuration: ServerAPITesting.configuration(baseURL: baseURL), now: { Date(timeIntervalSinceNow: -7200) })
        await #expect {
            try await stale.transactionInfo(id)
        } throws: { error in
            (error as? AppStoreServerAPIError).map { $0.code == .unauthorized && $0.httpStatus == 401 } ?? false
        }
        let current = AppStoreServerAPIClient(configuration: ServerAPITesting.configuration(baseURL: baseURL))
        #expect(try await current.transactionInfo(id).signedTransactionInfo != nil)
        await fixture.close()
    }

    @Test func applesErrorBodiesAreDecoded() async throws {
        let fixture = try ServerAPIFixture()
        await #expect {
            try await fixture.client.transactionInfo("2999999999")
        } throws: { error in
            guard let error = error as? AppStoreServerAPIError else { return false }
            return error.code == .notFound && error.httpStatus == 404 && error.apiErrorCode == 4_040_010
                && error.apiErrorMessage == "Transaction id not found." && !error.isRetryable
        }
        await #expect {
            try await fixture.client.transactionInfo("abc")
        } throws: { error in
            (error as? AppStoreServerAPIError).map { $0.httpStatus == 400 && $0.apiErrorCode == 4_000_006 } ?? false
        }
        await fixture.close()
    }

    private func stub(answering status: Int, headers: [String: String] = [:], body: String, limit: Int? = nil)
        -> AppStoreServerAPIClient
    {
        let host = HandlerURLProtocol.register(.canned(status: status, headers: headers, body: Data(body.utf8)))
        var configuration = ServerAPITesting.configuration(baseURL: URL(string: "http://\(host)")!)
        if let limit { configuration.maximumResponseBytes = limit }
        let settings = URLSessionConfiguration.ephemeral
        settings.protocolClasses = [HandlerURLProtocol.self]
        return AppStoreServerAPIClient(configuration: configuration, sessionConfiguration: settings)
    }

    @Test func rateLimitingIsRetryableAfterTheTimeTheServerSays() async throws {
        let client = stub(
            answering: 429, headers: ["Retry-After": "30"],
            body: #"{"errorCode": 4290000, "errorMessage": "Rate limit exceeded."}"#)
        await #expect {
            try await client.transactionInfo("2000000001")
        } throws: { error in
            guard let error = error as? AppStoreServerAPIError else { return false }
            return error.code == .rateLimited && error.isRetryable && error.retryAfter == 30
                && error.apiErrorCode == 4_290_000
        }
    }

    @Test(arguments: [
        (500, #"{"errorCode": 5000000, "errorMessage": "An unknown error occurred."}"#, true),
        (404, #"{"errorCode": 4040002, "errorMessage": "Account not found. Please try again."}"#, true),
        (404, #"{"errorCode": 4040001, "errorMessage": "Account not found."}"#, false),
        (400, #"{"errorCode": 4000006, "errorMessage": "Invalid transaction id."}"#, false),
    ])
    func retryableAsAppleDocumentsIt(status: Int, body: String, retryable: Bool) async throws {
        let client = stub(answering: status, body: body)
        await #expect {
            try await client.transactionInfo("2000000001")
        } throws: { error in
            (error as? AppStoreServerAPIError).map { $0.isRetryable == retryable && $0.httpStatus == status } ?? false
        }
    }

    @Test func aResponseOverTheBoundIsRefused() async throws {
        let large = #"{"signedTransactionInfo": ""# + String(repeating: "x", count: 5000) + #""}"#
        let client = stub(answering: 200, body: large, limit: 1024)
        await #expect {
            try await client.transactionInfo("2000000001")
        } throws: { error in
            (error as? AppStoreServerAPIError)?.code == .responseTooLarge
        }
        let fits = stub(answering: 200, body: #"{"signedTransactionInfo": "abc"}"#, limit: 1024)
        #expect(try await fits.transactionInfo("2000000001").signedTransactionInfo == "abc")
    }

    @Test func anUnreachableServerIsRetryable() async throws {
        // Port 1 on loopback: nothing listens there, the connection is refused at once.
        let client = AppStoreServerAPIClient(
            configuration: ServerAPITesting.configuration(baseURL: URL(string: "http://127.0.0.1:1")!))
        await #expect {
            try await client.transactionInfo("2000000001")
        } throws: { error in
            guard let error = error as? AppStoreServerAPIError else { return false }
            return error.code == .unreachable && error.isRetryable
        }
    }
}
