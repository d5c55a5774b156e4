import Foundation
import GooglePlayDeveloperAPI
import PurchaseCore
import TestSupport
import Testing

/// `PlayNotificationProcessor` in process, on an in-memory ledger, against the API stand-in.
struct ProcessorTests {
    static let store: ProviderKind = "simulated-google-play"

    /// Gems sold on Play as `gems_play`, a subscription sold under its own id.
    static let catalog = Catalog(
        deployment: Deployment(
            name: "Test", providers: [ProviderConfiguration(kind: store)], storefront: "USA", locale: "en_US"),
        storefronts: ["USA": Storefront(code: "USA", currencyCode: "USD")],
        products: [
            Product(
                productID: "gems.100", type: .consumable, storeIDs: [store: "gems_play"],
                payouts: [Payout(kind: .currency, name: "gems", quantity: 100)]),
            Product(
                productID: "pro.monthly", type: .autoRenewable, entitlements: ["pro"],
                subscription: SubscriptionInfo(group: "access", period: SubscriptionPeriod("P1M")!, level: 1)),
        ])

    static func processor(_ api: PlayDeveloperAPIStandIn, ledger: any FulfillmentLedger) -> PlayNotificationProcessor {
        PlayNotificationProcessor(
            catalog: catalog, ledger: ledger, store: store, api: ClientTests.client(api))
    }

    static func oneTime(_ sku: String, token: String) -> DeveloperNotification {
        var notification = DeveloperNotification(packageName: "com.example.app")
        notification.oneTimeProductNotification = .init(notificationType: .purchased, purchaseToken: token, sku: sku)
        return notification
    }

    @Test func theCatalogsStoreIDNamesThePlayProductAndAnAccountThatIsNoUUIDIsTheDefault() async throws {
        let api = try PlayDeveloperAPIStandIn()
        let ledger = InMemoryFulfillmentLedger()
        api.setProduct(
            "gems_play", token: "t1",
            [
                "purchaseState": 0, "orderId": "GPA.10", "quantity": 2, "acknowledgementState": 1,
                "purchaseTimeMillis": "1767225600000", "obfuscatedExternalAccountId": "user-17",
            ])
        let report = try await Self.processor(api, ledger: ledger).process(
            Self.oneTime("gems_play", token: "t1"), messageID: "1")
        #expect(report.outcome.changes.delivered == [TransactionID(store: Self.store.rawValue, id: "GPA.10")])
        #expect(report.outcome.changes.acknowledged == false)
        let delivery = try #require(
            try await ledger.delivery(for: TransactionID(store: Self.store.rawValue, id: "GPA.10")))
        #expect(delivery.productID == "gems.100")
        #expect(delivery.appAccountToken == nil)
        #expect(delivery.purchaseDate == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(try await ledger.contents().balances["gems"] == 200)
        #expect(api.received.filter { $0.method == "POST" }.isEmpty)
        await api.stop()
    }

    @Test func pendingAndUnknownPurchasesApplyNothing() async throws {
        let api = try PlayDeveloperAPIStandIn()
        let ledger = InMemoryFulfillmentLedger()
        let processor = Self.processor(api, ledger: ledger)
        api.setProduct("gems_play", token: "pending", ["purchaseState": 2, "acknowledgementState": 0])
        let pending = try await processor.process(Self.oneTime("gems_play", token: "pending"), messageID: "2")
        #expect(pending.outcome == .ignored(.pending))
        api.setProduct("unknown_play", token: "t", ["purchaseState": 0, "orderId": "GPA.11"])
        await #expect {
            _ = try await processor.process(Self.oneTime("unknown_play", token: "t"), messageID: "3")
        } throws: { error in
            let error = error as? PlayNotificationError
            return error?.code == .unknownProduct && error?.isRetryable == true && error?.messageID == "3"
        }
        // A purchase state of a later API changes nothing held.
        api.setProduct("gems_play", token: "later", ["purchaseState": 7, "orderId": "GPA.12"])
        await #expect {
            _ = try await processor.process(Self.oneTime("gems_play", token: "later"), messageID: "8")
        } throws: { error in
            (error as? PlayNotificationError)?.code == .incompletePurchase
        }
        // A purchase Play does not know: 404, never retryable.
        await #expect {
            _ = try await processor.process(Self.oneTime("gems_play", token: "gone"), messageID: "4")
        } throws: { error in
            let error = error as? PlayNotificationError
            return error?.code == .apiFailed && error?.apiError?.code == .notFound && error?.httpStatus == 400
        }
        #expect(try await ledger.contents().deliveries.isEmpty)
        // Only the applied message is recorded: the failed ones are applied when pushed again.
        #expect(try await ledger.notificationRecorded("google-play:com.example.app:2") != nil)
        #expect(try await ledger.notificationRecorded("google-play:com.example.app:3") == nil)
        await api.stop()
    }

    @Test func aRevokedSubscriptionRevokesItsLatestOrder() async throws {
        let api = try PlayDeveloperAPIStandIn()
        let ledger = InMemoryFulfillmentLedger()
        let processor = Self.processor(api, ledger: ledger)
        let account = UUID()
        var purchase: [String: Any] = [
            "subscriptionState": "SUBSCRIPTION_STATE_ACTIVE", "startTime": "2026-01-01T00:00:00Z",
            "acknowledgementState": "ACKNOWLEDGEMENT_STATE_PENDING",
            "externalAccountIdentifiers": ["obfuscatedExternalAccountId": account.uuidString],
            "lineItems": [
                [
                    "productId": "pro.monthly", "expiryTime": "2026-03-01T00:00:00Z",
                    "latestSuccessfulOrderId": "GPA.20..0",
                ]
            ],
        ]
        api.setSubscription(token: "s", purchase)
        var notification = DeveloperNotification(packageName: "com.example.app")
        notification.subscriptionNotification = .init(
            notificationType: .renewed, purchaseToken: "s", subscriptionId: "pro.monthly")
        let renewed = try await processor.process(notification, messageID: "5")
        #expect(renewed.outcome.changes.acknowledged)
        let id = TransactionID(store: Self.store.rawValue, id: "GPA.20..0")
        let delivery = try #require(try await ledger.delivery(for: id))
        #expect(delivery.originalTransactionID.id == "GPA.20")
        // One month before its expiry.
        #expect(delivery.purchaseDate == Date(timeIntervalSince1970: 1_769_904_000))
        #expect(delivery.appAccountToken == account)
        purchase["subscriptionState"] = "SUBSCRIPTION_STATE_EXPIRED"
        api.setSubscription(token: "s", purchase)
        notification.subscriptionNotification?.notificationType = .revoked
        let revoked = try await processor.process(notification, messageID: "6")
        #expect(revoked.outcome.changes.revoked == [id])
        #expect(try await ledger.contents().revocations[id] != nil)
        await api.stop()
    }

    @Test func anotherAppsNotificationIsRefused() async throws {
        let api = try PlayDeveloperAPIStandIn()
        let processor = Self.processor(api, ledger: InMemoryFulfillmentLedger())
        var notification = DeveloperNotification(packageName: "com.other.app")
        notification.testNotification = .init()
        await #expect {
            _ = try await processor.process(notification, messageID: "7")
        } throws: { error in
            (error as? PlayNotificationError).map { $0.code == .wrongPackage && !$0.isRetryable } ?? false
        }
        #expect(api.received.isEmpty)
        await api.stop()
    }
}
