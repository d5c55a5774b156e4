import PurchaseCore

extension SimulatedGooglePlay {
    /// Changes the test controls.
    ///
    /// - Parameter change: what to change.
    public func updateControls(_ change: @Sendable (inout PlayControls) -> Void) {
        change(&state.controls)
    }

    /// Makes the next billing flows end as `outcomes` say, in order (after any planned before).
    ///
    /// - Parameter outcomes: a failure code, the person cancelling, or a pending purchase, for each flow.
    public func planNextPurchases(_ outcomes: PlayControls.PlannedOutcome...) {
        state.controls.plannedOutcomes += outcomes
    }

    /// The person paid a pending purchase: it becomes purchased (its order id and, for a subscription, its
    /// first period start now) and the person's connected clients are told.
    ///
    /// - Parameter token: the pending purchase's token.
    /// - Returns: whether a pending purchase had that token.
    @discardableResult
    public func completePendingPurchase(_ token: String) -> Bool {
        settleDueChanges()
        guard var record = state.purchases[token], record.state == .pending else { return false }
        activate(&record, at: now)
        tell(account: record.account, .ok, [purchase(record)])
        return true
    }

    /// The pending purchase was never paid: it is cancelled (`UNSPECIFIED_STATE` to the app, which no
    /// longer finds it) and the person's connected clients are told.
    ///
    /// - Parameter token: the pending purchase's token.
    /// - Returns: whether a pending purchase had that token.
    @discardableResult
    public func cancelPendingPurchase(_ token: String) -> Bool {
        settleDueChanges()
        guard var record = state.purchases[token], record.state == .pending else { return false }
        record.state = .pendingCanceled
        state.purchases[token] = record
        log(.pendingCanceled, record, at: now)
        tell(account: record.account, .ok, [purchase(record)])
        return true
    }

    /// Refunds a purchase's latest order, as the developer or Play does from the console or the API, and
    /// keeps the voided purchase for `voidedpurchases.list`.
    ///
    /// For a one-time product bought several at once, `quantity` refunds part of it (a quantity-based
    /// partial refund); the purchase stays owned while any is left.
    ///
    /// - Parameters:
    ///   - token: the purchase's token.
    ///   - quantity: how many to refund (default all that are left).
    ///   - revoke: whether access is taken away too (default true).
    ///   - reason: why.
    ///   - source: who voided it.
    /// - Returns: the voided purchase, or `nil` when no paid purchase has that token or nothing is left to
    ///   refund (a subscription's latest order refunded already).
    @discardableResult
    public func refund(
        _ token: String, quantity: Int? = nil, revoke: Bool = true, reason: PlayVoidedPurchase.Reason = .other,
        source: PlayVoidedPurchase.Source = .developer
    ) -> PlayVoidedPurchase? {
        settleDueChanges()
        guard var record = state.purchases[token], record.state == .purchased, !record.revoked,
            record.refundedQuantity < record.quantity, quantity.map({ $0 >= 1 }) ?? true,
            record.productType == .inapp || record.orders.last?.refunded == false
        else { return nil }
        let voided = void(&record, quantity: quantity, revoke: revoke, reason: reason, source: source, at: now)
        state.purchases[token] = record
        return voided
    }

    /// Records a refund of `record`'s latest order at `time`; with `revoke`, the purchase is no longer
    /// owned (a subscription ends at once).
    @discardableResult
    func void(
        _ record: inout PlayPurchaseRecord, quantity: Int?, revoke: Bool, reason: PlayVoidedPurchase.Reason,
        source: PlayVoidedPurchase.Source, at time: Int64
    ) -> PlayVoidedPurchase {
        let left = record.quantity - record.refundedQuantity
        let refunded = min(left, quantity ?? left)
        let partial = record.productType == .inapp && (refunded < record.quantity)
        let orderId = record.latestOrderId ?? ""
        let voided = PlayVoidedPurchase(
            purchaseToken: record.purchaseToken, orderId: orderId, purchaseTimeMillis: record.purchaseTime,
            voidedTimeMillis: time, voidedSource: source, voidedReason: reason, productType: record.productType,
            refundType: partial ? .quantityBasedPartialRefund : .fullRefund, voidedQuantity: partial ? refunded : nil)
        state.voidedPurchases.append(voided)
        if !record.orders.isEmpty { record.orders[record.orders.count - 1].refunded = true }
        log(.voided, record, at: time, orderId: orderId)
        if record.productType == .inapp {
            record.refundedQuantity += refunded
            if revoke { record.revokedQuantity += refunded }
        }
        if revoke && (record.productType == .subs || record.revokedQuantity >= record.quantity) {
            record.revoked = true
            if var term = record.subscription {
                term.state = .expired
                term.autoRenewing = false
                term.expiryTime = min(term.expiryTime, time)
                record.subscription = term
            }
            log(.revoked, record, at: time)
        }
        return voided
    }

    /// Makes a subscription's renewals fail to charge (a declined card) from its next renewal, or charge
    /// again; see ``recoverBilling(_:)`` to fix a subscription already in trouble.
    ///
    /// - Parameters:
    ///   - token: the subscription's purchase token.
    ///   - fails: whether renewals fail.
    /// - Returns: whether a subscription had that token.
    @discardableResult
    public func setRenewalsFail(_ token: String, _ fails: Bool = true) -> Bool {
        settleDueChanges()
        guard var record = state.purchases[token], var term = record.subscription else { return false }
        term.billingFails = fails
        record.subscription = term
        state.purchases[token] = record
        return true
    }

    /// The person fixed the payment method: renewals charge again, and a subscription in grace period
    /// renews from its original renewal date, one on account hold from now (new orders either way).
    ///
    /// - Parameter token: the subscription's purchase token.
    /// - Returns: whether the subscription was in grace period or on account hold.
    @discardableResult
    public func recoverBilling(_ token: String) -> Bool {
        setRenewalsFail(token, false)
        guard var record = state.purchases[token], let term = record.subscription,
            let plan = products[record.productId]?.basePlan(record.basePlanId ?? "")
        else { return false }
        switch term.state {
        case .inGracePeriod:
            charge(&record, plan: plan, periodStart: term.expiryTime, at: now, as: .recovered)
        case .onHold:
            charge(&record, plan: plan, periodStart: now, at: now, as: .recovered)
        default:
            return false
        }
        state.purchases[token] = record
        return true
    }
}
