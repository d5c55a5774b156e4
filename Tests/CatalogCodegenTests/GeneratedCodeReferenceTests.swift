import Foundation
import PurchaseCatalog
import PurchaseCore
import Testing

@testable import purchasekit_catalog_tool

/// The generated Swift for a catalog is compared byte for byte with checked-in files in `Expected/`.
///
/// After an intended change to the generator, regenerate them with
/// `PURCHASEKIT_REGENERATE_EXPECTED=1 swift test --filter GeneratedCodeReferenceTests`, then review the diff.
struct GeneratedCodeReferenceTests {
    static let cases: [(catalog: String, expected: String)] = [
        ("Catalog/Default.plist", "DefaultProducts.swift.expected"),
        ("Tests/CatalogCodegenTests/Fixtures/Edge.plist", "EdgeProducts.swift.expected"),
        ("Sources/CatalogExample/Shop.catalog.plist", "ShopProducts.swift.expected"),
    ]

    @Test(arguments: cases)
    func generatedCodeMatchesTheCheckedInReference(_ catalogPath: String, _ expectedName: String) throws {
        let path = PackagePaths.file(catalogPath)
        let catalog = try CatalogLoader().load(contentsOfFile: path).get()
        let fileName = URL(fileURLWithPath: path).lastPathComponent
        let generator = CatalogCodeGenerator(
            typeName: CatalogCodeGenerator.typeName(forFile: fileName), sourceName: fileName)
        let generated = try generator.generate(catalog)
        let expectedURL = PackagePaths.suite.appendingPathComponent("Expected/" + expectedName)
        if ProcessInfo.processInfo.environment["PURCHASEKIT_REGENERATE_EXPECTED"] == "1" {
            try Data(generated.utf8).write(to: expectedURL)
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        #expect(generated == expected, "regenerate with PURCHASEKIT_REGENERATE_EXPECTED=1 if the change is intended")
    }

    @Test func generatingTwiceGivesTheSameBytes() throws {
        let catalog = try CatalogLoader().load(contentsOfFile: PackagePaths.file("Catalog/Default.plist")).get()
        let generator = CatalogCodeGenerator(typeName: "DefaultProducts", sourceName: "Default.plist")
        let reordered = Catalog(
            deployment: catalog.deployment, storefronts: catalog.storefronts,
            products: catalog.products.map { product in
                var copy = product
                // Dictionaries built in another insertion order must not change the output.
                copy.storeIDs = Dictionary(uniqueKeysWithValues: product.storeIDs.reversed())
                return copy
            })
        #expect(try generator.generate(catalog) == generator.generate(reordered))
    }

    @Test(arguments: [
        ("Shop.catalog.plist", "ShopProducts"), ("Products.catalog.plist", "Products"),
        ("in-app_store.catalog.plist", "InAppStoreProducts"), ("Default.plist", "DefaultProducts"),
        ("2024.catalog.plist", "Catalog2024Products"), ("Xcode.storekit", "XcodeProducts"),
    ])
    func typeNameComesFromTheFileName(_ fileName: String, _ expected: String) {
        #expect(CatalogCodeGenerator.typeName(forFile: fileName) == expected)
    }

    @Test func anEmptyCatalogIsRefused() throws {
        let catalog = try CatalogLoader().load(contentsOfFile: PackagePaths.file("Catalog/Default.plist")).get()
        let empty = Catalog(deployment: catalog.deployment, storefronts: catalog.storefronts, products: [])
        #expect(throws: CatalogCodeGenerator.Failure.noProducts) {
            try CatalogCodeGenerator(typeName: "EmptyProducts", sourceName: "Empty.plist").generate(empty)
        }
    }
}
