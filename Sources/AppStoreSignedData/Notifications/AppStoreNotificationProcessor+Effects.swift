import Foundation
import PurchaseCore

/// What one notification does to the ledger, before its identity is recorded.
struct NotificationEffect: Sendable {
    var outcome: NotificationOutcome
    var transactionID: TransactionID?

    /// The changes the outcome reports.
    var changes: NotificationChanges {
        switch outcome {
        case .applied(let changes), .needsAttention(_, let changes): changes
        case .ignored, .duplicate: NotificationChanges()
        }
    }
}

extension AppStoreNotificationProcessor {
    /// Why a notification of `type` and `subtype` changes no entitlement, or `nil` for one whose
    /// transaction is applied.
    static func ignoredReason(_ type: NotificationType?, _ subtype: NotificationSubtype?) -> NotificationIgnoredReason?
    {
        guard let type else { return .unknownType }
        switch type {
        case .subscribed, .didRenew, .offerRedeemed, .oneTimeCharge, .refund, .revoke, .refundReversed, .expired,
            .gracePeriodExpired, .renewalExtended:
            return nil
        case .didChangeRenewalPref:
            // An upgrade takes effect at once, with a new transaction; a downgrade or crossgrade at
            // the next renewal, which brings its own notification.
            return subtype == .upgrade ? nil : .informational
        case .test:
            return .test
        case .didChangeRenewalStatus, .didFailToRenew, .priceIncrease, .refundDeclined, .consumptionRequest,
            NotificationType(rawValue: "RENEWAL_EXTENSION"), NotificationType(rawValue: "EXTERNAL_PURCHASE_TOKEN"):
            return .informational
        default:
            return .unknownType
        }
    }

    /// Applies what `notification` says to the ledger, idempotently.
    func effects(of notification: VerifiedNotification) async throws(NotificationProcessingError)
        -> NotificationEffect
    {
        let payload = notification.payload
        if let reason = Self.ignoredReason(payload.notificationType, payload.subtype) {
            return NotificationEffect(outcome: .ignored(reason), transactionID: nil)
        }
        let type = payload.notificationType?.rawValue ?? "?"
        guard let signed = notification.transaction else {
            throw NotificationProcessingError(
                .incompleteNotification, detail: "a \(type) notification carries no signedTransactionInfo")
        }
        let transaction = try storeTransaction(signed)
        let id = transaction.transactionID
        let changes = try await fulfillmentCall { try await apply(transaction, isUpgraded: signed.isUpgraded == true) }
        let attention = try await fulfillmentCall { () async throws -> NotificationAttention? in
            switch payload.notificationType {
            case .refundReversed?:
                guard transaction.revocationDate == nil, try await ledger.contents().revocations[id] != nil else {
                    return nil
                }
                return .refundReversed(id)
            case .renewalExtended?:
                guard let extended = signed.expiresDate, let delivered = try await ledger.delivery(for: id),
                    let end = delivered.expirationDate, end < extended.date
                else { return nil }
                return .renewalExtended(id, until: extended)
            default:
                return nil
            }
        }
        let outcome: NotificationOutcome = attention.map { .needsAttention($0, changes) } ?? .applied(changes)
        return NotificationEffect(outcome: outcome, transactionID: id)
    }

    /// The core's transaction for a verified transaction payload, named by the catalog's product.
    func storeTransaction(_ payload: TransactionPayload) throws(NotificationProcessingError) -> StoreTransaction {
        guard var transaction = StoreTransaction(payload: payload, store: store.rawValue) else {
            throw NotificationProcessingError(
                .incompleteNotification,
                detail: "the transaction lacks its identifier, product, purchase date or a known type")
        }
        let storeProductID = transaction.productID
        guard
            let product = catalog.products.first(where: { $0.storeID(for: store) == storeProductID })
                ?? catalog.product(withID: storeProductID)
        else {
            throw NotificationProcessingError(
                .unknownProduct, detail: "product \(storeProductID) is not in the catalog")
        }
        transaction.productID = product.productID
        return transaction
    }

    /// Makes sure `transaction` is delivered, then records its current state; returns what changed.
    func apply(_ transaction: StoreTransaction, isUpgraded: Bool) async throws -> NotificationChanges {
        let fulfillment = TransactionFulfillment(catalog: catalog, ledger: ledger)
        let id = transaction.transactionID
        var changes = NotificationChanges()
        if try await ledger.delivery(for: id) == nil {
            let delivery = try await fulfillment.delivery(for: transaction, deliveredAt: clock.now)
            if try await ledger.recordDelivery(delivery) { changes.delivered.append(id) }
        }
        if isUpgraded, let end = transaction.revocationDate ?? transaction.expirationDate {
            // The customer moved to a higher level: this period ended then, nothing was refunded.
            if try await fulfillment.recordExpiration(of: id, at: end) { changes.expired.append(id) }
        } else if let revoked = transaction.revocationDate {
            if try await fulfillment.recordRevocation(of: transaction, at: revoked) { changes.revoked.append(id) }
        } else if try await fulfillment.recordEarlierExpiration(of: transaction) {
            changes.expired.append(id)
        }
        if transaction.productType == .autoRenewable, transaction.revocationDate == nil {
            changes.expired += try await endOverlappingPeriods(of: id)
        }
        return changes
    }

    /// Ends where a period of another product of the same subscription began within it: a delivered
    /// period of `id`'s subscription that began before `id`'s and runs past its purchase ends then,
    /// and `id`'s own period ends when a later one of another product began (an upgrade starts a
    /// new period at once). Applied from either side, so the order the two arrive in does not matter.
    ///
    /// - Returns: the transactions this call ended earlier.
    private func endOverlappingPeriods(of id: TransactionID) async throws -> [TransactionID] {
        guard let mine = try await ledger.delivery(for: id) else { return [] }
        let contents = try await ledger.contents()
        var ended: [TransactionID] = []
        var replacedAt: Date?
        for other in contents.deliveries
        where other.originalTransactionID == mine.originalTransactionID && other.productID != mine.productID
            && other.productType == .autoRenewable && contents.revocations[other.transactionID] == nil
        {
            if other.purchaseDate < mine.purchaseDate, contents.endsLater(other, than: mine.purchaseDate) {
                if try await ledger.recordExpiration(other.transactionID, at: mine.purchaseDate) {
                    ended.append(other.transactionID)
                }
            } else if mine.purchaseDate < other.purchaseDate, contents.endsLater(mine, than: other.purchaseDate) {
                replacedAt = min(replacedAt ?? other.purchaseDate, other.purchaseDate)
            }
        }
        if let replacedAt, try await ledger.recordExpiration(id, at: replacedAt) { ended.append(id) }
        return ended
    }

    /// Runs ledger work, turning its failure into a ``NotificationProcessingError``: a product the
    /// catalog lacks is `unknownProduct`, a delivery the ledger refuses (its units overflow a
    /// balance) `undeliverable`, anything else `ledgerFailed`.
    func fulfillmentCall<R: Sendable>(_ body: () async throws -> R) async throws(NotificationProcessingError) -> R {
        do {
            return try await body()
        } catch let error as PurchaseError {
            switch error.code {
            case .productUnavailable:
                throw NotificationProcessingError(
                    .unknownProduct, detail: "the product is not in the catalog", underlying: error)
            case .paymentInvalid:
                throw NotificationProcessingError(
                    .undeliverable, detail: "the ledger refuses the delivery", underlying: error)
            default:
                throw NotificationProcessingError(.ledgerFailed, detail: "the ledger failed", underlying: error)
            }
        } catch {
            throw NotificationProcessingError(
                .ledgerFailed, detail: "the ledger failed",
                underlying: PurchaseError(.ledgerIOFailed, detail: String(describing: error)))
        }
    }
}
