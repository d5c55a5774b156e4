import Foundation
import PurchaseCatalog
import PurchaseCore
import Testing

@testable import purchasekit_catalog_tool

/// A catalog exported as `.storekit` and imported back gives the same products, as far as the format holds.
struct StoreKitExportTests {
    /// What a `.storekit` file keeps of a product.
    struct Kept: Equatable, CustomStringConvertible {
        var id: String
        var type: ProductType
        var price: Price?
        var familyShareable: Bool
        var localizations: [String: ProductLocalization]
        var group: String?
        var period: SubscriptionPeriod?
        var level: Int?
        var offer: IntroductoryOffer?

        init(_ product: Product, storefront: String) {
            id = product.productID
            type = product.type
            price = product.price(in: storefront)
            familyShareable = product.familyShareable
            localizations = product.localizations
            group = product.subscription?.group
            period = product.subscription?.period
            level = product.subscription?.level
            offer = product.subscription?.introductoryOffer.map { offer in
                var kept = offer
                kept.prices = offer.prices.filter { $0.key == storefront }
                return kept
            }
        }

        var description: String { id }
    }

    static func roundTrip(_ relativePath: String) throws -> (original: Catalog, imported: Catalog) {
        let original = try CatalogLoader().load(contentsOfFile: PackagePaths.file(relativePath)).get()
        let text = try StoreKitExporter().export(original)
        let path = try PackagePaths.temporaryFolder().appendingPathComponent("Export.storekit").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let result = CatalogLoader().load(contentsOfFile: path)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return (original, try result.get())
    }

    @Test(arguments: ["Catalog/Default.plist", "Catalog/Simulated.plist", "Sources/CatalogExample/Shop.catalog.plist"])
    func importingTheExportGivesBackTheSameProducts(_ path: String) throws {
        let (original, imported) = try Self.roundTrip(path)
        let storefront = original.deployment.storefront
        #expect(imported.deployment.storefront == storefront)
        #expect(imported.deployment.locale == original.deployment.locale)
        #expect(imported.defaultStorefront == original.defaultStorefront)
        #expect(imported.products.count == original.products.count)
        for product in original.products {
            let back = try #require(imported.product(withID: product.productID))
            #expect(Kept(back, storefront: storefront) == Kept(product, storefront: storefront))
        }
        #expect(original.products.contains { $0.subscription?.introductoryOffer != nil })
    }

    @Test func simulatedAppStoreSwitchesBecomeXcodeSettings() throws {
        let (original, imported) = try Self.roundTrip("Catalog/Simulated.plist")
        let before = try #require(original.deployment.provider(.simulatedAppStore)?.settings)
        let after = try #require(imported.deployment.provider(.simulatedAppStore)?.settings)
        #expect(before["AskToBuyEnabled"] == .bool(false))
        #expect(after["AskToBuyEnabled"] == before["AskToBuyEnabled"])
    }

    @Test func theExportIsStableAndSorted() throws {
        let catalog = try CatalogLoader().load(contentsOfFile: PackagePaths.file("Catalog/Default.plist")).get()
        let first = try StoreKitExporter().export(catalog)
        #expect(try StoreKitExporter().export(catalog) == first)
        #expect(first.hasPrefix("{\n  \"identifier\" : \""))
        #expect(first.contains("\"version\" : {\n    \"major\" : 3,\n    \"minor\" : 0\n  }"))
        #expect(first.contains("\"locale\" : \"zh_Hans\""))
    }

    @Test func aProductWithoutAPriceInTheDeploymentsStorefrontIsRefused() throws {
        let catalog = try CatalogLoader().load(contentsOfFile: PackagePaths.file("Catalog/Default.plist")).get()
        var products = catalog.products
        products[1].prices["USA"] = nil
        let unpriced = Catalog(deployment: catalog.deployment, storefronts: catalog.storefronts, products: products)
        #expect(throws: StoreKitExporter.Failure(unpricedProducts: ["com.example.gems.550"], storefront: "USA")) {
            try StoreKitExporter().export(unpriced)
        }
    }

    /// The losses are found by comparing each product with its import: a catalog that follows the
    /// importer's rules loses nothing, and each kind of loss names its products.
    @Test func anExportNamesWhatTheFormatCannotHold() throws {
        let catalog = try CatalogLoader().load(contentsOfFile: PackagePaths.file("Catalog/Default.plist")).get()
        let text = try StoreKitExporter().export(catalog)
        let back = try StoreKitConfigurationImporter().load(Data(text.utf8), path: "Default.storekit").get()
        let losses = StoreKitExportLoss.losses(of: catalog, importedAs: back)
        let payouts = try #require(losses.first { $0.key == "Payouts" })
        #expect(payouts.productIDs.contains("com.example.gems.100"))
        #expect(!payouts.productIDs.contains("com.example.removeads"))
        // A catalog that already is what the importer makes loses nothing on a second round trip.
        let again = try StoreKitConfigurationImporter().load(
            Data(try StoreKitExporter().export(back).utf8), path: "Again.storekit"
        ).get()
        #expect(StoreKitExportLoss.losses(of: back, importedAs: again) == [])
        #expect(losses.map(\.key).contains("Entitlements"))
    }

    @Test func theToolWritesTheExportAndSaysWhere() throws {
        let output = try PackagePaths.temporaryFolder().appendingPathComponent("Default.storekit").path
        let result = CatalogToolTests.run(["export-storekit", PackagePaths.file("Catalog/Default.plist"), output])
        #expect(result.status == 0)
        #expect(result.output.first?.hasPrefix("\(output): exported 10 products priced in USA") == true)
        #expect(FileManager.default.fileExists(atPath: output))
        // What the format cannot hold is named, with the products that lose it.
        let catalog = PackagePaths.file("Catalog/Default.plist")
        let payouts = try #require(result.errors.first { $0.contains("'Payouts'") }, "\(result.errors)")
        #expect(
            payouts.hasPrefix(
                "\(catalog): warning: a .storekit file has no place for 'Payouts': 'com.example.gems.100', "))
        #expect(result.errors.allSatisfy { $0.contains(": warning: a .storekit file has no place for ") })
        let missingFolder = output + "/nowhere/Default.storekit"
        let failed = CatalogToolTests.run([
            "export-storekit", PackagePaths.file("Catalog/Default.plist"), missingFolder,
        ])
        #expect(failed.status == 74)
        #expect(failed.errors.first?.hasPrefix("\(missingFolder): error: cannot write") == true)
    }
}
