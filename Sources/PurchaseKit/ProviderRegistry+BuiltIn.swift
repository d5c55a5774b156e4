import FileStore
import PostgresLedger
public import PurchaseCore
import SimulatedAppStore
import SimulatedGooglePlay

extension ProviderRegistry {
    /// The plug-ins PurchaseKit ships, ready to use: the providers `file` (`FileStoreProvider`),
    /// `simulated-app-store` (`SimulatedAppStoreProvider`) and `simulated-google-play`
    /// (`SimulatedGooglePlayProvider`, with its products' `GooglePlay` dict), and the ledgers `file`
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
        SimulatedGooglePlayProvider.register(in: &registry)
        FileFulfillmentLedger.register(in: &registry)
        InMemoryFulfillmentLedger.register(in: &registry)
        PostgresFulfillmentLedger.register(in: &registry)
        return registry
    }
}
