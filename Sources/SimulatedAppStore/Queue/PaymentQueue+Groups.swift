import Foundation
import PurchaseCore

// Subscription groups: one auto-renewing subscription per group, with the upgrades, downgrades
// and crossgrades of `SubscriptionGroupChange`.
extension PaymentQueue {
    /// What buying a subscription does to the others of its group.
    struct GroupPurchase {
        /// Records ending or changing the other subscriptions.
        var records: [AccountRecord] = []
        /// Transactions the purchase refunded, for observers: the latest of each subscription an
        /// upgrade (or a crossgrade at once) ended, and periods a replaced change had charged.
        var refunded: [AccountTransaction] = []
        /// The subscription whose next renewal becomes the bought product (a downgrade, or a
        /// crossgrade to another duration): the purchase continues it from its expiration.
        var followed: SubscriptionRecord?
    }

    /// Applies the group rules to buying `product` at `now`: every other subscription of its group
    /// that is in its period or still renewing either ends now (its latest transaction refunded
    /// from now, marked upgraded, and no renewal) or, for a change at the next renewal, keeps its
    /// period and renews as `product` instead. A change already waiting for a renewal that is
    /// ended or replaced is refunded whole.
    func groupPurchase(of product: Product, at now: Double) -> GroupPurchase {
        var result = GroupPurchase()
        for original in account.subscriptions.keys.sorted() {
            guard var held = account.subscriptions[original], !held.revoked,
                held.willAutoRenew || held.expiration > now,
                let heldProduct = productsByIdentifier[held.productIdentifier],
                let change = SubscriptionGroupChange(from: heldProduct, to: product)
            else { continue }
            let follows = change.timing == .atNextRenewal && held.expiration > now && result.followed == nil
            if let pending = held.nextNumber, var next = account.transactions[pending], next.revocation == nil {
                next.revocation = now
                next.upgraded = !follows
                next.autoRenew = 1
                result.records.append(.put(next))
                result.refunded.append(next)
            }
            held.nextNumber = nil
            held.nextProductIdentifier = nil
            if follows {
                result.followed = held
                continue
            }
            held.willAutoRenew = false
            if held.expiration > now, var latest = account.transactions[held.latestNumber], latest.revocation == nil {
                latest.revocation = now
                latest.upgraded = true
                latest.autoRenew = 1
                held.revoked = true
                result.records.append(.put(latest))
                result.refunded.append(latest)
            } else {
                result.records.append(contentsOf: latestTransactionRecords(held))
            }
            result.records.append(.subscription(held))
        }
        return result
    }

    /// Makes `transaction` the period of `product` following `held`: it continues `held`'s
    /// original purchase from `held`'s expiration, and `held` renews into it then.
    func follow(
        _ held: SubscriptionRecord, with transaction: inout AccountTransaction, product: Product
    ) -> [AccountRecord] {
        var held = held
        var records: [AccountRecord] = []
        let start = held.expiration
        transaction.originalNumber = held.originalNumber
        transaction.originalDate = account.transactions[held.originalNumber]?.originalDate ?? transaction.date
        transaction.date = start
        transaction.expiration =
            product.subscription.map {
                controls.periodEnd($0.period, from: Date(timeIntervalSince1970: start)).timeIntervalSince1970
            } ?? start
        held.willAutoRenew = true
        held.nextNumber = transaction.number
        held.nextProductIdentifier = transaction.productIdentifier
        records.append(contentsOf: latestTransactionRecords(held))
        records.append(.subscription(held))
        return records
    }

    /// Moves `subscription` into the period a downgrade or crossgrade charged for, when its current
    /// period has ended: the product, latest transaction and expiration become the waiting one's.
    ///
    /// - Returns: whether it moved.
    func switchToNextProduct(_ subscription: inout SubscriptionRecord) -> Bool {
        guard let pending = subscription.nextNumber else { return false }
        subscription.nextNumber = nil
        subscription.nextProductIdentifier = nil
        guard let next = account.transactions[pending], next.revocation == nil, let end = next.expiration else {
            return false
        }
        subscription.productIdentifier = next.productIdentifier
        subscription.latestNumber = next.number
        subscription.expiration = end
        // A promotional offer the change was bought with runs on from the period it starts.
        subscription.periodOffer = next.offer.flatMap { $0.kind == .introductory ? nil : $0 }
        subscription.introPeriodsLeft =
            subscription.periodOffer.flatMap { offer in
                productsByIdentifier[next.productIdentifier].flatMap { terms(of: offer, on: $0) }
            }.map { $0.charges - 1 } ?? 0
        subscription.forgetPriceIncrease()
        return true
    }
}
