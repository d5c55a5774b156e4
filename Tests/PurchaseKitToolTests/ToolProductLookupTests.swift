import Foundation
import Testing

/// What the tool says about products it cannot sell: one the catalog lacks, one the store does not
/// sell, and a default catalog missing from the working folder.
struct ToolProductLookupTests {
    @Test func buyingAProductTheCatalogLacksNamesItAndTheClosestOne() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        let typo = try fixture.run(["buy", "com.example.gems.10"])
        #expect(typo.status == 1)
        #expect(
            typo.stderr == "purchasekit: Some items couldn’t be found in the store.\n"
                + "purchasekit: com.example.gems.10 is not a product of \(fixture.catalog); "
                + "did you mean com.example.gems.100?\n")
        let nothingClose = try fixture.run(["buy", "org.other.thing"])
        #expect(nothingClose.status == 1)
        #expect(
            nothingClose.stderr.hasSuffix(
                "purchasekit: org.other.thing is not a product of \(fixture.catalog) (purchasekit products lists them)\n"
            ))
        let japanese = try fixture.run(["--locale", "ja", "buy", "com.example.gems.10"])
        #expect(japanese.stderr.contains("「com.example.gems.10」は \(fixture.catalog) の商品ではありません。"))
        #expect((try fixture.json(["history"]) as? [Any])?.isEmpty == true)
    }

    @Test func productsListsTheOnesTheStoreDoesNotSell() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        // A product with no price in the deployment's storefront is not sold there.
        let catalog = try String(contentsOfFile: fixture.catalog, encoding: .utf8)
        let unpriced = catalog.replacingOccurrences(
            of: "<key>USA</key>\n\t\t\t\t<string>2.99</string>\n", with: "")
        #expect(unpriced != catalog, "the removeads price was not found in Catalog/Default.plist")
        let path = fixture.folder.appendingPathComponent("Unpriced.plist").path
        try unpriced.write(toFile: path, atomically: true, encoding: .utf8)
        let text = try ToolChild.run(
            ["--catalog", path, "--state", fixture.state.path, "products"], in: fixture.folder)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == 10)
        #expect(lines.last?.hasPrefix("com.example.removeads ") == true)
        #expect(lines.last?.hasSuffix("  Remove Ads (not sold by the store)") == true)
        let json = try ToolChild.run(
            ["--catalog", path, "--state", fixture.state.path, "--json", "products"], in: fixture.folder)
        let products = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(products.count == 10)
        let unavailable = try #require(products.last)
        #expect(unavailable["productID"] as? String == "com.example.removeads")
        #expect(unavailable["available"] as? Bool == false)
        #expect(unavailable["price"] == nil)
        #expect(products.dropLast().allSatisfy { $0["available"] as? Bool == true && $0["price"] is String })
    }

    @Test func aMissingDefaultCatalogSaysHowToNameOne() throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ToolChild.run(["products"], in: folder)
        #expect(result.status == 66)
        #expect(
            result.stderr
                == "purchasekit: Catalog/Default.plist: no such file (the default catalog, looked for in the working "
                + "folder: run the tool in your package’s folder, or name a catalog with --catalog FILE)\n")
        let named = try ToolChild.run(["--catalog", "Mine.plist", "products"], in: folder)
        #expect(named.status == 66)
        #expect(named.stderr == "purchasekit: Mine.plist: no such file\n")
    }
}
