import Foundation
import Testing

@testable import purchasekit_catalog_tool

/// `purchasekit-catalog-tool` commands as the plugins run them: exit statuses and compiler-style diagnostics.
struct CatalogToolTests {
    /// Runs the tool in-process, collecting what it prints.
    static func run(_ arguments: [String]) -> (status: Int32, errors: [String], output: [String]) {
        let errors = Lines()
        let output = Lines()
        var tool = CatalogTool()
        tool.errors = { errors.lines += $0.split(separator: "\n").map(String.init) }
        tool.output = { output.lines += $0.split(separator: "\n").map(String.init) }
        let status = tool.run(arguments)
        return (status, errors.lines, output.lines)
    }

    final class Lines: @unchecked Sendable {
        var lines: [String] = []
    }

    /// A copy of the Edge fixture with one product ID replaced, written to a temporary file.
    static func edgeCatalog(replacing old: String, with new: String, name: String) throws -> String {
        let text = try String(
            contentsOfFile: PackagePaths.file("Tests/CatalogCodegenTests/Fixtures/Edge.plist"), encoding: .utf8)
        let path = try PackagePaths.temporaryFolder().appendingPathComponent(name).path
        try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aCollisionFailsWithErrorsAtBothProducts() throws {
        let path = try Self.edgeCatalog(
            replacing: "<string>com.example.shop.type</string>", with: "<string>com.example.shop.100_coins</string>",
            name: "Clash.catalog.plist")
        let output = path + ".swift"
        let result = Self.run(["generate", "--input", path, "--output", output])
        #expect(result.status == 1)
        #expect(
            result.errors.first
                == "\(path):90:4: error: products 'com.example.shop.100-coins' and 'com.example.shop.100_coins' would "
                + "both be named '_100Coins' in the generated code")
        #expect(result.errors.contains("\(path):44:4: note: 'com.example.shop.100-coins' is declared here"))
        #expect(result.errors.count == 3)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func validateReportsCollisionsOnlyForCatalogsThePluginCompiles() throws {
        let clash = try Self.edgeCatalog(
            replacing: "<string>com.example.shop.type</string>", with: "<string>com.example.shop.VIP-</string>",
            name: "Clash.catalog.plist")
        let plain = try Self.edgeCatalog(
            replacing: "<string>com.example.shop.type</string>", with: "<string>com.example.shop.VIP-</string>",
            name: "Clash.plist")
        let result = Self.run(["validate", clash, plain])
        #expect(result.status == 1)
        #expect(result.output.contains("\(clash): 4 products, 1 error, 0 warnings"))
        #expect(result.output.contains("\(plain): 4 products, 0 errors, 0 warnings"))
        #expect(result.output.last == "validate-catalog: 2 catalogs checked, 1 error, 0 warnings")
    }

    @Test func anInvalidCatalogFailsTheBuildWithTheLoadersDiagnostics() throws {
        let path = try Self.edgeCatalog(
            replacing: "<string>Consumable</string>", with: "<string>Consumible</string>", name: "Bad.catalog.plist")
        let result = Self.run(["generate", "--input", path, "--output", path + ".swift"])
        #expect(result.status == 1)
        let error = try #require(result.errors.first)
        #expect(error.hasPrefix("\(path):46:4: error: "))
        #expect(error.contains("Consumible"))
        #expect(result.errors.contains { $0.hasPrefix("\(path):46:4: note: ") })
    }

    @Test func aSettingTheProviderWouldRefuseFailsAtItsLine() throws {
        let path = try Self.edgeCatalog(
            replacing: "<string>file</string>\n\t\t\t</dict>",
            with: "<string>file</string>\n\t\t\t\t<key>Settings</key>\n\t\t\t\t<dict>\n\t\t\t\t\t"
                + "<key>CanMakePayments</key>\n\t\t\t\t\t<string>no</string>\n\t\t\t\t\t"
                + "<key>CanMakePayment</key>\n\t\t\t\t\t<true/>\n\t\t\t\t</dict>\n\t\t\t</dict>",
            name: "Settings.catalog.plist")
        let result = Self.run(["validate", path])
        #expect(result.status == 1)
        let error = try #require(result.errors.first { $0.contains(": error: ") })
        #expect(error.hasPrefix("\(path):19:"))
        #expect(error.contains("CanMakePayments"))
        // A misspelt key of a built-in provider is a warning naming the closest one.
        #expect(result.errors.contains { $0.hasPrefix("\(path):20:") && $0.contains(": warning: ") })
        #expect(result.output.last == "validate-catalog: 1 catalog checked, 1 error, 1 warning")
    }

    @Test func aKindThePluginDoesNotKnowIsLeftToTheProject() throws {
        let path = try Self.edgeCatalog(
            replacing: "<string>simulated-app-store</string>", with: "<string>acme-store</string>",
            name: "Custom.catalog.plist")
        let result = Self.run(["validate", path])
        #expect(result.status == 0, "\(result.errors)")
    }

    @Test func generateWritesTheFileAndLeavesAnUnchangedOneAlone() throws {
        let output = try PackagePaths.temporaryFolder().appendingPathComponent("ShopProducts.swift")
        let input = PackagePaths.file("Sources/CatalogExample/Shop.catalog.plist")
        #expect(Self.run(["generate", "--input", input, "--output", output.path]).status == 0)
        let written = try String(contentsOf: output, encoding: .utf8)
        #expect(written.contains("public enum ShopProducts: String, CaseIterable"))
        let before = try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 0)], ofItemAtPath: output.path)
        #expect(Self.run(["generate", "--input", input, "--output", output.path]).status == 0)
        let after = try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date
        #expect(before != nil)
        #expect(after == Date(timeIntervalSince1970: 0))
    }

    @Test func usageErrorsExit64() {
        #expect(Self.run([]).status == 64)
        #expect(Self.run(["generate", "--input", "x"]).status == 64)
        #expect(Self.run(["export-storekit", "only-one"]).status == 64)
        #expect(Self.run(["frobnicate"]).status == 64)
    }

    @Test func theShippedCatalogsValidate() {
        let paths = ["Catalog/Default.plist", "Catalog/Simulated.plist", "Sources/CatalogExample/Shop.catalog.plist"]
        let result = Self.run(["validate"] + paths.map(PackagePaths.file))
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.isEmpty)
    }
}
