public import PurchaseCore

extension SimulatedGooglePlay {
    /// The person cancels a subscription (auto-renew off): it keeps access until its period ends, then
    /// expires. A scheduled pause is dropped.
    ///
    /// - Parameter token: the subscription's purchase token.
    /// - Returns: whether a renewing subscription had that token.
    @discardableResult
    public func cancelSubscription(_ token: String) -> Bool {
        settleDueChanges()
        guard var record = state.purchases[token], var term = record.subscription, !record.revoked,
            term.autoRenewing, term.state != .expired
        else { return false }
        term.autoRenewing = false
        term.canceledTime = now
        term.scheduledPause = nil
        switch term.state {
        case .active: term.state = .canceled
        case .onHold, .paused:
            term.state = .expired
            term.accountHoldEnd = nil
            term.autoResumeTime = nil
        default: break
        }
        record.subscription = term
        state.purchases[token] = record
        log(.canceled, record, at: now)
        if term.state == .expired { log(.expired, record, at: now) }
        return true
    }

    /// The person turns auto-renew back on before a cancelled subscription's period ends.
    ///
    /// - Parameter token: the subscription's purchase token.
    /// - Returns: whether a cancelled subscription in its period had that token.
    @discardableResult
    public func restartSubscription(_ token: String) -> Bool {
        settleDueChanges()
        guard var record = state.purchases[token], var term = record.subscription, !record.revoked,
            term.state == .canceled, term.replacedByToken == nil
        else { return false }
        term.autoRenewing = true
        term.canceledTime = nil
        term.state = .active
        record.subscription = term
        state.purchases[token] = record
        log(.restarted, record, at: now)
        return true
    }

    /// The person pauses an auto-renewing subscription for `length` (one week to three months): the pause
    /// starts at the next renewal, and the subscription resumes by itself when it ends.
    ///
    /// - Parameters:
    ///   - token: the subscription's purchase token.
    ///   - length: how long the pause lasts.
    /// - Returns: whether an active auto-renewing subscription had that token and the length is allowed.
    @discardableResult
    public func schedulePause(_ token: String, for length: SubscriptionPeriod) -> Bool {
        settleDueChanges()
        let days =
            switch length.unit {
            case .day: length.value
            case .week: length.value * 7
            case .month: length.value * 31
            case .year: length.value * 366
            }
        guard days >= 7 && days <= 93, var record = state.purchases[token], var term = record.subscription,
            !record.revoked, term.state == .active, term.autoRenewing,
            products[record.productId]?.basePlan(record.basePlanId ?? "")?.kind == .autoRenewing
        else { return false }
        term.scheduledPause = length.description
        record.subscription = term
        state.purchases[token] = record
        log(.pauseScheduleChanged, record, at: now)
        return true
    }

    /// The person resumes: a pause not yet started is withdrawn; a paused subscription resumes now, with a
    /// new order and a period starting now.
    ///
    /// - Parameter token: the subscription's purchase token.
    /// - Returns: whether the subscription had a pause to withdraw or was paused.
    @discardableResult
    public func resumeSubscription(_ token: String) -> Bool {
        settleDueChanges()
        guard var record = state.purchases[token], var term = record.subscription, !record.revoked else {
            return false
        }
        if term.scheduledPause != nil {
            term.scheduledPause = nil
            record.subscription = term
            state.purchases[token] = record
            log(.pauseScheduleChanged, record, at: now)
            return true
        }
        guard term.state == .paused, let plan = products[record.productId]?.basePlan(record.basePlanId ?? "") else {
            return false
        }
        term.autoResumeTime = nil
        record.subscription = term
        charge(&record, plan: plan, periodStart: now, at: now, as: .resumed)
        state.purchases[token] = record
        return true
    }
}
