import Foundation
import PurchaseCore
import PurchaseTesting
import Testing

/// A subscription the store ends early reaches the `Store`: the ledger records the earlier end, an
/// `expired` event is emitted, and entitlements end then, whether the store was running or not.
struct EarlyExpiryStoreTests {
    private let day: TimeInterval = 86_400

    /// Starts the harness's store with an observer recording its events, then buys Pro monthly.
    private func runningWithPro(_ harness: Harness) async throws -> (RecordingEventObserver, StoreTransaction) {
        let observer = RecordingEventObserver()
        await observer.start(observing: harness.store)
        await harness.store.start()
        let outcome = await harness.store.purchase("pro.monthly")
        guard case .purchased(let purchase) = outcome else {
            Issue.record("expected purchased, got \(outcome)")
            throw CancellationError()
        }
        return (observer, purchase)
    }

    @Test func anEarlyExpiryWhileRunningIsRecordedAndEndsTheEntitlement() async throws {
        let harness = Harness()
        let (observer, purchase) = try await runningWithPro(harness)
        harness.clock.advance(by: 10 * day)
        var status = try #require(try await harness.store.entitlements().subscriptions.first)
        #expect(status.state == .active && status.expirationDate == purchase.expirationDate)
        #expect(try await harness.store.entitlements().contains("pro"))

        let expired = try #require(await harness.provider.expire("pro.monthly"))
        #expect(expired.id == purchase.id)
        let events = await observer.waitForEvents(count: 2)
        #expect(events.map(\.name) == ["delivered", "expired"])
        #expect(events.last?.transaction.expirationDate == harness.clock.now)

        let entitlements = try await harness.store.entitlements()
        #expect(!entitlements.contains("pro"))
        status = try #require(entitlements.subscriptions.first)
        #expect(status.state == .expired && status.expirationDate == harness.clock.now)
        #expect(status.endedEarly && !status.grantsAccess)
        #expect(await harness.ledger.contents().expirations == [purchase.transactionID: harness.clock.now])
        #expect(await harness.provider.unfinishedTransactions().isEmpty, "finished as usual")

        // The same change again is nothing new.
        await harness.provider.redeliver(expired)
        #expect(await observer.waitForEvents(count: 3).map(\.name) == ["delivered", "expired", "alreadyDelivered"])
        await harness.store.stop()
    }

    @Test func aLaterExpirationChangesNothing() async throws {
        let harness = Harness()
        var (observer, purchase) = try await runningWithPro(harness)
        purchase.expirationDate = purchase.expirationDate?.addingTimeInterval(30 * day)
        await harness.provider.redeliver(purchase)
        #expect(await observer.waitForEvents(count: 2).map(\.name) == ["delivered", "alreadyDelivered"])
        #expect(await harness.ledger.contents().expirations.isEmpty)
        await harness.store.stop()
    }

    @Test func anEarlyExpiryWhileTheAppWasClosedArrivesAtTheNextLaunch() async throws {
        let harness = Harness()
        _ = await harness.store.purchase("pro.monthly")
        harness.clock.advance(by: 3 * day)
        #expect(await harness.provider.expire("pro.monthly") != nil)
        #expect(try await harness.store.entitlements().contains("pro"), "nobody processed it yet")

        let relaunched = harness.relaunched()
        #expect(await relaunched.start().map(\.name) == ["expired"])
        #expect(try await !relaunched.entitlements().contains("pro"))
        #expect(await harness.relaunched().start().isEmpty, "finished: not handed back again")
    }

    @Test func aSubscriptionEndedEarlyGetsNoGracePeriod() async throws {
        let harness = Harness(gracePeriod: 16 * day)
        _ = await harness.store.purchase("pro.monthly")
        harness.clock.advance(by: day)
        await harness.provider.expire("pro.monthly")
        await harness.relaunched().start()
        harness.clock.advance(by: day)
        let status = try #require(try await harness.store.entitlements().subscriptions.first)
        #expect(status.state == .expired)
        #expect(status.gracePeriodExpirationDate == nil)
    }

    @Test func restoredCopiesOfThePeriodEndWithIt() async throws {
        let harness = Harness()
        _ = await harness.store.purchase("pro.monthly")
        guard case .restored = await harness.store.restore() else {
            Issue.record("expected restored")
            return
        }
        #expect(await harness.ledger.contents().deliveries.count == 2, "the restored copy is its own delivery")
        harness.clock.advance(by: day)
        await harness.provider.expire("pro.monthly")
        #expect(await harness.relaunched().start().map(\.name) == ["expired"])
        let contents = await harness.ledger.contents()
        #expect(contents.expirations.count == 2)
        #expect(try await !harness.store.entitlements().contains("pro"))

        // Buying it again after the early end grants again.
        harness.clock.advance(by: day)
        _ = await harness.store.purchase("pro.monthly")
        #expect(try await harness.store.entitlements().contains("pro"))
    }
}
