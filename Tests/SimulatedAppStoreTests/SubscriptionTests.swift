import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

struct SubscriptionTests {
    private let month = SubscriptionPeriod("P1M")!

    @Test func aYearOfMonthlyRenewalsThenExpiry() async throws {
        let clock = SimulationClock()
        let start = clock.now
        let (queue, observer) = try await makeQueue(clock: clock)
        let first = await queue.buy(TestCatalog.monthly)
        for _ in 1...12 {
            await queue.advanceTime(by: 31 * 86_400)
        }
        await queue.waitForCallbacks()
        let purchases = observer.updates.filter { $0.transactionState == .purchased }
        // The purchase, then a renewal for each month that began within the 372 days.
        #expect(purchases.count == 13)
        #expect(Set(purchases.map(\.id)).count == 13)
        #expect(purchases.allSatisfy { $0.originalTransactionIdentifier == first.id })
        for (index, renewal) in purchases.enumerated() {
            #expect(renewal.transactionDate == month.added(to: start, count: index))
            #expect(renewal.expirationDate == month.added(to: start, count: index + 1))
        }

        #expect(await queue.disableAutoRenewForTransaction(first.id))
        await queue.advanceTime(by: 62 * 86_400)
        await queue.waitForCallbacks()
        #expect(observer.updates.filter { $0.transactionState == .purchased }.count == 13)
        let status = try #require(await queue.subscriptionStatus(for: TestCatalog.monthly))
        #expect(!status.isActive)
        #expect(!status.willAutoRenew)
    }

    @Test func advancingAYearAtOnceRenewsTwelveTimesInOrder() async throws {
        let (queue, observer) = try await makeQueue()
        await queue.buy(TestCatalog.monthly)
        await queue.advanceTime(by: 365 * 86_400)
        await queue.waitForCallbacks()
        let dates = observer.updates.filter { $0.transactionState == .purchased }.compactMap(\.transactionDate)
        #expect(dates.count == 13)
        #expect(dates == dates.sorted())
    }

    @Test func forcedRenewalStartsAPeriodNow() async throws {
        let clock = SimulationClock()
        let (queue, observer) = try await makeQueue(clock: clock)
        let first = await queue.buy(TestCatalog.monthly)
        clock.advance(by: 86_400)
        let renewal = try #require(await queue.forceRenewalOfSubscription(productIdentifier: TestCatalog.monthly))
        await queue.waitForCallbacks()
        #expect(renewal.originalTransactionIdentifier == first.id)
        #expect(renewal.transactionDate == clock.now)
        #expect(renewal.expirationDate == month.added(to: clock.now))
        #expect(observer.latest(renewal.id)?.transactionState == .purchased)
    }

    @Test func expiredSubscriptionDoesNotRenew() async throws {
        let (queue, observer) = try await makeQueue()
        await queue.buy(TestCatalog.monthly)
        #expect(await queue.expireSubscription(productIdentifier: TestCatalog.monthly))
        await queue.advanceTime(by: 90 * 86_400)
        await queue.waitForCallbacks()
        #expect(observer.updates.filter { $0.transactionState == .purchased }.count == 1)
        #expect(await queue.subscriptionStatus(for: TestCatalog.monthly)?.isActive == false)
    }

    @Test func billingRetryStopsAccessUntilResolved() async throws {
        var controls = SessionControls()
        controls.billingRetryOnRenewal = true
        let (queue, observer) = try await makeQueue(controls: controls)
        await queue.buy(TestCatalog.monthly)
        await queue.advanceTime(by: 35 * 86_400)
        var status = try #require(await queue.subscriptionStatus(for: TestCatalog.monthly))
        #expect(status.billing == .billingRetry)
        #expect(!status.isActive)
        await queue.updateControls { $0.billingRetryOnRenewal = false }
        let renewal = try #require(await queue.resolveBillingIssue(productIdentifier: TestCatalog.monthly))
        await queue.waitForCallbacks()
        status = try #require(await queue.subscriptionStatus(for: TestCatalog.monthly))
        #expect(status.billing == .ok)
        #expect(status.isActive)
        #expect(observer.latest(renewal.id)?.transactionState == .purchased)
    }

    @Test func gracePeriodKeepsAccessThenRetryExpiresTheSubscription() async throws {
        var controls = SessionControls()
        controls.billingRetryOnRenewal = true
        controls.billingGracePeriodEnabled = true
        let (queue, _) = try await makeQueue(controls: controls)
        await queue.buy(TestCatalog.monthly)
        await queue.advanceTime(by: 32 * 86_400)
        var status = try #require(await queue.subscriptionStatus(for: TestCatalog.monthly))
        #expect(status.billing == .gracePeriod)
        #expect(status.isActive)
        await queue.advanceTime(by: 20 * 86_400)
        status = try #require(await queue.subscriptionStatus(for: TestCatalog.monthly))
        #expect(!status.isActive)
        await queue.advanceTime(by: 60 * 86_400)
        status = try #require(await queue.subscriptionStatus(for: TestCatalog.monthly))
        #expect(!status.willAutoRenew)
        #expect(status.billing == .ok)
    }

    @Test func refundedSubscriptionStopsRenewing() async throws {
        let (queue, observer) = try await makeQueue()
        let first = await queue.buy(TestCatalog.monthly)
        await queue.refundTransaction(first.id)
        await queue.advanceTime(by: 90 * 86_400)
        await queue.waitForCallbacks()
        #expect(observer.updates.filter { $0.transactionState == .purchased }.count == 1)
        #expect(await queue.subscriptionStatus(for: TestCatalog.monthly)?.isRevoked == true)
    }

    @Test func freeTrialIsTheFirstPeriodForNewSubscribersOnly() async throws {
        let clock = SimulationClock()
        let week = SubscriptionPeriod("P1W")!
        let (queue, observer) = try await makeQueue(clock: clock)
        let first = await queue.buy(TestCatalog.trial)
        let trialEnd = week.added(to: clock.now)
        #expect(observer.latest(first.id)?.expirationDate == trialEnd)
        await queue.advanceTime(by: 8 * 86_400)
        await queue.waitForCallbacks()
        let renewal = try #require(observer.updates.last { $0.transactionState == .purchased && $0.id != first.id })
        #expect(renewal.expirationDate == month.added(to: trialEnd))

        // Someone who subscribed to the group before pays from the start.
        await queue.disableAutoRenewForTransaction(first.id)
        await queue.advanceTime(by: 40 * 86_400)
        let again = await queue.buy(TestCatalog.trial)
        #expect(observer.latest(again.id)?.expirationDate == month.added(to: clock.now))
    }

    @Test func payAsYouGoRenewsAtTheOfferPeriodFirst() async throws {
        let clock = SimulationClock()
        let start = clock.now
        let week = SubscriptionPeriod("P1W")!
        let (queue, observer) = try await makeQueue(clock: clock)
        await queue.buy(TestCatalog.payAsYouGo)
        await queue.advanceTime(by: 20 * 86_400)
        await queue.waitForCallbacks()
        let ends = observer.updates.filter { $0.transactionState == .purchased }.compactMap(\.expirationDate)
        #expect(
            ends == [
                week.added(to: start), week.added(to: start, count: 2),
                month.added(to: week.added(to: start, count: 2)),
            ])
    }

    @Test func clockRunsAtItsRate() {
        let clock = SimulationClock(rate: .oneDayPerSecond)
        let before = clock.now
        clock.rate = .stopped
        let stopped = clock.now
        #expect(stopped >= before)
        #expect(clock.now == stopped)
        clock.advance(by: 60)
        #expect(clock.now == stopped + 60)
        #expect(SimulationClock.TimeRate(parsing: "oneDayPerSecond") == .oneDayPerSecond)
        #expect(SimulationClock.TimeRate(parsing: "2.5")?.factor == 2.5)
        #expect(SimulationClock.TimeRate(parsing: "fast") == nil)
    }
}
