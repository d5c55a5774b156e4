import Foundation
import PropertyList
import PurchaseCatalog
import PurchaseCore
import SimulatedGooglePlay
import Testing

/// A product's `GooglePlay` dict in a catalog: every wrong key or value is an error at its file, line and
/// column, through the registry's check for the dict; a right one gives the base plans it describes.
struct PlayCatalogSettingsTests {
    static let registry: ProviderRegistry = {
        var registry = ProviderRegistry()
        SimulatedGooglePlayProvider.register(in: &registry)
        return registry
    }()

    /// A catalog selling one product of `type` whose `GooglePlay` dict is `googlePlay` (plist XML).
    static func catalog(type: String, googlePlay: String) -> String {
        let subscription =
            type == "AutoRenewable"
            ? "<key>Subscription</key><dict><key>Group</key><string>pro</string><key>Period</key><string>P1M</string><key>Level</key><integer>1</integer></dict>"
            : ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            <key>CatalogVersion</key><integer>1</integer>
            <key>Deployment</key>
            <dict>
            <key>Name</key><string>play</string>
            <key>Provider</key><string>simulated-google-play</string>
            <key>Storefront</key><string>USA</string>
            <key>Locale</key><string>en_US</string>
            </dict>
            <key>Storefronts</key>
            <dict><key>USA</key><dict><key>Currency</key><string>USD</string></dict></dict>
            <key>Products</key>
            <array>
            <dict>
            <key>ProductID</key><string>com.example.item</string>
            <key>Type</key><string>\(type)</string>
            <key>Prices</key><dict><key>USA</key><string>4.99</string></dict>
            <key>Localizations</key>
            <dict><key>en</key><dict><key>DisplayName</key><string>Item</string><key>Description</key><string>An item.</string></dict></dict>
            <key>Entitlements</key><array><string>item</string></array>
            \(subscription)
            <key>GooglePlay</key>
            \(googlePlay)
            </dict>
            </array>
            </dict>
            </plist>
            """
    }

    /// The problems of the catalog's product settings: each setting's path and the line it was reported at.
    static func problems(_ text: String) -> [(key: String, line: Int, column: Int)] {
        let result = CatalogLoader(registry: registry).load(Data(text.utf8), path: "Play.plist")
        return result.errors.compactMap { diagnostic in
            guard case .invalidProviderSetting(let problem) = diagnostic.problem, diagnostic.path == "Play.plist"
            else { return nil }
            return (problem.key, diagnostic.location.line, diagnostic.location.column)
        }
    }

    /// The 1-based line of the first line of `text` containing `marker`.
    static func line(of marker: String, in text: String) -> Int {
        (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(marker) } ?? -1) + 1
    }

    /// Checks that `googlePlay` on a product of `type` gives exactly one problem, about `key`, on the
    /// line holding `marker`.
    static func expectOne(_ type: String, _ googlePlay: String, key: String, marker: String) {
        let text = catalog(type: type, googlePlay: googlePlay)
        let found = problems(text)
        #expect(found.map(\.key) == [key], "\(found)")
        #expect(found.first?.line == line(of: marker, in: text))
        #expect((found.first?.column ?? 0) > 0)
    }

    @Test func aWellFormedDictLoadsAndGivesItsBasePlans() throws {
        let text = Self.catalog(
            type: "AutoRenewable",
            googlePlay: """
                <dict><key>BasePlans</key><array>
                <dict><key>ID</key><string>monthly</string><key>Kind</key><string>AutoRenewing</string>
                <key>GracePeriodDays</key><integer>3</integer><key>Tags</key><array><string>pro</string></array>
                <key>Offers</key><array><dict><key>ID</key><string>trial</string>
                <key>Phases</key><array><dict><key>Price</key><string>0</string><key>Period</key><string>P1W</string></dict></array>
                </dict></array></dict>
                <dict><key>ID</key><string>prepaid</string><key>Kind</key><string>Prepaid</string>
                <key>Prices</key><dict><key>USA</key><string>3.99</string></dict></dict>
                </array></dict>
                """)
        let result = CatalogLoader(registry: Self.registry).load(Data(text.utf8), path: "Play.plist")
        #expect(result.errors.isEmpty, "\(result.diagnostics)")
        #expect(result.warnings.isEmpty, "\(result.diagnostics)")
        let catalog = try #require(result.catalog)
        let play = PlayCatalogProducts(catalog: catalog)
        let product = try #require(play.products.first)
        #expect(product.basePlans.map(\.id) == ["monthly", "prepaid"])
        #expect(product.basePlans[0].gracePeriodDays == 3)
        #expect(product.basePlans[0].price.micros == 4_990_000)
        #expect(product.basePlans[0].offers.first?.phases.first?.price.micros == 0)
        #expect(product.basePlans[1].kind == .prepaid)
        #expect(product.basePlans[1].price.micros == 3_990_000)
    }

    @Test func withoutTheDictASubscriptionGetsOneMonthlyPlan() throws {
        let text = Self.catalog(type: "AutoRenewable", googlePlay: "<dict/>")
        let catalog = try #require(CatalogLoader(registry: Self.registry).load(Data(text.utf8)).catalog)
        let plans = try #require(PlayCatalogProducts(catalog: catalog).products.first).basePlans
        #expect(plans.map(\.id) == ["monthly"])
        #expect(plans.first?.kind == .autoRenewing)
        #expect(plans.first?.billingPeriod.description == "P1M")
    }

    @Test func anUnknownKeyIsNamed() {
        Self.expectOne(
            "Consumable", "<dict><key>Quantity</key><true/></dict>", key: "GooglePlay.Quantity", marker: "Quantity")
    }

    @Test func multipleQuantityMustBeABoolean() {
        Self.expectOne(
            "Consumable", "<dict><key>MultipleQuantity</key><string>yes</string></dict>",
            key: "GooglePlay.MultipleQuantity", marker: "MultipleQuantity")
    }

    @Test func basePlansAreForSubscriptionsOnly() {
        Self.expectOne(
            "NonConsumable", "<dict>\n<key>BasePlans</key><array/></dict>", key: "GooglePlay.BasePlans",
            marker: "<key>BasePlans</key>")
    }

    @Test func multipleQuantityIsForOneTimeProductsOnly() {
        Self.expectOne(
            "AutoRenewable", "<dict><key>MultipleQuantity</key><true/></dict>", key: "GooglePlay.MultipleQuantity",
            marker: "MultipleQuantity")
    }

    @Test func basePlansMustBeANonEmptyArray() {
        Self.expectOne(
            "AutoRenewable", "<dict><key>BasePlans</key><array/></dict>", key: "GooglePlay.BasePlans",
            marker: "BasePlans")
    }

    @Test func aBasePlanNeedsAValidID() {
        Self.expectOne(
            "AutoRenewable",
            "<dict><key>BasePlans</key><array>\n<dict><key>Kind</key><string>Prepaid</string></dict>\n</array></dict>",
            key: "GooglePlay.BasePlans[0].ID", marker: "Prepaid")
        Self.expectOne(
            "AutoRenewable",
            "<dict><key>BasePlans</key><array><dict>\n<key>ID</key><string>Monthly!</string></dict></array></dict>",
            key: "GooglePlay.BasePlans[0].ID", marker: "Monthly!")
    }

    @Test func baseBlanIDsAreUnique() {
        Self.expectOne(
            "AutoRenewable",
            "<dict><key>BasePlans</key><array><dict><key>ID</key><string>m</string></dict>\n<dict><key>ID</key><string>m</string><key>Tags</key><array/></dict></array></dict>",
            key: "GooglePlay.BasePlans[1].ID", marker: "<key>Tags</key>")
    }

    @Test func aBasePlanKindIsAutoRenewingOrPrepaid() {
        Self.expectOne(
            "AutoRenewable",
            "<dict><key>BasePlans</key><array><dict><key>ID</key><string>m</string>\n<key>Kind</key><string>Weekly</string></dict></array></dict>",
            key: "GooglePlay.BasePlans[0].Kind", marker: "Weekly")
    }

    @Test func aPeriodIsISO8601() {
        Self.expectOne(
            "AutoRenewable",
            "<dict><key>BasePlans</key><array><dict><key>ID</key><string>m</string>\n<key>Period</key><string>monthly</string></dict></array></dict>",
            key: "GooglePlay.BasePlans[0].Period", marker: "<string>monthly</string>")
    }

    @Test func pricesNameDeclaredStorefrontsAndDecimalAmounts() {
        Self.expectOne(
            "AutoRenewable",
            "<dict><key>BasePlans</key><array><dict><key>ID</key><string>m</string>\n<key>Prices</key><dict><key>ZZZ</key><string>1</string></dict></dict></array></dict>",
            key: "GooglePlay.BasePlans[0].Prices.ZZZ", marker: "ZZZ")
        Self.expectOne(
            "AutoRenewable",
            "<dict><key>BasePlans</key><array><dict><key>ID</key><string>m</string>\n<key>Prices</key><dict><key>USA</key><string>cheap</string></dict></dict></array></dict>",
            key: "GooglePlay.BasePlans[0].Prices.USA", marker: "cheap")
    }

    @Test func graceAndHoldDaysAreCounts() {
        Self.expectOne(
            "AutoRenewable",
            "<dict><key>BasePlans</key><array><dict><key>ID</key><string>m</string>\n<key>AccountHoldDays</key><integer>-1</integer></dict></array></dict>",
            key: "GooglePlay.BasePlans[0].AccountHoldDays", marker: "-1")
    }

    @Test func anOfferNeedsPhasesWithAPriceAndAPeriod() {
        Self.expectOne(
            "AutoRenewable",
            "<dict><key>BasePlans</key><array><dict><key>ID</key><string>m</string><key>Offers</key><array>\n<dict><key>ID</key><string>trial</string></dict></array></dict></array></dict>",
            key: "GooglePlay.BasePlans[0].Offers[0].Phases", marker: "trial")
        Self.expectOne(
            "AutoRenewable",
            "<dict><key>BasePlans</key><array><dict><key>ID</key><string>m</string><key>Offers</key><array><dict><key>ID</key><string>trial</string><key>Phases</key><array>\n<dict><key>Period</key><string>P1W</string></dict></array></dict></array></dict></array></dict>",
            key: "GooglePlay.BasePlans[0].Offers[0].Phases[0].Price", marker: "P1W")
    }

    @Test func anOfferEligibilityAndRecurrenceAreChoices() {
        let phase = "<key>Price</key><string>1</string><key>Period</key><string>P1M</string>"
        Self.expectOne(
            "AutoRenewable",
            "<dict><key>BasePlans</key><array><dict><key>ID</key><string>m</string><key>Offers</key><array><dict><key>ID</key><string>o</string>\n<key>Eligibility</key><string>Everyone</string><key>Phases</key><array><dict>\(phase)</dict></array></dict></array></dict></array></dict>",
            key: "GooglePlay.BasePlans[0].Offers[0].Eligibility", marker: "Everyone")
        Self.expectOne(
            "AutoRenewable",
            "<dict><key>BasePlans</key><array><dict><key>ID</key><string>m</string><key>Offers</key><array><dict><key>ID</key><string>o</string><key>Phases</key><array><dict>\(phase)\n<key>Cycles</key><integer>0</integer></dict></array></dict></array></dict></array></dict>",
            key: "GooglePlay.BasePlans[0].Offers[0].Phases[0].Cycles", marker: "<integer>0</integer>")
        Self.expectOne(
            "AutoRenewable",
            "<dict><key>BasePlans</key><array><dict><key>ID</key><string>m</string><key>Offers</key><array><dict><key>ID</key><string>o</string><key>Phases</key><array><dict>\(phase)\n<key>RecurrenceMode</key><string>Forever</string></dict></array></dict></array></dict></array></dict>",
            key: "GooglePlay.BasePlans[0].Offers[0].Phases[0].RecurrenceMode", marker: "Forever")
    }

    @Test func everyProblemIsReportedInOnePass() {
        let text = Self.catalog(
            type: "AutoRenewable",
            googlePlay:
                "<dict><key>Extra</key><true/><key>BasePlans</key><array><dict><key>ID</key><string>m</string><key>Period</key><string>x</string><key>Kind</key><string>y</string></dict></array></dict>"
        )
        #expect(
            Set(Self.problems(text).map(\.key)) == [
                "GooglePlay.Extra", "GooglePlay.BasePlans[0].Period", "GooglePlay.BasePlans[0].Kind",
            ])
    }

    @Test func settingMessagesAreLocalized() {
        let problem = ProviderSettingError(
            .simulatedGooglePlay, key: "GooglePlay.BasePlans[0].Period",
            expected: .rule(.googlePlaySettingPeriod, description: "an ISO 8601 period"))
        let english = MessageTable.builtIn.render(problem.messageText, locale: "en")
        let japanese = MessageTable.builtIn.render(problem.messageText, locale: "ja")
        #expect(english.contains("GooglePlay.BasePlans[0].Period") && english.contains("ISO 8601"))
        #expect(japanese.contains("GooglePlay.BasePlans[0].Period") && japanese != english)
    }
}
