public import PropertyList
public import PurchaseCatalog

/// One problem found in a scenario file, with where it is.
///
/// ``description(locale:table:)`` prints it the way compilers do, `path:line:column: error: message`, with
/// the message in the person's language and the position and the word `error` as compilers print them.
public struct ScenarioDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, with its details.
    public var problem: ScenarioProblem
    /// The scenario file.
    public var path: String
    /// The 1-based line and column the problem points at.
    public var location: SourceLocation

    /// Creates a diagnostic.
    public init(_ problem: ScenarioProblem, path: String, at location: SourceLocation) {
        self.problem = problem
        self.path = path
        self.location = location
    }

    /// What is wrong, for a person using `locale`.
    public func message(locale: String, table: MessageTable = .builtIn) -> String {
        table.render(problem.messageText, locale: locale)
    }

    /// `path:line:column: error: message`, the message for a person using `locale`.
    public func description(locale: String, table: MessageTable = .builtIn) -> String {
        "\(path):\(location.line):\(location.column): error: \(message(locale: locale, table: table))"
    }

    /// `path:line:column: error: message`, in English.
    public var description: String {
        description(locale: MessageTable.fallbackLanguage)
    }
}
