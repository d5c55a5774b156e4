import Foundation
import PurchaseKit
import PurchaseTesting
import Testing

struct PurchaseDeploymentTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let defaultCatalog = packageRoot.appendingPathComponent("Catalog/Default.plist").path

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("purchasekit-face-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func builtInRegistryHasTheFileStore() {
        #expect(ProviderRegistry.builtIn.kinds.contains(.file))
    }

    @Test func defaultDeploymentBuysDeliversAndKeepsItAcrossReopen() async throws {
        let state = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        var deployment = try PurchaseDeployment.open(catalogPath: Self.defaultCatalog, stateDirectory: state)
        #expect(deployment.locale == "en_US")
        #expect(deployment.fileStore != nil)
        let outcome = await deployment.store.purchase("com.example.gems.100", quantity: 2)
        guard case .purchased = outcome else {
            Issue.record("expected a purchase, got \(outcome)")
            return
        }
        #expect(
            deployment.render(Message(outcome: outcome, productName: "100 Gems"))
                == "Thank you! Your purchase of 100 Gems is complete.")
        await deployment.close()
        deployment = try PurchaseDeployment.open(
            catalogPath: Self.defaultCatalog, stateDirectory: state, locale: "ja_JP")
        #expect(deployment.locale == "ja_JP")
        #expect(try await deployment.store.entitlements().balances["gems"] == 200)
        await deployment.close()
    }

    @Test func invalidCatalogThrowsCatalogInvalidWithDiagnostics() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Bad.plist").path
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CatalogVersion</key><integer>7</integer></dict></plist>
            """.utf8
        ).write(to: URL(fileURLWithPath: path))
        do {
            _ = try PurchaseDeployment.open(catalogPath: path, stateDirectory: folder)
            Issue.record("an invalid catalog opened")
        } catch {
            #expect(error.code == .catalogInvalid)
            let diagnostics = try #require(error.underlyingError as? CatalogValidationError).diagnostics
            #expect(!diagnostics.isEmpty)
        }
    }

    @Test func unknownKindIsMisconfigured() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var catalog = try CatalogLoader().load(contentsOfFile: Self.defaultCatalog).get()
        catalog.deployment.providers = [ProviderConfiguration(kind: "nowhere")]
        #expect(throws: PurchaseError.self) { try PurchaseDeployment.open(catalog: catalog, stateDirectory: folder) }
    }

    @Test func usersRegisterTheirOwnKinds() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var catalog = try CatalogLoader().load(contentsOfFile: Self.defaultCatalog).get()
        catalog.deployment.providers = [ProviderConfiguration(kind: "memory")]
        var registry = ProviderRegistry.builtIn
        let memory = InMemoryStoreProvider(catalog: catalog)
        registry.register("memory") { _ in memory }
        let deployment = try PurchaseDeployment.open(catalog: catalog, stateDirectory: folder, registry: registry)
        guard case .purchased(let transaction) = await deployment.store.purchase("com.example.removeads") else {
            Issue.record("the memory provider did not sell")
            return
        }
        #expect(transaction.store == "memory")
        #expect(try await deployment.store.entitlements().contains("no-ads"))
        await deployment.close()
    }

    @Test func twoProvidersRouteByStoreIDsAndMergeEntitlements() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = try CatalogLoader().load(contentsOfFile: Self.defaultCatalog).get()
        let products = loaded.products.map { product in
            var product = product
            if product.productID == "com.example.levels.premium" { product.storeIDs = ["memory": "levels"] }
            return product
        }
        var deployment = loaded.deployment
        deployment.providers = [ProviderConfiguration(kind: .file), ProviderConfiguration(kind: "memory")]
        let catalog = Catalog(deployment: deployment, storefronts: loaded.storefronts, products: products)
        var registry = ProviderRegistry.builtIn
        let memory = InMemoryStoreProvider(catalog: catalog)
        registry.register("memory") { _ in memory }
        let opened = try PurchaseDeployment.open(catalog: catalog, stateDirectory: folder, registry: registry)
        #expect(opened.providers.map(\.storeName) == ["file", "memory"])
        guard case .purchased(let fromFile) = await opened.store.purchase("com.example.removeads"),
            case .purchased(let fromMemory) = await opened.store.purchase("com.example.levels.premium")
        else {
            Issue.record("a purchase failed")
            return
        }
        #expect(fromFile.store == "file" && fromMemory.store == "memory")
        let entitlements = try await opened.store.entitlements()
        #expect(entitlements.contains("no-ads") && entitlements.contains("premium-levels"))
        let restored = await opened.store.restore()
        #expect(Set(restored.restoredProductIDs) == ["com.example.removeads", "com.example.levels.premium"])
        await opened.close()
    }

    @Test func stateFolderThatIsAFileFailsWithLedgerIO() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("state")
        try Data("x".utf8).write(to: file)
        do {
            _ = try PurchaseDeployment.open(catalogPath: Self.defaultCatalog, stateDirectory: file)
            Issue.record("opened a state folder that is a file")
        } catch {
            #expect(error.code == .ledgerIOFailed)
            #expect(error.underlyingError is JournalError)
        }
    }
}
