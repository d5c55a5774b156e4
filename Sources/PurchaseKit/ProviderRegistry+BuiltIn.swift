import FileStore
import PostgresLedger
public import PurchaseCore
import SimulatedAppStore

extension ProviderRegistry {
    /// The plug-ins PurchaseKit ships, ready to use: the providers `file` (`FileStoreProvider`) and
    /// `simulated-app-store` (`SimulatedAppStoreProvider`), and the ledgers `file`
    /// (`FileFulfillmentLedger`, the default), `memory` (`InMemoryFulfillmentLedger`) and `postgres`
    /// (`PostgresFulfillmentLedger`, a PostgreSQL database shared by several servers).
    ///
    /// Copy it and `register(_:factory:)` your own kinds (or replace a built-in one) before opening
    /// a deployment with
    /// ``PurchaseDeployment/open(catalogPath:stateDirectory:locale:registry:clock:ledgerOptions:readOnly:)``.
    public static var builtIn: ProviderRegistry {
        var registry = ProviderRegistry()
        FileStoreProvider.register(in: &registry)
        SimulatedAppStoreProvider.register(in: &registry)
        FileFulfillmentLedger.register(in: &registry)
        InMemoryFulfillmentLedger.register(in: &registry)
        PostgresFulfillmentLedger.register(in: &registry)
        return registry
    }
}
