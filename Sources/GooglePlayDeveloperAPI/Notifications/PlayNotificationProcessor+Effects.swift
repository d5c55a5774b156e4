import Foundation
import PurchaseCore

/// What one notification does, before its identity is recorded.
struct PlayNotificationEffect: Sendable {
    var outcome: PlayNotificationOutcome
    var transactionID: TransactionID?
}

extension PlayNotificationProcessor {
    /// Applies what `notification` says, asking Play for the purchase's current state.
    func effects(of notification: DeveloperNotification) async throws(PlayNotificationError)
        -> PlayNotificationEffect
    {
        if let change = notification.oneTimeProductNotification { return try await oneTimeProduct(change) }
        if let change = notification.subscriptionNotification { return try await subscription(change) }
        if let void = notification.voidedPurchaseNotification { return try await voided(void) }
        return PlayNotificationEffect(outcome: .ignored(.test), transactionID: nil)
    }

    /// A one-time product: delivered when paid, then acknowledged; revoked when canceled after delivery.
    func oneTimeProduct(_ change: DeveloperNotification.OneTimeProductNotification)
        async throws(PlayNotificationError) -> PlayNotificationEffect
    {
        let purchase = try await apiCall("products.get") { () async throws(PlayDeveloperAPIError) in
            try await api.product(change.sku, token: change.purchaseToken)
        }
        let productID = purchase.productId ?? change.sku
        switch purchase.purchaseState ?? .purchased {
        case .pending:
            return PlayNotificationEffect(outcome: .ignored(.pending), transactionID: nil)
        case .purchased:
            guard let order = purchase.orderId, !order.isEmpty else {
                throw PlayNotificationError(.incompletePurchase, detail: "a purchased product without its orderId")
            }
            let product = try catalogProduct(playID: productID)
            let transaction = StoreTransaction(
                id: order, store: store.rawValue, productID: product.productID, productType: product.type,
                quantity: max(1, purchase.quantity ?? 1),
                purchaseDate: purchase.purchaseTimeMillis?.millisecondsDate ?? clock.now,
                environment: purchase.purchaseType == 0 ? .sandbox : .production,
                appAccountToken: purchase.obfuscatedExternalAccountId.flatMap(UUID.init(uuidString:)))
            var changes = try await deliver(transaction)
            var attention: PlayNotificationAttention?
            if purchase.needsAcknowledgement {
                attention = try await acknowledge(transaction.transactionID, &changes) {
                    () async throws(PlayDeveloperAPIError) in
                    try await api.acknowledgeProduct(productID, token: change.purchaseToken)
                }
            }
            return PlayNotificationEffect(
                outcome: attention.map { .needsAttention($0, changes) } ?? .applied(changes),
                transactionID: transaction.transactionID)
        case .canceled:
            guard let order = purchase.orderId, !order.isEmpty else {
                return PlayNotificationEffect(outcome: .ignored(.canceled), transactionID: nil)
            }
            let id = TransactionID(store: store.rawValue, id: order)
            var changes = PlayLedgerChanges()
            if try await revoke(id, at: clock.now) { changes.revoked.append(id) }
            return PlayNotificationEffect(
                outcome: changes.isEmpty ? .ignored(.canceled) : .applied(changes), transactionID: id)
        default:
            // A state this processor does not know changes nothing it holds.
            let state = purchase.purchaseState?.rawValue ?? -1
            throw PlayNotificationError(.incompletePurchase, detail: "purchaseState \(state) is not known")
        }
    }

    /// A subscription: its latest charged order delivered, then its state applied.
    func subscription(_ change: DeveloperNotification.SubscriptionNotification)
        async throws(PlayNotificationError) -> PlayNotificationEffect
    {
        let purchase = try await apiCall("subscriptionsv2.get") { () async throws(PlayDeveloperAPIError) in
            try await api.subscription(token: change.purchaseToken)
        }
        let state = purchase.subscriptionState
        if state == .pending { return PlayNotificationEffect(outcome: .ignored(.pending), transactionID: nil) }
        if state == .pendingPurchaseCanceled {
            return PlayNotificationEffect(outcome: .ignored(.canceled), transactionID: nil)
        }
        guard let order = purchase.latestChargedOrderId, !order.isEmpty else {
            return PlayNotificationEffect(outcome: .ignored(.notCharged), transactionID: nil)
        }
        let items = purchase.lineItems ?? []
        let line =
            items.first { $0.latestSuccessfulOrderId == order }
            ?? items.first { $0.productId != nil && $0.productId == change.subscriptionId } ?? items.first
        guard let playProductID = line?.productId ?? change.subscriptionId else {
            throw PlayNotificationError(.incompletePurchase, detail: "the subscription names no product")
        }
        let product = try catalogProduct(playID: playProductID)
        let transaction = subscriptionOrder(order, of: product, purchase, expiry: line?.expiryTime?.date)
        let id = transaction.transactionID
        var changes = try await deliver(transaction)
        let now = clock.now
        if change.notificationType == .revoked {
            if try await revoke(id, at: now) { changes.revoked.append(id) }
        } else if state == .expired || state == .onHold || state == .paused {
            let end = min(transaction.expirationDate ?? now, now)
            let fulfillment = TransactionFulfillment(catalog: catalog, ledger: ledger)
            if try await ledgerCall({ try await fulfillment.recordExpiration(of: id, at: end) }) {
                changes.expired.append(id)
            }
        }
        var attention: PlayNotificationAttention?
        let live = state == .active || state == .inGracePeriod || state == .canceled
        if live, purchase.needsAcknowledgement {
            attention = try await acknowledge(id, &changes) { () async throws(PlayDeveloperAPIError) in
                try await api.acknowledgeSubscription(playProductID, token: change.purchaseToken)
            }
        }
        return PlayNotificationEffect(
            outcome: attention.map { .needsAttention($0, changes) } ?? .applied(changes), transactionID: id)
    }

    /// A voided purchase: a full refund revokes its order; a partial one needs attention.
    func voided(_ void: DeveloperNotification.VoidedPurchaseNotification) async throws(PlayNotificationError)
        -> PlayNotificationEffect
    {
        let id = TransactionID(store: store.rawValue, id: void.orderId)
        var changes = PlayLedgerChanges()
        if void.isPartialRefund { return try await partialRefund(void) }
        let now = clock.now
        if let log = ledger as? any NotificationLog {
            _ = try await ledgerCall { try await log.recordNotification(Self.voidMarker(void.orderId), at: now) }
        }
        if try await revoke(id, at: now) { changes.revoked.append(id) }
        return PlayNotificationEffect(outcome: .applied(changes), transactionID: id)
    }

    /// Acknowledges a delivered purchase: a retryable failure fails the message, a refusal is reported.
    func acknowledge(
        _ id: TransactionID, _ changes: inout PlayLedgerChanges,
        _ call: () async throws(PlayDeveloperAPIError) -> Void
    ) async throws(PlayNotificationError) -> PlayNotificationAttention? {
        do {
            try await call()
            changes.acknowledged = true
            return nil
        } catch  where error.isRetryable {
            throw PlayNotificationError(.apiFailed, detail: "acknowledging \(id.id) failed", apiError: error)
        } catch {
            return .acknowledgementRefused(id, error)
        }
    }
}
