import Foundation
import PurchaseKit
import Testing

/// `PurchaseDeployment.open(..., readOnly: true)`: the deployment reads its state folder and
/// writes nothing there, whichever providers the catalog names.
struct ReadOnlyDeploymentTests {
    static let catalogs = ["Catalog/Default.plist", "Catalog/Simulated.plist"].map {
        PurchaseDeploymentTests.packageRoot.appendingPathComponent($0).path
    }

    /// Every file under `folder`, byte for byte.
    private func tree(_ folder: URL) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return contents }
        for case let name as String in walker {
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            contents[name] = isFolder.boolValue ? Data() : try Data(contentsOf: url)
        }
        return contents
    }

    @Test(arguments: catalogs)
    func aMissingStateFolderReadsAsEmptyAndIsNotCreated(_ catalog: String) async throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("read-only-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let state = parent.appendingPathComponent("state")
        let deployment = try PurchaseDeployment.open(catalogPath: catalog, stateDirectory: state, readOnly: true)
        #expect(deployment.readOnly)
        #expect(try await !deployment.store.products().products.isEmpty)
        #expect(try await deployment.store.entitlements().names.isEmpty)
        #expect(try await deployment.ledger.contents().deliveries.isEmpty)
        await deployment.close()
        #expect(!FileManager.default.fileExists(atPath: parent.path))
    }

    @Test(arguments: catalogs)
    func readingAFolderInUseChangesNothingAndBuyingIsRefused(_ catalog: String) async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("read-only-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let writer = try PurchaseDeployment.open(catalogPath: catalog, stateDirectory: state)
        await writer.store.start()
        guard case .purchased = await writer.store.purchase("com.example.gems.100") else {
            Issue.record("the writer's purchase did not go through")
            return
        }
        await writer.close()
        let before = try tree(state)
        let reader = try PurchaseDeployment.open(catalogPath: catalog, stateDirectory: state, readOnly: true)
        #expect(try await reader.store.entitlements().balances["gems"] == 100)
        guard case .failed = await reader.store.purchase("com.example.gems.100") else {
            Issue.record("a read-only deployment bought")
            return
        }
        await reader.close()
        #expect(try tree(state) == before)
    }
}
