/// The name a store provider is registered under (`file`, `simulated-app-store`, or one a user registers).
///
/// Kinds compare by their exact text. A catalog names its provider by kind and a registry maps the kind to
/// a factory, so swapping a catalog swaps the store.
public struct ProviderKind: RawRepresentable, Sendable, Hashable, Codable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible, CodingKeyRepresentable
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

    /// The file-backed provider that works with nothing installed or running.
    public static let file: ProviderKind = "file"
    /// The simulated Apple App Store.
    public static let simulatedAppStore: ProviderKind = "simulated-app-store"

    /// The kind's text.
    public var description: String { rawValue }

    /// Orders kinds by their text.
    public static func < (lhs: ProviderKind, rhs: ProviderKind) -> Bool {
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
