/// The stable name of a text a person may see, and the arguments its text takes.
///
/// The raw value is the key in the message tables (`Localizable.strings` and `Localizable.stringsdict`);
/// it never changes once released, so deployment overrides keep working. Each module declares the keys
/// of the texts it shows as static members in an extension next to its code (``purchaseComplete`` here,
/// `catalogUnknownKey` in PurchaseCatalog, the command-line tool's in `purchasekit`) and lists them
/// (``coreKeys`` here), so tests and translators can check a table for completeness. A ``Message``
/// pairs a key with its arguments.
///
/// Two keys are equal when their raw values are: a raw value names one text, and no two modules
/// declare the same one (the package's tests check).
public struct MessageKey: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The key in the tables (`purchase.complete`).
    public let rawValue: String
    /// The arguments the key's text takes, in order; every table's text for the key uses exactly these
    /// (by position), and ``Message/arguments`` supplies them.
    public let argumentKinds: [MessageArgument.Kind]
    /// Whether the key's text depends on a count, so tables give it in `Localizable.stringsdict` with
    /// plural forms.
    public let isPlural: Bool

    /// Declares a key: its name in the tables, the arguments its text takes, and whether the text has
    /// plural forms (chosen by an integer among the arguments).
    public init(_ rawValue: String, arguments: [MessageArgument.Kind] = [], plural: Bool = false) {
        self.rawValue = rawValue
        self.argumentKinds = arguments
        self.isPlural = plural
    }

    /// The key named `rawValue`, as far as a name tells: it takes no arguments and has no plural forms.
    /// It equals the key a module declares under that name; use the declared one (``purchaseComplete``)
    /// for its arguments.
    public init(rawValue: String) {
        self.init(rawValue)
    }

    /// The raw value.
    public var description: String { rawValue }

    /// Whether both keys have the same raw value.
    public static func == (lhs: MessageKey, rhs: MessageKey) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    /// Hashes the raw value, the whole of a key's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }
}
