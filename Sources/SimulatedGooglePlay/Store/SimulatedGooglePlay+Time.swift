public import Foundation
import PurchaseCore

extension SimulatedGooglePlay {
    /// What comes due for a purchase at a time.
    enum Due: Int, Comparable {
        /// Three days after it was paid, unacknowledged: refunded and revoked.
        case acknowledgementDeadline
        /// A deferred replacement starts (and is charged).
        case deferredStart
        /// The paid period ends: renewal, pause, grace period or expiry.
        case periodEnd
        /// The grace period ends: account hold or expiry.
        case gracePeriodEnd
        /// Account hold ends: expiry.
        case accountHoldEnd
        /// A paused subscription resumes.
        case autoResume

        static func < (lhs: Due, rhs: Due) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Moves a `ManualClock` forward by `interval` seconds (another clock is left alone), then does
    /// what came due, in time order.
    ///
    /// - Parameter interval: virtual seconds.
    public func advanceTime(by interval: TimeInterval) {
        (clock as? ManualClock)?.advance(by: max(0, interval))
        settleDueChanges()
    }

    /// Does, in time order, everything that came due by the clock's time: acknowledgement deadlines,
    /// renewals (new orders), pauses and resumptions, grace periods, account holds and expiries.
    public func settleDueChanges() {
        let time = now
        for _ in 0..<1_000_000 {
            var earliest: (time: Int64, due: Due, token: String)?
            for token in state.purchaseOrder {
                guard let record = state.purchases[token], let next = nextDue(record), next.time <= time else {
                    continue
                }
                if earliest.map({ (next.time, next.due) < ($0.time, $0.due) }) ?? true {
                    earliest = (next.time, next.due, token)
                }
            }
            guard let earliest, var record = state.purchases[earliest.token] else { return }
            apply(earliest.due, to: &record, at: earliest.time)
            state.purchases[record.purchaseToken] = record
        }
    }

    /// The next change due for `record`, whenever it falls.
    func nextDue(_ record: PlayPurchaseRecord) -> (time: Int64, due: Due)? {
        guard record.state == .purchased, !record.revoked else { return nil }
        var candidates: [(time: Int64, due: Due)] = []
        if !record.acknowledged, let paid = record.purchasedTime {
            candidates.append((paid + Self.acknowledgementWindow, .acknowledgementDeadline))
        }
        if let term = record.subscription {
            switch term.state {
            case .active, .canceled:
                if record.orders.isEmpty {
                    candidates.append((term.startTime, .deferredStart))
                } else {
                    candidates.append((term.expiryTime, .periodEnd))
                }
            case .inGracePeriod:
                if let end = term.gracePeriodEnd { candidates.append((end, .gracePeriodEnd)) }
            case .onHold:
                if let end = term.accountHoldEnd { candidates.append((end, .accountHoldEnd)) }
            case .paused:
                if let end = term.autoResumeTime { candidates.append((end, .autoResume)) }
            case .expired:
                break
            }
        }
        return candidates.min { ($0.time, $0.due) < ($1.time, $1.due) }
    }

    /// Does `due` to `record` at `time`.
    func apply(_ due: Due, to record: inout PlayPurchaseRecord, at time: Int64) {
        guard var term = record.subscription else {
            if due == .acknowledgementDeadline { revokeUnacknowledged(&record, at: time) }
            return
        }
        let plan = products[record.productId]?.basePlan(record.basePlanId ?? "")
        switch due {
        case .acknowledgementDeadline:
            revokeUnacknowledged(&record, at: time)
            return
        case .deferredStart:
            let phase = plan.map { Self.phase(of: $0, offerId: record.offerId, cycle: 0) }
            record.orders = [
                PlayOrder(
                    orderId: record.orderId ?? "", time: time, priceMicros: phase?.price.micros ?? 0,
                    currencyCode: phase?.price.currencyCode ?? "", periodEnd: term.expiryTime)
            ]
        case .periodEnd:
            if term.replacedByToken != nil {
                term.state = .expired
                term.autoRenewing = false
                record.subscription = term
                log(.replaced, record, at: time)
                return
            }
            guard term.autoRenewing, let plan, plan.kind == .autoRenewing else {
                term.state = .expired
                term.autoRenewing = false
                record.subscription = term
                log(.expired, record, at: time)
                return
            }
            if let pause = term.scheduledPause.flatMap(SubscriptionPeriod.init) {
                term.scheduledPause = nil
                term.state = .paused
                term.autoResumeTime = Self.adding(pause, to: time)
                record.subscription = term
                log(.paused, record, at: time)
                return
            }
            record.subscription = term
            charge(&record, plan: plan, periodStart: time, at: time, as: .renewed)
            return
        case .gracePeriodEnd:
            term.gracePeriodEnd = nil
            record.subscription = term
            hold(&record, plan: plan, at: time)
            return
        case .accountHoldEnd:
            term.accountHoldEnd = nil
            term.state = .expired
            term.autoRenewing = false
            record.subscription = term
            log(.expired, record, at: time)
            return
        case .autoResume:
            term.autoResumeTime = nil
            record.subscription = term
            if let plan { charge(&record, plan: plan, periodStart: time, at: time, as: .resumed) }
            return
        }
        record.subscription = term
    }

    /// Charges the next period of `record` from `periodStart`: a new order (`..0`, `..1`...) logged as
    /// `kind`; when renewals fail to charge, the grace period (or account hold) instead.
    func charge(
        _ record: inout PlayPurchaseRecord, plan: PlayBasePlan, periodStart: Int64, at time: Int64,
        as kind: PlayEvent.Kind
    ) {
        guard var term = record.subscription else { return }
        if term.billingFails && kind != .recovered {
            if plan.gracePeriodDays > 0 {
                term.state = .inGracePeriod
                term.gracePeriodEnd = time + Int64(plan.gracePeriodDays) * 86_400_000
                record.subscription = term
                log(.inGracePeriod, record, at: time)
            } else {
                hold(&record, plan: plan, at: time)
            }
            return
        }
        let phase = Self.phase(of: plan, offerId: record.offerId, cycle: term.chargedCycles)
        let end = Self.adding(phase.billingPeriod, to: periodStart)
        let orderId = (record.orderId ?? "") + "..\(max(0, record.orders.count - 1))"
        record.orders.append(
            PlayOrder(
                orderId: orderId, time: time, priceMicros: phase.price.micros, currencyCode: phase.price.currencyCode,
                periodEnd: end))
        term.chargedCycles += 1
        term.expiryTime = end
        term.state = term.autoRenewing ? .active : .canceled
        term.gracePeriodEnd = nil
        term.accountHoldEnd = nil
        record.subscription = term
        log(kind, record, at: time, orderId: orderId)
    }

    /// Puts `record` on account hold from `time` for its plan's hold, or ends it when the plan has none.
    func hold(_ record: inout PlayPurchaseRecord, plan: PlayBasePlan?, at time: Int64) {
        guard var term = record.subscription else { return }
        if let plan, plan.accountHoldDays > 0 {
            term.state = .onHold
            term.accountHoldEnd = time + Int64(plan.accountHoldDays) * 86_400_000
            record.subscription = term
            log(.onHold, record, at: time)
        } else {
            term.state = .expired
            term.autoRenewing = false
            record.subscription = term
            log(.expired, record, at: time)
        }
    }

    /// Refunds what is left of a purchase nobody acknowledged within three days of its payment and revokes
    /// the whole purchase, units refunded earlier without revocation included.
    func revokeUnacknowledged(_ record: inout PlayPurchaseRecord, at time: Int64) {
        let refundable =
            record.productType == .subs
            ? record.orders.last?.refunded != true : record.refundedQuantity < record.quantity
        if refundable { void(&record, quantity: nil, revoke: true, reason: .other, source: .google, at: time) }
        guard !record.revoked else { return }
        record.revoked = true
        if record.productType == .inapp { record.revokedQuantity = record.quantity }
        if var term = record.subscription {
            term.state = .expired
            term.autoRenewing = false
            term.expiryTime = min(term.expiryTime, time)
            record.subscription = term
        }
        log(.revoked, record, at: time)
    }
}
