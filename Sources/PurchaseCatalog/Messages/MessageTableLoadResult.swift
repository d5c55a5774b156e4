/// A message table and the problems found while reading its files.
public struct MessageTableLoadResult: Sendable {
    /// The table; always usable, since what could not be read falls back to the built-in texts.
    public var table: MessageTable
    /// Every problem, each with the file, line and column; errors mean some texts were skipped.
    public var diagnostics: [Diagnostic]

    /// Creates a result.
    public init(table: MessageTable, diagnostics: [Diagnostic]) {
        self.table = table
        self.diagnostics = diagnostics
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
