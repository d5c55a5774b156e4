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

    @Test func stoppingWaitsForTheUpdateBeingVerified() async {
        let catalog = SampleCatalog.make()
        let provider = InMemoryStoreProvider(catalog: catalog)
        let verifier = HeldVerifier()
        let ledger = InMemoryFulfillmentLedger()
        let store = Store(catalog: catalog, providers: [provider], ledger: ledger, verifiers: ["memory": verifier])
        await store.start()
        await provider.script("remove.ads", .askToBuy)
        guard case .pending = await store.purchase("remove.ads") else {
            Issue.record("the purchase must wait for approval")
            return
        }
        await provider.approve("remove.ads")
        await verifier.entered()
        // The verification is let go only once stop() has cancelled the listening: a stop() that does
        // not wait has returned by then, with the verification still running.
        let releasing = Task {
            await verifier.cancelled()
            verifier.release()
        }
        await store.stop()
        #expect(verifier.hasReturned)
        await releasing.value
        #expect(await ledger.contents().deliveries.map(\.productID) == ["remove.ads"])
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

/// A verifier that holds its first verification until ``release()``, like a request to a slow server;
/// it tells when it was entered and when its task was cancelled, and accepts every transaction.
private final class HeldVerifier: ReceiptVerifier, @unchecked Sendable {
    // Every stored property is read and written under `lock`; continuations are resumed outside it.
    private let lock = NSLock()
    private var gate: CheckedContinuation<Void, Never>?
    private var isReleased = false
    private var returned = false
    private let enteredSignal = AsyncStream.makeStream(of: Void.self)
    private let cancelledSignal = AsyncStream.makeStream(of: Void.self)

    func verify(_ transaction: StoreTransaction) async throws -> StoreTransaction {
        enteredSignal.continuation.yield()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let open = lock.withLock {
                    if !isReleased { gate = continuation }
                    return isReleased
                }
                if open { continuation.resume() }
            }
        } onCancel: {
            cancelledSignal.continuation.yield()
        }
        lock.withLock { returned = true }
        return transaction
    }

    /// Lets the held verification (and any later one) go on.
    func release() {
        let waiting = lock.withLock {
            isReleased = true
            defer { gate = nil }
            return gate
        }
        waiting?.resume()
    }

    /// Whether a verification has returned.
    var hasReturned: Bool { lock.withLock { returned } }

    /// Returns once a verification has started.
    func entered() async {
        for await _ in enteredSignal.stream { return }
    }

    /// Returns once a verification's task has been cancelled.
    func cancelled() async {
        for await _ in cancelledSignal.stream { return }
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
