import FileStore
public import PurchaseCore
import SimulatedAppStore

extension ProviderRegistry {
    /// The providers PurchaseKit ships, ready to use: `file` (`FileStoreProvider`) and
    /// `simulated-app-store` (`SimulatedAppStoreProvider`).
    ///
    /// Copy it and `register(_:factory:)` your own kinds (or replace a built-in one) before opening
    /// a deployment with
    /// ``PurchaseDeployment/open(catalogPath:stateDirectory:locale:registry:clock:ledgerOptions:readOnly:)``.
    public static var builtIn: ProviderRegistry {
        var registry = ProviderRegistry()
        FileStoreProvider.register(in: &registry)
        SimulatedAppStoreProvider.register(in: &registry)
        return registry
    }
}
