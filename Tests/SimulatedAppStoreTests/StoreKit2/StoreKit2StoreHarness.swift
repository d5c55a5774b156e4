import AppStoreSignedData
import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// A `Store` over the simulated App Store's StoreKit 2 face, with an in-memory ledger, the verifier the
/// provider offers (or another), and its event stream.
struct StoreKit2StoreHarness {
    let catalog: Catalog
    let clock: SimulationClock
    let queue: PaymentQueue
    let provider: SimulatedStoreKit2Provider
    let store: Store
    let ledger: any FulfillmentLedger
    private let events: AsyncStream<StoreEvent>

    /// - Parameters:
    ///   - verifier: the verifier of the store's transactions (default: the provider's).
    ///   - wrap: the provider the `Store` runs on, made from the StoreKit 2 provider (default: itself).
    init(
        catalog: Catalog = TestCatalog.make(), verifier: (any ReceiptVerifier)? = nil,
        wrap: (SimulatedStoreKit2Provider) -> any StoreProvider = { $0 }
    ) async throws {
        self.catalog = catalog
        clock = SimulationClock()
        queue = try PaymentQueue(catalog: catalog, clock: clock, signedData: TestSigning.signedData())
        provider = try SimulatedStoreKit2Provider(SimulatedAppStoreProvider(queue: queue))
        let ledger = InMemoryFulfillmentLedger()
        self.ledger = ledger
        let verifier = try verifier ?? #require(provider.receiptVerifier)
        store = Store(
            catalog: catalog, providers: [wrap(provider)], ledger: ledger, verifiers: [provider.storeName: verifier],
            clock: clock)
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

    func deliveries() async throws -> [Delivery] {
        try await ledger.contents().deliveries
    }
}

/// A provider that changes one byte of each signed transaction's payload on its way to the `Store`.
final class TamperingProvider: StoreProvider {
    let inner: SimulatedStoreKit2Provider
    var storeName: String { inner.storeName }

    init(_ inner: SimulatedStoreKit2Provider) {
        self.inner = inner
    }

    /// `transaction` with the first digit of its payload's `quantity` changed.
    static func tampered(_ transaction: StoreTransaction) -> StoreTransaction {
        var changed = transaction
        guard let data = transaction.verificationData, let token = String(data: data, encoding: .utf8) else {
            return changed
        }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let marker = Array("\"quantity\":".utf8)
        guard parts.count == 3, var payload = Base64URL.decode(parts[1]), payload.count > marker.count,
            let start = (0...(payload.count - marker.count)).first(where: {
                Array(payload[$0..<($0 + marker.count)]) == marker
            })
        else { return changed }
        let index = start + marker.count
        payload[index] = payload[index] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")
        changed.verificationData = Data([parts[0], Base64URL.encode(payload), parts[2]].joined(separator: ".").utf8)
        return changed
    }

    func products(for productIDs: [String]) async throws -> ProductsResponse {
        try await inner.products(for: productIDs)
    }

    func canMakePayments() async -> Bool { await inner.canMakePayments() }

    func purchase(_ request: PurchaseRequest) async throws -> ProviderPurchaseResult {
        switch try await inner.purchase(request) {
        case .purchased(let transaction): .purchased(Self.tampered(transaction))
        case let other: other
        }
    }

    func restore() async throws -> [StoreTransaction] {
        try await inner.restore().map(Self.tampered)
    }

    func unfinishedTransactions() async throws -> [StoreTransaction] {
        try await inner.unfinishedTransactions().map(Self.tampered)
    }

    func finish(_ transaction: StoreTransaction) async throws {
        try await inner.finish(transaction)
    }

    var transactionUpdates: AsyncStream<StoreTransaction> {
        let updates = inner.transactionUpdates
        let (stream, continuation) = AsyncStream.makeStream(of: StoreTransaction.self)
        let task = Task {
            for await update in updates { continuation.yield(Self.tampered(update)) }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
