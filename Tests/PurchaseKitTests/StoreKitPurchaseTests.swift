import Foundation
import PurchaseKit
import TestSupport
import Testing

/// A deployment opened on an Xcode `.storekit` file sells through the simulated App Store, with the
/// file's test-session settings in force.
struct StoreKitPurchaseTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let conformance = ConformanceCorpus.root.appendingPathComponent("storekit")
    static let fixtures = packageRoot.appendingPathComponent("Tests/PurchaseCatalogTests/Fixtures/StoreKit")

    /// The conformance folder's `.storekit` files; empty when the folder is absent.
    static let conformanceFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: conformance.path)) ?? []
        return names.filter { $0.hasSuffix(".storekit") }.sorted().map { conformance.appendingPathComponent($0).path }
    }()

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "purchasekit-storekit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The number of products a file declares, counted with Foundation's JSON parser.
    private func declaredCount(_ path: String) throws -> Int {
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let count = { (list: Any?) in (list as? [Any])?.count ?? 0 }
        let groups = (root["subscriptionGroups"] as? [[String: Any]]) ?? []
        return count(root["products"]) + count(root["nonRenewingSubscriptions"])
            + groups.reduce(0) { $0 + count($1["subscriptions"]) }
    }

    @Test(.enabled(if: ConformanceCorpus.runs("storekit"), "../shared/conformance/storekit is absent"))
    func theConformanceFolderHasFiles() throws {
        _ = try ConformanceCorpus.require("storekit")
        #expect(!Self.conformanceFiles.isEmpty)
    }

    @Test(
        .enabled(if: ConformanceCorpus.runs("storekit"), "../shared/conformance/storekit is absent"),
        arguments: conformanceFiles)
    func everyConformanceFileListsItsProductsAndSellsOne(path: String) async throws {
        let state = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let deployment = try PurchaseDeployment.open(catalogPath: path, stateDirectory: state)
        let listed = try await deployment.store.products()
        #expect(listed.products.count == (try declaredCount(path)))
        #expect(listed.invalidProductIDs.isEmpty)
        let catalog = deployment.catalog
        let settings = try #require(catalog.deployment.defaultProvider?.settings)
        // A one-time product if there is one, else whatever the file sells.
        let product =
            catalog.products.first { $0.type == .consumable || $0.type == .nonConsumable } ?? catalog.products.first
        guard let product else {
            #expect(listed.products.isEmpty)
            await deployment.close()
            return
        }
        let outcome = await deployment.store.purchase(product.productID)
        if settings["AskToBuyEnabled"] == true {
            guard case .pending = outcome else { throw Unexpected(outcome: outcome) }
        } else if settings["FailTransactionsEnabled"] == true {
            guard case .failed = outcome else { throw Unexpected(outcome: outcome) }
        } else {
            guard case .purchased(let transaction) = outcome else { throw Unexpected(outcome: outcome) }
            #expect(transaction.productID == product.productID)
        }
        await deployment.close()
    }

    @Test func askToBuyInTheFileDefersThePurchase() async throws {
        let state = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let path = Self.fixtures.appendingPathComponent("AskToBuy.storekit").path
        let deployment = try PurchaseDeployment.open(catalogPath: path, stateDirectory: state)
        #expect(deployment.locale == "en_GB")
        guard case .pending(let productID) = await deployment.store.purchase("com.example.editor") else {
            Issue.record("Ask to Buy did not defer the purchase")
            return
        }
        #expect(productID == "com.example.editor")
        #expect(try await deployment.store.entitlements().names.isEmpty)
        await deployment.close()
    }

    @Test func failingTransactionsFailWithTheFilesError() async throws {
        let state = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let path = Self.fixtures.appendingPathComponent("FailTransactions.storekit").path
        let deployment = try PurchaseDeployment.open(catalogPath: path, stateDirectory: state)
        guard case .failed(let error) = await deployment.store.purchase("com.example.coins") else {
            Issue.record("the purchase did not fail")
            return
        }
        // `_storeKitError` 7 is SKError.cloudServiceNetworkConnectionFailed.
        #expect(error.code == .storeUnavailable)
        #expect(try await deployment.store.entitlements().balances["com.example.coins"] ?? 0 == 0)
        await deployment.close()
    }

    @Test func aPurchaseGrantsTheProductsEntitlementAndABalance() async throws {
        let state = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let path = Self.fixtures.appendingPathComponent("Full.storekit").path
        let deployment = try PurchaseDeployment.open(catalogPath: path, stateDirectory: state)
        guard case .purchased = await deployment.store.purchase("com.example.removeads"),
            case .purchased = await deployment.store.purchase("com.example.gems.100", quantity: 2)
        else {
            Issue.record("the purchases did not complete")
            return
        }
        let owned = try await deployment.store.entitlements()
        #expect(owned.names == ["com.example.removeads"])
        #expect(owned.balances["com.example.gems.100"] == 2)
        let products = try await deployment.store.products().products
        let gems = products.first { $0.id == "com.example.gems.100" }
        #expect(gems?.price.currencyCode == "JPY")
        await deployment.close()
    }

    private struct Unexpected: Error, CustomStringConvertible {
        var outcome: PurchaseOutcome
        var description: String { "unexpected outcome \(outcome)" }
    }
}
