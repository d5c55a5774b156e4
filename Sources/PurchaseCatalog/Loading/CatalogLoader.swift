public import Foundation
public import PropertyList
public import PurchaseCore

/// Reads catalog files (CatalogVersion 1, see Catalog/README.md) into `Catalog` values, reporting every
/// problem in one pass.
///
/// Loading never throws and never stops at the first problem: it returns the catalog when there is no
/// error, together with every error and warning, each pointing at a line and column of the file.
/// A file that is not a readable property list yields exactly one error at the reader's position.
public struct CatalogLoader: Sendable {
    /// The reader used for files and data (its limits bound document size and depth).
    public var reader: PropertyListReader
    /// The provider kinds that may appear as `Provider` or a `Providers` entry's `Kind`; any other kind is
    /// an error naming the closest one. `nil` accepts any well-formed kind (the registry checks later).
    public var knownProviderKinds: Set<ProviderKind>?
    /// The settings problems of one provider entry (`ProviderRegistry.settingProblems(in:)`); each
    /// is an error at the setting's line and column. `nil` leaves settings to the provider's factory.
    public var providerSettingsCheck: (@Sendable (ProviderConfiguration) -> [ProviderSettingError])?
    /// The top-level setting keys a provider kind reads (`ProviderRegistry.settingKeys(of:)`); any
    /// other key of its settings is a warning naming the closest one. `nil` leaves the keys alone.
    public var providerSettingKeys: (@Sendable (ProviderKind) -> [String]?)?
    /// What the loader checks of the deployment's `Ledger`: its kind among those registered, each of
    /// its settings, and its keys (as for providers). `nil` accepts any well-formed kind and leaves
    /// settings to the ledger's factory.
    public var ledgerChecks: LedgerChecks?
    /// The keys plug-ins registered for product dicts (`ProviderRegistry.productSettingsKeys`, e.g.
    /// `GooglePlay`): each is read into `Product.storeSettings` instead of warned about as unknown.
    public var productSettingsKeys: [String] = []
    /// The problems of a product's dict for a plug-in (`ProviderRegistry.productSettingProblems`), each an
    /// error at its line and column; `nil` leaves the dicts unchecked.
    public var productSettingsCheck: ProductSettingsCheck?

    /// Checks a product's dict for a plug-in: its key, the dict, the product, the catalog's storefronts.
    public typealias ProductSettingsCheck =
        @Sendable (String, [String: SettingValue], Product, [String: Storefront]) -> [ProviderSettingError]

    /// The registry's view of ledgers, for checking a catalog's `Ledger` as it is read.
    public struct LedgerChecks: Sendable {
        /// The ledger kinds that may appear as `Ledger`'s `Kind`; any other is an error naming the closest.
        public var knownKinds: Set<LedgerKind>
        /// The problems of a ledger's settings (`ProviderRegistry.settingProblems(in:)`), each an error
        /// at the setting's line and column.
        public var settingProblems: @Sendable (LedgerConfiguration) -> [ProviderSettingError]
        /// The top-level setting keys a ledger kind reads; any other key of its settings is a warning.
        public var settingKeys: @Sendable (LedgerKind) -> [String]?

        /// Creates checks.
        public init(
            knownKinds: Set<LedgerKind>,
            settingProblems: @escaping @Sendable (LedgerConfiguration) -> [ProviderSettingError],
            settingKeys: @escaping @Sendable (LedgerKind) -> [String]?
        ) {
            self.knownKinds = knownKinds
            self.settingProblems = settingProblems
            self.settingKeys = settingKeys
        }
    }

    /// Creates a loader.
    public init(
        reader: PropertyListReader = PropertyListReader(), knownProviderKinds: Set<ProviderKind>? = nil,
        providerSettingsCheck: (@Sendable (ProviderConfiguration) -> [ProviderSettingError])? = nil
    ) {
        self.reader = reader
        self.knownProviderKinds = knownProviderKinds
        self.providerSettingsCheck = providerSettingsCheck
    }

    /// A loader that checks what `registry` knows: its provider and ledger kinds, and each one's
    /// settings with the check it registered, so a catalog that loads can be opened.
    public init(reader: PropertyListReader = PropertyListReader(), registry: ProviderRegistry) {
        self.init(
            reader: reader, knownProviderKinds: Set(registry.kinds),
            providerSettingsCheck: { registry.settingProblems(in: $0) })
        providerSettingKeys = { registry.settingKeys(of: $0) }
        ledgerChecks = LedgerChecks(
            knownKinds: Set(registry.ledgerKinds), settingProblems: { registry.settingProblems(in: $0) },
            settingKeys: { registry.settingKeys(of: $0) })
        productSettingsKeys = registry.productSettingsKeys
        productSettingsCheck = { key, settings, product, storefronts in
            registry.productSettingProblems(key, settings: settings, product: product, storefronts: storefronts)
        }
    }

    /// A decoder with every check this loader makes.
    private func makeDecoder(path: String?) -> CatalogDecoder {
        var decoder = CatalogDecoder(
            path: path, knownProviderKinds: knownProviderKinds, providerSettingsCheck: providerSettingsCheck,
            providerSettingKeys: providerSettingKeys)
        decoder.ledgerChecks = ledgerChecks
        decoder.productSettingsKeys = Set(productSettingsKeys)
        decoder.productSettingsCheck = productSettingsCheck
        return decoder
    }

    /// Loads the catalog file at `path`; diagnostics name `path` as given.
    ///
    /// A path ending in `.storekit` is an Xcode StoreKit configuration, imported with
    /// ``StoreKitConfigurationImporter``; any other path is a catalog property list.
    ///
    /// Products are validated while the file is read and each one's property-list subtree is freed at
    /// once, so peak memory stays near the size of the catalog built rather than of the whole tree.
    public func load(contentsOfFile path: String) -> CatalogLoadResult {
        load(contentsOfFile: path, requiringRegularFile: false)
    }

    /// Loads the catalog file at `path` as ``load(contentsOfFile:)`` does, for a catalog a program
    /// finds by itself rather than is given (the one a scenario names): a FIFO, a device or a socket at
    /// `path` is refused at once, without waiting for a writer, with one
    /// ``CatalogProblem/unreadableFile(_:)`` diagnostic (reason `notRegularFile`) naming it.
    public func load(contentsOfRegularFile path: String) -> CatalogLoadResult {
        load(contentsOfFile: path, requiringRegularFile: true)
    }

    private func load(contentsOfFile path: String, requiringRegularFile: Bool) -> CatalogLoadResult {
        if StoreKitConfigurationImporter.isStoreKitConfiguration(path: path) {
            let importer = StoreKitConfigurationImporter()
            return requiringRegularFile
                ? importer.load(contentsOfRegularFile: path) : importer.load(contentsOfFile: path)
        }
        return streamingLoad(path: path) { reader, stream throws(PropertyListError) in
            try reader.read(contentsOfFile: path, requiringRegularFile: requiringRegularFile, stream: stream)
        }
    }

    /// Loads a catalog from the bytes of an XML property list; `path` names it in diagnostics and is the
    /// base for a relative `MessageTables`.
    public func load(_ data: Data, path: String? = nil) -> CatalogLoadResult {
        streamingLoad(path: path) { reader, stream throws(PropertyListError) in
            try reader.read(data, path: path, stream: stream)
        }
    }

    /// Loads a catalog from an open descriptor (standard input, a pipe), read whole within the
    /// reader's `maximumDocumentSize` (`reader.limits`): an input that goes on past it is
    /// refused with one error one byte past the limit. The caller closes the descriptor; `path` names
    /// the input in diagnostics and is the base for a relative `MessageTables`.
    public func load(fileDescriptor: Int32, path: String? = nil) -> CatalogLoadResult {
        let bytes: [UInt8]
        do {
            bytes = try BoundedInput.contents(
                ofDescriptor: fileDescriptor, path: path, limit: reader.limits.maximumDocumentSize)
        } catch {
            return Self.result(for: error, path: path)
        }
        return load(Data(bytes), path: path)
    }

    /// Validates a property list already read, and turns it into a catalog when there is no error.
    public func load(_ root: PropertyListNode, path: String? = nil) -> CatalogLoadResult {
        var decoder = makeDecoder(path: path)
        let catalog = decoder.decode(root)
        return Self.result(catalog, decoder)
    }

    /// Reads with `read`, decoding the products as the reader streams them. When the file turns out to
    /// need the whole tree (a section repeated, or placed after `Products`), reads it again without
    /// streaming and decodes the tree as a whole; the result is the same either way.
    private func streamingLoad(
        path: String?, read: (PropertyListReader, ArrayStream?) throws(PropertyListError) -> PropertyListNode
    ) -> CatalogLoadResult {
        let box = DecoderBox(
            makeDecoder(path: path))
        let stream = ArrayStream(key: "Products") { element in box.decoder.streamProduct(element) }
        var root: PropertyListNode
        do {
            root = try read(reader, stream)
        } catch {
            return Self.result(for: error, path: path)
        }
        let catalog = box.decoder.decode(consume root)
        guard box.decoder.needsWholeTree else { return Self.result(catalog, box.decoder) }
        do {
            root = try read(reader, nil)
        } catch {
            return Self.result(for: error, path: path)
        }
        var decoder = makeDecoder(path: path)
        let whole = decoder.decode(consume root)
        return Self.result(whole, decoder)
    }

    private static func result(_ catalog: Catalog?, _ decoder: CatalogDecoder) -> CatalogLoadResult {
        let ordered = decoder.diagnostics.enumerated().sorted { lhs, rhs in
            lhs.element.location == rhs.element.location
                ? lhs.offset < rhs.offset : lhs.element.location < rhs.element.location
        }
        return CatalogLoadResult(
            catalog: catalog, diagnostics: ordered.map(\.element), omittedErrors: decoder.omittedErrors,
            omittedWarnings: decoder.omittedWarnings)
    }

    private static func result(for error: PropertyListError, path: String?) -> CatalogLoadResult {
        let problem: CatalogProblem =
            error.kind == .io ? .unreadableFile(error.reason) : .unreadableDocument(error.reason)
        let diagnostic = Diagnostic(problem, path: error.path ?? path, at: error.location)
        return CatalogLoadResult(catalog: nil, diagnostics: [diagnostic])
    }
}

/// Holds the decoder the stream's consumer mutates (a closure cannot capture an `inout` value).
private final class DecoderBox {
    var decoder: CatalogDecoder

    init(_ decoder: CatalogDecoder) {
        self.decoder = decoder
    }
}
