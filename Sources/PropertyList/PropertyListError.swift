/// Why a property list could not be read, and where.
///
/// Every error carries the 1-based line and column of the problem (the start of the document when
/// there is no better place) and a sentence that says what was expected. ``description`` prints it
/// in the compiler's format, `path:line:column: error: message`.
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
    /// What went wrong and what was expected, in English (the tool localizes around it).
    public var message: String
    /// The file the document came from, when it came from a file.
    public var path: String?
    /// Where in the document the problem is.
    public var location: SourceLocation

    /// Creates an error.
    public init(_ kind: Kind, _ message: String, path: String? = nil, at location: SourceLocation) {
        self.kind = kind
        self.message = message
        self.path = path
        self.location = location
    }

    /// `path:line:column: error: message` (`<input>` when there is no path).
    public var description: String {
        "\(path ?? "<input>"):\(location.line):\(location.column): error: \(message)"
    }
}
