import AppStoreSignedData
import Foundation
import PurchaseCore

/// A deployment, its App Store transactions and their notifications, built in code.
enum NotificationFixtures {
    static let store: ProviderKind = .simulatedAppStore
    static let start = Date(timeIntervalSince1970: 1_767_225_600)
    static let day: TimeInterval = 86_400
    static let bundleID = "com.example.app"

    /// Gems (a consumable sold as `com.example.gems.100`), a non-consumable, a non-renewing pass
    /// and two monthly subscriptions of one group (`pro` above `basic`).
    static func catalog(refundedConsumables: RefundedConsumables = .debit) -> Catalog {
        let price = ["USA": Price(amount: Decimal(string: "0.99")!, currencyCode: "USD")]
        let products = [
            Product(
                productID: "gems.100", type: .consumable, storeIDs: [store: "com.example.gems.100"], prices: price,
                payouts: [Payout(kind: .currency, name: "gems", quantity: 100)]),
            Product(productID: "remove.ads", type: .nonConsumable, prices: price, entitlements: ["no-ads"]),
            Product(
                productID: "season.pass", type: .nonRenewing, prices: price, entitlements: ["season"],
                duration: SubscriptionPeriod("P3M")!),
            Product(
                productID: "pro.monthly", type: .autoRenewable, prices: price, entitlements: ["pro"],
                subscription: SubscriptionInfo(group: "access", period: SubscriptionPeriod("P1M")!, level: 1)),
            Product(
                productID: "basic.monthly", type: .autoRenewable, prices: price, entitlements: ["basic"],
                subscription: SubscriptionInfo(group: "access", period: SubscriptionPeriod("P1M")!, level: 2)),
        ]
        return Catalog(
            deployment: Deployment(
                name: "Notifications", providers: [ProviderConfiguration(kind: store)], storefront: "USA",
                locale: "en_US", refundedConsumables: refundedConsumables),
            storefronts: ["USA": Storefront(code: "USA", currencyCode: "USD")],
            products: products)
    }

    /// A transaction payload as the App Store signs it.
    static func transaction(
        _ id: String, product: String, type: TransactionType, original: String? = nil, purchased: Date = start,
        expires: Date? = nil, revoked: Date? = nil, upgraded: Bool = false, quantity: Int = 1, account: UUID? = nil
    ) -> TransactionPayload {
        var payload = TransactionPayload()
        payload.transactionId = id
        payload.originalTransactionId = original ?? id
        payload.bundleId = bundleID
        payload.productId = product
        payload.purchaseDate = AppStoreDate(purchased)
        payload.originalPurchaseDate = AppStoreDate(start)
        payload.expiresDate = expires.map(AppStoreDate.init)
        payload.revocationDate = revoked.map(AppStoreDate.init)
        payload.revocationReason = revoked == nil ? nil : AppStoreRevocationReason(rawValue: 0)
        payload.isUpgraded = upgraded ? true : nil
        payload.quantity = quantity
        payload.type = type
        payload.appAccountToken = account
        payload.inAppOwnershipType = .purchased
        payload.environment = .sandbox
        payload.signedDate = AppStoreDate(purchased)
        return payload
    }

    /// A notification payload carrying `transaction`.
    static func notification(
        _ uuid: String, _ type: NotificationType, _ subtype: NotificationSubtype? = nil,
        transaction: TransactionPayload? = nil
    ) -> VerifiedNotification {
        var payload = NotificationPayload()
        payload.notificationUUID = uuid
        payload.notificationType = type
        payload.subtype = subtype
        payload.version = "2.0"
        payload.signedDate = AppStoreDate(start)
        var data = NotificationData()
        data.bundleId = bundleID
        data.environment = .sandbox
        payload.data = data
        return VerifiedNotification(payload: payload, transaction: transaction)
    }

    static func id(_ value: String) -> TransactionID { TransactionID(store: store.rawValue, id: value) }

    /// A processor for `ledger` whose verifier is never asked (notifications are applied decoded).
    static func processor(
        _ ledger: any FulfillmentLedger, catalog: Catalog = catalog(), clock: ManualClock = ManualClock(start: start)
    ) -> AppStoreNotificationProcessor {
        AppStoreNotificationProcessor(
            catalog: catalog, ledger: ledger, store: store, verifier: RefusingVerifier(), clock: clock)
    }

    /// The contents compared across orders: deliveries in the order of their transactions, not of
    /// their recording.
    static func normalized(_ contents: LedgerContents) -> LedgerContents {
        var contents = contents
        contents.deliveries.sort { $0.transactionID < $1.transactionID }
        return contents
    }
}

/// A verifier that verifies nothing.
struct RefusingVerifier: SignedPayloadVerifying {
    struct Refused: Error {}
    func notificationPayload(verifying signedPayload: String) async throws -> NotificationPayload { throw Refused() }
    func transactionPayload(verifying signedTransaction: String) async throws -> TransactionPayload { throw Refused() }
    func renewalInfoPayload(verifying signedRenewalInfo: String) async throws -> RenewalInfoPayload { throw Refused() }
}

/// A test ledger that forwards every ledger call to an in-memory ledger (`base`), so a double only
/// writes what it changes.
protocol ForwardingLedger: FulfillmentLedger {
    var base: InMemoryFulfillmentLedger { get }
}

extension ForwardingLedger {
    func recordDelivery(_ delivery: Delivery) async throws -> Bool { await base.recordDelivery(delivery) }
    func delivery(for transactionID: TransactionID) async throws -> Delivery? {
        await base.delivery(for: transactionID)
    }
    func markFinished(_ transactionID: TransactionID) async throws { await base.markFinished(transactionID) }
    func recordRevocation(_ transactionID: TransactionID, at date: Date) async throws -> Bool {
        await base.recordRevocation(transactionID, at: date)
    }
    func recordRevocation(
        _ transactionID: TransactionID, at date: Date, refundedConsumables treatment: RefundedConsumables
    ) async throws -> RevokedPayout? {
        await base.recordRevocation(transactionID, at: date, refundedConsumables: treatment)
    }
    func recordExpiration(_ transactionID: TransactionID, at date: Date) async throws -> Bool {
        await base.recordExpiration(transactionID, at: date)
    }
    func spend(_ balance: String, quantity: Int, account: UUID?) async throws -> Int {
        try await base.spend(balance, quantity: quantity, account: account)
    }
    func contents() async throws -> LedgerContents { await base.contents() }
}

/// A ledger that forwards to an in-memory one and is not a `NotificationLog`.
struct LedgerWithoutNotificationLog: ForwardingLedger {
    let base = InMemoryFulfillmentLedger()
}

/// An in-memory ledger whose notification records fail while `failing` is set (a crash between a
/// notification's effects and its record).
final class FlakyNotificationLedger: ForwardingLedger, NotificationLog {
    let base = InMemoryFulfillmentLedger()
    let failing = Locked(true)
    func recordNotification(_ id: String, at date: Date) async throws -> Bool {
        if failing.withLock({ $0 }) { throw PurchaseError(.ledgerIOFailed, detail: "disk full") }
        return try await base.recordNotification(id, at: date)
    }
    func notificationRecorded(_ id: String) async throws -> Date? { await base.notificationRecorded(id) }
}
