import Foundation
import PropertyList
import PurchaseCatalog
import PurchaseCore
import Testing

/// A subscription's `adHocOffers` become its promotional offers and its `codeOffers` offer codes
/// without codes, priced in the file's storefront; a malformed entry is an error at its position.
struct StoreKitOfferImportTests {
    static let month = SubscriptionPeriod(value: 1, unit: .month)

    /// A file with one subscription whose members after `recurringSubscriptionPeriod` are `members`.
    static func subscriptionFile(_ members: String, storefront: String = "USA") -> Data {
        let json = """
            {"settings": {"_storefront": "\(storefront)"}, "subscriptionGroups": [{"name": "pro", "subscriptions": [
              {"productID": "s", "displayPrice": "4.99", "recurringSubscriptionPeriod": "P1M", \(members)}]}]}
            """
        return Data(json.utf8)
    }

    @Test func adHocOffersBecomePromotionalOffersPricedInTheStorefront() throws {
        let data = Self.subscriptionFile(
            """
            "adHocOffers": [
                {"internalID": "1", "offerID": "comeback", "paymentMode": "free", "referenceName": "Come back",
                 "subscriptionPeriod": "P1M", "displayPrice": "9"},
                {"offerID": "half", "paymentMode": "payAsYouGo", "subscriptionPeriod": "P1M", "numberOfPeriods": 3,
                 "displayPrice": "2.49"},
                {"offerID": "year", "paymentMode": "payUpFront", "subscriptionPeriod": "P1Y", "displayPrice": "19"}]
            """, storefront: "GBR")
        let result = StoreKitConfigurationImporter().load(data)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let subscription = try #require(try result.get().products.first?.subscription)
        #expect(
            subscription.promotionalOffers == [
                PromotionalOffer(id: "comeback", mode: .freeTrial, period: Self.month),
                PromotionalOffer(
                    id: "half", mode: .payAsYouGo, period: Self.month, periods: 3,
                    prices: ["GBR": Price(amount: Decimal(string: "2.49")!, currencyCode: "GBP")]),
                PromotionalOffer(
                    id: "year", mode: .payUpFront, period: SubscriptionPeriod(value: 1, unit: .year), periods: 1,
                    prices: ["GBR": Price(amount: 19, currencyCode: "GBP")]),
            ])
        #expect(subscription.offerCodes.isEmpty)
    }

    @Test func codeOffersBecomeOfferCodesWithoutCodes() throws {
        let data = Self.subscriptionFile(
            """
            "codeOffers": [
                {"internalID": "2", "referenceName": "spring", "paymentMode": "payAsYouGo", "subscriptionPeriod": "P1M",
                 "numberOfPeriods": 2, "displayPrice": "1.99", "eligibility": ["new", "expired"]}]
            """)
        let result = StoreKitConfigurationImporter().load(data)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let subscription = try #require(try result.get().products.first?.subscription)
        #expect(
            subscription.offerCodes == [
                SubscriptionOfferCodes(
                    referenceName: "spring", mode: .payAsYouGo, period: Self.month, periods: 2,
                    prices: ["USA": Price(amount: Decimal(string: "1.99")!, currencyCode: "USD")], codes: [])
            ])
        #expect(subscription.promotionalOffers.isEmpty)
    }

    @Test func eachMalformedOfferIsAnErrorAtItsPosition() throws {
        let json = """
            {"subscriptionGroups": [{"name": "pro", "subscriptions": [
              {"productID": "s", "displayPrice": "4.99", "recurringSubscriptionPeriod": "P1M", "adHocOffers": [
                {"paymentMode": "free", "subscriptionPeriod": "P1M"},
                {"offerID": "a", "paymentMode": "payUpFront", "subscriptionPeriod": "P1M"},
                {"offerID": "b", "paymentMode": "free", "subscriptionPeriod": "P1M"},
                {"offerID": "b", "paymentMode": "monthly", "subscriptionPeriod": "P1M"},
                {"offerID": "c", "paymentMode": "free", "subscriptionPeriod": "P1M", "numberOfPeriods": 0},
                "d"],
               "codeOffers": [{"paymentMode": "free", "subscriptionPeriod": "one month"}]}]}]}
            """
        let result = StoreKitConfigurationImporter().load(Data(json.utf8), path: "Offers.storekit")
        #expect(result.catalog == nil)
        let found = result.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.problem.key)" }
        #expect(
            found == [
                "3:5 catalog.storeKitMissingKey", "4:5 catalog.storeKitMissingKey", "6:17 catalog.duplicateOfferID",
                "6:37 catalog.invalidValue", "7:93 catalog.outOfRange", "8:5 catalog.storeKitWrongType",
                "9:19 catalog.storeKitMissingKey", "9:65 catalog.invalidPeriod",
            ])
        #expect(
            result.errors.map(\.problem).prefix(3) == [
                .storeKitMissingKey("offerID", in: "adHocOffers"),
                .storeKitMissingKey("displayPrice", in: "adHocOffers"), .duplicateOfferID("b"),
            ])
        #expect(result.errors.contains { $0.problem == .storeKitMissingKey("referenceName", in: "codeOffers") })
        #expect(result.diagnostics.allSatisfy { $0.path == "Offers.storekit" && $0.severity == .error })
    }

    @Test func theFullFixturesPromotionalOfferIsImported() throws {
        let catalog = try StoreKitConfigurationImporter().load(
            contentsOfFile: CatalogTestPaths.fixture("StoreKit/Full.storekit")
        ).get()
        let monthly = try #require(catalog.product(withID: "com.example.pro.monthly")?.subscription)
        #expect(
            monthly.promotionalOffers == [PromotionalOffer(id: "pro.comeback", mode: .freeTrial, period: Self.month)])
        let yearly = try #require(catalog.product(withID: "com.example.pro.yearly")?.subscription)
        #expect(yearly.promotionalOffers.isEmpty && yearly.offerCodes.isEmpty)
    }
}
