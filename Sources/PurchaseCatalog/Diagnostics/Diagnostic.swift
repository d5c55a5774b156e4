public import PropertyList

/// One problem found in a catalog, with where it is and how to fix it.
///
/// ``description`` prints it the way compilers do, so editors and CI logs can jump to it: the problem
/// on one line and the fix on a `note:` line at the same place:
///
/// ```
/// Catalog/Default.plist:42:13: warning: unknown key 'Prise'; did you mean 'Prices'?
/// Catalog/Default.plist:42:13: note: rename the key to 'Prices', or remove it.
/// ```
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How bad a problem is.
    public enum Severity: String, Sendable, Hashable, Codable {
        /// The catalog cannot be used until it is fixed.
        case error
        /// The catalog loads, but probably does not say what its author meant.
        case warning
    }

    /// What is wrong, with its details; it decides ``severity``, ``message`` and ``hint``.
    public var problem: CatalogProblem
    /// The file the catalog came from, or `nil` when it did not come from a file.
    public var path: String?
    /// The 1-based line and column the problem points at.
    public var location: SourceLocation

    /// Creates a diagnostic.
    public init(_ problem: CatalogProblem, path: String? = nil, at location: SourceLocation) {
        self.problem = problem
        self.path = path
        self.location = location
    }

    /// Whether the problem is an error or a warning.
    public var severity: Severity { problem.severity }
    /// What is wrong, in one English sentence without a final period (see ``message(locale:table:)``).
    public var message: String { problem.message }
    /// How to fix it, in one English sentence.
    public var hint: String { problem.hint }

    /// `path:line:column: error|warning: message`, then a newline and `path:line:column: note: hint`, in
    /// English. The path is `<input>` when the catalog did not come from a file.
    public var description: String {
        description(locale: MessageTable.fallbackLanguage)
    }

    /// What is wrong, for a person using `locale`.
    public func message(locale: String, table: MessageTable = .builtIn) -> String {
        problem.message(locale: locale, table: table)
    }

    /// How to fix it, for a person using `locale`.
    public func hint(locale: String, table: MessageTable = .builtIn) -> String {
        problem.hint(locale: locale, table: table)
    }

    /// ``description`` with the message and the hint for a person using `locale`. The position and the
    /// words `error`, `warning` and `note` stay as compilers print them, so editors and CI logs still
    /// recognise the lines.
    public func description(locale: String, table: MessageTable = .builtIn) -> String {
        let place = "\(path ?? "<input>"):\(location.line):\(location.column)"
        let message = message(locale: locale, table: table)
        let hint = hint(locale: locale, table: table)
        return "\(place): \(severity.rawValue): \(message)\n\(place): note: \(hint)"
    }
}
