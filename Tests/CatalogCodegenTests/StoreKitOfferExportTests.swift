import Foundation
import PurchaseCatalog
import PurchaseCore
import Testing

@testable import purchasekit_catalog_tool

/// A subscription's promotional offers and the terms of its offer codes survive an export to `.storekit`
/// and back; what the format cannot hold (the one-time codes, prices in other storefronts) is named.
struct StoreKitOfferExportTests {
    static let offers = "Catalog/Scenarios/Configurations/Offers.plist"
    static let plus = "com.example.plus.monthly"

    static func load(_ relativePath: String) throws -> Catalog {
        try CatalogLoader().load(contentsOfFile: PackagePaths.file(relativePath)).get()
    }

    static func exportAndImport(_ catalog: Catalog) throws -> Catalog {
        let text = try StoreKitExporter().export(catalog)
        let result = StoreKitConfigurationImporter().load(Data(text.utf8), path: "Offers.storekit")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return try result.get()
    }

    @Test func promotionalOffersAndOfferCodeTermsSurviveARoundTrip() throws {
        let (original, imported) = try StoreKitExportTests.roundTrip(Self.offers)
        let before = try #require(original.product(withID: Self.plus)?.subscription)
        let after = try #require(imported.product(withID: Self.plus)?.subscription)
        #expect(before.promotionalOffers.map(\.id) == ["winback", "free-month"])
        #expect(after.promotionalOffers == before.promotionalOffers)
        #expect(!before.offerCodes.isEmpty && before.offerCodes.allSatisfy { !$0.codes.isEmpty })
        let terms = before.offerCodes.map { offer in
            var kept = offer
            kept.codes = []
            return kept
        }
        #expect(after.offerCodes == terms)
        for product in original.products {
            let back = try #require(imported.product(withID: product.productID))
            #expect(back.subscription == product.subscription || product.subscription?.offerCodes.isEmpty == false)
        }
    }

    @Test func theExportWritesAdHocAndCodeOffers() throws {
        let text = try StoreKitExporter().export(try Self.load(Self.offers))
        #expect(text.contains("\"offerID\" : \"winback\""))
        #expect(text.contains("\"referenceName\" : \"spring-2026\""))
        #expect(!text.contains("SPRING-A"))
    }

    /// The codes are always lost; a promotional offer's price in another storefront is lost too, and
    /// terms priced in the deployment's storefront only are not.
    @Test func theLossesNameTheCodesAndOfferPricesInOtherStorefronts() throws {
        let catalog = try Self.load(Self.offers)
        var products = catalog.products
        let index = try #require(products.firstIndex { $0.productID == Self.plus })
        products[index].subscription?.promotionalOffers[0].prices["JPN"] = Price(amount: 300, currencyCode: "JPY")
        let priced = Catalog(deployment: catalog.deployment, storefronts: catalog.storefronts, products: products)
        let losses = StoreKitExportLoss.losses(of: priced, importedAs: try Self.exportAndImport(priced))
        #expect(losses.first { $0.key == "Codes" }?.productIDs == [Self.plus])
        #expect(losses.first { $0.key == "PromotionalOffers" }?.productIDs == [Self.plus])
        #expect(!losses.contains { $0.key == "OfferCodes" || $0.key == "IntroductoryOffer" })
        let unchanged = StoreKitExportLoss.losses(of: catalog, importedAs: try Self.exportAndImport(catalog))
        #expect(!unchanged.contains { $0.key == "PromotionalOffers" })
    }

    @Test func theToolWarnsThatTheCodesAreLost() throws {
        let output = try PackagePaths.temporaryFolder().appendingPathComponent("Offers.storekit").path
        let result = CatalogToolTests.run(["export-storekit", PackagePaths.file(Self.offers), output])
        #expect(result.status == 0, "\(result.errors)")
        let codes = try #require(result.errors.first { $0.contains("'Codes'") }, "\(result.errors)")
        #expect(
            codes.hasPrefix(
                "\(PackagePaths.file(Self.offers)): warning: a .storekit file has no place for 'Codes': '\(Self.plus)'")
        )
    }
}
