public import Foundation

/// Maps provider kinds (`file`, `simulated-app-store`, or one of yours) to the factories that build
/// a provider from a deployment's settings.
///
/// A catalog names its provider kinds; opening a deployment looks each up here, so swapping the
/// catalog swaps the store. Registering a kind that exists replaces its factory.
public struct ProviderRegistry: Sendable {
    /// Builds a provider for a deployment.
    ///
    /// The factory reads its own keys from ``ProviderContext/configuration`` and throws
    /// ``PurchaseError/Code/providerMisconfigured`` for settings it cannot use.
    public typealias Factory = @Sendable (ProviderContext) throws -> any StoreProvider

    private var factories: [ProviderKind: Factory] = [:]

    /// Creates an empty registry.
    public init() {}

    /// Registers (or replaces) the factory for a kind.
    public mutating func register(_ kind: ProviderKind, factory: @escaping Factory) {
        factories[kind] = factory
    }

    /// The kinds registered, sorted.
    public var kinds: [ProviderKind] { factories.keys.sorted() }

    /// Builds the provider a configuration names.
    ///
    /// - Throws: ``PurchaseError/Code/providerMisconfigured`` when no factory is registered for the
    ///   kind, or the factory's own error.
    public func makeProvider(_ context: ProviderContext) throws -> any StoreProvider {
        guard let factory = factories[context.configuration.kind] else {
            let known = kinds.map(\.rawValue).joined(separator: ", ")
            throw PurchaseError(
                .providerMisconfigured,
                detail: "no provider of kind '\(context.configuration.kind)' is registered (known: \(known))"
            )
        }
        return try factory(context)
    }
}

/// Everything a provider factory gets to build a provider for one deployment.
public struct ProviderContext: Sendable {
    /// The deployment's catalog.
    public var catalog: Catalog
    /// This provider's entry of the deployment: its kind and its own settings.
    public var configuration: ProviderConfiguration
    /// The folder where the deployment keeps its state (`--state`, default `.purchasekit/`).
    public var stateDirectory: URL
    /// The clock the deployment runs on.
    public var clock: any PurchaseClock

    /// Creates a context.
    public init(
        catalog: Catalog,
        configuration: ProviderConfiguration,
        stateDirectory: URL,
        clock: any PurchaseClock = SystemClock()
    ) {
        self.catalog = catalog
        self.configuration = configuration
        self.stateDirectory = stateDirectory
        self.clock = clock
    }
}
