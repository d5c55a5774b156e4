import Foundation
import PurchaseKit
import Testing

/// `ScenarioFile.load(path:)`, which `import PurchaseKit` adds: a scenario's catalog is read with the
/// plug-ins PurchaseKit ships.
struct ScenarioFileBuiltInTests {
    /// `Catalog/Simulated.plist` with a `memory` ledger, and a scenario naming it, in a new folder.
    private func scenario() throws -> (path: String, folder: URL) {
        let root = PurchaseDeploymentTests.packageRoot
        var text = try String(
            contentsOfFile: root.appendingPathComponent("Catalog/Simulated.plist").path, encoding: .utf8)
        let anchor = try #require(text.range(of: "\t\t<key>Storefront</key>\n"))
        text.insert(
            contentsOf: "\t\t<key>Ledger</key>\n<dict><key>Kind</key><string>memory</string></dict>\n",
            at: anchor.lowerBound)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent("Catalog.plist"))
        let scenario = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            <key>Catalog</key><string>Catalog.plist</string>
            <key>Steps</key><array><string>restore</string></array>
            </dict>
            </plist>
            """
        let path = folder.appendingPathComponent("scenario.plist").path
        try Data(scenario.utf8).write(to: URL(fileURLWithPath: path))
        return (path, folder)
    }

    /// The catalog names a ledger kind only a registry with the built-in ledgers knows.
    @Test func readsTheCatalogWithTheBuiltInPlugIns() throws {
        let (path, folder) = try scenario()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try ScenarioFile.load(path: path)
        #expect(scenario.catalog.deployment.ledger.kind == .memory)
        #expect(scenario.steps.map(\.action.name) == ["restore"])
        var simulatedAlone = ProviderRegistry()
        SimulatedAppStoreProvider.register(in: &simulatedAlone)
        #expect(throws: ScenarioFileError.self) { try ScenarioFile.load(path: path, registry: simulatedAlone) }
    }
}
