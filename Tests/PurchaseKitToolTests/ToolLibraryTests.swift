import Foundation
import PurchaseKit
import PurchaseKitCLI
import PurchaseTesting
import Testing

/// The tool's commands as a library: an app's own tool reads catalogs and opens deployments with
/// the registry it passes, so its own plug-ins work from every command.
struct ToolLibraryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `Catalog/Default.plist` sold through a provider kind `outside` with a `memory` ledger.
    private func outsideCatalog(in folder: URL) throws -> String {
        var text = try String(
            contentsOfFile: Self.root.appendingPathComponent("Catalog/Default.plist").path, encoding: .utf8)
        let provider = try #require(text.range(of: "<string>file</string>"))
        text.replaceSubrange(provider, with: "<string>outside</string>")
        if let start = text.range(of: "\t\t<key>ProviderSettings</key>"),
            let end = text.range(of: "\t\t</dict>\n", range: start.upperBound..<text.endIndex)
        {
            text.removeSubrange(start.lowerBound..<end.upperBound)
        }
        let anchor = try #require(text.range(of: "\t\t<key>Storefront</key>\n"))
        text.insert(
            contentsOf: "\t\t<key>Ledger</key>\n\t\t<dict><key>Kind</key><string>memory</string></dict>\n",
            at: anchor.lowerBound)
        let path = folder.appendingPathComponent("Outside.plist").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func commandsUseTheRegistryTheToolIsGiven() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tool-library-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try outsideCatalog(in: folder)
        var registry = ProviderRegistry.builtIn
        registry.register("outside") { context in InMemoryStoreProvider(catalog: context.catalog, storeName: "outside")
        }

        // The built-in registry does not know the kind: a catalog error (65), nothing opened.
        #expect(PurchaseKitCommandLine.run(["--locale", "en_US", "catalog", "validate", catalog]) == 65)
        #expect(PurchaseKitCommandLine.run(["catalog", "validate", catalog], registry: registry) == 0)
        let state = folder.appendingPathComponent("state").path
        #expect(
            PurchaseKitCommandLine.run(
                ["--catalog", catalog, "--state", state, "--json", "buy", "com.example.gems.100"], registry: registry)
                == 0)
        #expect(
            PurchaseKitCommandLine.run(["--catalog", catalog, "--state", state, "--json", "products"]) == 65)
        // The memory ledger kept nothing on disk.
        #expect(!FileManager.default.fileExists(atPath: state + "/purchases.log"))
    }
}
