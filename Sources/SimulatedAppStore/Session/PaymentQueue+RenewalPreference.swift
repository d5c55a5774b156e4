import Foundation
import PurchaseCore

extension PaymentQueue {
    /// The person changes their renewal preference back to the plan they have, cancelling a downgrade
    /// or crossgrade that waits for the next renewal (App Store subscription settings): the period
    /// that change had charged is refunded whole (observers are told it was revoked) and the
    /// subscription renews as its current product again. A server hears `DID_CHANGE_RENEWAL_PREF`
    /// without a subtype.
    ///
    /// - Parameter productIdentifier: the product the subscription has now.
    /// - Returns: `false` when no subscription to the product waits for a change.
    @discardableResult
    public func keepCurrentPlan(productIdentifier: String) async -> Bool {
        await prepare()
        guard var subscription = newestSubscription(productIdentifier), !subscription.revoked,
            let pending = subscription.nextNumber
        else { return false }
        var records: [AccountRecord] = []
        var refunded: [PaymentTransaction] = []
        if var next = account.transactions[pending], next.revocation == nil {
            next.revocation = clock.now.timeIntervalSince1970
            next.autoRenew = 1
            records.append(.put(next))
            refunded.append(paymentTransaction(next))
        }
        subscription.nextNumber = nil
        subscription.nextProductIdentifier = nil
        records.append(contentsOf: latestTransactionRecords(subscription))
        records.append(.subscription(subscription))
        let told = refunded
        await commit(
            records, callbacks: told.isEmpty ? [] : [tell { $0.revokedTransactions(told) }],
            hints: CommitHints(withdrawnChanges: Set(told.compactMap { Self.number($0.id) })))
        return true
    }
}
