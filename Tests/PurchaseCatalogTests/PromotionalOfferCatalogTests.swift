import Foundation
import PurchaseCatalog
import PurchaseCore
import Testing

/// A subscription's `PromotionalOffers` as the catalog declares them, checked as an introductory
/// offer's terms are, each identifier once; the simulated App Store's `SubscriptionKeyFile` is a path
/// relative to the catalog.
struct PromotionalOfferCatalogTests {
    private func catalog(offers: String, settings: String = "", codes: String = "") -> String {
        """
        <plist version="1.0"><dict>
        <key>CatalogVersion</key><integer>1</integer>
        <key>Deployment</key><dict>
        <key>Name</key><string>t</string><key>Provider</key><string>simulated-app-store</string>
        <key>ProviderSettings</key><dict>\(settings)</dict>
        <key>Storefront</key><string>USA</string><key>Locale</key><string>en_US</string></dict>
        <key>Storefronts</key><dict><key>USA</key><dict><key>Currency</key><string>USD</string></dict></dict>
        <key>Products</key><array><dict>
        <key>ProductID</key><string>com.example.plus</string><key>Type</key><string>AutoRenewable</string>
        <key>Prices</key><dict><key>USA</key><string>4.99</string></dict>
        <key>Localizations</key><dict><key>en</key><dict><key>DisplayName</key><string>Plus</string>
        <key>Description</key><string>Plus</string></dict></dict>
        <key>Entitlements</key><array><string>plus</string></array>
        <key>Subscription</key><dict><key>Group</key><string>plus</string><key>Period</key><string>P1M</string>
        <key>Level</key><integer>1</integer><key>PromotionalOffers</key><array>\(offers)</array>\(codes)</dict>
        </dict></array></dict></plist>
        """
    }

    @Test func readsEachOfferWithItsTerms() throws {
        let text = catalog(
            offers: """
                <dict><key>Identifier</key><string>winback</string><key>Mode</key><string>PayAsYouGo</string>
                <key>Period</key><string>P1M</string><key>Periods</key><integer>2</integer>
                <key>Prices</key><dict><key>USA</key><string>1.99</string></dict></dict>
                <dict><key>Identifier</key><string>free</string><key>Mode</key><string>FreeTrial</string>
                <key>Period</key><string>P1W</string></dict>
                """)
        let result = CatalogLoader().load(Data(text.utf8), path: "/catalogs/offers.plist")
        #expect(result.diagnostics.isEmpty)
        let offers = try #require(result.catalog?.products.first?.subscription?.promotionalOffers)
        #expect(offers.map(\.id) == ["winback", "free"])
        #expect(offers[0].mode == .payAsYouGo && offers[0].periods == 2)
        #expect(offers[0].prices["USA"]?.amount == Price.amount(parsing: "1.99"))
        #expect(offers[1].mode == .freeTrial && offers[1].period == SubscriptionPeriod("P1W"))
    }

    @Test func refusesARepeatedIdentifierAndAnOfferWithoutOne() {
        let text = catalog(
            offers: """
                <dict><key>Identifier</key><string>free</string><key>Mode</key><string>FreeTrial</string>
                <key>Period</key><string>P1W</string></dict>
                <dict><key>Identifier</key><string>free</string><key>Mode</key><string>FreeTrial</string>
                <key>Period</key><string>P1M</string></dict>
                <dict><key>Mode</key><string>PayUpFront</string><key>Period</key><string>P1M</string></dict>
                """)
        let result = CatalogLoader().load(Data(text.utf8), path: "offers.plist")
        let keys = result.diagnostics.filter { $0.severity == .error }.map(\.problem)
        #expect(keys.contains(.duplicateOfferID("free")))
        #expect(keys.contains(.missingKey("Identifier", in: .promotionalOffer)))
        #expect(keys.contains(.offerPricesRequired(mode: "PayUpFront")))
    }

    @Test func theSubscriptionKeyFileIsRelativeToTheCatalog() throws {
        let text = catalog(
            offers: "",
            settings: """
                <key>SubscriptionKeyID</key><string>K</string>
                <key>SubscriptionKeyFile</key><string>keys/subscription.pem</string>
                """)
        let result = CatalogLoader().load(Data(text.utf8), path: "/catalogs/offers.plist")
        let settings = try #require(result.catalog?.deployment.providers.first?.settings)
        #expect(settings["SubscriptionKeyFile"] == .string("/catalogs/keys/subscription.pem"))
        #expect(settings["SubscriptionKeyID"] == .string("K"))
    }

    @Test func readsOfferCodes() throws {
        let text = catalog(
            offers: "",
            codes: """
                <key>OfferCodes</key><array><dict><key>ReferenceName</key><string>spring</string>
                <key>Mode</key><string>FreeTrial</string><key>Period</key><string>P1M</string>
                <key>Codes</key><array><string>SPRING-A</string><string>SPRING-B</string></array></dict>
                <dict><key>Mode</key><string>FreeTrial</string><key>Period</key><string>P1M</string></dict></array>
                """)
        let result = CatalogLoader().load(Data(text.utf8), path: "offers.plist")
        let problems = result.diagnostics.map(\.problem)
        #expect(problems.contains(.missingKey("ReferenceName", in: .offerCodes)))
        #expect(problems.contains(.missingKey("Codes", in: .offerCodes)))
        let valid = catalog(
            offers: "",
            codes: """
                <key>OfferCodes</key><array><dict><key>ReferenceName</key><string>spring</string>
                <key>Mode</key><string>FreeTrial</string><key>Period</key><string>P1M</string>
                <key>Codes</key><array><string>SPRING-A</string><string>SPRING-B</string></array></dict></array>
                """)
        let codes = try #require(
            CatalogLoader().load(Data(valid.utf8), path: "offers.plist").catalog?.products.first?.subscription?
                .offerCodes)
        #expect(codes.map(\.referenceName) == ["spring"])
        #expect(codes.first?.codes == ["SPRING-A", "SPRING-B"])
    }
}
