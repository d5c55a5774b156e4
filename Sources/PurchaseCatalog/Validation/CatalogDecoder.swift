import PropertyList
import PurchaseCore

/// Turns a property-list tree into a `Catalog` in one pass, collecting every problem on the way.
///
/// Each dict is walked once: known keys go into local slots (a slot already filled is a duplicate key),
/// anything else is an unknown key. Sections are read in dependency order (storefronts, then the
/// deployment, then products) so each product is checked against them as it is read. Checks that would
/// only repeat an earlier error (a price against storefronts that failed to load) are skipped.
struct CatalogDecoder {
    let path: String?
    let knownProviderKinds: Set<ProviderKind>?
    let providerSettingsCheck: (@Sendable (ProviderConfiguration) -> [ProviderSettingError])?
    let providerSettingKeys: (@Sendable (ProviderKind) -> [String]?)?
    /// The registry's ledger kinds and checks, when the loader knows them.
    var ledgerChecks: CatalogLoader.LedgerChecks?
    /// The keys plug-ins registered for product dicts (`GooglePlay`).
    var productSettingsKeys: Set<String> = []
    /// The check of a product's dict for a plug-in (``CatalogLoader/productSettingsCheck``).
    var productSettingsCheck: CatalogLoader.ProductSettingsCheck?

    private(set) var diagnostics: [Diagnostic] = []
    private(set) var errorCount = 0
    private(set) var warningCount = 0
    /// Problems found beyond ``CatalogLoadResult/keptDiagnostics`` of their severity: counted, not kept.
    private(set) var omittedErrors = 0
    private(set) var omittedWarnings = 0

    /// Declared storefronts; `nil` when `Storefronts` is missing or not a dict (then prices go unchecked).
    var storefronts: [String: Storefront]? {
        didSet { storefrontList = storefronts.map { Array($0.values) } ?? [] }
    }
    /// The same storefronts as a list: comparing a few three-letter codes is cheaper than hashing one, and
    /// every price looks its storefront up.
    private(set) var storefrontList: [Storefront] = []
    /// The declared storefront codes in order, for suggestions; built when first needed.
    var sortedStorefrontCodes: [String]?
    /// The deployment's default storefront, when valid.
    var deploymentStorefront: String?
    /// The deployment's locale and the localization identifiers that satisfy it, when valid.
    var deploymentLocale: (identifier: String, accepted: [String])?
    /// The deployment's provider kinds, when they loaded.
    var providerKinds: Set<ProviderKind>?
    /// The first location of every product identifier seen so far.
    var productIDs: [String: SourceLocation] = [:]
    /// The `ProductID` of the product being read as written, valid or not, for messages; `nil` when the
    /// product has none (or it is not a non-empty string).
    var currentProductID: String?
    /// Products read as the parser streamed them, if it did.
    var productStream: ProductStream?
    /// Set by ``decode(_:)`` when the streamed products cannot stand for the file (a key repeated or
    /// ordered unusually): the caller must decode the whole tree afresh, without streaming.
    var needsWholeTree = false

    init(
        path: String?, knownProviderKinds: Set<ProviderKind>?,
        providerSettingsCheck: (@Sendable (ProviderConfiguration) -> [ProviderSettingError])? = nil,
        providerSettingKeys: (@Sendable (ProviderKind) -> [String]?)? = nil
    ) {
        self.path = path
        self.knownProviderKinds = knownProviderKinds
        self.providerSettingsCheck = providerSettingsCheck
        self.providerSettingKeys = providerSettingKeys
    }

    // MARK: - Reporting

    mutating func report(_ problem: CatalogProblem, at location: SourceLocation) {
        if problem.severity == .error {
            errorCount += 1
            if errorCount > CatalogLoadResult.keptDiagnostics {
                omittedErrors += 1
                return
            }
        } else {
            warningCount += 1
            if warningCount > CatalogLoadResult.keptDiagnostics {
                omittedWarnings += 1
                return
            }
        }
        diagnostics.append(Diagnostic(problem, path: path, at: location))
    }

    /// Puts the index of a known key's entry in `slot`, reporting a duplicate key when the slot is already
    /// filled (the last one wins, as in Foundation).
    ///
    /// Slots hold indices into the dict's entries rather than copies of them: copying entries costs a
    /// retain and a release per value, which adds up over tens of thousands of products.
    mutating func take(_ slot: inout Int?, _ index: Int, in entries: [PropertyListEntry]) {
        if let first = slot {
            report(.duplicateKey(entries[index].key, first: entries[first].keyLocation), at: entries[index].keyLocation)
        }
        slot = index
    }

    mutating func unknownKey(_ entry: PropertyListEntry, known: [String]) {
        let suggestion = ClosestMatch.find(entry.key, in: known)
        report(.unknownKey(entry.key, suggestion: suggestion, known: known), at: entry.keyLocation)
    }

    /// Reports every key of a dict with free-form keys that repeats an earlier one.
    mutating func reportDuplicateKeys(_ entries: [PropertyListEntry]) {
        guard entries.count > 1 else { return }
        if entries.count <= 16 {
            for index in 1..<entries.count {
                let key = entries[index].key
                for earlier in 0..<index where entries[earlier].key == key {
                    report(.duplicateKey(key, first: entries[earlier].keyLocation), at: entries[index].keyLocation)
                    break
                }
            }
        } else {
            var first: [String: SourceLocation] = [:]
            for entry in entries {
                if let location = first[entry.key] {
                    report(.duplicateKey(entry.key, first: location), at: entry.keyLocation)
                } else {
                    first[entry.key] = entry.keyLocation
                }
            }
        }
    }

    /// The dict of the product being read, for messages.
    var productContainer: CatalogContainer {
        .product(currentProductID)
    }

    // MARK: - Typed values

    mutating func dictionary(_ node: PropertyListNode, key: String) -> [PropertyListEntry]? {
        if case .dictionary(let entries) = node.value { return entries }
        report(.wrongType(key: key, expected: "dict", found: node.value.typeName), at: node.location)
        return nil
    }

    mutating func array(_ node: PropertyListNode, key: String) -> [PropertyListNode]? {
        if case .array(let elements) = node.value { return elements }
        report(.wrongType(key: key, expected: "array", found: node.value.typeName), at: node.location)
        return nil
    }

    mutating func string(_ node: PropertyListNode, key: String) -> String? {
        if case .string(let text) = node.value { return text }
        report(.wrongType(key: key, expected: "string", found: node.value.typeName), at: node.location)
        return nil
    }

    /// A string that must not be empty.
    mutating func text(_ node: PropertyListNode, key: String) -> String? {
        guard let text = string(node, key: key) else { return nil }
        if text.isEmpty {
            report(.emptyValue(key: key), at: node.location)
            return nil
        }
        return text
    }

    mutating func boolean(_ node: PropertyListNode, key: String) -> Bool? {
        if case .boolean(let value) = node.value { return value }
        report(.wrongType(key: key, expected: "boolean", found: node.value.typeName), at: node.location)
        return nil
    }

    /// An integer of at least `minimum` that fits an `Int`.
    mutating func integer(_ node: PropertyListNode, key: String, minimum: Int) -> Int? {
        guard case .integer(let number) = node.value else {
            report(.wrongType(key: key, expected: "integer", found: node.value.typeName), at: node.location)
            return nil
        }
        guard let value = number.intValue, value >= minimum else {
            report(.outOfRange(key: key, value: number.description, minimum: minimum), at: node.location)
            return nil
        }
        return value
    }

    /// One of a fixed set of spellings.
    mutating func choice<T: RawRepresentable & CaseIterable>(_ node: PropertyListNode, key: String, as type: T.Type)
        -> T? where T.RawValue == String
    {
        guard let text = string(node, key: key) else { return nil }
        if let value = T(rawValue: text) { return value }
        let allowed = T.allCases.map(\.rawValue)
        let suggestion = ClosestMatch.find(text, in: allowed)
        report(.invalidValue(key: key, value: text, allowed: allowed, suggestion: suggestion), at: node.location)
        return nil
    }

    mutating func period(_ node: PropertyListNode, key: String) -> SubscriptionPeriod? {
        guard let text = string(node, key: key) else { return nil }
        guard let period = SubscriptionPeriod(text) else {
            report(.invalidPeriod(key: key, value: text), at: node.location)
            return nil
        }
        return period
    }
}
