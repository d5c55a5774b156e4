public import Foundation
public import Journal
public import PurchaseCatalog
public import PurchaseCore

/// A deployment opened from its catalog: the providers and the ledger the catalog names, built by
/// the registry's plug-ins, the `Store` running the purchase flow, and the message table people read.
///
/// Open one per process (or per independent user session), ``start()`` it, and ``close()`` it when
/// done; several processes may open the same state folder at once (the journals serialize them).
///
/// Guarantees:
/// - Every provider kind, the ledger kind and their settings are checked before anything is
///   opened: bad settings leave nothing in the state folder.
/// - Resources the plug-ins share (the state folder's journal, for the file store and the file
///   ledger) are opened once, in ``resources``, and closed after the plug-ins.
/// - Nothing here depends on a plug-in's concrete type: providers and the ledger are used through
///   their protocols (lifecycle, verifier) only.
public final class PurchaseDeployment: Sendable {
    /// The deployment's catalog.
    public let catalog: Catalog
    /// The store running the flow over ``providers`` and ``ledger``.
    public let store: Store
    /// The providers, in the catalog's order (the first is the default for purchases).
    public let providers: [any StoreProvider]
    /// The fulfillment ledger the catalog's `Ledger` names (`file` by default: in `<state>/purchases.log`,
    /// shared with the file store).
    public let ledger: any FulfillmentLedger
    /// What the plug-ins share (the state folder's journal, the journal options).
    public let resources: DeploymentResources
    /// The built-in message tables with the catalog's `MessageTables` overrides.
    public let messages: MessageTable
    /// Problems found in the catalog's override tables (they are skipped; everything else applies).
    public let messageDiagnostics: [Diagnostic]
    /// Warnings the catalog loader reported (a valid catalog has no errors).
    public let catalogWarnings: [Diagnostic]
    /// The locale people's messages and product texts are rendered in.
    public let locale: String
    /// The state folder.
    public let stateDirectory: URL
    /// Whether the deployment only reads its state folder (see
    /// ``open(catalogPath:stateDirectory:locale:registry:clock:ledgerOptions:readOnly:)``).
    public let readOnly: Bool

    private init(
        catalog: Catalog, store: Store, providers: [any StoreProvider], ledger: any FulfillmentLedger,
        resources: DeploymentResources, messages: MessageTableLoadResult, catalogWarnings: [Diagnostic],
        locale: String, stateDirectory: URL, readOnly: Bool
    ) {
        self.catalog = catalog
        self.store = store
        self.providers = providers
        self.ledger = ledger
        self.resources = resources
        self.messages = messages.table
        self.messageDiagnostics = messages.diagnostics
        self.catalogWarnings = catalogWarnings
        self.locale = locale
        self.stateDirectory = stateDirectory
        self.readOnly = readOnly
    }

    /// Loads a catalog file and opens its deployment.
    ///
    /// - Parameters:
    ///   - catalogPath: the catalog property list, or an Xcode `.storekit` file (see `CatalogLoader`).
    ///   - stateDirectory: the state folder (created when missing, unless `readOnly`).
    ///   - locale: the language of messages; `nil` means the catalog's `Locale`.
    ///   - registry: where provider and ledger kinds are looked up (`ProviderRegistry.builtIn` plus your own).
    ///   - clock: the clock of the store, the providers and the ledger's dates.
    ///   - ledgerOptions: the options of the journals the file plug-ins open (the state folder's
    ///     `purchases.log` the file ledger and the file store share), supplied to every plug-in
    ///     through ``resources`` (`DeploymentResources.value(_:)`).
    ///   - readOnly: opens the state folder for reading only (all that listing products and history,
    ///     or showing entitlements as recorded, needs): the ledger's and the providers' journals are opened with
    ///     `JournalOptions.readOnly` (`ProviderContext.readOnly` tells the providers), so nothing in
    ///     the folder is created, written or repaired, a missing folder reads as empty, and a
    ///     read-only folder works. Do not `start()` the store of such a deployment: purchases,
    ///     restores and deliveries fail with `PurchaseError.Code.ledgerIOFailed`.
    /// - Throws: `PurchaseError.Code.catalogInvalid` with a `CatalogValidationError` (every
    ///   diagnostic) as the underlying error for a missing or invalid catalog, a provider kind
    ///   `registry` does not know and settings its providers' checks refuse included (each at its
    ///   line and column, found before the state folder is touched; the same for the ledger kind);
    ///   `PurchaseError.Code.ledgerIOFailed` with the `JournalError` when a journal cannot be opened
    ///   (a damaged journal, or one that lost acknowledged records, with its file and byte offset).
    public static func open(
        catalogPath: String,
        stateDirectory: URL,
        locale: String? = nil,
        registry: ProviderRegistry = .builtIn,
        clock: any PurchaseClock = SystemClock(),
        ledgerOptions: JournalOptions = JournalOptions(),
        readOnly: Bool = false
    ) throws(PurchaseError) -> PurchaseDeployment {
        try open(
            catalogPath: catalogPath, stateDirectory: stateDirectory, locale: locale, registry: registry, clock: clock,
            ledgerOptions: ledgerOptions, readOnly: readOnly, wrapLedger: nil)
    }

    /// ``open(catalogPath:stateDirectory:locale:registry:clock:ledgerOptions:readOnly:)`` with the store's
    /// ledger wrapped (for the tool's crash-test hooks), and the catalog already `read` (with
    /// `CatalogLoader(registry: registry)`) when the caller has it.
    package static func open(
        catalogPath: String,
        read: CatalogLoadResult? = nil,
        stateDirectory: URL,
        locale: String?,
        registry: ProviderRegistry,
        clock: any PurchaseClock,
        ledgerOptions: JournalOptions,
        readOnly: Bool = false,
        wrapLedger: (@Sendable (any FulfillmentLedger) -> any FulfillmentLedger)?
    ) throws(PurchaseError) -> PurchaseDeployment {
        // Kinds and settings are checked as the catalog is read, so their problems get a line and column.
        let result = read ?? CatalogLoader(registry: registry).load(contentsOfFile: catalogPath)
        let catalog: Catalog
        do {
            catalog = try result.get()
        } catch {
            throw PurchaseError(
                .catalogInvalid, detail: "\(catalogPath): \(error.diagnostics.count) problem(s)", underlyingError: error
            )
        }
        return try open(
            catalog: catalog, stateDirectory: stateDirectory, locale: locale, registry: registry, clock: clock,
            ledgerOptions: ledgerOptions, catalogWarnings: result.warnings, readOnly: readOnly, wrapLedger: wrapLedger)
    }

    /// Opens the deployment of a catalog already loaded (or built in code).
    ///
    /// - Throws: as ``open(catalogPath:stateDirectory:locale:registry:clock:ledgerOptions:readOnly:)``
    ///   does, except for catalog problems.
    public static func open(
        catalog: Catalog,
        stateDirectory: URL,
        locale: String? = nil,
        registry: ProviderRegistry = .builtIn,
        clock: any PurchaseClock = SystemClock(),
        ledgerOptions: JournalOptions = JournalOptions(),
        catalogWarnings: [Diagnostic] = [],
        readOnly: Bool = false
    ) throws(PurchaseError) -> PurchaseDeployment {
        try open(
            catalog: catalog, stateDirectory: stateDirectory, locale: locale, registry: registry, clock: clock,
            ledgerOptions: ledgerOptions, catalogWarnings: catalogWarnings, readOnly: readOnly, wrapLedger: nil)
    }

    private static func open(
        catalog: Catalog,
        stateDirectory: URL,
        locale: String?,
        registry: ProviderRegistry,
        clock: any PurchaseClock,
        ledgerOptions: JournalOptions,
        catalogWarnings: [Diagnostic],
        readOnly: Bool,
        wrapLedger: (@Sendable (any FulfillmentLedger) -> any FulfillmentLedger)?
    ) throws(PurchaseError) -> PurchaseDeployment {
        guard !catalog.deployment.providers.isEmpty else {
            throw PurchaseError(.providerMisconfigured, detail: "the deployment names no provider")
        }
        // Before anything is opened: bad settings must not leave files in the state folder.
        for configuration in catalog.deployment.providers { try registry.check(configuration) }
        try registry.check(catalog.deployment.ledger)
        var journalOptions = ledgerOptions
        if readOnly { journalOptions.readOnly = true }
        let resources = DeploymentResources(values: [journalOptions])
        // On a failure, what was built is dropped: its files close as it goes.
        var providers: [any StoreProvider] = []
        for configuration in catalog.deployment.providers {
            let context = ProviderContext(
                catalog: catalog, configuration: configuration, stateDirectory: stateDirectory, clock: clock,
                readOnly: readOnly, resources: resources)
            providers.append(try plugIn { try registry.makeProvider(context) })
        }
        let ledgerContext = LedgerContext(
            catalog: catalog, configuration: catalog.deployment.ledger, stateDirectory: stateDirectory, clock: clock,
            readOnly: readOnly, resources: resources)
        let ledger = try plugIn { try registry.makeLedger(ledgerContext) }
        // Providers that are not their own authority offer the verifier that fits their transactions.
        var verifiers: [String: any ReceiptVerifier] = [:]
        for provider in providers {
            if let verifier = provider.receiptVerifier { verifiers[provider.storeName] = verifier }
        }
        let store = Store(
            catalog: catalog, providers: providers, ledger: wrapLedger?(ledger) ?? ledger, verifiers: verifiers,
            clock: clock)
        return PurchaseDeployment(
            catalog: catalog, store: store, providers: providers, ledger: ledger, resources: resources,
            messages: MessageTable.forDeployment(catalog.deployment), catalogWarnings: catalogWarnings,
            locale: locale ?? catalog.deployment.locale, stateDirectory: stateDirectory, readOnly: readOnly)
    }

    /// Runs a plug-in's factory; an error that is not a `PurchaseError` becomes
    /// `PurchaseError.Code.providerMisconfigured`.
    private static func plugIn<PlugIn>(_ make: () throws -> PlugIn) throws(PurchaseError) -> PlugIn {
        do {
            return try make()
        } catch {
            throw error as? PurchaseError
                ?? PurchaseError(.providerMisconfigured, detail: String(describing: error), underlyingError: error)
        }
    }

    /// Starts the store, then the providers (`StoreProvider.start()`): the store listens to every
    /// provider's updates before any provider starts, so nothing a provider reports from `start()`
    /// is missed, and transactions the providers hand back (unfinished at the last close, or arrived
    /// meanwhile) are delivered, once.
    ///
    /// - Throws: the first provider's error; the providers after it are not started (close the
    ///   deployment then).
    public func start() async throws {
        await store.start()
        for provider in providers { try await provider.start() }
    }

    /// The text of `message` in ``locale``.
    public func render(_ message: Message) -> String {
        messages.render(message, locale: locale)
    }

    /// The first provider that is a `Provider` (a capability such as `TransactionHistoryProviding`),
    /// if any.
    public func provider<Provider>(_ type: Provider.Type) -> Provider? {
        providers.lazy.compactMap { $0 as? Provider }.first
    }

    /// Stops the store, then flushes and closes the providers and the ledger, then the resources
    /// they share. A failed flush only means those transactions are handed back (and found already
    /// delivered) at the next open.
    ///
    /// It returns once nothing the deployment started is running: the store's listening has ended
    /// (`Store.stop()`) and every provider has finished its own work, so the process may exit right
    /// after.
    public func close() async {
        await store.stop()
        for provider in providers {
            try? await provider.flush()
            await provider.close()
        }
        try? await ledger.flush()
        await ledger.close()
        await resources.closeAll()
    }
}
