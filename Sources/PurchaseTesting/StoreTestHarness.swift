public import Foundation
public import PurchaseCore

/// A `Store` over an ``InMemoryStoreProvider`` and an `InMemoryFulfillmentLedger` on a
/// `ManualClock`: the whole purchase flow in memory, ready for a test.
///
/// ```swift
/// @Test func gemsAreCreditedOnce() async throws {
///     let harness = StoreTestHarness(catalog: myCatalog)
///     await harness.provider.script("gems.100", .crashBeforeFinish)
///     _ = await harness.store.purchase("gems.100")
///     _ = await harness.relaunched().start()   // redelivered, not delivered twice
///     #expect(try await harness.store.entitlements().balances["gems"] == 100)
/// }
/// ```
///
/// Guarantees: ``relaunched()`` returns a new store on the same provider, ledger and clock, with the
/// same grace period and verifiers, as an app sees them after it is killed and started again;
/// nothing is shared with other harnesses.
public struct StoreTestHarness: Sendable {
    /// The deployment's catalog.
    public let catalog: Catalog
    /// The clock every part runs on; advance it to expire subscriptions.
    public let clock: ManualClock
    /// The scriptable store.
    public let provider: InMemoryStoreProvider
    /// The ledger deliveries are recorded in.
    public let ledger: InMemoryFulfillmentLedger
    /// The store under test.
    public let store: Store
    private let gracePeriod: TimeInterval
    private let verifiers: [String: any ReceiptVerifier]

    /// Creates a harness for `catalog`.
    ///
    /// - Parameters:
    ///   - catalog: the products; its deployment's first provider kind names the in-memory store.
    ///   - gracePeriod: the store's billing grace period for auto-renewable subscriptions.
    ///   - verifiers: verifiers by store name (default: the catalog check).
    public init(catalog: Catalog, gracePeriod: TimeInterval = 0, verifiers: [String: any ReceiptVerifier] = [:]) {
        self.catalog = catalog
        clock = ManualClock()
        provider = InMemoryStoreProvider(catalog: catalog, clock: clock)
        ledger = InMemoryFulfillmentLedger()
        self.gracePeriod = gracePeriod
        self.verifiers = verifiers
        store = Store(
            catalog: catalog,
            providers: [provider],
            ledger: ledger,
            verifiers: verifiers,
            clock: clock,
            gracePeriod: gracePeriod
        )
    }

    /// A new store on the same provider, ledger and clock (and grace period and verifiers), as after
    /// the app is relaunched. Call `Store.start()` on it to process what the provider hands back.
    public func relaunched() -> Store {
        Store(
            catalog: catalog, providers: [provider], ledger: ledger, verifiers: verifiers, clock: clock,
            gracePeriod: gracePeriod)
    }

    /// A new store on the same provider and clock (and grace period and verifiers) with an empty
    /// ledger, as after the app is deleted and installed again.
    public func reinstalled() -> Store {
        Store(
            catalog: catalog, providers: [provider], ledger: InMemoryFulfillmentLedger(), verifiers: verifiers,
            clock: clock, gracePeriod: gracePeriod)
    }
}
