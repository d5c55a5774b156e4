import Foundation
import PurchaseCore
import PurchaseKit
import TestSupport
import Testing

/// `POST /v1/google/notifications`: Pub/Sub pushes confirmed with a loopback stand-in for the Play
/// Developer API and applied to the file ledger once.
struct GooglePlayNotificationTests {
    static let package = "com.example.app"
    static let pushSecret = "push-secret-42"
    static let store = "google-play"

    /// A server whose catalog names the Play settings, confirming with `api`.
    static func fixture(_ api: PlayDeveloperAPIStandIn) async throws -> ServerFixture {
        try await ServerFixture(
            serverSettings: """
                <key>GooglePlayPackageName</key><string>\(package)</string>
                <key>GooglePlayDeveloperAPIURL</key><string>\(api.baseURL.absoluteString)</string>
                <key>GooglePlayAccessTokenVariable</key><string>TEST_PLAY_ACCESS</string>
                <key>GooglePlayPushTokenVariable</key><string>TEST_PLAY_PUSH</string>
                """,
            environment: ["TEST_PLAY_ACCESS": api.accessToken, "TEST_PLAY_PUSH": pushSecret])
    }

    /// The body Pub/Sub pushes for `member` (the notification's one member) as message `id`.
    static func push(_ member: [String: Any], id: String, package: String = GooglePlayNotificationTests.package)
        throws -> Data
    {
        var notification: [String: Any] = [
            "version": "1.0", "packageName": package, "eventTimeMillis": "1767225600000",
        ]
        notification.merge(member) { _, new in new }
        let data = try JSONSerialization.data(withJSONObject: notification).base64EncodedString()
        return try JSONSerialization.data(withJSONObject: [
            "message": ["attributes": [:], "data": data, "messageId": id, "message_id": id],
            "subscription": "projects/p/subscriptions/s",
        ])
    }

    static func oneTime(_ type: Int, token: String, sku: String) -> [String: Any] {
        [
            "oneTimeProductNotification": [
                "version": "1.0", "notificationType": type, "purchaseToken": token, "sku": sku,
            ]
        ]
    }

    static func subscription(_ type: Int, token: String, id: String) -> [String: Any] {
        [
            "subscriptionNotification": [
                "version": "1.0", "notificationType": type, "purchaseToken": token, "subscriptionId": id,
            ]
        ]
    }

    static func post(_ fixture: ServerFixture, _ body: Data, token: String? = pushSecret) async throws
        -> ServerFixture.Answer
    {
        let query = token.map { "?token=\($0)" } ?? ""
        return try await fixture.request("POST", "/v1/google/notifications" + query, body: body, key: nil)
    }

    static func gems(order: String, account: UUID) -> [String: Any] {
        [
            "kind": "androidpublisher#productPurchase", "purchaseTimeMillis": "1767225600000", "purchaseState": 0,
            "consumptionState": 0, "orderId": order, "acknowledgementState": 0, "productId": "com.example.gems.100",
            "quantity": 1, "obfuscatedExternalAccountId": account.uuidString, "regionCode": "US",
        ]
    }

    static func time(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    static func deliveries(_ fixture: ServerFixture, _ order: String) async throws -> [Delivery] {
        try await fixture.deployment.ledger.contents().deliveries.filter { $0.transactionID.id == order }
    }

    @Test func aPurchaseIsDeliveredOnceWhateverMessagesRepeatIt() async throws {
        let api = try PlayDeveloperAPIStandIn()
        let fixture = try await Self.fixture(api)
        let account = UUID()
        api.setProduct(
            "com.example.gems.100", token: "tok-1", Self.gems(order: "GPA.1000-0000-0000-00001", account: account))
        let body = try Self.push(Self.oneTime(1, token: "tok-1", sku: "com.example.gems.100"), id: "101")
        let first = try await Self.post(fixture, body)
        #expect(first.status == 200)
        #expect(first.json["outcome"] as? String == "applied")
        #expect(first.json["acknowledged"] as? Bool == true)
        #expect(first.json["transactionID"] as? String == "GPA.1000-0000-0000-00001")
        let again = try await Self.post(fixture, body)
        #expect(again.status == 200)
        #expect(again.json["outcome"] as? String == "duplicate")
        // Play may notify twice: another message about the same order changes nothing.
        let other = try await Self.post(
            fixture, try Self.push(Self.oneTime(1, token: "tok-1", sku: "com.example.gems.100"), id: "102"))
        #expect(other.status == 200)
        #expect(other.json["acknowledged"] as? Bool == false)
        // The same new message posted at once to several handlers changes nothing either.
        let concurrent = try Self.push(Self.oneTime(1, token: "tok-1", sku: "com.example.gems.100"), id: "103")
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 { group.addTask { try await Self.post(fixture, concurrent).status } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == [200, 200, 200, 200])
        let delivered = try await Self.deliveries(fixture, "GPA.1000-0000-0000-00001")
        #expect(delivered.count == 1)
        #expect(delivered.first?.transactionID.store == Self.store)
        #expect(delivered.first?.appAccountToken == account)
        #expect(try await fixture.deployment.ledger.contents().balances(for: account)["gems"] == 100)
        #expect(api.product("com.example.gems.100", token: "tok-1")?["acknowledgementState"] as? Int == 1)
        #expect(api.received.filter { $0.method == "POST" }.count == 1)
        // The push secret travels in the query, which the access log leaves out.
        #expect(fixture.lines.all.contains { $0.contains("\"POST /v1/google/notifications\" 200") })
        #expect(!fixture.lines.all.contains { $0.contains(Self.pushSecret) })
        await fixture.close()
        await api.stop()
    }

    /// A subscription purchase of `com.example.pro.monthly` for `account` as subscriptionsv2.get answers it.
    static func subscription(
        _ state: String, order: String, start: Date, expiry: Date, account: UUID, acknowledged: Bool = true
    ) -> [String: Any] {
        [
            "kind": "androidpublisher#subscriptionPurchaseV2", "startTime": time(start),
            "subscriptionState": state, "latestOrderId": order,
            "acknowledgementState": acknowledged
                ? "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED" : "ACKNOWLEDGEMENT_STATE_PENDING",
            "externalAccountIdentifiers": ["obfuscatedExternalAccountId": account.uuidString],
            "lineItems": [
                [
                    "productId": "com.example.pro.monthly", "expiryTime": time(expiry),
                    "latestSuccessfulOrderId": order, "autoRenewingPlan": ["autoRenewEnabled": true],
                ]
            ],
        ]
    }

    @Test func messagesOutOfOrderEndWithPlaysCurrentState() async throws {
        let api = try PlayDeveloperAPIStandIn()
        let fixture = try await Self.fixture(api)
        let account = UUID()
        let now = Date()
        let start = now.addingTimeInterval(-45 * 86_400)
        let monthly = "com.example.pro.monthly"
        // Subscription A renewed (GPA.2..0, paid until 15 days from now): delivered and acknowledged.
        api.setSubscription(
            token: "sub-a",
            Self.subscription(
                "SUBSCRIPTION_STATE_ACTIVE", order: "GPA.2..0", start: start,
                expiry: now.addingTimeInterval(15 * 86_400),
                account: account, acknowledged: false))
        let renewed = try await Self.post(
            fixture, try Self.push(Self.subscription(2, token: "sub-a", id: monthly), id: "202"))
        #expect(renewed.json["outcome"] as? String == "applied")
        #expect(renewed.json["acknowledged"] as? Bool == true)
        // Then A was ended an hour ago and the person subscribed again (B). B's message comes first,
        // A's expiry after it, and A's first purchase last of all.
        let ended = now.addingTimeInterval(-3600)
        api.setSubscription(
            token: "sub-a",
            Self.subscription(
                "SUBSCRIPTION_STATE_EXPIRED", order: "GPA.2..0", start: start, expiry: ended, account: account))
        api.setSubscription(
            token: "sub-b",
            Self.subscription(
                "SUBSCRIPTION_STATE_ACTIVE", order: "GPA.3", start: ended, expiry: now.addingTimeInterval(30 * 86_400),
                account: account, acknowledged: false))
        let purchasedB = try await Self.post(
            fixture, try Self.push(Self.subscription(4, token: "sub-b", id: monthly), id: "301"))
        let expiredA = try await Self.post(
            fixture, try Self.push(Self.subscription(13, token: "sub-a", id: monthly), id: "203"))
        let purchasedA = try await Self.post(
            fixture, try Self.push(Self.subscription(4, token: "sub-a", id: monthly), id: "201"))
        #expect([purchasedB, expiredA, purchasedA].allSatisfy { $0.status == 200 })
        #expect(purchasedA.json["transactionID"] as? String == "GPA.2..0")
        let contents = try await fixture.deployment.ledger.contents()
        let renewal = contents.deliveries.filter { $0.transactionID.id == "GPA.2..0" }
        let second = contents.deliveries.filter { $0.transactionID.id == "GPA.3" }
        #expect(renewal.count == 1 && second.count == 1)
        #expect(renewal.first?.originalTransactionID.id == "GPA.2")
        #expect(renewal.first?.appAccountToken == account)
        let endA = try #require(renewal.first.flatMap { contents.expirationDate(of: $0) })
        #expect(abs(endA.timeIntervalSince(ended)) < 1)
        let endB = try #require(second.first.flatMap { contents.expirationDate(of: $0) })
        #expect(endB > now.addingTimeInterval(29 * 86_400))
        let entitlements = try await fixture.request("GET", "/v1/accounts/\(account.uuidString)/entitlements")
        #expect((entitlements.json["entitlements"] as? [String] ?? []).contains("pro"))
        await fixture.close()
        await api.stop()
    }

    @Test func aVoidedPurchaseRevokesEvenWhenItArrivesFirst() async throws {
        let api = try PlayDeveloperAPIStandIn()
        let fixture = try await Self.fixture(api)
        let account = UUID()
        api.setProduct("com.example.gems.100", token: "tok-3", Self.gems(order: "GPA.3", account: account))
        _ = try await Self.post(
            fixture, try Self.push(Self.oneTime(1, token: "tok-3", sku: "com.example.gems.100"), id: "301"))
        #expect(try await fixture.deployment.ledger.contents().balances(for: account)["gems"] == 100)
        let void: [String: Any] = [
            "voidedPurchaseNotification": [
                "purchaseToken": "tok-3", "orderId": "GPA.3", "productType": 2, "refundType": 1,
            ]
        ]
        let voided = try await Self.post(fixture, try Self.push(void, id: "302"))
        #expect(voided.status == 200)
        #expect(voided.json["outcome"] as? String == "applied")
        var contents = try await fixture.deployment.ledger.contents()
        #expect(contents.revocations[TransactionID(store: Self.store, id: "GPA.3")] != nil)
        #expect((contents.balances(for: account)["gems"] ?? 0) == 0)
        // A void whose purchase's message comes later: the purchase is revoked as it is delivered.
        api.setProduct("com.example.gems.100", token: "tok-4", Self.gems(order: "GPA.4", account: account))
        let early: [String: Any] = [
            "voidedPurchaseNotification": [
                "purchaseToken": "tok-4", "orderId": "GPA.4", "productType": 2, "refundType": 1,
            ]
        ]
        #expect(try await Self.post(fixture, try Self.push(early, id: "401")).status == 200)
        #expect(
            try await Self.post(
                fixture, try Self.push(Self.oneTime(1, token: "tok-4", sku: "com.example.gems.100"), id: "402")
            ).status == 200)
        contents = try await fixture.deployment.ledger.contents()
        #expect(contents.deliveries.filter { $0.transactionID.id == "GPA.4" }.count == 1)
        #expect(contents.revocations[TransactionID(store: Self.store, id: "GPA.4")] != nil)
        #expect((contents.balances(for: account)["gems"] ?? 0) == 0)
        await fixture.close()
        await api.stop()
    }

    @Test func aPartialRefundTakesBackEachRefundsShareOnce() async throws {
        let api = try PlayDeveloperAPIStandIn()
        let fixture = try await Self.fixture(api)
        let account = UUID()
        var purchase = Self.gems(order: "GPA.7", account: account)
        purchase["quantity"] = 3
        api.setProduct("com.example.gems.100", token: "tok-7", purchase)
        _ = try await Self.post(
            fixture, try Self.push(Self.oneTime(1, token: "tok-7", sku: "com.example.gems.100"), id: "801"))
        #expect(try await fixture.deployment.ledger.contents().balances(for: account)["gems"] == 300)
        let partial: [String: Any] = [
            "voidedPurchaseNotification": [
                "purchaseToken": "tok-7", "orderId": "GPA.7", "productType": 2, "refundType": 2,
            ]
        ]
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let first: [String: Any] = [
            "orderId": "GPA.7", "purchaseToken": "tok-7", "refundType": 2, "voidedQuantity": 1,
            "voidedTimeMillis": String(now - 1000),
        ]
        api.setVoided([["orderId": "GPA.other", "refundType": 2, "voidedQuantity": 1, "voidedTimeMillis": "5"], first])
        let answer = try await Self.post(fixture, try Self.push(partial, id: "802"))
        #expect(answer.status == 200)
        #expect(answer.json["outcome"] as? String == "needsAttention")
        #expect((answer.json["debited"] as? [String: Any])?["gems"] as? Int == 100)
        // Play notifies again about the same refund: nothing more is taken.
        #expect(try await Self.post(fixture, try Self.push(partial, id: "803")).status == 200)
        var contents = try await fixture.deployment.ledger.contents()
        #expect(contents.balances(for: account)["gems"] == 200)
        #expect(contents.revocations.isEmpty)
        // A second refund of one more unit takes its share.
        var second = first
        second["voidedTimeMillis"] = String(now)
        api.setVoided([first, second])
        #expect(try await Self.post(fixture, try Self.push(partial, id: "804")).status == 200)
        contents = try await fixture.deployment.ledger.contents()
        #expect(contents.balances(for: account)["gems"] == 100)
        #expect(contents.deliveries.filter { $0.transactionID.id == "GPA.7" }.count == 1)
        await fixture.close()
        await api.stop()
    }

    @Test func aWrongPushTokenIsRefusedAndNothingApplied() async throws {
        let api = try PlayDeveloperAPIStandIn()
        let fixture = try await Self.fixture(api)
        api.setProduct("com.example.gems.100", token: "tok-5", Self.gems(order: "GPA.5", account: UUID()))
        let body = try Self.push(Self.oneTime(1, token: "tok-5", sku: "com.example.gems.100"), id: "501")
        for token in ["wrong", "push-secret-4", nil] as [String?] {
            let answer = try await Self.post(fixture, body, token: token)
            #expect(answer.status == 401)
            #expect(answer.errorName == "clientInvalid")
        }
        #expect(api.received.isEmpty)
        #expect(try await Self.deliveries(fixture, "GPA.5").isEmpty)
        await fixture.close()
        await api.stop()
    }

    @Test func anAPIThatIsDownIsAnsweredForARedelivery() async throws {
        let api = try PlayDeveloperAPIStandIn()
        let fixture = try await Self.fixture(api)
        api.setProduct("com.example.gems.100", token: "tok-6", Self.gems(order: "GPA.6", account: UUID()))
        let body = try Self.push(Self.oneTime(1, token: "tok-6", sku: "com.example.gems.100"), id: "601")
        api.setFailure(503)
        let down = try await Self.post(fixture, body)
        #expect(down.status == 503)
        #expect(down.errorName == "storeUnavailable")
        #expect(try await Self.deliveries(fixture, "GPA.6").isEmpty)
        api.setFailure(nil)
        let retried = try await Self.post(fixture, body)
        #expect(retried.status == 200)
        #expect(retried.json["outcome"] as? String == "applied")
        #expect(try await Self.post(fixture, body).json["outcome"] as? String == "duplicate")
        #expect(try await Self.deliveries(fixture, "GPA.6").count == 1)
        let metrics = try await fixture.request("GET", "/metrics", key: nil)
        let text = String(decoding: metrics.body, as: UTF8.self)
        #expect(text.contains(#"route="/v1/google/notifications",status="503""#))
        #expect(text.contains(#"route="/v1/google/notifications",status="200""#))
        await fixture.close()
        await api.stop()
    }

    @Test func testsMalformedPushesOtherAppsAndUnconfiguredServers() async throws {
        let api = try PlayDeveloperAPIStandIn()
        let fixture = try await Self.fixture(api)
        let test = try await Self.post(fixture, try Self.push(["testNotification": ["version": "1.0"]], id: "701"))
        #expect(test.status == 200)
        #expect(test.json["outcome"] as? String == "ignored")
        let malformed = try await Self.post(fixture, Data(#"{"message": {"data": 5}}"#.utf8))
        #expect(malformed.status == 400)
        #expect(malformed.errorName == "clientInvalid")
        let other = try await Self.post(
            fixture, try Self.push(["testNotification": [:]], id: "702", package: "com.other.app"))
        #expect(other.status == 400)
        #expect(api.received.isEmpty)
        await fixture.close()
        await api.stop()
        let plain = try await ServerFixture()
        let unconfigured = try await plain.request(
            "POST", "/v1/google/notifications?token=x", body: try Self.push(["testNotification": [:]], id: "1"),
            key: nil, headers: ["Accept-Language": "ja"])
        #expect(unconfigured.status == 501)
        #expect(unconfigured.errorName == "providerMisconfigured")
        #expect(unconfigured.errorMessage?.contains("Google Play") == true)
        await plain.close()
    }
}
