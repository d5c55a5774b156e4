import Foundation
import PurchaseCore
import PurchaseTesting
import SimulatedAppStore
import Testing

struct PersistenceTests {
    @Test func relaunchRedeliversUnfinishedTransactions() async throws {
        let folder = try TestCatalog.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (first, _) = try await makeQueue(persistence: .journal(directory: folder))
        let unfinished = await first.buy(TestCatalog.noAds)
        let finished = await first.buy(TestCatalog.gems)
        await first.finishTransaction(withIdentifier: finished.id)
        await first.waitForCallbacks()
        await first.close()

        let (second, observer) = try await makeQueue(persistence: .journal(directory: folder))
        await second.waitForCallbacks()
        #expect(observer.updates.map(\.id) == [unfinished.id])
        #expect(observer.updates.first?.transactionState == .purchased)
        // Numbering continues: a new purchase never reuses an identifier.
        let next = await second.buy(TestCatalog.gems)
        #expect(![unfinished.id, finished.id].contains(next.id))
        await second.close()
    }

    @Test func reinstallRestoresPurchasesIntoAFreshLedger() async throws {
        let folder = try TestCatalog.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = TestCatalog.make()
        let firstQueue = try PaymentQueue(catalog: catalog, persistence: .journal(directory: folder))
        let firstStore = Store(
            catalog: catalog, providers: [SimulatedAppStoreProvider(queue: firstQueue)],
            ledger: InMemoryFulfillmentLedger())
        guard case .purchased = await firstStore.purchase(TestCatalog.noAds) else {
            Issue.record("purchase did not go through")
            return
        }
        await firstQueue.close()

        let queue = try PaymentQueue(catalog: catalog, persistence: .journal(directory: folder))
        let store = Store(
            catalog: catalog, providers: [SimulatedAppStoreProvider(queue: queue)], ledger: InMemoryFulfillmentLedger())
        await store.start()
        #expect(try await store.entitlements().names.isEmpty)
        let outcome = await store.restore()
        #expect(outcome.restoredProductIDs == [TestCatalog.noAds])
        #expect(try await store.entitlements().contains("no-ads"))
        await queue.close()
    }

    @Test func subscriptionsKeepRenewingAfterARelaunch() async throws {
        let folder = try TestCatalog.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = SimulationClock()
        let (first, _) = try await makeQueue(persistence: .journal(directory: folder), clock: clock)
        let bought = await first.buy(TestCatalog.monthly)
        await first.finishTransaction(withIdentifier: bought.id)
        await first.close()

        let (second, observer) = try await makeQueue(persistence: .journal(directory: folder), clock: clock)
        await second.advanceTime(by: 62 * 86_400)
        await second.waitForCallbacks()
        let renewals = observer.updates.filter { $0.transactionState == .purchased }
        #expect(renewals.count == 2)
        #expect(renewals.allSatisfy { $0.originalTransactionIdentifier == bought.id })
        await second.close()
    }

    @Test func interruptedPurchaseSurvivesARelaunch() async throws {
        let folder = try TestCatalog.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (first, _) = try await makeQueue(persistence: .journal(directory: folder))
        let interrupted = await first.buy(TestCatalog.interrupted)
        await first.finishTransaction(withIdentifier: interrupted.id)
        await first.close()

        let (second, observer) = try await makeQueue(persistence: .journal(directory: folder))
        #expect(await second.interruptedPurchases().map(\.id) == [interrupted.id])
        let resolved = try #require(await second.resolveInterruptedPurchase(interrupted.id))
        await second.waitForCallbacks()
        #expect(observer.latest(resolved.id)?.transactionState == .purchased)
        await second.close()
    }
}
