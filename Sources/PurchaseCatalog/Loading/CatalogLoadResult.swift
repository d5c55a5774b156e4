public import PurchaseCore

/// What loading a catalog produced: the catalog when it is valid, and every diagnostic.
public struct CatalogLoadResult: Sendable {
    /// The catalog, present exactly when there is no error (warnings allow it).
    public var catalog: Catalog?
    /// Every problem found, ordered by location in the file.
    public var diagnostics: [Diagnostic]

    /// Creates a result.
    public init(catalog: Catalog?, diagnostics: [Diagnostic]) {
        self.catalog = catalog
        self.diagnostics = diagnostics
    }

    /// The diagnostics that are errors.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    /// The diagnostics that are warnings.
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
    /// Whether any diagnostic is an error (then ``catalog`` is `nil`).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The catalog, or a ``CatalogValidationError`` carrying every diagnostic when there is an error.
    public func get() throws(CatalogValidationError) -> Catalog {
        guard let catalog else { throw CatalogValidationError(diagnostics: diagnostics) }
        return catalog
    }
}
