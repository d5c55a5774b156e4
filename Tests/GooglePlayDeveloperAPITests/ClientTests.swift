import Foundation
import GooglePlayDeveloperAPI
import TestSupport
import Testing

/// The client against a loopback stand-in for Google's service answering PLAY-WIRE.md's JSON.
struct ClientTests {
    static func client(_ api: PlayDeveloperAPIStandIn, token: String = "play-token", timeout: TimeInterval = 30)
        -> PlayDeveloperAPIClient
    {
        var configuration = PlayDeveloperAPIConfiguration(packageName: api.packageName, baseURL: api.baseURL)
        configuration.requestTimeout = timeout
        return PlayDeveloperAPIClient(
            configuration: configuration,
            tokens: EnvironmentAccessTokenSource(variable: "PLAY_TOKEN", environment: { ["PLAY_TOKEN": token] }))
    }

    @Test func productsAreReadAcknowledgedAndConsumedWithTheBearerToken() async throws {
        let api = try PlayDeveloperAPIStandIn()
        api.setProduct(
            "gems_100", token: "tok 1",
            [
                "kind": "androidpublisher#productPurchase", "purchaseState": 0, "orderId": "GPA.1", "quantity": 2,
                "acknowledgementState": 0, "purchaseTimeMillis": "1767225600000",
            ])
        let client = Self.client(api)
        let purchase = try await client.product("gems_100", token: "tok 1")
        #expect(purchase.orderId == "GPA.1")
        #expect(purchase.quantity == 2)
        try await client.acknowledgeProduct("gems_100", token: "tok 1")
        #expect(try await client.product("gems_100", token: "tok 1").acknowledgementState == 1)
        try await client.consumeProduct("gems_100", token: "tok 1")
        #expect(api.product("gems_100", token: "tok 1")?["consumptionState"] as? Int == 1)
        #expect(api.received.allSatisfy { $0.authorization == "Bearer play-token" })
        #expect(api.received.map(\.method) == ["GET", "POST", "GET", "POST"])
        await api.stop()
    }

    @Test func subscriptionsAreReadAndAcknowledged() async throws {
        let api = try PlayDeveloperAPIStandIn()
        api.setSubscription(
            token: "sub-1",
            [
                "subscriptionState": "SUBSCRIPTION_STATE_ACTIVE",
                "acknowledgementState": "ACKNOWLEDGEMENT_STATE_PENDING",
                "lineItems": [
                    ["productId": "pro", "expiryTime": "2026-02-01T00:00:00Z", "latestSuccessfulOrderId": "GPA.2"]
                ],
            ])
        let client = Self.client(api)
        #expect(try await client.subscription(token: "sub-1").needsAcknowledgement)
        try await client.acknowledgeSubscription("pro", token: "sub-1")
        #expect(try await client.subscription(token: "sub-1").needsAcknowledgement == false)
        #expect(api.received[1].path.hasSuffix("/purchases/subscriptions/pro/tokens/sub-1:acknowledge"))
        await api.stop()
    }

    @Test func voidedPurchasesArePagedByThePageToken() async throws {
        let api = try PlayDeveloperAPIStandIn(pageSize: 2)
        api.setVoided((0..<5).map { ["orderId": "GPA.v\($0)", "voidedTimeMillis": "\($0)", "refundType": 1] })
        let client = Self.client(api)
        let all = try await client.allVoidedPurchases(VoidedPurchasesQuery(startTimeMillis: 10, endTimeMillis: 20))
        #expect(all.map(\.orderId) == ["GPA.v0", "GPA.v1", "GPA.v2", "GPA.v3", "GPA.v4"])
        let queries = api.received.map(\.query)
        #expect(queries.map { $0["token"] } == [nil, "page-2", "page-4"])
        #expect(queries.allSatisfy { $0["startTime"] == "10" && $0["endTime"] == "20" && $0["type"] == "1" })
        #expect(queries.allSatisfy { $0["includeQuantityBasedPartialRefund"] == "true" })
        await api.stop()
    }

    @Test func googlesErrorsSayWhetherRetryingHelps() async throws {
        let api = try PlayDeveloperAPIStandIn()
        let client = Self.client(api)
        await #expect {
            _ = try await client.product("gems_100", token: "none")
        } throws: { error in
            let error = error as? PlayDeveloperAPIError
            return error?.code == .notFound && error?.status == "NOT_FOUND" && error?.isRetryable == false
        }
        let wrongToken = Self.client(api, token: "stale")
        await #expect {
            _ = try await wrongToken.subscription(token: "x")
        } throws: { error in
            let error = error as? PlayDeveloperAPIError
            return error?.code == .unauthorized && error?.status == "UNAUTHENTICATED" && error?.isRetryable == false
        }
        for (status, code) in [(503, PlayDeveloperAPIError.Code.serverError), (429, .rateLimited)] {
            api.setFailure(status)
            await #expect {
                _ = try await client.subscription(token: "x")
            } throws: { error in
                let error = error as? PlayDeveloperAPIError
                return error?.code == code && error?.httpStatus == status && error?.isRetryable == true
            }
        }
        await api.stop()
        // Nobody listens any more: unreachable, retryable.
        await #expect {
            _ = try await client.subscription(token: "x")
        } throws: { error in
            (error as? PlayDeveloperAPIError).map { $0.code == .unreachable && $0.isRetryable } ?? false
        }
    }

    @Test func aMissingAccessTokenFailsBeforeAnyRequest() async throws {
        let api = try PlayDeveloperAPIStandIn()
        let client = PlayDeveloperAPIClient(
            configuration: PlayDeveloperAPIConfiguration(packageName: api.packageName, baseURL: api.baseURL),
            tokens: EnvironmentAccessTokenSource(variable: "PLAY_TOKEN", environment: { [:] }))
        await #expect {
            _ = try await client.subscription(token: "x")
        } throws: { error in
            (error as? PlayDeveloperAPIError)?.code == .invalidRequest
        }
        #expect(api.received.isEmpty)
        await api.stop()
    }

    @Test func aTokenFileIsReadAtEachRequestSoItCanBeReplaced() async throws {
        let api = try PlayDeveloperAPIStandIn()
        api.setSubscription(token: "s", ["subscriptionState": "SUBSCRIPTION_STATE_ACTIVE"])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("play-token-\(UUID().uuidString)")
        try "expired-token\n".write(to: file, atomically: true, encoding: .utf8)
        let client = PlayDeveloperAPIClient(
            configuration: PlayDeveloperAPIConfiguration(packageName: api.packageName, baseURL: api.baseURL),
            tokens: FileAccessTokenSource(path: file.path))
        await #expect {
            _ = try await client.subscription(token: "s")
        } throws: { error in
            (error as? PlayDeveloperAPIError)?.code == .unauthorized
        }
        try " play-token \nanything after the first line\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(try await client.subscription(token: "s").subscriptionState == .active)
        try FileManager.default.removeItem(at: file)
        await #expect {
            _ = try await client.subscription(token: "s")
        } throws: { error in
            (error as? PlayDeveloperAPIError)?.code == .invalidRequest
        }
        await api.stop()
    }

    @Test func aBodyPastTheBoundIsRefused() async throws {
        let api = try PlayDeveloperAPIStandIn()
        api.setSubscription(token: "big", ["regionCode": String(repeating: "x", count: 10_000)])
        var configuration = PlayDeveloperAPIConfiguration(packageName: api.packageName, baseURL: api.baseURL)
        configuration.maximumResponseBytes = 1000
        let client = PlayDeveloperAPIClient(
            configuration: configuration,
            tokens: EnvironmentAccessTokenSource(variable: "T", environment: { ["T": "play-token"] }))
        await #expect {
            _ = try await client.subscription(token: "big")
        } throws: { error in
            (error as? PlayDeveloperAPIError)?.code == .responseTooLarge
        }
        await api.stop()
    }
}
