import Foundation
import PropertyList
import PurchaseCatalog
public import PurchaseCore
import SimulatedAppStore
import SimulatedGooglePlay

/// Reads a scenario property list (format: `Catalog/Scenarios/README.md`) into a `Scenario`: the
/// catalog it names (relative to the scenario file) loaded and validated, the session overrides,
/// the steps with their positions.
///
/// Every problem is collected in one pass, each a ``ScenarioDiagnostic`` (`path:line:column: error:
/// message`, the message in any language); an invalid catalog gives its own diagnostics.
public enum ScenarioFile {
    /// Loads the scenario at `path`.
    ///
    /// - Parameters:
    ///   - path: the scenario property list.
    ///   - registry: the provider and ledger kinds (and their settings checks) the scenario's catalog
    ///     is validated against; `PurchaseKit`'s `load(path:)` passes `ProviderRegistry.builtIn`. The
    ///     session's settings are checked by the own check of the simulated store the scenario drives
    ///     (``Scenario/store``), whatever the registry; so is every step (one the store has no meaning
    ///     for is a diagnostic at its position).
    /// - Throws: ``ScenarioFileError/missingFile(_:)`` when the scenario or its catalog does not exist,
    ///   ``ScenarioFileError/invalidCatalog(_:)`` with the catalog's errors when it is invalid or
    ///   cannot be read (the catalog must be a regular file: a FIFO, a device or a socket there is
    ///   refused without waiting for a writer, while the scenario itself may be a pipe), and
    ///   ``ScenarioFileError/invalid(_:)`` with every diagnostic of the scenario otherwise (a catalog
    ///   whose first provider is not `simulated-google-play` and that has no `simulated-app-store`
    ///   provider is one, at the scenario's `Catalog`).
    public static func load(path: String, registry: ProviderRegistry) throws(ScenarioFileError) -> Scenario {
        guard FileManager.default.fileExists(atPath: path) else { throw .missingFile(path) }
        let root: PropertyListNode
        do {
            root = try PropertyListReader().read(contentsOfFile: path)
        } catch {
            throw .invalid([ScenarioDiagnostic(.unreadable(error.reason), path: path, at: error.location)])
        }
        var parser = ScenarioParser(path: path)
        let parsed = parser.parse(root)
        guard parser.problems.isEmpty, let parsed else { throw .invalid(parser.problems) }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent()
        let catalogPath =
            parsed.catalog.hasPrefix("/") ? parsed.catalog : base.appendingPathComponent(parsed.catalog).path
        guard FileManager.default.fileExists(atPath: catalogPath) else { throw .missingFile(catalogPath) }
        // Found by the scenario, not given: a FIFO there is refused rather than waited for.
        let result = CatalogLoader(registry: registry).load(contentsOfRegularFile: catalogPath)
        guard let catalog = result.catalog, !result.hasErrors else {
            throw .invalidCatalog(result.errors)
        }
        let store = Scenario.store(of: catalog)
        guard store == .simulatedGooglePlay || catalog.deployment.providers.contains(where: { $0.kind == store })
        else {
            let problem = ScenarioProblem.noSimulatedAppStore(catalog: parsed.catalog)
            throw .invalid([ScenarioDiagnostic(problem, path: path, at: parsed.catalogLocation)])
        }
        parser.checkSettings(parsed.settings, for: store)
        let steps = parser.adapt(parsed.steps, to: store)
        guard parser.problems.isEmpty else { throw .invalid(parser.problems) }
        return Scenario(name: parsed.name, catalog: catalog, settings: parsed.settings, steps: steps)
    }
}
