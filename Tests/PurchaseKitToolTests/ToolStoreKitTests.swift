import Foundation
import TestSupport
import Testing

/// `--catalog` and `catalog validate` take Xcode `.storekit` files.
struct ToolStoreKitTests {
    static let fixtures = ToolRunner.packageRoot.appendingPathComponent("Tests/PurchaseCatalogTests/Fixtures/StoreKit")
    static let conformance = ConformanceCorpus.root.appendingPathComponent("storekit")

    private func fixture(_ name: String) -> String {
        Self.fixtures.appendingPathComponent(name).path
    }

    /// Runs the tool with `--catalog catalog --state <folder>/state` in a fresh folder.
    private func run(_ catalog: String, _ arguments: [String], in folder: URL) throws -> ToolRunner.Result {
        try ToolRunner.run(
            ["--catalog", catalog, "--state", folder.appendingPathComponent("state").path] + arguments, in: folder)
    }

    private func json(_ result: ToolRunner.Result) throws -> Any {
        try JSONSerialization.jsonObject(with: result.stdoutData)
    }

    @Test func productsListsAStoreKitFileInItsStorefrontAndLanguage() throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run(fixture("Full.storekit"), ["products", "--json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let products = try #require(try json(result) as? [[String: Any]])
        #expect(products.count == 6)
        let gems = try #require(products.first)
        #expect(gems["productID"] as? String == "com.example.gems.100")
        #expect(gems["currency"] as? String == "JPY")
        #expect(gems["price"] as? String == "160")
        #expect(gems["displayName"] as? String == "ジェム100個")
        #expect(products.map { $0["type"] as? String }.contains("AutoRenewable"))
    }

    @Test func buyDeliversAndEntitlementsShowIt() throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = fixture("Full.storekit")
        let bought = try run(catalog, ["buy", "com.example.removeads", "--json"], in: folder)
        #expect(bought.status == 0, "\(bought.stderr)")
        let object = try #require(try json(bought) as? [String: Any])
        #expect(object["outcome"] as? String == "purchased")
        #expect(object["productID"] as? String == "com.example.removeads")
        let owned = try run(catalog, ["entitlements", "--json"], in: folder)
        let entitlements = try #require(try json(owned) as? [String: Any])
        #expect(entitlements["entitlements"] as? [String] == ["com.example.removeads"])
    }

    @Test func askToBuyFromTheFileLeavesThePurchasePending() throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run(fixture("AskToBuy.storekit"), ["buy", "com.example.editor", "--json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try json(result) as? [String: Any])
        #expect(object["outcome"] as? String == "pending")
    }

    @Test func validateReportsStoreKitProblemsInTheCompilersFormat() throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = fixture("Broken.storekit")
        let result = try ToolRunner.run(["catalog", "validate", path], in: folder)
        #expect(result.status == 65)
        #expect(result.stderr.contains("\(path):4:24: error: invalid price '1,99'"))
        #expect(result.stderr.contains("\(path):9:5: error: missing required key 'productID' in products"))
        #expect(result.stderr.contains("\(path):9:5: note: "))
        #expect(result.stderr.contains("\(path):21:21: warning: unknown storefront 'ATA'"))
        let json = try ToolRunner.run(["catalog", "validate", path, "--json"], in: folder)
        let reports = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [[String: Any]])
        let diagnostics = try #require(reports.first?["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["code"] as? String }.contains("catalog.storeKitWrongType"))
    }

    @Test(.enabled(if: ConformanceCorpus.runs("storekit"), "../shared/conformance/storekit is absent"))
    func validateAcceptsEveryConformanceFile() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: ConformanceCorpus.require("storekit").path)
        let files = names.filter { $0.hasSuffix(".storekit") }.sorted().map {
            Self.conformance.appendingPathComponent($0).path
        }
        try #require(!files.isEmpty, "no .storekit file in \(Self.conformance.path)")
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ToolRunner.run(["catalog", "validate"] + files, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("error:"))
    }
}
