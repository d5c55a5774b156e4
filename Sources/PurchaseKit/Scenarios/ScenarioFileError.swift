/// Why a scenario file gave no `Scenario`.
public enum ScenarioFileError: Error, Sendable {
    /// The scenario file, or the catalog it names, does not exist (the path).
    case missingFile(String)
    /// The scenario or its catalog is malformed: each problem as `path:line:column: error: message`.
    case invalid([String])
}
