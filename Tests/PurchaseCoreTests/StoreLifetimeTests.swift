import PurchaseCore
import PurchaseTesting
import Testing

struct StoreLifetimeTests {
    @Test func stoppingEndsTheListening() async {
        let catalog = SampleCatalog.make()
        let provider = InMemoryStoreProvider(catalog: catalog)
        let store = Store(catalog: catalog, providers: [provider], ledger: InMemoryFulfillmentLedger())
        await store.start()
        #expect(provider.updateListenerCount == 1)
        await store.stop()
        #expect(await listenersEnd(on: provider))
    }

    @Test func aStoreThatGoesAwayWithoutStoppingEndsItsListening() async {
        let catalog = SampleCatalog.make()
        let provider = InMemoryStoreProvider(catalog: catalog)
        var store: Store? = Store(catalog: catalog, providers: [provider], ledger: InMemoryFulfillmentLedger())
        await store?.start()
        #expect(provider.updateListenerCount == 1)
        store = nil
        #expect(await listenersEnd(on: provider))
    }

    /// Whether the provider's update listeners are all gone within a few seconds (a cancelled
    /// listener ends on its own task).
    private func listenersEnd(on provider: InMemoryStoreProvider) async -> Bool {
        for _ in 0..<2_000 where provider.updateListenerCount > 0 {
            try? await Task.sleep(for: .milliseconds(2))
        }
        return provider.updateListenerCount == 0
    }
}
