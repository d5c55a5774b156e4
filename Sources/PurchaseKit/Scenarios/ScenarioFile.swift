import Foundation
import PropertyList
import PurchaseCatalog
import PurchaseCore
public import SimulatedAppStore

/// Reads a scenario property list (format: `Catalog/Scenarios/README.md`) into a `Scenario`: the
/// catalog it names (relative to the scenario file) loaded and validated, the session overrides,
/// the steps with their positions.
///
/// Every problem is collected in one pass and reported as `path:line:column: error: message`.
public enum ScenarioFile {
    /// Loads the scenario at `path`.
    ///
    /// - Throws: ``ScenarioFileError/missingFile(_:)`` when the scenario or its catalog does not exist,
    ///   ``ScenarioFileError/invalid(_:)`` with every diagnostic otherwise.
    public static func load(path: String) throws(ScenarioFileError) -> Scenario {
        guard FileManager.default.fileExists(atPath: path) else { throw .missingFile(path) }
        let root: PropertyListNode
        do {
            root = try PropertyListReader().read(contentsOfFile: path)
        } catch {
            throw .invalid(["\(path):\(error.location.line):\(error.location.column): error: \(error.message)"])
        }
        var parser = ScenarioParser(path: path)
        let parsed = parser.parse(root)
        guard parser.problems.isEmpty, let parsed else { throw .invalid(parser.problems) }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent()
        let catalogPath =
            parsed.catalog.hasPrefix("/") ? parsed.catalog : base.appendingPathComponent(parsed.catalog).path
        guard FileManager.default.fileExists(atPath: catalogPath) else { throw .missingFile(catalogPath) }
        let result = CatalogLoader().load(contentsOfFile: catalogPath)
        guard let catalog = result.catalog, !result.hasErrors else {
            throw .invalid(result.errors.map(\.description))
        }
        return Scenario(name: parsed.name, catalog: catalog, settings: parsed.settings, steps: parsed.steps)
    }
}
