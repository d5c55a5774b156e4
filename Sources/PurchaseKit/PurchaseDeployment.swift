public import FileStore
public import Foundation
public import Journal
public import PurchaseCatalog
public import PurchaseCore
import SimulatedAppStore

/// A deployment opened from its catalog: the providers the catalog names, the durable ledger in the
/// state folder, the `Store` running the purchase flow, and the message table people read.
///
/// Open one per process (or per independent user session) and ``close()`` it when done; several
/// processes may open the same state folder at once (the journals serialize them).
public final class PurchaseDeployment: Sendable {
    /// The deployment's catalog.
    public let catalog: Catalog
    /// The store running the flow over ``providers`` and ``ledger``.
    public let store: Store
    /// The providers, in the catalog's order (the first is the default for purchases).
    public let providers: [any StoreProvider]
    /// The fulfillment ledger, in `<state>/purchases.log` shared with the file store (or `<state>/ledger/`
    /// in a state folder of the previous layout).
    public let ledger: FileFulfillmentLedger
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
        catalog: Catalog, store: Store, providers: [any StoreProvider], ledger: FileFulfillmentLedger,
        messages: MessageTableLoadResult, catalogWarnings: [Diagnostic], locale: String, stateDirectory: URL,
        readOnly: Bool
    ) {
        self.catalog = catalog
        self.store = store
        self.providers = providers
        self.ledger = ledger
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
    ///   - registry: where provider kinds are looked up (`ProviderRegistry.builtIn` plus your own).
    ///   - clock: the clock of the store, the providers and the ledger's dates.
    ///   - ledgerOptions: the options of the journal the ledger and the file store share
    ///     (`<state>/purchases.log`), or of the ledger's own journal in a folder of the previous layout.
    ///   - readOnly: opens the state folder for reading only (all that listing products and history,
    ///     or showing entitlements as recorded, needs): the ledger's and the providers' journals are opened with
    ///     `JournalOptions.readOnly` (`ProviderContext.readOnly` tells the providers), so nothing in
    ///     the folder is created, written or repaired, a missing folder reads as empty, and a
    ///     read-only folder works. Do not `start()` the store of such a deployment: purchases,
    ///     restores and deliveries fail with `PurchaseError.Code.ledgerIOFailed`.
    /// - Throws: `PurchaseError.Code.catalogInvalid` with a `CatalogValidationError` (every
    ///   diagnostic) as the underlying error for a missing or invalid catalog, a provider kind
    ///   `registry` does not know and settings its providers' checks refuse included (each at its
    ///   line and column, found before the state folder is touched);
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
        // The file store (default StateFolder) and the ledger share the state folder's journal, so a
        // purchase costs one fsync; it is opened first so that the ledger's options apply to it. A
        // folder of the previous layout keeps its two journals.
        var ledgerOptions = ledgerOptions
        if readOnly { ledgerOptions.readOnly = true }
        var shared: PurchaseJournal?
        if !PurchaseJournal.usesSeparateJournals(stateDirectory: stateDirectory) {
            shared = try PurchaseJournal.open(stateDirectory: stateDirectory, options: ledgerOptions)
        }
        defer { shared?.close() }
        var providers: [any StoreProvider] = []
        for configuration in catalog.deployment.providers {
            let context = ProviderContext(
                catalog: catalog, configuration: configuration, stateDirectory: stateDirectory, clock: clock,
                readOnly: readOnly)
            do {
                providers.append(try registry.makeProvider(context))
            } catch {
                closeAll(providers)
                throw error as? PurchaseError
                    ?? PurchaseError(.providerMisconfigured, detail: String(describing: error), underlyingError: error)
            }
        }
        let ledger: FileFulfillmentLedger
        do {
            if let shared {
                ledger = try FileFulfillmentLedger(journal: shared)
            } else {
                ledger = try FileFulfillmentLedger(stateDirectory: stateDirectory, options: ledgerOptions)
            }
        } catch {
            closeAll(providers)
            throw error
        }
        // Providers that are not their own authority offer a verifier (the simulated App Store's receipts).
        var verifiers: [String: any ReceiptVerifier] = [:]
        for case let provider as SimulatedAppStoreProvider in providers {
            verifiers[provider.storeName] = provider.receiptVerifier
        }
        let store = Store(
            catalog: catalog, providers: providers, ledger: wrapLedger?(ledger) ?? ledger, verifiers: verifiers,
            clock: clock)
        return PurchaseDeployment(
            catalog: catalog, store: store, providers: providers, ledger: ledger,
            messages: MessageTable.forDeployment(catalog.deployment), catalogWarnings: catalogWarnings,
            locale: locale ?? catalog.deployment.locale, stateDirectory: stateDirectory, readOnly: readOnly)
    }

    /// The text of `message` in ``locale``.
    public func render(_ message: Message) -> String {
        messages.render(message, locale: locale)
    }

    /// The file store among the providers, if the deployment uses one.
    public var fileStore: FileStoreProvider? {
        providers.lazy.compactMap { $0 as? FileStoreProvider }.first
    }

    /// Stops the store, writes the finish marks the file store and ledger deferred, and closes the
    /// providers' and the ledger's journals. A failed write only means those transactions are handed
    /// back (and found already delivered) at the next open.
    ///
    /// It returns once nothing the deployment started is running: the store's listening has ended
    /// (`Store.stop()`) and the simulated App Store has finished its own work, so the process may
    /// exit right after.
    public func close() async {
        await store.stop()
        for provider in providers {
            await (provider as? SimulatedAppStoreProvider)?.close()
            try? await (provider as? FileStoreProvider)?.flush()
        }
        try? await ledger.flush()
        Self.closeAll(providers)
        ledger.close()
    }

    private static func closeAll(_ providers: [any StoreProvider]) {
        for provider in providers {
            (provider as? FileStoreProvider)?.close()
        }
    }
}
