import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// One auto-renewing subscription per group: upgrades at once, downgrades and crossgrades to
/// another duration at the next renewal, crossgrades of the same duration at once.
struct SubscriptionGroupTests {
    private let month = SubscriptionPeriod("P1M")!
    private let day: TimeInterval = 86_400

    private func makeGroupQueue(clock: SimulationClock) throws -> PaymentQueue {
        try PaymentQueue(catalog: GroupCatalog.make(), clock: clock)
    }

    private func purchases(of product: String, in observer: RecordingObserver) -> [PaymentTransaction] {
        observer.updates.filter { $0.transactionState == .purchased && $0.payment.productIdentifier == product }
    }

    @Test func upgradeEndsTheLowerSubscriptionNowAndOnlyTheHigherRenews() async throws {
        let clock = SimulationClock()
        let queue = try makeGroupQueue(clock: clock)
        let observer = RecordingObserver()
        await queue.add(observer)
        let basic = try #require(observer.latest(await queue.buy(GroupCatalog.basic).id))
        clock.advance(by: 10 * day)
        let upgradeDate = clock.now
        let pro = await queue.buy(GroupCatalog.pro)
        for _ in 1...2 {
            await queue.advanceTime(by: month.added(to: clock.now).timeIntervalSince(clock.now))
        }
        await queue.waitForCallbacks()

        // Basic was delivered once; Pro was bought and renewed at each of its two period ends.
        #expect(purchases(of: GroupCatalog.basic, in: observer).map(\.id) == [basic.id])
        let proPurchases = purchases(of: GroupCatalog.pro, in: observer)
        #expect(proPurchases.count == 3)
        #expect(proPurchases.allSatisfy { $0.originalTransactionIdentifier == pro.id })
        #expect(proPurchases.first?.transactionDate == upgradeDate)
        #expect(proPurchases.first?.expirationDate == month.added(to: upgradeDate))

        // The Basic transaction shows the upgrade: refunded from the upgrade on, marked upgraded.
        let revoked = observer.events.flatMap { event -> [PaymentTransaction] in
            if case .revoked(let transactions) = event { transactions } else { [] }
        }
        #expect(revoked.map(\.id) == [basic.id])
        let ended = try #require(await queue.accountTransactions.first { $0.id == basic.id })
        #expect(ended.isUpgraded)
        #expect(ended.revocationDate == upgradeDate)
        #expect(ended.willAutoRenew == false)
        let basicStatus = try #require(await queue.subscriptionStatus(for: GroupCatalog.basic))
        #expect(basicStatus.isRevoked && !basicStatus.willAutoRenew && !basicStatus.isActive)
        let proStatus = try #require(await queue.subscriptionStatus(for: GroupCatalog.pro))
        #expect(proStatus.isActive && proStatus.willAutoRenew)
    }

    @Test func downgradeTakesEffectAtTheNextRenewal() async throws {
        let clock = SimulationClock()
        let queue = try makeGroupQueue(clock: clock)
        let observer = RecordingObserver()
        await queue.add(observer)
        let start = clock.now
        let pro = await queue.buy(GroupCatalog.pro)
        clock.advance(by: 10 * day)
        let renewalDate = month.added(to: start)
        let basic = try #require(observer.latest(await queue.buy(GroupCatalog.basic).id))

        // The purchase continues the Pro subscription from its period's end, which renews as Basic.
        #expect(basic.originalTransactionIdentifier == pro.id)
        #expect(basic.transactionDate == renewalDate)
        #expect(basic.expirationDate == month.added(to: renewalDate))
        var status = try #require(await queue.subscriptionStatuses().first)
        #expect(status.productIdentifier == GroupCatalog.pro)
        #expect(status.renewalProductIdentifier == GroupCatalog.basic)
        #expect(status.willAutoRenew && status.isActive)
        #expect(await queue.accountTransactions.first { $0.id == pro.id }?.revocationDate == nil)

        // Past the Pro period and one Basic period: no Pro renewal, one Basic renewal.
        await queue.advanceTime(by: month.added(to: renewalDate).timeIntervalSince(clock.now))
        await queue.waitForCallbacks()
        #expect(purchases(of: GroupCatalog.pro, in: observer).map(\.id) == [pro.id])
        let basicPurchases = purchases(of: GroupCatalog.basic, in: observer)
        #expect(basicPurchases.count == 2)
        #expect(basicPurchases.last?.transactionDate == month.added(to: renewalDate))
        #expect(basicPurchases.allSatisfy { $0.originalTransactionIdentifier == pro.id })
        status = try #require(await queue.subscriptionStatuses().first)
        #expect(status.productIdentifier == GroupCatalog.basic)
        #expect(status.renewalProductIdentifier == GroupCatalog.basic)
        #expect(await queue.subscriptionStatuses().count == 1)
    }

    @Test func crossgradeOfTheSameDurationTakesEffectAtOnce() async throws {
        let clock = SimulationClock()
        let queue = try makeGroupQueue(clock: clock)
        let observer = RecordingObserver()
        await queue.add(observer)
        let pro = await queue.buy(GroupCatalog.pro)
        clock.advance(by: 5 * day)
        let plus = try #require(observer.latest(await queue.buy(GroupCatalog.plus).id))
        await queue.advanceTime(by: 40 * day)
        await queue.waitForCallbacks()
        #expect(purchases(of: GroupCatalog.pro, in: observer).map(\.id) == [pro.id])
        #expect(purchases(of: GroupCatalog.plus, in: observer).count == 2)
        let ended = try #require(await queue.accountTransactions.first { $0.id == pro.id })
        #expect(ended.isUpgraded)
        #expect(ended.revocationDate == plus.transactionDate)
    }

    @Test func crossgradeToAnotherDurationWaitsForTheRenewal() async throws {
        let clock = SimulationClock()
        let queue = try makeGroupQueue(clock: clock)
        let observer = RecordingObserver()
        await queue.add(observer)
        let start = clock.now
        let pro = await queue.buy(GroupCatalog.pro)
        clock.advance(by: 5 * day)
        let yearly = try #require(observer.latest(await queue.buy(GroupCatalog.proYearly).id))
        #expect(yearly.originalTransactionIdentifier == pro.id)
        #expect(yearly.transactionDate == month.added(to: start))
        #expect(yearly.expirationDate == SubscriptionPeriod("P1Y")!.added(to: month.added(to: start)))
        let status = try #require(await queue.subscriptionStatuses().first)
        #expect(status.renewalProductIdentifier == GroupCatalog.proYearly)
        #expect(await queue.accountTransactions.first { $0.id == pro.id }?.isUpgraded == false)
    }

    @Test func aSecondChangeWaitingForTheRenewalReplacesTheFirst() async throws {
        let clock = SimulationClock()
        let queue = try makeGroupQueue(clock: clock)
        let observer = RecordingObserver()
        await queue.add(observer)
        let start = clock.now
        let pro = await queue.buy(GroupCatalog.pro)
        let basic = await queue.buy(GroupCatalog.basic)
        let yearly = try #require(observer.latest(await queue.buy(GroupCatalog.proYearly).id))
        await queue.waitForCallbacks()

        // The waiting Basic period is refunded whole (not as an upgrade); Pro now renews as yearly.
        let revoked = observer.events.flatMap { event -> [PaymentTransaction] in
            if case .revoked(let transactions) = event { transactions } else { [] }
        }
        #expect(revoked.map(\.id) == [basic.id])
        let refunded = try #require(await queue.accountTransactions.first { $0.id == basic.id })
        #expect(refunded.revocationDate == start)
        #expect(!refunded.isUpgraded)
        #expect(yearly.originalTransactionIdentifier == pro.id)
        #expect(
            try #require(await queue.subscriptionStatuses().first).renewalProductIdentifier == GroupCatalog.proYearly)

        await queue.advanceTime(by: 40 * day)
        await queue.waitForCallbacks()
        let status = try #require(await queue.subscriptionStatuses().first)
        #expect(status.productIdentifier == GroupCatalog.proYearly)
        #expect(status.latestTransactionIdentifier == yearly.id)
        #expect(purchases(of: GroupCatalog.basic, in: observer).map(\.id) == [basic.id])
        #expect(purchases(of: GroupCatalog.pro, in: observer).map(\.id) == [pro.id])
    }

    @Test func aPendingDowngradeSurvivesARelaunch() async throws {
        let folder = try TestCatalog.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = SimulationClock()
        do {
            let queue = try PaymentQueue(
                catalog: GroupCatalog.make(), persistence: .journal(directory: folder), clock: clock)
            await queue.buy(GroupCatalog.pro)
            await queue.buy(GroupCatalog.basic)
            await queue.close()
        }
        let reopened = try PaymentQueue(
            catalog: GroupCatalog.make(), persistence: .journal(directory: folder), clock: clock)
        let status = try #require(await reopened.subscriptionStatuses().first)
        #expect(status.productIdentifier == GroupCatalog.pro)
        #expect(status.renewalProductIdentifier == GroupCatalog.basic)
        await reopened.close()
    }
}
