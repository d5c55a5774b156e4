import AppStoreSignedData
import Foundation
import PurchaseCore

// Which App Store Server Notification V2 each event of the account gives, following Apple's
// documentation of `notificationType` and `subtype`:
// - a charged purchase of a consumable, non-consumable or non-renewing subscription: ONE_TIME_CHARGE;
// - a new subscription: SUBSCRIBED, INITIAL_BUY for the group's first, else RESUBSCRIBE; an upgrade
//   or crossgrade at once: DID_CHANGE_RENEWAL_PREF/UPGRADE; a downgrade or crossgrade at the next
//   renewal: DID_CHANGE_RENEWAL_PREF/DOWNGRADE; any of these bought with a promotional offer or an
//   offer code: OFFER_REDEEMED with the same subtype (none for a subscription already active);
// - a renewal: DID_RENEW, BILLING_RECOVERY when billing had failed; a renewal that fails to charge:
//   DID_FAIL_TO_RENEW, GRACE_PERIOD while in a grace period; its end: GRACE_PERIOD_EXPIRED;
// - auto-renew turned on or off: DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_ENABLED or _DISABLED; a change
//   of plan withdrawn before it took effect (back to the current plan): DID_CHANGE_RENEWAL_PREF;
// - a period ending without renewal: EXPIRED, VOLUNTARY (auto-renew off), BILLING_RETRY (retry ran
//   out) or PRICE_INCREASE (no consent to a raised price);
// - a price increase: PRICE_INCREASE, PENDING while consent is awaited, ACCEPTED once given or when
//   none is needed;
// - a refund: REFUND (REVOKE for a purchase shared by a family member); its reversal: REFUND_REVERSED.
// A refund or a change of auto-renew that a purchase makes itself (an upgrade's proration, a
// replaced downgrade) gives no notification of its own.
extension PaymentQueue {
    /// Applies `records` to the account and returns the events they make, in order, followed by
    /// those that came due by the clock.
    func applyNoticing(_ records: [AccountRecord], hints: CommitHints, now: Double) -> [StoreNotice] {
        takeNoticeBaseline(now: now)
        var upgrade = false
        var followed: [UInt64: UInt64] = [:]
        var changedSubscriptions: Set<UInt64> = []
        for record in records {
            switch record {
            case .put(let transaction):
                if transaction.upgraded, transaction.revocation != nil,
                    account.transactions[transaction.number]?.upgraded != true
                {
                    upgrade = true
                }
            case .subscription(let subscription):
                changedSubscriptions.insert(subscription.originalNumber)
                if let next = subscription.nextNumber,
                    account.subscriptions[subscription.originalNumber]?.nextNumber != next
                {
                    followed[next] = subscription.originalNumber
                }
            default:
                break
            }
        }
        var notices: [StoreNotice] = []
        var purchase = false
        for record in records {
            switch record {
            case .put(let transaction):
                let old = account.transactions[transaction.number] ?? account.refundableConsumables[transaction.number]
                notices += noticeTransaction(
                    transaction, old: old, hints: hints, upgrade: upgrade, followed: followed, purchase: &purchase)
            case .subscription(let subscription):
                if let old = account.subscriptions[subscription.originalNumber] {
                    notices += noticeSubscription(subscription, old: old, now: now)
                }
            case .priceChange(let productIdentifier, let storefront, _) where storefront == self.storefront:
                notices += noticePriceChange(productIdentifier, skipping: changedSubscriptions, now: now)
            default:
                break
            }
            account.apply(record)
        }
        if purchase {
            notices.removeAll {
                $0.type == .refund || $0.type == .revoke || $0.type == .didChangeRenewalStatus
                    || ($0.type == .didChangeRenewalPref && $0.subtype == nil)
            }
        }
        return notices + dueNotices(now: now)
    }

    /// The events of one transaction record: a charge, a refund or its reversal.
    private func noticeTransaction(
        _ transaction: AccountTransaction, old: AccountTransaction?, hints: CommitHints, upgrade: Bool,
        followed: [UInt64: UInt64], purchase: inout Bool
    ) -> [StoreNotice] {
        var notices: [StoreNotice] = []
        let renewal = hints.renewals.contains(transaction.number)
        let wasCharged = old.map { $0.state == .purchased || $0.state == .restored } ?? false
        if transaction.state == .purchased, !transaction.isFamilyShared, transaction.revocation == nil,
            renewal || !wasCharged
        {
            if transaction.productType != .autoRenewable {
                // A non-consumable given again for free under its original purchase is no charge.
                if transaction.number == transaction.originalNumber {
                    notices.append(StoreNotice(.oneTimeCharge, transaction: transaction.number))
                }
            } else {
                notices += noticeSubscriptionCharge(
                    transaction, renewal: renewal, upgrade: upgrade, followed: followed, purchase: &purchase)
            }
        }
        if transaction.isFamilyShared, transaction.productType == .autoRenewable,
            hints.familyShares.contains(transaction.number)
        {
            // Access through Family Sharing is a subscription of the member's own (Apple's SUBSCRIBED).
            notices.append(
                StoreNotice(
                    .subscribed, hadSubscription(inGroupOf: transaction) ? .resubscribe : .initialBuy,
                    transaction: transaction.number))
        }
        let subscription = transaction.productType == .autoRenewable ? transaction.originalNumber : nil
        let charged = transaction.state == .purchased || transaction.state == .restored
        if charged, transaction.revocation != nil, !transaction.upgraded,
            !hints.withdrawnChanges.contains(transaction.number),
            old?.revocation == nil || hints.revocations.contains(transaction.number)
        {
            notices.append(
                StoreNotice(
                    transaction.isFamilyShared ? .revoke : .refund, transaction: transaction.number,
                    subscription: subscription))
        }
        if let old, old.revocation != nil, transaction.revocation == nil {
            notices.append(StoreNotice(.refundReversed, transaction: transaction.number, subscription: subscription))
        }
        return notices
    }

    /// The event of a charged subscription transaction: a renewal, a new subscription, a change within
    /// its group, or an offer redeemed on an active one.
    private func noticeSubscriptionCharge(
        _ transaction: AccountTransaction, renewal: Bool, upgrade: Bool, followed: [UInt64: UInt64],
        purchase: inout Bool
    ) -> [StoreNotice] {
        let number = transaction.number
        let original = transaction.originalNumber
        let offered = transaction.offer.map { $0.kind != .introductory } ?? false
        if renewal {
            let before = account.subscriptions[original]
            let recovery = before.map { $0.billing != .ok || $0.endedForBillingIssue } ?? false
            return [
                StoreNotice(.didRenew, recovery ? .billingRecovery : nil, transaction: number, subscription: original)
            ]
        }
        if number == original {
            purchase = true
            let resubscribing = hadSubscription(inGroupOf: transaction)
            let subtype: NotificationSubtype = upgrade ? .upgrade : resubscribing ? .resubscribe : .initialBuy
            let type: NotificationType = offered ? .offerRedeemed : upgrade ? .didChangeRenewalPref : .subscribed
            return [StoreNotice(type, subtype, transaction: number, subscription: original)]
        }
        if let held = followed[number] {
            purchase = true
            let latest = account.subscriptions[held]?.latestNumber ?? number
            return [
                StoreNotice(
                    offered ? .offerRedeemed : .didChangeRenewalPref, .downgrade, transaction: latest,
                    subscription: held)
            ]
        }
        return offered ? [StoreNotice(.offerRedeemed, transaction: number, subscription: original)] : []
    }

    /// Whether the account had a subscription of the transaction's group before it (its own or one a
    /// family member shared).
    private func hadSubscription(inGroupOf transaction: AccountTransaction) -> Bool {
        guard let group = productsByIdentifier[transaction.productIdentifier]?.subscription?.group else { return false }
        func inGroup(_ productIdentifier: String) -> Bool {
            productsByIdentifier[productIdentifier]?.subscription?.group == group
        }
        return account.subscriptions.values.contains {
            $0.originalNumber != transaction.originalNumber && inGroup($0.productIdentifier)
        }
            || account.transactions.values.contains {
                $0.isFamilyShared && $0.number != transaction.number && $0.originalNumber != transaction.originalNumber
                    && inGroup($0.productIdentifier)
            }
    }

    /// The events of a subscription record: auto-renew, billing, price consent, and a change of
    /// product taking effect.
    private func noticeSubscription(_ subscription: SubscriptionRecord, old: SubscriptionRecord, now: Double)
        -> [StoreNotice]
    {
        var notices: [StoreNotice] = []
        func notice(_ type: NotificationType, _ subtype: NotificationSubtype?) {
            notices.append(
                StoreNotice(
                    type, subtype, transaction: subscription.latestNumber, subscription: subscription.originalNumber))
        }
        // Billing retry ran out after the grace period ended unnoticed (both within one move of the
        // clock): the grace period's end comes first.
        if old.billing == .gracePeriod, subscription.billing != .gracePeriod, let since = old.billingIssueSince,
            since + controls.gracePeriod(for: renewalPeriod(of: old)) <= now,
            noticeState.noticedGraceEnds[old.originalNumber] != since
        {
            noticeState.noticedGraceEnds[old.originalNumber] = since
            notice(.gracePeriodExpired, nil)
        }
        if old.willAutoRenew != subscription.willAutoRenew, !subscription.revoked,
            subscription.expiration == old.expiration, subscription.nextNumber == old.nextNumber,
            !subscription.endedForBillingIssue || old.endedForBillingIssue,
            !subscription.endedForPriceIncrease || old.endedForPriceIncrease
        {
            notice(.didChangeRenewalStatus, subscription.willAutoRenew ? .autoRenewEnabled : .autoRenewDisabled)
        }
        if old.billing == .ok, subscription.billing != .ok {
            notice(.didFailToRenew, subscription.billing == .gracePeriod ? .gracePeriod : nil)
        }
        if old.priceConsent != .pending, subscription.priceConsent == .pending {
            notice(.priceIncrease, .pending)
        }
        if old.priceConsent != .consented, subscription.priceConsent == .consented {
            notice(.priceIncrease, .accepted)
        }
        if let next = old.nextNumber, subscription.latestNumber == next, old.latestNumber != next {
            notice(.didRenew, nil)
        }
        if old.nextNumber != nil, subscription.nextNumber == nil, subscription.latestNumber == old.latestNumber,
            subscription.productIdentifier == old.productIdentifier, !subscription.revoked
        {
            // Back to the current plan: the change waiting for the renewal is withdrawn.
            notice(.didChangeRenewalPref, nil)
        }
        return notices
    }

    /// A raised price that needs no consent: every subscriber renewing at the product's price is told.
    private func noticePriceChange(_ productIdentifier: String, skipping: Set<UInt64>, now: Double) -> [StoreNotice] {
        account.subscriptions.keys.sorted().compactMap { original in
            guard let subscription = account.subscriptions[original], !skipping.contains(original),
                subscription.productIdentifier == productIdentifier, subscription.willAutoRenew,
                !subscription.hasEnded(at: now), subscription.nextNumber == nil, subscription.priceConsent != .pending
            else { return nil }
            return StoreNotice(
                .priceIncrease, .accepted, transaction: subscription.latestNumber, subscription: original)
        }
    }

    /// Events that came with the clock: a period ending without renewal (EXPIRED) and a grace period
    /// ending (GRACE_PERIOD_EXPIRED), each noticed once.
    func dueNotices(now: Double) -> [StoreNotice] {
        takeNoticeBaseline(now: now)
        var notices: [StoreNotice] = []
        for original in account.subscriptions.keys.sorted() {
            guard let subscription = account.subscriptions[original] else { continue }
            if subscription.billing == .gracePeriod, let since = subscription.billingIssueSince,
                since + controls.gracePeriod(for: renewalPeriod(of: subscription)) <= now,
                noticeState.noticedGraceEnds[original] != since
            {
                noticeState.noticedGraceEnds[original] = since
                notices.append(
                    StoreNotice(.gracePeriodExpired, transaction: subscription.latestNumber, subscription: original))
            }
            if !subscription.willAutoRenew, !subscription.revoked, subscription.expiration <= now,
                noticeState.noticedExpiries[original] != subscription.expiration
            {
                noticeState.noticedExpiries[original] = subscription.expiration
                let subtype: NotificationSubtype =
                    subscription.endedForBillingIssue
                    ? .billingRetry : subscription.endedForPriceIncrease ? .priceIncrease : .voluntary
                notices.append(
                    StoreNotice(.expired, subtype, transaction: subscription.latestNumber, subscription: original))
            }
        }
        return notices
    }

    /// Marks the expiries and grace period ends the account already had as noticed, once.
    private func takeNoticeBaseline(now: Double) {
        guard !noticeState.baselineTaken else { return }
        noticeState.baselineTaken = true
        for (original, subscription) in account.subscriptions {
            if !subscription.willAutoRenew, subscription.expiration <= now {
                noticeState.noticedExpiries[original] = subscription.expiration
            }
            if subscription.billing == .gracePeriod, let since = subscription.billingIssueSince,
                since + controls.gracePeriod(for: renewalPeriod(of: subscription)) <= now
            {
                noticeState.noticedGraceEnds[original] = since
            }
        }
    }
}
