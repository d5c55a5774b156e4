public import Foundation
import Journal
public import PurchaseCore

// Opening the file store: on a state folder, on a journal shared with a ledger, or as a deployment's
// plug-in; which journal it writes to; and its registration.
extension FileStoreProvider {
    /// Opens (or creates) the store's journal: with the default ``FileStoreSettings/stateFolder``
    /// a ``PurchaseJournal`` of its own on `stateDirectory` (to share it with a ledger, open it
    /// yourself and use ``init(catalog:settings:journal:clock:)``), else `store.log` in that folder.
    ///
    /// - Parameters:
    ///   - catalog: the products it sells.
    ///   - settings: its settings.
    ///   - stateDirectory: the deployment's state folder; the journal goes in ``FileStoreSettings/stateFolder`` inside it.
    ///   - clock: the source of purchase dates and of "now" for expiry and renewals.
    ///   - readOnly: opens the journal read-only (a read-only deployment): nothing in the state
    ///     folder is created or written, a missing journal is an empty store, and purchases, finish
    ///     marks and renewals fail with `PurchaseError.Code.ledgerIOFailed`.
    /// - Throws: `PurchaseError.Code.ledgerIOFailed` with the `JournalError` (file and offset) as the
    ///   underlying error when the journal cannot be opened; `PurchaseError.Code.providerMisconfigured`
    ///   for a storefront the catalog does not declare.
    public convenience init(
        catalog: Catalog, settings: FileStoreSettings = FileStoreSettings(), stateDirectory: URL,
        clock: any PurchaseClock = SystemClock(), readOnly: Bool = false
    ) throws(PurchaseError) {
        let options = Self.journalOptions(settings, base: JournalOptions(readOnly: readOnly))
        try self.init(
            catalog: catalog, settings: settings, clock: clock,
            slot: Self.slot(settings, stateDirectory: stateDirectory, options: options) { () throws(PurchaseError) in
                try PurchaseJournal.open(stateDirectory: stateDirectory, options: options)
            })
    }

    /// Opens the store in `journal`, the journal it shares with a ``FileFulfillmentLedger``, whatever
    /// ``FileStoreSettings/stateFolder`` says. Takes one reference to `journal`, given back by `close()`.
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured` for a storefront the catalog does not
    ///   declare; `PurchaseError.Code.ledgerIOFailed` when `journal` is closed.
    public convenience init(
        catalog: Catalog, settings: FileStoreSettings = FileStoreSettings(), journal: PurchaseJournal,
        clock: any PurchaseClock = SystemClock()
    ) throws(PurchaseError) {
        try journal.retain()
        // The designated initializer gives the reference back when it throws.
        try self.init(catalog: catalog, settings: settings, clock: clock, slot: .shared(journal))
    }

    /// Builds the provider a deployment's configuration describes (the registry's factory for
    /// `file`): with the default ``FileStoreSettings/stateFolder`` on the state folder's journal the
    /// deployment shares (``PurchaseJournal/shared(in:stateDirectory:options:)``, with the
    /// `JournalOptions` the deployment supplies, if any), so that the file ledger records its
    /// deliveries in the same log.
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured` for unusable settings, or what
    ///   ``init(catalog:settings:stateDirectory:clock:readOnly:)`` throws.
    public convenience init(context: ProviderContext) throws(PurchaseError) {
        let settings = try FileStoreSettings(context.configuration.settings)
        var base = context.resources.value(JournalOptions.self) ?? JournalOptions()
        if context.readOnly { base.readOnly = true }
        let options = Self.journalOptions(settings, base: base)
        let slot = try Self.slot(settings, stateDirectory: context.stateDirectory, options: options) {
            () throws(PurchaseError) in
            let shared = try PurchaseJournal.shared(
                in: context.resources, stateDirectory: context.stateDirectory, options: options)
            try shared.retain()
            return shared
        }
        try self.init(catalog: context.catalog, settings: settings, clock: context.clock, slot: slot)
    }

    /// The journal options for the store: `base` with the store's compaction threshold.
    static func journalOptions(_ settings: FileStoreSettings, base: JournalOptions) -> JournalOptions {
        var options = base
        if let threshold = settings.compactionThreshold { options.compactionThreshold = threshold }
        return options
    }

    /// The shared journal `shared` gives for the default state folder, else the store's own journal.
    static func slot(
        _ settings: FileStoreSettings, stateDirectory: URL, options: JournalOptions,
        shared: () throws(PurchaseError) -> PurchaseJournal
    ) throws(PurchaseError) -> JournalSlot<FileStoreState> {
        if settings.stateFolder == FileStoreSettings.defaultStateFolder { return .shared(try shared()) }
        let directory =
            settings.stateFolder.hasPrefix("/")
            ? URL(fileURLWithPath: settings.stateFolder, isDirectory: true)
            : stateDirectory.appendingPathComponent(settings.stateFolder, isDirectory: true)
        do {
            return .own(try Journal<FileStoreState>.open(directory: directory, name: "store", options: options))
        } catch {
            throw PurchaseError(journal: error, what: "the file store cannot open its journal")
        }
    }

    /// Registers the file store under ``kind`` in `registry`, with the check of its settings
    /// (``FileStoreSettings/init(_:)``).
    public static func register(in registry: inout ProviderRegistry) {
        registry.register(
            kind, settingKeys: FileStoreSettings.keys, checkingSettings: { _ = try FileStoreSettings($0) }
        ) {
            context in
            try FileStoreProvider(context: context)
        }
    }
}
