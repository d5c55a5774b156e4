import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// The session's Xcode renewal rate decides subscription time on the queue's clock: periods, grace and
/// billing retry, while the clock itself moves only by the steps a test takes.
struct RenewalRateTests {
    private func controls(_ rate: StoreKitTimeRate) -> SessionControls {
        var controls = SessionControls()
        controls.timeRate = rate
        return controls
    }

    @Test func aFixedRateRenewsAMonthlySubscriptionEveryTwoSecondsOfTheClock() async throws {
        let clock = SimulationClock()
        let start = clock.now
        let (queue, observer) = try await makeQueue(controls: controls(.oneRenewalEveryTwoSeconds), clock: clock)
        let first = await queue.buy(TestCatalog.monthly)
        #expect(observer.latest(first.id)?.expirationDate == start + 2)
        await queue.advanceTime(by: 1.5)
        await queue.waitForCallbacks()
        #expect(observer.updates.filter { $0.transactionState == .purchased }.count == 1)
        await queue.advanceTime(by: 0.5)
        await queue.advanceTime(by: 8)
        await queue.waitForCallbacks()
        let purchases = observer.updates.filter { $0.transactionState == .purchased }
        #expect(purchases.count == 6)
        #expect(purchases.compactMap(\.transactionDate) == (0..<6).map { start + Double(2 * $0) })
        #expect(purchases.compactMap(\.expirationDate) == (1...6).map { start + Double(2 * $0) })
        #expect(purchases.allSatisfy { $0.originalTransactionIdentifier == first.id })
    }

    @Test func aScaledRateGivesTheTrialWeekAndTheMonthTheirOwnLengths() async throws {
        let clock = SimulationClock()
        let start = clock.now
        let (queue, observer) = try await makeQueue(
            controls: controls(.monthlyRenewalEveryThirtySeconds), clock: clock)
        let first = await queue.buy(TestCatalog.trial)
        // The free week lasts 10 seconds, then each month 30 seconds.
        #expect(observer.latest(first.id)?.expirationDate == start + 10)
        await queue.advanceTime(by: 70)
        await queue.waitForCallbacks()
        let ends = observer.updates.filter { $0.transactionState == .purchased }.compactMap(\.expirationDate)
        #expect(ends == [start + 10, start + 40, start + 70, start + 100])
    }

    @Test func graceAndBillingRetryLastAsTheRateSays() async throws {
        var controls = controls(.oneRenewalEveryTenSeconds)
        controls.billingRetryOnRenewal = true
        controls.billingGracePeriodEnabled = true
        let clock = SimulationClock()
        let start = clock.now
        let (queue, _) = try await makeQueue(controls: controls, clock: clock)
        await queue.buy(TestCatalog.monthly)
        await queue.advanceTime(by: 10)
        var status = try #require(await queue.subscriptionStatus(for: TestCatalog.monthly))
        #expect(status.billing == .gracePeriod)
        #expect(status.gracePeriodExpirationDate == start + 20)
        #expect(status.isActive)
        await queue.advanceTime(by: 10)
        status = try #require(await queue.subscriptionStatus(for: TestCatalog.monthly))
        #expect(!status.isActive)
        #expect(status.willAutoRenew)
        // Billing retry lasts 20 seconds from the failed renewal at 10 s.
        await queue.advanceTime(by: 9)
        #expect(await queue.subscriptionStatus(for: TestCatalog.monthly)?.willAutoRenew == true)
        await queue.advanceTime(by: 1)
        status = try #require(await queue.subscriptionStatus(for: TestCatalog.monthly))
        #expect(!status.willAutoRenew)
        #expect(status.billing == .ok)
    }

    @Test func aRenewalRateDoesNotTouchNonRenewingDurations() async throws {
        let clock = SimulationClock()
        let (queue, observer) = try await makeQueue(controls: controls(.oneRenewalEveryTwoSeconds), clock: clock)
        let season = await queue.buy(TestCatalog.season)
        #expect(observer.latest(season.id)?.expirationDate == SubscriptionPeriod("P3M")!.added(to: clock.now))
    }
}
