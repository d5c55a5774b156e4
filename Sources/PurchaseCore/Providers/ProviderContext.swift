public import Foundation

/// Everything a plug-in's factory gets to build it for one deployment.
public struct PlugInContext<Role>: Sendable {
    /// The deployment's catalog.
    public var catalog: Catalog
    /// This plug-in's entry of the deployment: its kind and its own settings.
    public var configuration: PlugInConfiguration<Role>
    /// The folder where the deployment keeps its state (`--state`, default `.purchasekit/`).
    public var stateDirectory: URL
    /// The clock the deployment runs on.
    public var clock: any PurchaseClock
    /// Whether the deployment only reads its state (a listing command): the plug-in opens what it
    /// keeps in ``stateDirectory`` without creating, writing or repairing anything (a missing state
    /// reads as empty), and refuses what would change it.
    public var readOnly: Bool
    /// What the deployment shares among its plug-ins (a journal the store and the ledger both use,
    /// options).
    public var resources: DeploymentResources

    /// Creates a context.
    public init(
        catalog: Catalog,
        configuration: PlugInConfiguration<Role>,
        stateDirectory: URL,
        clock: any PurchaseClock = SystemClock(),
        readOnly: Bool = false,
        resources: DeploymentResources = DeploymentResources()
    ) {
        self.catalog = catalog
        self.configuration = configuration
        self.stateDirectory = stateDirectory
        self.clock = clock
        self.readOnly = readOnly
        self.resources = resources
    }
}

/// Everything a provider factory gets to build a provider for one deployment.
public typealias ProviderContext = PlugInContext<ProviderPlugIn>

/// Everything a ledger factory gets to build the fulfillment ledger of one deployment.
public typealias LedgerContext = PlugInContext<LedgerPlugIn>
