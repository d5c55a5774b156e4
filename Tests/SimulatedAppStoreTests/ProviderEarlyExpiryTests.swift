import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// The provider adapter sends a subscription the session expires early to the app's `Store`: at once
/// while it runs, from the unfinished transactions at the next launch otherwise, once.
struct ProviderEarlyExpiryTests {
    private let day: TimeInterval = 86_400

    private func purchase(_ store: Store) async throws -> StoreTransaction {
        let outcome = await store.purchase(TestCatalog.monthly)
        guard case .purchased(let transaction) = outcome else {
            Issue.record("expected purchased, got \(outcome)")
            throw CancellationError()
        }
        return transaction
    }

    @Test(.timeLimit(.minutes(1))) func aRunningStoreRecordsTheEarlierEnd() async throws {
        let harness = try await StoreHarness()
        let observer = RecordingObserver()
        await harness.queue.add(observer)
        let bought = try await purchase(harness.store)
        harness.clock.advance(by: 10 * day)
        await harness.queue.waitForCallbacks()
        let toldBefore = observer.events.count
        #expect(try await harness.store.entitlements().contains("pro"))

        #expect(await harness.queue.expireSubscription(productIdentifier: TestCatalog.monthly))
        let event = try #require(await harness.nextEvents(1) { $0.name == "expired" }.first)
        #expect(event.transaction.id == bought.id)
        #expect(event.transaction.expirationDate == harness.clock.now)
        let entitlements = try await harness.store.entitlements()
        #expect(!entitlements.contains("pro"))
        #expect(entitlements.subscriptions.first?.endedEarly == true)
        #expect(entitlements.subscriptions.first?.expirationDate == harness.clock.now)

        // Finished: nothing is handed back; StoreKit's observers were told nothing.
        #expect(try await harness.provider.unfinishedTransactions().isEmpty)
        await harness.queue.waitForCallbacks()
        #expect(observer.events.count == toldBefore)
        // Expiring what already ended sends nothing again.
        #expect(await harness.queue.expireSubscription(productIdentifier: TestCatalog.monthly))
        #expect(try await harness.provider.unfinishedTransactions().isEmpty)
        await harness.store.stop()
    }

    @Test func anExpiryWhileTheAppIsClosedArrivesAtTheNextLaunchOnce() async throws {
        let folder = try TestCatalog.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = TestCatalog.make()
        let clock = SimulationClock()
        let ledger = InMemoryFulfillmentLedger()
        func launch() throws -> (PaymentQueue, Store) {
            let queue = try PaymentQueue(catalog: catalog, persistence: .journal(directory: folder), clock: clock)
            let provider = SimulatedAppStoreProvider(queue: queue)
            return (queue, Store(catalog: catalog, providers: [provider], ledger: ledger, clock: clock))
        }

        var (queue, store) = try launch()
        await store.start()
        let bought = try await purchase(store)
        await store.stop()
        clock.advance(by: 5 * day)
        // The app is not running: the App Store ends the subscription.
        #expect(await queue.expireSubscription(productIdentifier: TestCatalog.monthly))
        await queue.close()
        #expect(try await store.entitlements().contains("pro"))

        (queue, store) = try launch()
        let events = await store.start()
        #expect(events.map(\.name) == ["expired"])
        #expect(events.first?.transaction.id == bought.id)
        #expect(try await !store.entitlements().contains("pro"))
        #expect(await ledger.contents().expirations == [bought.transactionID: clock.now])
        await store.stop()
        await queue.close()

        (queue, store) = try launch()
        #expect(await store.start().isEmpty, "acknowledged by the finish, durably")
        await store.stop()
        await queue.close()
    }

    @Test func aReinstallDeliversThePeriodWithItsEarlierEnd() async throws {
        let harness = try await StoreHarness()
        _ = try await purchase(harness.store)
        await harness.store.stop()
        harness.clock.advance(by: 2 * day)
        #expect(await harness.queue.expireSubscription(productIdentifier: TestCatalog.monthly))

        let catalog = TestCatalog.make()
        let fresh = Store(
            catalog: catalog, providers: [harness.provider], ledger: InMemoryFulfillmentLedger(), clock: harness.clock)
        let events = await fresh.start()
        #expect(events.map(\.name) == ["delivered"])
        #expect(events.first?.transaction.expirationDate == harness.clock.now)
        #expect(try await !fresh.entitlements().contains("pro"))
        guard case .restored = await fresh.restore() else {
            Issue.record("the ended subscription is still restored")
            return
        }
        #expect(try await !fresh.entitlements().contains("pro"))
    }
}
