import Foundation
import PurchaseCore

extension PlayNotificationProcessor {
    /// The identity under which the void of `orderID` is kept in a `NotificationLog`.
    static func voidMarker(_ orderID: String) -> String { "google-play:voided:\(orderID)" }

    /// The catalog's product whose `StoreIDs` name `playID` for the store's kind, else the product `playID`.
    func catalogProduct(playID: String) throws(PlayNotificationError) -> Product {
        guard
            let product = catalog.products.first(where: { $0.storeIDs[store] == playID })
                ?? catalog.product(withID: playID)
        else {
            throw PlayNotificationError(.unknownProduct, detail: "Play product \(playID) is not in the catalog")
        }
        return product
    }

    /// The transaction of a subscription's order `order`: renewals (`GPA.x..n`) continue the first order
    /// `GPA.x`; the first is charged at the subscription's start, a renewal one period before its expiry.
    func subscriptionOrder(_ order: String, of product: Product, _ purchase: SubscriptionPurchaseV2, expiry: Date?)
        -> StoreTransaction
    {
        let original = order.range(of: "..").map { String(order[..<$0.lowerBound]) } ?? order
        let start = purchase.startTime?.date ?? clock.now
        var charged = start
        if original != order, let expiry, let period = product.subscription?.period {
            charged = max(start, period.added(to: expiry, count: -1))
        }
        let account = purchase.externalAccountIdentifiers?.obfuscatedExternalAccountId.flatMap(UUID.init(uuidString:))
        return StoreTransaction(
            id: order, originalID: original, store: store.rawValue, productID: product.productID,
            productType: product.type, purchaseDate: min(charged, expiry ?? charged), originalPurchaseDate: start,
            expirationDate: expiry, appAccountToken: account)
    }

    /// Makes sure `transaction` is delivered (`TransactionFulfillment`'s delivery, keyed by its order),
    /// then revokes it when Play voided its order before: what changed.
    func deliver(_ transaction: StoreTransaction) async throws(PlayNotificationError) -> PlayLedgerChanges {
        let id = transaction.transactionID
        var changes = PlayLedgerChanges()
        let now = clock.now
        try await ledgerCall {
            if try await ledger.delivery(for: id) == nil {
                let fulfillment = TransactionFulfillment(catalog: catalog, ledger: ledger)
                let delivery = try await fulfillment.delivery(for: transaction, deliveredAt: now)
                if try await ledger.recordDelivery(delivery) { changes.delivered.append(id) }
            }
        }
        if let log = ledger as? any NotificationLog,
            let voided = try await ledgerCall({ try await log.notificationRecorded(Self.voidMarker(id.id)) })
        {
            if try await revoke(id, at: voided) { changes.revoked.append(id) }
        }
        return changes
    }

    /// Records the revocation of the delivered order `id` with `TransactionFulfillment`'s rules; whether
    /// the ledger changed (false for an order never delivered).
    func revoke(_ id: TransactionID, at date: Date) async throws(PlayNotificationError) -> Bool {
        try await ledgerCall {
            guard let delivered = try await ledger.delivery(for: id) else { return false }
            let transaction = StoreTransaction(
                id: id.id, originalID: delivered.originalTransactionID.id, store: id.store,
                productID: delivered.productID, productType: delivered.productType, quantity: delivered.quantity,
                purchaseDate: delivered.purchaseDate, appAccountToken: delivered.appAccountToken)
            return try await TransactionFulfillment(catalog: catalog, ledger: ledger)
                .recordRevocation(of: transaction, at: date)
        }
    }
}
