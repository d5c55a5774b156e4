/// Why a property list could not be read, and where.
///
/// Every error carries the 1-based line and column of the problem (the start of the document when
/// there is no better place), a ``Reason`` with the details (what was expected, what was found, the
/// limit...) and the same in one English sentence, ``message``. ``description`` prints it in the
/// compiler's format, `path:line:column: error: message`. A module that shows errors to people renders
/// ``reason`` from its own localized texts rather than showing ``message``.
public struct PropertyListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The broad kind of failure; new kinds may be added.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The bytes are not well-formed XML (libxml2's own diagnosis).
        public static let malformedXML = Kind("malformedXML")
        /// Well-formed XML that is not a valid property list (unknown element, bad integer...).
        public static let invalidPropertyList = Kind("invalidPropertyList")
        /// Refused for safety: entity declarations, external DTDs, nesting or size beyond the limits.
        public static let refused = Kind("refused")
        /// The file could not be read.
        public static let io = Kind("io")

        /// The kind's name.
        public var description: String { name }
    }

    /// The broad kind of failure.
    public var kind: Kind
    /// What went wrong, with the details a message needs; ``message`` says the same in English.
    public var reason: Reason
    /// What went wrong and what was expected, in one line of English (``Reason/description``), for
    /// developers and logs; people should see ``reason`` rendered in their language.
    public var message: String
    /// The file the document came from, when it came from a file.
    public var path: String?
    /// Where in the document the problem is.
    public var location: SourceLocation

    /// Creates an error for a reason; its ``message`` is the reason's English sentence.
    public init(_ kind: Kind, _ reason: Reason, path: String? = nil, at location: SourceLocation) {
        self.kind = kind
        self.reason = reason
        self.message = reason.description
        self.path = path
        self.location = location
    }

    /// Creates an error from an English sentence alone; its ``reason`` is ``Reason/other(_:)``, which
    /// cannot be translated. Prefer the initializer that takes a ``Reason``.
    public init(_ kind: Kind, _ message: String, path: String? = nil, at location: SourceLocation) {
        self.init(kind, .other(message), path: path, at: location)
    }

    /// `path:line:column: error: message` (`<input>` when there is no path).
    public var description: String {
        "\(path ?? "<input>"):\(location.line):\(location.column): error: \(message)"
    }
}
