public import Foundation

/// How a verified transaction changes a ledger: the ``Delivery`` it makes, the revocation a refund
/// records, the earlier end a period cut short records.
///
/// The ``Store``'s pipeline applies a transaction through these rules, and so can code that applies a
/// store's transactions to a ledger without a `Store` (a server applying App Store Server
/// Notifications): the same transaction then makes the same delivery, with the same
/// ``Delivery/fulfillmentKey``, whichever of them sees it first, and the other finds it delivered.
///
/// Guarantees: every method is idempotent (what the ledger already holds is not recorded again),
/// changes only what its ledger calls change, and throws what they throw (``PurchaseError``).
public struct TransactionFulfillment: Sendable {
    /// The deployment's catalog: what each product grants and credits.
    public let catalog: Catalog
    /// The ledger the changes are recorded in.
    public let ledger: any FulfillmentLedger

    /// Rules for the products of `catalog`, recorded in `ledger`; a consumable's refund is treated as
    /// the catalog's ``Deployment/refundedConsumables`` says.
    public init(catalog: Catalog, ledger: any FulfillmentLedger) {
        self.catalog = catalog
        self.ledger = ledger
    }

    /// The delivery of a verified transaction, as the ledger would record it now: what its product
    /// grants, with currency only when a restore does not bring back units a delivery of the same
    /// purchase already credited, and the end of what it grants (the store's date, or for a product
    /// whose store states none, its duration or period from the purchase).
    ///
    /// - Parameters:
    ///   - transaction: the verified transaction.
    ///   - deliveredAt: when the delivery is recorded.
    /// - Throws: ``PurchaseError/Code/productUnavailable`` for a product the catalog lacks;
    ///   ``PurchaseError/Code/paymentInvalid`` when the units overflow a balance; the ledger's errors.
    public func delivery(for transaction: StoreTransaction, deliveredAt: Date) async throws -> Delivery {
        guard let product = catalog.product(withID: transaction.productID) else {
            throw PurchaseError(.productUnavailable, detail: "not in the catalog", productID: transaction.productID)
        }
        // A restore brings back ownership, never currency a delivery of the same purchase already
        // credited: the original's, or an earlier restore's (after a reinstall, a subscription's
        // current period comes back with every restore).
        var creditsPayouts = true
        if transaction.state == .restored, transaction.originalID != transaction.id, !product.payouts.isEmpty {
            let original = transaction.originalTransactionID
            if try await ledger.delivery(for: original) != nil {
                creditsPayouts = false
            } else {
                let deliveries = try await ledger.contents().deliveries
                creditsPayouts = !deliveries.contains { $0.originalTransactionID == original }
            }
        }
        var credits: [String: Int] = [:]
        if creditsPayouts {
            guard let units = Store.credits(of: product, transaction.quantity) else {
                throw Store.creditsOverflow(productID: product.productID, quantity: transaction.quantity)
            }
            credits = units
        }
        return Delivery(
            transactionID: transaction.transactionID,
            originalTransactionID: transaction.originalTransactionID,
            productID: product.productID,
            productType: product.type,
            quantity: transaction.quantity,
            entitlements: product.entitlements,
            credits: credits,
            expirationDate: Self.deliveredExpiration(of: transaction, product),
            purchaseDate: transaction.purchaseDate,
            deliveredAt: deliveredAt,
            appAccountToken: transaction.appAccountToken
        )
    }

    /// Records that the store took `transaction` back: the delivery recorded for it, or else the one
    /// that holds its ``Delivery/fulfillmentKey`` (the original purchase of a non-consumable whose
    /// restored copy was found delivered, or the restored copy that was delivered in its place), so
    /// that a refund reaches what was delivered whichever of the purchase's transactions the store
    /// names. A transaction never delivered is not recorded.
    ///
    /// A consumable's revocation is recorded with the payout it takes back, as the catalog's
    /// ``Deployment/refundedConsumables`` says
    /// (``FulfillmentLedger/recordRevocation(_:at:refundedConsumables:)``).
    ///
    /// - Parameters:
    ///   - transaction: the transaction the store took back.
    ///   - date: when the store revoked it (``StoreTransaction/revocationDate``, or now).
    /// - Returns: whether the ledger changed.
    @discardableResult
    public func recordRevocation(of transaction: StoreTransaction, at date: Date) async throws -> Bool {
        if let delivered = try await ledger.delivery(for: transaction.transactionID),
            delivered.productType == .consumable
        {
            return try await ledger.recordRevocation(
                transaction.transactionID, at: date, refundedConsumables: catalog.deployment.refundedConsumables)
                != nil
        }
        if try await ledger.recordRevocation(transaction.transactionID, at: date) { return true }
        if try await ledger.delivery(for: transaction.transactionID) != nil { return false }
        // Only a purchase delivered once for all its transactions can be held by another one.
        guard let product = catalog.product(withID: transaction.productID),
            product.type == .nonConsumable || product.type == .nonRenewing
        else { return false }
        let key = Delivery.fulfillmentKey(
            transactionID: transaction.transactionID, originalTransactionID: transaction.originalTransactionID,
            productType: product.type)
        let contents = try await ledger.contents()
        var changed = false
        for delivery in contents.deliveries where delivery.fulfillmentKey == key {
            if try await ledger.recordRevocation(delivery.transactionID, at: date) { changed = true }
        }
        return changed
    }

    /// Records the end of a delivered transaction the store reports ending earlier than delivered,
    /// and ends with it the other deliveries of the same subscription paid for before that end (a
    /// restore's copies of the period).
    ///
    /// - Returns: whether the ledger changed.
    @discardableResult
    public func recordEarlierExpiration(of transaction: StoreTransaction) async throws -> Bool {
        guard let end = transaction.expirationDate else { return false }
        return try await recordExpiration(of: transaction.transactionID, at: end)
    }

    /// Records that the delivered transaction `transactionID` ends at `end`, when that is earlier
    /// than it ends now, and ends with it the other deliveries of the same subscription paid for
    /// before that end (a restore's copies of the period).
    ///
    /// - Returns: whether the ledger changed.
    @discardableResult
    public func recordExpiration(of transactionID: TransactionID, at end: Date) async throws -> Bool {
        guard let delivered = try await ledger.delivery(for: transactionID),
            let deliveredEnd = delivered.expirationDate, end < deliveredEnd
        else { return false }
        var changed = try await ledger.recordExpiration(transactionID, at: end)
        let contents = try await ledger.contents()
        for other in contents.deliveries
        where other.originalTransactionID == delivered.originalTransactionID
            && other.transactionID != delivered.transactionID && other.purchaseDate < end
            && contents.endsLater(other, than: end)
        {
            if try await ledger.recordExpiration(other.transactionID, at: end) { changed = true }
        }
        return changed
    }

    /// When what `transaction` of `product` grants ends, as its delivery records it: the store's date,
    /// or for a product whose store states none, its duration or period from the purchase.
    static func deliveredExpiration(of transaction: StoreTransaction, _ product: Product) -> Date? {
        if let end = transaction.expirationDate { return end }
        if product.type == .nonRenewing, let duration = product.duration {
            return duration.added(to: transaction.purchaseDate)
        }
        if product.type == .autoRenewable, let period = product.subscription?.period {
            return period.added(to: transaction.purchaseDate)
        }
        return nil
    }
}
