public import PurchaseCatalog

/// Why a scenario file gave no `Scenario`.
public enum ScenarioFileError: Error, Sendable {
    /// The scenario file, or the catalog it names, does not exist (the path).
    case missingFile(String)
    /// The scenario is malformed, or its catalog cannot run it: every problem, with its position.
    case invalid([ScenarioDiagnostic])
    /// The scenario's catalog is invalid: its error diagnostics.
    case invalidCatalog([Diagnostic])
}
