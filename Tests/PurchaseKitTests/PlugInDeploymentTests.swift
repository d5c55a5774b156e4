import Foundation
import PurchaseKit
import PurchaseTesting
import Testing

/// A deployment built only from the registry: a provider registered from outside brings its
/// verifier and is started, flushed and closed; the catalog chooses the ledger; nothing is cast to
/// a built-in type.
struct PlugInDeploymentTests {
    /// What happened to the outside provider, in order.
    final class Journal: Sendable {
        let events = Locked<[String]>([])
        func record(_ event: String) { events.withLock { $0.append(event) } }
        var all: [String] { events.withLock { $0 } }
    }

    /// A store of its own, over the in-memory provider, that records its lifecycle.
    struct OutsideStore: StoreProvider {
        let base: InMemoryStoreProvider
        let journal: Journal
        var storeName: String { base.storeName }

        func products(for productIDs: [String]) async throws -> ProductsResponse {
            try await base.products(for: productIDs)
        }
        func canMakePayments() async -> Bool { await base.canMakePayments() }
        func purchase(_ request: PurchaseRequest) async throws -> ProviderPurchaseResult {
            try await base.purchase(request)
        }
        func restore() async throws -> [StoreTransaction] { try await base.restore() }
        func unfinishedTransactions() async throws -> [StoreTransaction] { await base.unfinishedTransactions() }
        func finish(_ transaction: StoreTransaction) async throws { await base.finish(transaction) }
        var transactionUpdates: AsyncStream<StoreTransaction> { base.transactionUpdates }

        var receiptVerifier: (any ReceiptVerifier)? { Verifier(journal: journal) }
        func start() async throws { journal.record("start") }
        func flush() async throws { journal.record("flush") }
        func close() async { journal.record("close") }
    }

    /// Accepts every transaction, recording that it was asked.
    struct Verifier: ReceiptVerifier {
        let journal: Journal
        func verify(_ transaction: StoreTransaction) async throws -> StoreTransaction {
            journal.record("verify \(transaction.productID)")
            return transaction
        }
    }

    private func catalog(ledger: LedgerConfiguration) throws -> Catalog {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var catalog = try CatalogLoader().load(
            contentsOfFile: root.appendingPathComponent("Catalog/Default.plist").path
        )
        .get()
        catalog.deployment.providers = [ProviderConfiguration(kind: "outside")]
        catalog.deployment.ledger = ledger
        return catalog
    }

    @Test func anOutsideProviderBringsItsVerifierAndItsLifecycle() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("plug-in-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let journal = Journal()
        var registry = ProviderRegistry.builtIn
        registry.register("outside") { context in
            OutsideStore(base: InMemoryStoreProvider(catalog: context.catalog, storeName: "outside"), journal: journal)
        }
        let catalog = try catalog(ledger: LedgerConfiguration(kind: .memory))
        let deployment = try PurchaseDeployment.open(catalog: catalog, stateDirectory: state, registry: registry)
        try await deployment.start()
        guard case .purchased = await deployment.store.purchase("com.example.gems.100") else {
            Issue.record("the outside store did not sell")
            return
        }
        #expect(try await deployment.store.entitlements().balances["gems"] == 100)
        await deployment.close()
        #expect(journal.all == ["start", "verify com.example.gems.100", "flush", "close"])
        // The memory ledger wrote nothing: the state folder was never made.
        #expect(!FileManager.default.fileExists(atPath: state.path))
    }

    @Test func theCatalogChoosesTheLedgerAndItsKindIsCheckedFirst() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("plug-in-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        var registry = ProviderRegistry.builtIn
        registry.register("outside") { context in
            OutsideStore(
                base: InMemoryStoreProvider(catalog: context.catalog, storeName: "outside"), journal: Journal())
        }
        let unknown = try catalog(ledger: LedgerConfiguration(kind: "cassandra"))
        let error = #expect(throws: PurchaseError.self) {
            try PurchaseDeployment.open(catalog: unknown, stateDirectory: state, registry: registry)
        }
        #expect(error?.code == .providerMisconfigured)
        let badFolder = try catalog(ledger: LedgerConfiguration(kind: .file, settings: ["Folder": true]))
        #expect(throws: PurchaseError.self) {
            try PurchaseDeployment.open(catalog: badFolder, stateDirectory: state, registry: registry)
        }
        #expect(!FileManager.default.fileExists(atPath: state.path))

        // The file ledger in a folder of its own keeps deliveries across opens.
        let own = try catalog(ledger: LedgerConfiguration(kind: .file, settings: ["Folder": "deliveries"]))
        let deployment = try PurchaseDeployment.open(catalog: own, stateDirectory: state, registry: registry)
        try await deployment.start()
        _ = await deployment.store.purchase("com.example.gems.100")
        await deployment.close()
        let reopened = try PurchaseDeployment.open(catalog: own, stateDirectory: state, registry: registry)
        #expect(try await reopened.ledger.contents().deliveries.map(\.productID) == ["com.example.gems.100"])
        await reopened.close()
        #expect(FileManager.default.fileExists(atPath: state.appendingPathComponent("deliveries/ledger.log").path))
        #expect(!FileManager.default.fileExists(atPath: state.appendingPathComponent("purchases.log").path))
    }
}
