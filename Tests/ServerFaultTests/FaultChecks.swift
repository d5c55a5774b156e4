import Foundation
import PurchaseCore
import Testing

/// What the ledger and the servers must show after a run: every acknowledged request exactly once.
struct FaultChecks {
    let workload: FaultWorkload
    let outcomes: [FaultOutcome]
    /// The ledger's contents, read through the registry after the run.
    let contents: LedgerContents
    /// The notifications the ledger recorded as applied.
    let notifications: [String: Date]

    /// Every request got a definite answer: transactions and notifications 200, spends 200 or 409.
    func everyRequestGotADefiniteAnswer() {
        for outcome in outcomes {
            let item = workload.items[outcome.item]
            let expected: Set<Int> = item.kind == .spend ? [200, 409] : [200]
            #expect(
                outcome.status.map(expected.contains) == true,
                "\(item.kind) \(item.transactionID ?? item.path) to server \(outcome.server): \(outcome.status.map(String.init) ?? "no answer") after \(outcome.attempts) attempts, last failure \(outcome.lastFailure ?? "none")"
            )
        }
    }

    /// One delivery per transaction, each a transaction of the workload, to its account, with its
    /// credits; every transaction a 200 acknowledged is delivered; no transaction delivered twice by
    /// the app's route.
    func everyAcknowledgedTransactionIsDeliveredOnce() {
        var seen: [String: Int] = [:]
        for delivery in contents.deliveries { seen[delivery.transactionID.id, default: 0] += 1 }
        for (id, count) in seen where count != 1 { Issue.record("transaction \(id) delivered \(count) times") }
        for delivery in contents.deliveries {
            let id = delivery.transactionID.id
            guard let owner = workload.owners[id] else {
                Issue.record("a delivery of \(id), which no client posted")
                continue
            }
            #expect(
                delivery.appAccountToken == owner, "\(id) delivered to \(String(describing: delivery.appAccountToken))")
            #expect(delivery.credits == workload.credits[id], "\(id) credited \(delivery.credits)")
        }
        var acknowledged = Set<String>()
        var deliveredAnswers: [String: Int] = [:]
        for outcome in outcomes where outcome.status == 200 {
            let item = workload.items[outcome.item]
            guard let id = item.transactionID else { continue }
            acknowledged.insert(id)
            if item.kind == .transaction, outcome.delivered { deliveredAnswers[id, default: 0] += 1 }
        }
        for id in acknowledged.sorted() {
            #expect(seen[id] == 1, "\(id) was acknowledged but is delivered \(seen[id] ?? 0) times")
        }
        for (id, count) in deliveredAnswers where count > 1 {
            Issue.record("\(count) answers said they delivered \(id)")
        }
    }

    /// Every notification a 200 acknowledged is recorded and its effect is in the ledger: its
    /// transaction delivered (above) and, for a refund, revoked once with a payout within its credits.
    /// Nothing else is revoked.
    func everyAcknowledgedNotificationIsAppliedOnce() {
        for outcome in outcomes where outcome.status == 200 {
            let item = workload.items[outcome.item]
            guard item.kind == .notification, let uuid = item.notificationUUID, let id = item.transactionID else {
                continue
            }
            #expect(notifications[uuid] != nil, "notification \(uuid) acknowledged but not recorded")
            if item.revokes {
                #expect(contents.revocations.keys.contains { $0.id == id }, "\(uuid) acknowledged, \(id) not revoked")
            }
        }
        for (transaction, _) in contents.revocations {
            #expect(workload.refunded.contains(transaction.id), "\(transaction.id) revoked without a refund")
            let credits = workload.credits[transaction.id] ?? [:]
            if let payout = contents.revokedPayouts[transaction] {
                #expect(payout.credited == credits, "\(transaction.id)'s payout credited \(payout.credited)")
                for (name, units) in payout.debited {
                    #expect(
                        units >= 0 && units <= credits[name, default: 0], "\(transaction.id) debited \(units) \(name)")
                }
            } else {
                #expect(credits.isEmpty, "the refund of consumable \(transaction.id) kept no payout")
            }
        }
        let known = Set(workload.items.compactMap(\.notificationUUID))
        for uuid in notifications.keys { #expect(known.contains(uuid), "notification \(uuid) recorded, never posted") }
    }

    /// Each account's gems: what its deliveries credited, less what refunds took back, less what it
    /// spent; what it spent is the quantity of every spend key answered 200 (once per key, however
    /// many copies and retries were answered), plus every spend without a key answered 200, plus at
    /// most those without a key whose attempts may have reached a server besides (none answered 409
    /// took anything). For the accounts whose spends all carry a key, that is exact. Returns the
    /// balance expected of each account, for the servers' answers, and the gems spent beyond the spends
    /// answered 200 (by attempts without a key that failed after the ledger took them).
    func balancesEqualPayoutsLessRefundsAndSpends() -> (balances: [UUID: Int], spentUnacknowledged: Int) {
        var expected: [UUID: Int] = [:]
        var unacknowledged = 0
        for account in workload.accounts {
            var credited = 0
            for delivery in contents.deliveries(for: account) {
                credited += workload.credits[delivery.transactionID.id]?["gems"] ?? 0
                if let payout = contents.revokedPayouts[delivery.transactionID] {
                    credited -= payout.debited["gems"] ?? 0
                }
            }
            var acknowledged = 0
            var uncertain = 0
            var keys: [String: Int] = [:]
            for outcome in outcomes {
                let item = workload.items[outcome.item]
                guard item.kind == .spend, item.account == account else { continue }
                if let key = item.spendKey {
                    if outcome.status == 200 { keys[key] = item.quantity }
                    continue
                }
                if outcome.status == 200 { acknowledged += item.quantity }
                uncertain += item.quantity * outcome.ambiguous
            }
            acknowledged += keys.values.reduce(0, +)
            let spent = contents.amountsSpent(by: account)["gems"] ?? 0
            #expect(
                spent >= acknowledged && spent <= acknowledged + uncertain,
                "account \(account) spent \(spent) gems; spends answered 200 took \(acknowledged), uncertain attempts \(uncertain)"
            )
            unacknowledged += max(0, spent - acknowledged)
            let balance = credited - spent
            #expect(balance >= 0, "account \(account) has \(balance) gems")
            #expect(
                (contents.balances(for: account)["gems"] ?? 0) == balance,
                "account \(account): the ledger's balance \(contents.balances(for: account)) against \(balance)")
            expected[account] = balance
        }
        return (expected, unacknowledged)
    }

    /// Every answer 200 to a spend key carries the balance the key's one spend left, and at most one
    /// of them says it was not a replay (none when the answer to the attempt that took the units was
    /// lost). Returns how many keys were taken and how many answers were replays.
    func everySpendKeyIsTakenOnce() -> (taken: Int, replays: Int) {
        var answers: [String: [FaultOutcome]] = [:]
        for outcome in outcomes where outcome.status == 200 {
            if let key = workload.items[outcome.item].spendKey { answers[key, default: []].append(outcome) }
        }
        var replays = 0
        for (key, outcomes) in answers.sorted(by: { $0.key < $1.key }) {
            let balances = Set(outcomes.map(\.balance))
            #expect(balances.count == 1 && !balances.contains(nil), "spend key \(key) answered balances \(balances)")
            let firsts = outcomes.filter { $0.replayed == false }.count
            #expect(firsts <= 1, "spend key \(key) answered \(firsts) times that it took the units")
            #expect(outcomes.allSatisfy { $0.replayed != nil }, "spend key \(key) answered without replayed")
            replays += outcomes.count - firsts
        }
        return (answers.count, replays)
    }
}
