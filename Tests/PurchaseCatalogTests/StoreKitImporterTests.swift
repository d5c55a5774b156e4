import Foundation
import PropertyList
import PurchaseCatalog
import PurchaseCore
import Testing

struct StoreKitImporterTests {
    static let full = CatalogTestPaths.fixture("StoreKit/Full.storekit")
    static let broken = CatalogTestPaths.fixture("StoreKit/Broken.storekit")

    private func fullCatalog() throws -> Catalog {
        let result = StoreKitConfigurationImporter().load(contentsOfFile: Self.full)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return try result.get()
    }

    @Test func mapsTheDeploymentOntoTheSimulatedAppStore() throws {
        let catalog = try fullCatalog()
        #expect(catalog.deployment.name == "Full")
        #expect(catalog.deployment.storefront == "JPN")
        #expect(catalog.deployment.locale == "ja_JP")
        #expect(catalog.storefronts == ["JPN": Storefront(code: "JPN", currencyCode: "JPY")])
        let provider = try #require(catalog.deployment.defaultProvider)
        #expect(provider.kind == .simulatedAppStore)
        let settings = provider.settings
        #expect(settings["Storefront"] == "JPN")
        #expect(settings["Locale"] == "ja_JP")
        #expect(settings["AskToBuyEnabled"] == false)
        #expect(settings["FailTransactionsEnabled"] == false)
        #expect(settings["BillingGracePeriodEnabled"] == true)
        #expect(settings["BillingRetryOnRenewal"] == true)
        #expect(settings["SimulatedErrors"] == ["Restore": 7])
        #expect(settings["TimeRate"] == "monthlyRenewalEveryThirtySeconds")
        let xcode = try #require(settings["XcodeSettings"])
        #expect(xcode["_timeRate"] == nil)
        #expect(xcode["_developerTeamID"] == "ABCDE12345")
        #expect(xcode["_storefront"] == nil)
    }

    @Test func listsEveryProductInFileOrderWithTypesAndPrices() throws {
        let catalog = try fullCatalog()
        #expect(
            catalog.products.map(\.productID) == [
                "com.example.gems.100", "com.example.removeads", "com.example.season", "com.example.pro.monthly",
                "com.example.pro.yearly", "com.example.basic.monthly",
            ])
        #expect(
            catalog.products.map(\.type) == [
                .consumable, .nonConsumable, .nonRenewing, .autoRenewable, .autoRenewable, .autoRenewable,
            ])
        let gems = try #require(catalog.product(withID: "com.example.gems.100"))
        #expect(gems.prices == ["JPN": Price(amount: 160, currencyCode: "JPY")])
        #expect(gems.payouts == [Payout(kind: .item, name: "com.example.gems.100", quantity: 1)])
        #expect(gems.entitlements.isEmpty)
        let removeAds = try #require(catalog.product(withID: "com.example.removeads"))
        #expect(removeAds.familyShareable)
        #expect(removeAds.entitlements == ["com.example.removeads"])
        let season = try #require(catalog.product(withID: "com.example.season"))
        #expect(season.duration == SubscriptionPeriod(value: 1, unit: .year))
        #expect(season.subscription == nil)
    }

    @Test func mapsSubscriptionGroupsLevelsPeriodsAndIntroductoryOffers() throws {
        let catalog = try fullCatalog()
        let monthly = try #require(catalog.product(withID: "com.example.pro.monthly")?.subscription)
        #expect(monthly.group == "pro")
        #expect(monthly.level == 1)
        #expect(monthly.period == SubscriptionPeriod(value: 1, unit: .month))
        #expect(monthly.introductoryOffer == IntroductoryOffer(mode: .freeTrial, period: SubscriptionPeriod("P1W")!))
        let yearly = try #require(catalog.product(withID: "com.example.pro.yearly")?.subscription)
        #expect(
            yearly.introductoryOffer
                == IntroductoryOffer(
                    mode: .payUpFront, period: SubscriptionPeriod("P6M")!, periods: 1,
                    prices: ["JPN": Price(amount: 3000, currencyCode: "JPY")]))
        let basic = try #require(catalog.product(withID: "com.example.basic.monthly")?.subscription)
        #expect(basic.level == 2)
        #expect(
            basic.introductoryOffer
                == IntroductoryOffer(
                    mode: .payAsYouGo, period: SubscriptionPeriod("P1M")!, periods: 3,
                    prices: ["JPN": Price(amount: 100, currencyCode: "JPY")]))
    }

    @Test func keepsLocalizationsAndFallsBackToTheDefaultOne() throws {
        let catalog = try fullCatalog()
        let gems = try #require(catalog.product(withID: "com.example.gems.100"))
        #expect(Set(gems.localizations.keys) == ["en_US", "ja_JP"])
        #expect(gems.localization(for: "ja_JP")?.displayName == "ジェム100個")
        // Only an English text with an empty name: the reference name, also for the deployment's language.
        let removeAds = try #require(catalog.product(withID: "com.example.removeads"))
        #expect(removeAds.localizations["en_US"]?.displayName == "Remove Ads")
        #expect(removeAds.localizations["ja_JP"] == removeAds.localizations["en_US"])
        // `zh_Hans` becomes canonical `zh-Hans`.
        let basic = try #require(catalog.product(withID: "com.example.basic.monthly"))
        #expect(basic.localizations["zh-Hans"]?.displayName == "Basic")
        let season = try #require(catalog.product(withID: "com.example.season"))
        #expect(season.localizations["ja"]?.displayName == "シーズンパス")
        #expect(season.localizations["ja_JP"] == nil)
    }

    @Test func defaultsToTheUnitedStatesInEnglish() throws {
        let json = """
            {"products": [{"productID": "a", "type": "NonConsumable", "displayPrice": "0.99"}], "version": {"major": 1}}
            """
        let catalog = try StoreKitConfigurationImporter().load(Data(json.utf8)).get()
        #expect(catalog.deployment.name == "storekit")
        #expect(catalog.deployment.storefront == "USA" && catalog.deployment.locale == "en_US")
        let product = try #require(catalog.products.first)
        #expect(product.prices["USA"] == Price(amount: Decimal(string: "0.99")!, currencyCode: "USD"))
        #expect(product.localizations == ["en_US": ProductLocalization(displayName: "a", description: "")])
    }

    @Test func versionOneErrorCodeBecomesTheFailureError() throws {
        let json = """
            {"products": [], "settings": {"_failTransactionsEnabled": true, "_storeKitError": 4}}
            """
        let catalog = try StoreKitConfigurationImporter().load(Data(json.utf8)).get()
        let settings = try #require(catalog.deployment.defaultProvider?.settings)
        #expect(settings["FailTransactionsEnabled"] == true)
        #expect(settings["FailureError"] == 4)
    }

    @Test func nonRenewingDurationCanBeChosen() throws {
        let json = """
            {"nonRenewingSubscriptions": [{"productID": "pass", "displayPrice": "3", "type": "NonRenewingSubscription"}]}
            """
        let importer = StoreKitConfigurationImporter(nonRenewingDuration: SubscriptionPeriod("P3M")!)
        let catalog = try importer.load(Data(json.utf8)).get()
        #expect(catalog.products.first?.duration == SubscriptionPeriod("P3M"))
    }

    @Test func anUnknownFormatVersionIsAWarningAndStillReads() throws {
        let json = """
            {"products": [{"productID": "a", "type": "Consumable", "displayPrice": "1"}], "version": {"major": 6}}
            """
        let result = StoreKitConfigurationImporter().load(Data(json.utf8))
        #expect(result.diagnostics.map(\.problem) == [.storeKitUnsupportedVersion("6")])
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(try result.get().products.count == 1)
    }

    @Test func aSubscriptionReportsProductAndPeriodProblemsTogether() {
        let json = """
            {"subscriptionGroups": [{"name": "", "subscriptions": [
              {"productID": "s", "displayPrice": "x", "recurringSubscriptionPeriod": "monthly"}]}]}
            """
        let result = StoreKitConfigurationImporter().load(Data(json.utf8))
        #expect(
            result.errors.map(\.problem) == [
                .storeKitMissingKey("name", in: "subscriptionGroups"), .invalidPrice("x"),
                .invalidPeriod(key: "recurringSubscriptionPeriod", value: "monthly"),
            ])
    }

    @Test func subscriptionTypesBelongInTheirOwnLists() {
        let json = """
            {"products": [{"productID": "a", "type": "RecurringSubscription", "displayPrice": "1"}]}
            """
        let result = StoreKitConfigurationImporter().load(Data(json.utf8))
        #expect(result.errors.map(\.problem.key) == ["catalog.invalidValue"])
    }

    @Test func malformedJSONIsOneErrorAtItsPosition() throws {
        let json = "{\n  \"products\" : [\n    { \"productID\" : \"a\" \"type\" : \"Consumable\" }\n  ]\n}\n"
        let result = StoreKitConfigurationImporter().load(Data(json.utf8), path: "Bad.storekit")
        #expect(result.catalog == nil)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.problem.key == "catalog.storeKitUnreadable")
        #expect(diagnostic.location == SourceLocation(line: 3, column: 25))
        #expect(
            diagnostic.description.hasPrefix(
                "Bad.storekit:3:25: error: the StoreKit configuration is not readable JSON"))
    }

    @Test func aRootThatIsNotAnObjectIsAnError() {
        let result = StoreKitConfigurationImporter().load(Data("[]".utf8))
        #expect(result.errors.map(\.problem) == [.storeKitWrongType(key: "(root)", expected: "object", found: "array")])
    }

    @Test func reportsEveryProblemOfAFileInOnePass() throws {
        let result = StoreKitConfigurationImporter().load(contentsOfFile: Self.broken)
        #expect(result.catalog == nil)
        let found = result.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.problem.key)" }
        #expect(
            found == [
                "4:24 catalog.invalidPrice", "7:16 catalog.invalidValue", "9:5 catalog.storeKitMissingKey",
                "11:27 catalog.storeKitWrongType", "16:21 catalog.duplicateProductID",
                "21:21 catalog.storeKitUnknownStorefront", "31:43 catalog.invalidPeriod",
            ])
        #expect(result.warnings.count == 1)
        #expect(result.diagnostics.allSatisfy { $0.path == Self.broken })
        let type = try #require(result.diagnostics.first { $0.problem.key == "catalog.invalidValue" })
        #expect(type.message.contains("did you mean 'Consumable'"))
    }

    @Test func theCatalogLoaderImportsStoreKitFilesByExtension() throws {
        let viaLoader = try CatalogLoader().load(contentsOfFile: Self.full).get()
        #expect(viaLoader == (try fullCatalog()))
        #expect(StoreKitConfigurationImporter.isStoreKitConfiguration(path: "a/Products.StoreKit"))
        #expect(!StoreKitConfigurationImporter.isStoreKitConfiguration(path: "Catalog/Default.plist"))
    }

    @Test func aMissingFileIsUnreadable() {
        let result = CatalogLoader().load(contentsOfFile: "/nonexistent/Products.storekit")
        #expect(result.errors.map(\.problem.key) == ["catalog.unreadableFile"])
    }
}

struct StoreKitHostileInputTests {
    @Test(arguments: [
        "", "{", "{\"products\": [", "{\"a\" 1}", "[1,]", "{\"a\": nul}", "{\"a\": \"\\x\"}", "{\"a\": 01}",
        "{\"a\": \"\u{01}\"}", "{} {}", "{\"a\": \"\\ud800\"}",
    ])
    func malformedJSONIsOneErrorNeverACrash(text: String) {
        let result = StoreKitConfigurationImporter().load(Data(text.utf8))
        #expect(result.catalog == nil)
        #expect(result.diagnostics.map(\.problem.key) == ["catalog.storeKitUnreadable"])
    }

    @Test func invalidUTF8IsRefused() {
        let result = StoreKitConfigurationImporter().load(Data([0x7B, 0xFF, 0x7D]))
        #expect(result.diagnostics.map(\.problem.key) == ["catalog.storeKitUnreadable"])
    }

    @Test func deepNestingIsRefused() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let result = StoreKitConfigurationImporter().load(Data(text.utf8))
        #expect(result.diagnostics.map(\.problem.key) == ["catalog.storeKitUnreadable"])
    }

    @Test func filesOverTheSizeLimitAreRefusedBeforeReading() {
        var importer = StoreKitConfigurationImporter()
        importer.maximumFileSize = 16
        let result = importer.load(Data("{\"products\": [], \"settings\": {}}".utf8))
        #expect(result.diagnostics.map(\.problem.key) == ["catalog.storeKitUnreadable"])
        #expect(result.diagnostics.first?.message.contains("limit") == true)
    }

    @Test func aLongSingleLineKeepsColumns() throws {
        let products = (0..<2000).map { #"{"productID":"p\#($0)","type":"Consumable","displayPrice":"1"}"# }
        let text =
            #"{"products":["# + products.joined(separator: ",")
            + #",{"productID":"bad id","type":"Consumable","displayPrice":"1"}]}"#
        let result = StoreKitConfigurationImporter().load(Data(text.utf8))
        let diagnostic = try #require(result.errors.first)
        #expect(diagnostic.problem == .invalidProductID("bad id"))
        let column = text.distance(from: text.startIndex, to: text.range(of: "\"bad id\"")!.lowerBound) + 1
        #expect(diagnostic.location == SourceLocation(line: 1, column: column))
    }
}
