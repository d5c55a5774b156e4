public import PurchaseCore

/// What loading a catalog produced: the catalog when it is valid, and every diagnostic.
public struct CatalogLoadResult: Sendable {
    /// The catalog, present exactly when there is no error (warnings allow it).
    public var catalog: Catalog?
    /// The problems found, ordered by location in the file: every one, up to ``keptDiagnostics``
    /// errors and as many warnings (the first found); the rest are only counted.
    public var diagnostics: [Diagnostic]
    /// Errors found beyond the first ``keptDiagnostics``, not kept.
    public var omittedErrors: Int
    /// Warnings found beyond the first ``keptDiagnostics``, not kept.
    public var omittedWarnings: Int

    /// How many errors, and how many warnings, a load keeps: enough for any catalog a person
    /// fixes by hand, and a bound on the time and memory a hostile file (millions of unknown
    /// keys) can make validation spend.
    public static let keptDiagnostics = 1000

    /// Creates a result.
    public init(catalog: Catalog?, diagnostics: [Diagnostic], omittedErrors: Int = 0, omittedWarnings: Int = 0) {
        self.catalog = catalog
        self.diagnostics = diagnostics
        self.omittedErrors = omittedErrors
        self.omittedWarnings = omittedWarnings
    }

    /// How many errors were found, kept or not.
    public var errorCount: Int { errors.count + omittedErrors }
    /// How many warnings were found, kept or not.
    public var warningCount: Int { warnings.count + omittedWarnings }

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
