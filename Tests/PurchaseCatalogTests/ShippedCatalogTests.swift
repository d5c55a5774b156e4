import Foundation
import PurchaseCatalog
import PurchaseCore
import Testing

struct ShippedCatalogTests {
    @Test(arguments: ["Default.plist", "Simulated.plist"])
    func loadsWithoutErrorsOrWarnings(name: String) throws {
        let result = CatalogLoader().load(contentsOfFile: CatalogTestPaths.catalog(name))
        #expect(result.diagnostics.map(\.description) == [])
        let catalog = try #require(result.catalog)
        #expect(catalog.products.count >= 8)
        #expect(Set(catalog.products.map(\.type)) == Set(ProductType.allCases))
        #expect(Set(catalog.storefronts.keys) == Set(Self.storefronts.keys))
        for (code, currency) in Self.storefronts {
            #expect(catalog.storefronts[code]?.currencyCode == currency, "\(code)")
        }
        #expect(catalog.deployment.storefront == "USA")
        #expect(catalog.deployment.locale == "en_US")
        for product in catalog.products {
            #expect(Set(Self.languages).isSubset(of: product.localizations.keys), "\(product.productID)")
            #expect(Set(product.prices.keys) == Set(Self.storefronts.keys), "\(product.productID)")
            for language in Self.languages {
                let localization = product.localizations[language]
                #expect(localization?.displayName.isEmpty == false, "\(product.productID) \(language)")
                #expect(localization?.description.isEmpty == false, "\(product.productID) \(language)")
            }
        }
    }

    /// The storefronts the shipped catalogs declare, with their currencies.
    static let storefronts = [
        "USA": "USD", "JPN": "JPY", "CHN": "CNY", "RUS": "RUB", "DEU": "EUR", "FRA": "EUR", "ESP": "EUR", "ITA": "EUR",
        "BRA": "BRL", "KOR": "KRW", "TWN": "TWD", "SAU": "SAR",
    ]

    /// Languages every product of the shipped catalogs has texts in.
    static let languages = ["en", "ja", "zh-Hans", "ru", "de", "fr", "es", "it", "zh-Hant", "ko", "pt_BR", "ar"]

    /// Each product is sold in every storefront, and its texts there differ from English in each language.
    @Test(arguments: ["Default.plist", "Simulated.plist"])
    func productsAreTranslatedForEveryShippedLanguage(name: String) throws {
        let catalog = try CatalogLoader().load(contentsOfFile: CatalogTestPaths.catalog(name)).get()
        for product in catalog.products {
            let english = try #require(product.localizations["en"])
            for language in Self.languages where language != "en" {
                let text = try #require(product.localization(for: language))
                #expect(text.description != english.description, "\(product.productID) \(language)")
            }
            #expect(product.localization(for: "fr_CA") == product.localizations["fr"])
            #expect(product.localization(for: "de_AT") == product.localizations["de"])
        }
        let gems = try #require(catalog.product(withID: "com.example.gems.100"))
        #expect(gems.price(in: "DEU") == Price(amount: Decimal(string: "0.99")!, currencyCode: "EUR"))
        #expect(gems.price(in: "BRA") == Price(amount: Decimal(string: "5.90")!, currencyCode: "BRL"))
        #expect(gems.price(in: "KOR") == Price(amount: 1200, currencyCode: "KRW"))
        #expect(gems.price(in: "TWN") == Price(amount: 30, currencyCode: "TWD"))
        #expect(gems.price(in: "SAU") == Price(amount: Decimal(string: "3.99")!, currencyCode: "SAR"))
    }

    @Test func defaultCatalogUsesTheFileProvider() throws {
        let catalog = try CatalogLoader().load(contentsOfFile: CatalogTestPaths.catalog("Default.plist")).get()
        #expect(catalog.deployment.providers == [ProviderConfiguration(kind: .file)])
        #expect(catalog.products.allSatisfy { $0.simulation == nil })
    }

    @Test func defaultCatalogDecodesEveryKindOfDetail() throws {
        let catalog = try CatalogLoader().load(contentsOfFile: CatalogTestPaths.catalog("Default.plist")).get()
        let gems = try #require(catalog.product(withID: "com.example.gems.100"))
        #expect(gems.type == .consumable)
        #expect(gems.payouts == [Payout(kind: .currency, name: "gems", quantity: 100)])
        #expect(gems.price(in: "USA") == Price(amount: Decimal(string: "0.99")!, currencyCode: "USD"))
        #expect(gems.price(in: "JPN") == Price(amount: 160, currencyCode: "JPY"))
        #expect(gems.price(in: "CHN") == Price(amount: 6, currencyCode: "CNY"))
        #expect(gems.price(in: "RUS") == Price(amount: 99, currencyCode: "RUB"))
        #expect(gems.localization(for: "ja_JP")?.displayName == "ジェム100個")
        #expect(gems.localization(for: "zh_TW")?.displayName == "100 顆寶石")
        #expect(gems.localization(for: "ko_KR")?.displayName == "보석 100개")
        #expect(gems.localization(for: "pt_BR")?.displayName == "100 Gemas")
        #expect(gems.localization(for: "ar_SA")?.displayName == "100 جوهرة")
        #expect(gems.storeID(for: .file) == "com.example.gems.100")

        let pro = try #require(catalog.product(withID: "com.example.pro.monthly"))
        let subscription = try #require(pro.subscription)
        #expect(subscription.group == "pro")
        #expect(subscription.level == 1)
        #expect(subscription.period == SubscriptionPeriod(value: 1, unit: .month))
        #expect(subscription.introductoryOffer?.mode == .freeTrial)
        #expect(subscription.introductoryOffer?.period == SubscriptionPeriod(value: 1, unit: .week))

        let basic = try #require(catalog.product(withID: "com.example.basic.monthly")?.subscription)
        #expect(basic.level == 2)
        #expect(basic.introductoryOffer?.mode == .payAsYouGo)
        #expect(basic.introductoryOffer?.periods == 3)
        #expect(basic.introductoryOffer?.prices["RUS"] == Price(amount: 99, currencyCode: "RUB"))

        let pass = try #require(catalog.product(withID: "com.example.seasonpass"))
        #expect(pass.duration == SubscriptionPeriod(value: 3, unit: .month))
        #expect(pass.subscription == nil)

        let levels = try #require(catalog.product(withID: "com.example.levels.premium"))
        #expect(levels.entitlements == ["premium-levels"])
        #expect(levels.familyShareable)
        #expect(levels.hostedContent == HostedContent(version: "1.0", contentLength: 52_428_800))
        #expect(catalog.product(withID: "com.example.nothing") == nil)
    }

    @Test func simulatedCatalogCarriesProviderSettingsAndSimulations() throws {
        let catalog = try CatalogLoader(knownProviderKinds: [.file, .simulatedAppStore])
            .load(contentsOfFile: CatalogTestPaths.catalog("Simulated.plist")).get()
        let provider = try #require(catalog.deployment.defaultProvider)
        #expect(provider.kind == .simulatedAppStore)
        #expect(provider.settings["CanMakePayments"] == .bool(true))
        #expect(provider.settings["Environment"] == .string("Sandbox"))

        let levels = try #require(catalog.product(withID: "com.example.levels.premium")?.simulation)
        #expect(levels.askToBuy == .approved)
        #expect(levels.settings["AskToBuy"] == .string("Approved"))
        let gems = try #require(catalog.product(withID: "com.example.gems.550")?.simulation)
        #expect(gems.failure(onAttempt: 1) == ProductSimulation.Failure(attempt: 1, error: "storeUnavailable"))
        #expect(gems.failure(onAttempt: 2) == nil)
        #expect(catalog.product(withID: "com.example.gems.1200")?.simulation?.interrupted == true)
    }

    @Test func bothCatalogsSellTheSameProducts() throws {
        let loader = CatalogLoader()
        let plain = try loader.load(contentsOfFile: CatalogTestPaths.catalog("Default.plist")).get()
        let simulated = try loader.load(contentsOfFile: CatalogTestPaths.catalog("Simulated.plist")).get()
        func withoutSimulation(_ catalog: Catalog) -> [Product] {
            catalog.products.map { product in
                var product = product
                product.simulation = nil
                return product
            }
        }
        #expect(withoutSimulation(plain) == withoutSimulation(simulated))
    }

    @Test func catalogsRoundTripThroughCodable() throws {
        let catalog = try CatalogLoader().load(contentsOfFile: CatalogTestPaths.catalog("Simulated.plist")).get()
        let data = try JSONEncoder().encode(catalog)
        let decoded = try JSONDecoder().decode(Catalog.self, from: data)
        #expect(decoded == catalog)
        #expect(decoded.product(withID: "com.example.seasonpass") == catalog.product(withID: "com.example.seasonpass"))
    }
}
