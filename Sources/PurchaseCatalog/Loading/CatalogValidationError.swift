/// A catalog could not be used because it has errors; carries all of its diagnostics.
public struct CatalogValidationError: Error, Sendable, CustomStringConvertible {
    /// Every diagnostic of the catalog, errors and warnings, ordered by location; at least one is an error.
    public var diagnostics: [Diagnostic]

    /// Creates the error.
    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// Every diagnostic in the compiler's format, one after another.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
