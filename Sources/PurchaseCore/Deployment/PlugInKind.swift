/// What a deployment plug-in is for: a store provider. Marks ``ProviderKind``,
/// ``ProviderConfiguration`` and ``ProviderContext``.
public enum ProviderPlugIn {}

/// What a deployment plug-in is for: a fulfillment ledger. Marks ``LedgerKind``,
/// ``LedgerConfiguration`` and ``LedgerContext``.
public enum LedgerPlugIn {}

/// The name a plug-in is registered under: a provider kind (`file`, `simulated-app-store`) or a
/// ledger kind (`file`, `memory`), or one a user registers. `Role` keeps the two apart.
///
/// Kinds compare by their exact text. A catalog names its plug-ins by kind and a registry maps each
/// kind to a factory, so swapping a catalog swaps the store and the ledger.
public struct PlugInKind<Role>: RawRepresentable, Sendable, Hashable, Codable, Comparable,
    ExpressibleByStringLiteral, CustomStringConvertible, CodingKeyRepresentable
{
    /// The kind's text as a catalog writes it.
    public let rawValue: String

    /// Creates a kind from its text.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a kind from its text.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a kind from a string literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The kind's text.
    public var description: String { rawValue }

    /// Orders kinds by their text.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The kind as a dictionary key when encoding (so `[ProviderKind: String]` encodes as an object).
    public var codingKey: any CodingKey { KindKey(stringValue: rawValue) }

    /// Creates a kind from a dictionary key when decoding.
    public init?<T: CodingKey>(codingKey: T) {
        self.rawValue = codingKey.stringValue
    }

    /// Encodes the kind as its text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Decodes a kind from its text.
    public init(from decoder: any Decoder) throws {
        self.rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    private struct KindKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// The name a store provider is registered under.
public typealias ProviderKind = PlugInKind<ProviderPlugIn>

/// The name a fulfillment ledger is registered under.
public typealias LedgerKind = PlugInKind<LedgerPlugIn>

extension PlugInKind where Role == ProviderPlugIn {
    /// The file-backed provider that works with nothing installed or running.
    public static let file: ProviderKind = "file"
    /// The simulated Apple App Store.
    public static let simulatedAppStore: ProviderKind = "simulated-app-store"
}

extension PlugInKind where Role == LedgerPlugIn {
    /// The durable ledger in the state folder, sharing the file store's journal: the default.
    public static let file: LedgerKind = "file"
    /// A ledger in memory, gone when the process ends (tests, demonstrations).
    public static let memory: LedgerKind = "memory"
}

/// One plug-in a deployment uses: its kind and the plug-in's own settings, handed to its factory
/// unchanged.
public struct PlugInConfiguration<Role>: Sendable, Hashable, Codable {
    /// The registered kind that builds the plug-in.
    public var kind: PlugInKind<Role>
    /// The plug-in's own keys. Empty when the catalog gives none.
    public var settings: [String: SettingValue]

    /// Creates a configuration.
    public init(kind: PlugInKind<Role>, settings: [String: SettingValue] = [:]) {
        self.kind = kind
        self.settings = settings
    }
}

/// One store provider a deployment uses: its kind and the provider's own settings.
public typealias ProviderConfiguration = PlugInConfiguration<ProviderPlugIn>

/// The fulfillment ledger a deployment records deliveries in: its kind and the ledger's own settings.
public typealias LedgerConfiguration = PlugInConfiguration<LedgerPlugIn>

extension PlugInConfiguration where Role == LedgerPlugIn {
    /// The ledger of a catalog that names none: `file`, without settings.
    public static var `default`: LedgerConfiguration { LedgerConfiguration(kind: .file) }
}
