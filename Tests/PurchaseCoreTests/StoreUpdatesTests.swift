import Foundation
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

/// A store whose purchase is approved while the purchase call is still running: the approved
/// transaction arrives on the updates stream before the call reports it pending.
private final class ApprovedWhilePurchasingProvider: StoreProvider {
    let storeName = "memory"
    private let updates = UpdateBroadcaster<StoreTransaction>()

    func products(for productIDs: [String]) async throws -> ProductsResponse {
        ProductsResponse(products: [], invalidProductIDs: productIDs)
    }
    func canMakePayments() async -> Bool { true }
    func purchase(_ request: PurchaseRequest) async throws -> ProviderPurchaseResult {
        let deferred = StoreTransaction(
            id: "1", store: storeName, productID: request.productID, productType: .nonConsumable,
            purchaseDate: Date(timeIntervalSince1970: 0), state: .deferred)
        var approved = deferred
        approved.state = .purchased
        updates.yield(approved)
        // Time for a listener that does not wait for the purchase to handle the update first.
        try await Task.sleep(for: .milliseconds(50))
        return .pending(deferred)
    }
    func restore() async throws -> [StoreTransaction] { [] }
    func unfinishedTransactions() async throws -> [StoreTransaction] { [] }
    func finish(_ transaction: StoreTransaction) async throws {}
    var transactionUpdates: AsyncStream<StoreTransaction> { updates.stream() }
}

struct StoreEventOrderTests {
    @Test func aPurchaseReportsPendingBeforeTheUpdateThatDeliversIt() async throws {
        let catalog = SampleCatalog.make()
        let store = Store(
            catalog: catalog, providers: [ApprovedWhilePurchasingProvider()], ledger: InMemoryFulfillmentLedger())
        let events = await store.events()
        await store.start()
        guard case .pending = await store.purchase("remove.ads") else {
            Issue.record("the purchase must report pending")
            return
        }
        var names: [String] = []
        for await event in events {
            switch event {
            case .pending: names.append("pending")
            case .delivered: names.append("delivered")
            default: names.append("\(event)")
            }
            if names.count == 2 { break }
        }
        #expect(names == ["pending", "delivered"])
        await store.stop()
    }
}
