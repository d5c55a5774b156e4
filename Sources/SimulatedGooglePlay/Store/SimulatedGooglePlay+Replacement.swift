import Foundation
import PurchaseCore

extension SimulatedGooglePlay {
    /// The subscription `update` replaces, or what Play answers: an unknown mode or token is a developer
    /// error, a token of no live subscription of this person's is not owned, and charging a prorated price
    /// is for upgrades only.
    func checkReplacement(
        _ update: PlayBillingFlowParams.SubscriptionUpdateParams, of order: Order, account: String
    ) -> Result<PlayPurchaseRecord, BillingResult> {
        guard update.replacementMode != .unknown else {
            return .failure(BillingResult(.developerError, "A replacement mode must be set."))
        }
        guard !update.oldPurchaseToken.isEmpty, let old = state.purchases[update.oldPurchaseToken] else {
            return .failure(BillingResult(.developerError, "Invalid old purchase token."))
        }
        guard old.account == account, let term = old.subscription, old.isEntitled(at: now),
            term.replacedByToken == nil
        else { return .failure(BillingResult(.itemNotOwned, "The old subscription is not owned by the user.")) }
        if update.replacementMode == .chargeProratedPrice, let plan = order.plan,
            pricePerMillisecond(plan) <= pricePerMillisecond(of: old)
        {
            return .failure(BillingResult(.developerError, "CHARGE_PRORATED_PRICE is only for upgrades."))
        }
        return .success(old)
    }

    /// The recurring price of `plan` per millisecond of its period, in micro-units.
    func pricePerMillisecond(_ plan: PlayBasePlan) -> Double {
        let start: Int64 = now
        let length = max(1, Self.adding(plan.billingPeriod, to: start) - start)
        return Double(plan.price.micros) / Double(length)
    }

    /// The price per millisecond `record`'s latest order paid, in micro-units.
    func pricePerMillisecond(of record: PlayPurchaseRecord) -> Double {
        guard let term = record.subscription, let product = products[record.productId],
            let plan = record.basePlanId.flatMap(product.basePlan)
        else { return 0 }
        let phase = Self.phase(of: plan, offerId: record.offerId, cycle: max(0, term.chargedCycles - 1))
        let length = max(1, Self.adding(phase.billingPeriod, to: now) - now)
        return Double(phase.price.micros) / Double(length)
    }

    /// Replaces `old` with a new purchase of `order` by Play's rules for `mode`: a new purchase token
    /// whose `linkedPurchaseToken` names the old one. Returns the new token.
    func replace(_ old: PlayPurchaseRecord, with order: Order, mode: PlayReplacementMode) -> String {
        let time = now
        var old = old
        guard var oldTerm = old.subscription, let plan = order.plan else { return old.purchaseToken }
        var record = newRecord(order, account: old.account, state: .pending)
        let remaining = max(0, oldTerm.expiryTime - time)
        let credit = Double(remaining) * pricePerMillisecond(of: old)
        let newRate = max(pricePerMillisecond(plan), 1e-12)
        let fullPeriodEnd = Self.adding(plan.billingPeriod, to: time)
        var start = time
        let end: Int64
        let charged: Int64
        switch mode {
        case .withTimeProration:
            end = time + Int64(credit / newRate)
            charged = 0
        case .chargeProratedPrice:
            end = oldTerm.expiryTime
            charged = Int64((newRate * Double(remaining) - credit).rounded())
        case .withoutProration:
            end = oldTerm.expiryTime
            charged = 0
        case .chargeFullPrice:
            end = fullPeriodEnd + Int64(credit / newRate)
            charged = plan.price.micros
        case .deferred, .unknown:
            start = oldTerm.expiryTime
            end = Self.adding(plan.billingPeriod, to: start)
            charged = plan.price.micros
        }
        let orderId = state.random.orderId()
        record.state = .purchased
        record.purchasedTime = time
        record.orderId = orderId
        // A deferred change is charged when the old period ends (see `settleDueChanges`).
        record.orders =
            mode == .deferred
            ? []
            : [
                PlayOrder(
                    orderId: orderId, time: time, priceMicros: charged, currencyCode: plan.price.currencyCode,
                    periodEnd: end)
            ]
        record.subscription = PlaySubscriptionTerm(
            state: .active, startTime: start, expiryTime: end, autoRenewing: plan.kind == .autoRenewing,
            chargedCycles: 1, linkedPurchaseToken: old.purchaseToken, replacementMode: mode)
        state.purchases[record.purchaseToken] = record
        log(.purchased, record, at: time, orderId: orderId)
        oldTerm.replacedByToken = record.purchaseToken
        oldTerm.autoRenewing = false
        if mode != .deferred {
            oldTerm.state = .expired
            oldTerm.expiryTime = time
            old.subscription = oldTerm
            state.purchases[old.purchaseToken] = old
            log(.replaced, old, at: time)
        } else {
            old.subscription = oldTerm
            state.purchases[old.purchaseToken] = old
        }
        return record.purchaseToken
    }
}
