import Foundation
import PurchaseCore
import SimulatedAppStore

/// A `Store` over the simulated App Store's provider with an in-memory ledger, and its event stream.
struct StoreHarness {
    let queue: PaymentQueue
    let provider: SimulatedAppStoreProvider
    let store: Store
    let ledger: any FulfillmentLedger
    let clock: SimulationClock
    private let events: AsyncStream<StoreEvent>

    init(
        controls: SessionControls = SessionControls(), persistence: PaymentQueue.Persistence = .inMemory,
        catalog: Catalog = TestCatalog.make()
    ) async throws {
        clock = SimulationClock()
        queue = try PaymentQueue(catalog: catalog, controls: controls, persistence: persistence, clock: clock)
        provider = SimulatedAppStoreProvider(queue: queue)
        ledger = InMemoryFulfillmentLedger()
        store = Store(catalog: catalog, providers: [provider], ledger: ledger, clock: clock)
        events = await store.events()
        await store.start()
    }

    /// The next `count` events the store reports that satisfy `include`, skipping the others.
    func nextEvents(_ count: Int, where include: (StoreEvent) -> Bool) async -> [StoreEvent] {
        var iterator = events.makeAsyncIterator()
        var collected: [StoreEvent] = []
        while collected.count < count, let event = await iterator.next() {
            if include(event) { collected.append(event) }
        }
        return collected
    }

    /// The next event about a transaction other than `excluded` that is not `pending`.
    func nextOutcome(excluding excluded: Set<String> = []) async -> StoreEvent? {
        await nextEvents(1) { $0.name != "pending" && !excluded.contains($0.transaction.id) }.first
    }

    func deliveries() async throws -> [Delivery] {
        try await ledger.contents().deliveries
    }
}
