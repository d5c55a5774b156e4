public import Foundation
public import PurchaseKit

/// The plug-ins of this package, and opening a deployment with them.
///
/// Guarantees: ``register(in:)`` adds the `web-checkout` provider (``WebCheckoutProvider``, which
/// vends ``WebCheckoutVerifier``) and the `sqlite` ledger (``SQLiteFulfillmentLedger``), each with
/// its setting keys and the check of its settings, and changes no other kind.
public enum CustomStorePlugIns {
    /// Adds this package's provider and ledger to `registry`.
    public static func register(in registry: inout ProviderRegistry) {
        WebCheckoutProvider.register(in: &registry)
        SQLiteFulfillmentLedger.register(in: &registry)
    }

    /// PurchaseKit's built-in plug-ins with this package's.
    public static var registry: ProviderRegistry {
        var registry = ProviderRegistry.builtIn
        register(in: &registry)
        return registry
    }

    /// The ledger `Catalog/WebShop.plist` names: `sqlite`, at `<state folder>/purchases.sqlite`.
    public static let defaultLedger = LedgerConfiguration(
        kind: SQLiteFulfillmentLedger.kind, settings: ["Path": .string(SQLiteLedgerSettings.defaultPath)])

    /// Loads a catalog with ``registry`` (kinds and settings of its provider and its `Ledger`
    /// checked, each problem at its line and column) and opens its deployment.
    ///
    /// - Parameter ledger: another ledger than the catalog's (a test's own database file), checked
    ///   before anything is created; `nil` keeps the catalog's.
    /// - Throws: `PurchaseError.Code.catalogInvalid` with the `CatalogValidationError` as the
    ///   underlying error; what `PurchaseDeployment.open(catalog:stateDirectory:...)` throws.
    public static func openDeployment(
        catalogPath: String, stateDirectory: URL, ledger: LedgerConfiguration? = nil,
        clock: any PurchaseClock = SystemClock(), readOnly: Bool = false
    ) throws(PurchaseError) -> PurchaseDeployment {
        let registry = registry
        let result = CatalogLoader(registry: registry).load(contentsOfFile: catalogPath)
        var catalog: Catalog
        do {
            catalog = try result.get()
        } catch {
            throw PurchaseError(
                .catalogInvalid, detail: "\(catalogPath): \(error.diagnostics.count) problem(s)", underlyingError: error
            )
        }
        if let ledger { catalog.deployment.ledger = ledger }
        return try PurchaseDeployment.open(
            catalog: catalog, stateDirectory: stateDirectory, registry: registry, clock: clock,
            catalogWarnings: result.warnings, readOnly: readOnly)
    }
}
