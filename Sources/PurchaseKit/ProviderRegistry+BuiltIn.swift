import FileStore
public import PurchaseCore

extension ProviderRegistry {
    /// The providers PurchaseKit ships, ready to use: `file` (``FileStoreProvider``).
    ///
    /// Copy it and ``register(_:factory:)`` your own kinds (or replace a built-in one) before opening
    /// a deployment with ``PurchaseDeployment/open(catalogPath:stateDirectory:locale:registry:clock:ledgerOptions:)``.
    public static var builtIn: ProviderRegistry {
        var registry = ProviderRegistry()
        FileStoreProvider.register(in: &registry)
        return registry
    }
}
