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
        #expect(deployment.provider(FileStoreProvider.self) != nil)
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

    /// Writes the shipped `catalog` with its deployment's `Provider` line followed by `settings`.
    private func catalog(_ name: String, provider: String, settings: String, in folder: URL) throws -> String {
        var text = try String(
            contentsOfFile: Self.packageRoot.appendingPathComponent("Catalog/\(name)").path, encoding: .utf8)
        if let start = text.range(of: "\t\t<key>ProviderSettings</key>"),
            let end = text.range(of: "\t\t</dict>\n", range: start.upperBound..<text.endIndex)
        {
            text.removeSubrange(start.lowerBound..<end.upperBound)
        }
        let line = "\t\t<string>\(provider)</string>\n"
        let range = try #require(text.range(of: "\t\t<key>Provider</key>\n"))
        let next = try #require(text.range(of: "\n", range: range.upperBound..<text.endIndex))
        text.replaceSubrange(
            range.lowerBound..<next.upperBound,
            with: "\t\t<key>Provider</key>\n" + line + "\t\t<key>ProviderSettings</key>\n\t\t<dict>\(settings)</dict>\n"
        )
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Settings the built-in providers cannot use, and an unknown provider kind, are catalog errors
    /// at their lines, found before the state folder is touched.
    @Test(arguments: [
        (
            "Default.plist", "file",
            "<key>CanMakePayments</key><string>no</string><key>CompactionThreshold</key><integer>0</integer>",
            [
                "setting 'CanMakePayments' of provider 'file' must be <true/> or <false/>",
                "setting 'CompactionThreshold' of provider 'file' must be an integer of 1 or more",
            ]
        ),
        (
            "Simulated.plist", "simulated-app-store",
            "<key>Environment</key><string>Beta</string><key>SimulatedErrors</key><dict><key>Purchse</key>"
                + "<integer>2</integer><key>Restor</key><integer>2</integer><key>Verification</key><string>bogus</string>"
                + "</dict><key>FaultRate</key><real>2</real><key>Persistence</key><string>Disk</string>",
            [
                "setting 'Environment' of provider 'simulated-app-store' must be one of: Production, Sandbox",
                "'SimulatedErrors.Purchse' is not a setting of provider 'simulated-app-store'; the keys here are: "
                    + "LoadProducts, Purchase, Restore, Verification",
                "'SimulatedErrors.Restor' is not a setting of provider 'simulated-app-store'; the keys here are: "
                    + "LoadProducts, Purchase, Restore, Verification",
                "setting 'SimulatedErrors.Verification' of provider 'simulated-app-store' must be a StoreKit error name "
                    + "such as paymentCancelled, or its number",
                "setting 'FaultRate' of provider 'simulated-app-store' must be a number from 0 to 1",
                "setting 'Persistence' of provider 'simulated-app-store' must be one of: Journal, Memory",
            ]
        ),
        ("Default.plist", "fiel", "", ["unknown provider kind 'fiel'; did you mean 'file'?"]),
    ])
    func unusableProviderSettingsAreCatalogErrors(name: String, provider: String, settings: String, messages: [String])
        throws
    {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try catalog(name, provider: provider, settings: settings, in: folder)
        let state = folder.appendingPathComponent("state")
        do {
            _ = try PurchaseDeployment.open(catalogPath: path, stateDirectory: state)
            Issue.record("a catalog with unusable settings opened")
        } catch {
            #expect(error.code == .catalogInvalid)
            let diagnostics = try #require(error.underlyingError as? CatalogValidationError).diagnostics
            #expect(diagnostics.filter { $0.severity == .error }.map(\.message) == messages)
            // At the settings' dict (line 14), or at the kind (line 12).
            let errors = diagnostics.filter { $0.severity == .error }
            #expect(errors.allSatisfy { $0.location.line == (settings.isEmpty ? 12 : 14) })
        }
        #expect(!FileManager.default.fileExists(atPath: state.path))
    }

    /// A setting key the provider does not read is a warning naming the closest one (a misspelt
    /// key was ignored without a word), for each built-in provider.
    @Test(arguments: [
        ("Default.plist", "file", "CanMakePayment", "CanMakePayments"),
        ("Simulated.plist", "simulated-app-store", "AskToBuyEnabld", "AskToBuyEnabled"),
    ])
    func aSettingKeyTheProviderDoesNotReadIsAWarning(name: String, provider: String, key: String, meant: String)
        throws
    {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try catalog(name, provider: provider, settings: "<key>\(key)</key><false/>", in: folder)
        let result = CatalogLoader(registry: .builtIn).load(contentsOfFile: path)
        #expect(result.catalog != nil)
        #expect(result.warnings.map(\.message) == ["unknown key '\(key)'; did you mean '\(meant)'?"])
        #expect(result.warnings.first?.location.line == 14)
        #expect(CatalogLoader().load(contentsOfFile: path).warnings.isEmpty, "without the registry, keys are not known")
    }

    /// A catalog built in code gets the same check when its deployment opens, before the state folder is touched.
    @Test func unusableSettingsOfACatalogBuiltInCodeLeaveTheStateFolderAlone() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var catalog = try CatalogLoader().load(contentsOfFile: Self.defaultCatalog).get()
        catalog.deployment.providers[0].settings["AutoRenew"] = .string("yes")
        let state = folder.appendingPathComponent("state")
        do {
            _ = try PurchaseDeployment.open(catalog: catalog, stateDirectory: state)
            Issue.record("unusable settings opened")
        } catch {
            #expect(error.code == .providerMisconfigured)
            let problem = try #require(error.underlyingError as? ProviderSettingError)
            #expect(problem == ProviderSettingError(.file, key: "AutoRenew", expected: .boolean))
        }
        #expect(!FileManager.default.fileExists(atPath: state.path))
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
