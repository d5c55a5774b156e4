import Foundation
import PurchaseCatalog
import PurchaseCore
import Testing

/// Broken catalogs, each with the exact diagnostics (line:column: severity: message) it must produce.
struct CatalogDiagnosticsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var expected: [String]
        var testDescription: String { name }
    }

    static let localization = """
        <key>Localizations</key><dict><key>en</key><dict><key>DisplayName</key><string>A</string>\
        <key>Description</key><string/></dict></dict>
        """

    /// A valid non-consumable on one line.
    static func oneLineProduct(_ id: String) -> String {
        "<dict><key>ProductID</key><string>\(id)</string><key>Type</key><string>NonConsumable</string>"
            + "<key>Prices</key><dict><key>USA</key><string>1</string></dict>\(localization)</dict>"
    }

    static let cases: [Case] = [
        Case(
            name: "misspelled key",
            text: CatalogText.withProduct(
                """
                <dict>
                <key>ProductID</key><string>a</string>
                <key>Type</key><string>NonConsumable</string>
                <key>Prise</key><dict><key>USA</key><string>1</string></dict>
                \(localization)
                </dict>
                """
            ),
            expected: [
                "4:1: error: missing required key 'Prices' in product 'a'",
                "7:1: warning: unknown key 'Prise'; did you mean 'Prices'?",
            ]
        ),
        Case(
            name: "wrong types and bad period",
            text: CatalogText.withProduct(
                """
                <dict>
                <key>ProductID</key><string>s</string>
                <key>Type</key><string>AutoRenewable</string>
                <key>Prices</key><dict><key>USA</key><string>1</string></dict>
                \(localization)
                <key>Subscription</key><dict><key>Group</key><string>g</string><key>Period</key><string>P1X</string><key>Level</key><string>1</string></dict>
                <key>FamilyShareable</key><string>YES</string>
                </dict>
                """
            ),
            expected: [
                "9:81: error: 'P1X' is not a valid Period",
                "9:117: error: 'Level' must be of type integer, found string",
                "10:27: error: 'FamilyShareable' must be of type boolean, found string",
            ]
        ),
        Case(
            name: "catalog version",
            text: CatalogText.document("<key>CatalogVersion</key><integer>2</integer>"),
            expected: ["3:26: error: unsupported CatalogVersion 2; this version of PurchaseKit reads version 1"]
        ),
        Case(
            name: "catalog version type",
            text: CatalogText.document("<key>CatalogVersion</key><string>1</string>"),
            expected: ["3:26: error: 'CatalogVersion' must be of type integer, found string"]
        ),
        Case(
            name: "duplicate product IDs",
            text: CatalogText.withProduct(
                [oneLineProduct("a"), oneLineProduct("b"), oneLineProduct("a")].joined(separator: "\n")),
            expected: ["6:27: error: duplicate ProductID 'a' (first at line 4, column 27)"]
        ),
        Case(
            name: "duplicate key",
            text: CatalogText.withProduct(
                """
                <dict>
                <key>ProductID</key><string>a</string>
                <key>Type</key><string>Consumable</string>
                <key>Type</key><string>NonConsumable</string>
                <key>Prices</key><dict><key>USA</key><string>1</string></dict>
                \(localization)
                </dict>
                """
            ),
            expected: ["7:1: error: duplicate key 'Type' (first at line 6, column 1)"]
        ),
        Case(
            name: "product ID and type spelling",
            text: CatalogText.withProduct(
                """
                <dict>
                <key>ProductID</key><string>gems 100</string>
                <key>Type</key><string>Consumeable</string>
                <key>Prices</key><dict><key>USA</key><string>1</string></dict>
                \(localization)
                </dict>
                """
            ),
            expected: [
                "5:21: error: invalid ProductID 'gems 100'",
                "6:16: error: 'Consumeable' is not a valid Type; did you mean 'Consumable'?",
            ]
        ),
        Case(
            name: "prices",
            text: CatalogText.withProduct(
                """
                <dict>
                <key>ProductID</key><string>a</string>
                <key>Type</key><string>NonConsumable</string>
                <key>Prices</key><dict>
                <key>USA</key><string>1,99</string>
                <key>JPN</key><string>abc</string>
                <key>UAS</key><string>-1</string>
                <key>USA</key><real>0.99</real>
                <key>JPN</key><integer>-5</integer>
                <key>JPN</key><true/>
                </dict>
                \(localization)
                </dict>
                """
            ),
            expected: [
                "8:15: error: invalid price '1,99'",
                "9:15: error: invalid price 'abc'",
                "10:1: error: storefront 'UAS' is not declared; did you mean 'USA'?",
                "10:15: error: invalid price '-1'",
                "11:1: error: duplicate key 'USA' (first at line 8, column 1)",
                "11:15: error: price 0.99 is written as <real>, which cannot hold most decimal amounts exactly",
                "12:1: error: duplicate key 'JPN' (first at line 9, column 1)",
                "12:15: error: invalid price '-5'",
                "13:1: error: duplicate key 'JPN' (first at line 9, column 1)",
                "13:15: error: 'JPN' must be of type string, found boolean",
            ]
        ),
        Case(
            name: "product type rules",
            text: CatalogText.withProduct(
                """
                <dict><key>ProductID</key><string>a</string><key>Type</key><string>AutoRenewable</string><key>Prices</key><dict><key>USA</key><string>1</string></dict>\(localization)</dict>
                <dict><key>ProductID</key><string>b</string><key>Type</key><string>NonRenewing</string><key>Prices</key><dict><key>USA</key><string>1</string></dict>\(localization)</dict>
                <dict><key>ProductID</key><string>c</string><key>Type</key><string>NonConsumable</string><key>Duration</key><string>P1M</string><key>Prices</key><dict><key>USA</key><string>1</string></dict>\(localization)</dict>
                """
            ),
            expected: [
                "4:1: error: products of type AutoRenewable need 'Subscription'",
                "5:1: error: products of type NonRenewing need 'Duration'",
                "6:90: error: 'Duration' is not allowed on products of type NonConsumable",
            ]
        ),
        Case(
            name: "payouts",
            text: CatalogText.withProduct(
                """
                <dict>
                <key>ProductID</key><string>a</string>
                <key>Type</key><string>Consumable</string>
                <key>Payouts</key><array><dict><key>Kind</key><string>coins</string><key>Name</key><string>gems</string><key>Quantity</key><integer>0</integer></dict><dict/></array>
                <key>Prices</key><dict><key>USA</key><string>1</string></dict>
                \(localization)
                </dict>
                """
            ),
            expected: [
                "7:47: error: 'coins' is not a valid Kind",
                "7:124: error: 'Quantity' must be 1 or more, found 0",
                "7:151: error: missing required key 'Kind' in a payout",
                "7:151: error: missing required key 'Name' in a payout",
                "7:151: error: missing required key 'Quantity' in a payout",
            ]
        ),
        Case(
            name: "consumable warnings",
            text: CatalogText.withProduct(
                """
                <dict>
                <key>ProductID</key><string>a</string>
                <key>Type</key><string>Consumable</string>
                <key>Entitlements</key><array><string>x</string><string>x</string></array>
                <key>FamilyShareable</key><true/>
                <key>StoreIDs</key><dict><key>simulated-app-store</key><string>a.sim</string></dict>
                <key>Prices</key><dict><key>JPN</key><string>1</string></dict>
                \(localization)
                </dict>
                """
            ),
            expected: [
                "4:1: warning: consumable 'a' has no 'Payouts', so buying it delivers nothing",
                "7:1: warning: consumable 'a' is never owned, so its 'Entitlements' grant nothing lasting",
                "7:49: warning: entitlement 'x' is listed twice",
                "8:27: warning: consumable 'a' cannot be family shareable",
                "9:26: warning: store ID for provider 'simulated-app-store', which this deployment does not use",
                "10:18: warning: product 'a' has no price in the deployment's storefront 'USA'",
            ]
        ),
        Case(
            name: "subscription details",
            text: CatalogText.withProduct(
                """
                <dict>
                <key>ProductID</key><string>s</string>
                <key>Type</key><string>AutoRenewable</string>
                <key>Prices</key><dict><key>USA</key><string>1</string></dict>
                \(localization)
                <key>Subscription</key><dict>
                <key>Group</key><string></string>
                <key>Period</key><string>P1M</string>
                <key>Level</key><integer>0</integer>
                <key>IntroductoryOffer</key><dict><key>Mode</key><string>PayUpfront</string><key>Period</key><string>P1M</string></dict>
                </dict>
                </dict>
                <dict>
                <key>ProductID</key><string>t</string>
                <key>Type</key><string>AutoRenewable</string>
                <key>Prices</key><dict><key>USA</key><string>1</string></dict>
                \(localization)
                <key>Subscription</key><dict><key>Group</key><string>g</string><key>Period</key><string>P1M</string><key>Level</key><integer>1</integer>
                <key>IntroductoryOffer</key><dict><key>Mode</key><string>PayAsYouGo</string><key>Period</key><string>P1M</string><key>Periods</key><integer>3</integer></dict>
                </dict>
                <key>Type</key><string>AutoRenewable</string>
                </dict>
                """
            ),
            expected: [
                "10:17: error: 'Group' must not be empty",
                "12:17: error: 'Level' must be 1 or more, found 0",
                "13:50: error: 'PayUpfront' is not a valid Mode; did you mean 'PayUpFront'?",
                "22:29: error: introductory offers of mode PayAsYouGo need 'Prices'",
                "24:1: error: duplicate key 'Type' (first at line 18, column 1)",
            ]
        ),
        Case(
            name: "two spellings of one locale",
            text: CatalogText.withProduct(
                """
                <dict>
                <key>ProductID</key><string>a</string>
                <key>Type</key><string>NonConsumable</string>
                <key>Prices</key><dict><key>USA</key><string>1</string></dict>
                <key>Localizations</key><dict>
                <key>en_US</key><dict><key>DisplayName</key><string>A</string><key>Description</key><string/></dict>
                <key>en-us</key><dict><key>DisplayName</key><string>B</string><key>Description</key><string/></dict>
                <key>en_US</key><dict><key>DisplayName</key><string>C</string><key>Description</key><string/></dict>
                <key>english</key><dict><key>DisplayName</key><string>D</string></dict>
                </dict>
                </dict>
                """
            ),
            expected: [
                "10:1: error: duplicate key 'en-us' (first at line 9, column 1)",
                "11:1: error: duplicate key 'en_US' (first at line 9, column 1)",
                "12:1: error: invalid locale identifier 'english'",
                "12:19: error: missing required key 'Description' in localization 'english'",
            ]
        ),
        Case(
            name: "simulation, hosted content and store IDs",
            text: CatalogText.document(
                """
                <key>Deployment</key><dict><key>Name</key><string>t</string><key>Provider</key><string>simulated-app-store</string><key>Storefront</key><string>USA</string><key>Locale</key><string>en</string></dict>
                <key>Products</key><array><dict>
                <key>ProductID</key><string>a</string>
                <key>Type</key><string>NonConsumable</string>
                <key>Prices</key><dict><key>USA</key><string>1</string></dict>
                \(localization)
                <key>StoreIDs</key><dict><key>simulated-app-store</key><string></string><key>9store</key><string>x</string></dict>
                <key>HostedContent</key><dict><key>ContentLength</key><integer>-1</integer></dict>
                <key>Simulation</key><dict>
                <key>AskToBuy</key><string>approved</string>
                <key>Failures</key><array><dict><key>Attempt</key><integer>0</integer><key>Error</key><string>storeUnavailable</string></dict><dict><key>Attempt</key><integer>2</integer></dict></array>
                <key>Interrupted</key><string>yes</string>
                <key>Unavialable</key><true/>
                <key>Extra</key><dict><key>Link</key><dict><key>CF$UID</key><integer>3</integer></dict></dict>
                </dict>
                </dict></array>
                """
            ),
            expected: [
                "9:56: error: 'simulated-app-store' must not be empty",
                "9:73: error: invalid provider kind '9store'",
                "10:25: error: missing required key 'Version' in HostedContent",
                "10:55: error: 'ContentLength' must be 0 or more, found -1",
                "12:20: error: 'approved' is not a valid AskToBuy; did you mean 'Approved'?",
                "13:51: error: 'Attempt' must be 1 or more, found 0",
                "13:127: error: missing required key 'Error' in a Failures entry",
                "14:23: error: 'Interrupted' must be of type boolean, found string",
                "15:1: warning: unknown key 'Unavialable'; did you mean 'Unavailable'?",
                "16:1: warning: unknown key 'Extra'",
                "16:38: error: settings cannot hold a value of type CF$UID",
            ]
        ),
        Case(
            name: "an invalid ProductID names the product as written",
            text: CatalogText.withProduct(
                """
                <dict>
                <key>ProductID</key><string>com.example bad</string>
                <key>Prices</key><dict><key>USA</key><string>1</string></dict>
                <key>Localizations</key><dict><key>ja</key><dict><key>DisplayName</key><string>A</string><key>Description</key><string/></dict></dict>
                </dict>
                """
            ),
            expected: [
                "4:1: error: missing required key 'Type' in product 'com.example bad'",
                "5:21: error: invalid ProductID 'com.example bad'",
                "7:25: error: product 'com.example bad' has no localization for the deployment's locale 'en_US'",
            ]
        ),
        Case(
            name: "a product without a ProductID",
            text: CatalogText.withProduct(
                """
                <dict>
                <key>Type</key><string>NonConsumable</string>
                <key>Prices</key><dict><key>USA</key><string>1</string></dict>
                <key>Localizations</key><dict><key>ja</key><dict><key>DisplayName</key><string>A</string><key>Description</key><string/></dict></dict>
                </dict>
                """
            ),
            expected: [
                "4:1: error: missing required key 'ProductID' in a product",
                "7:25: error: a product has no localization for the deployment's locale 'en_US'",
            ]
        ),
        Case(
            name: "prices with more digits than accepted",
            text: CatalogText.withProduct(
                """
                <dict>
                <key>ProductID</key><string>a</string>
                <key>Type</key><string>NonConsumable</string>
                <key>Prices</key><dict><key>USA</key><string>1234567890123456789</string><key>JPN</key><integer>9223372036854775808</integer></dict>
                \(localization)
                </dict>
                <dict>
                <key>ProductID</key><string>b</string>
                <key>Type</key><string>NonConsumable</string>
                <key>Prices</key><dict><key>USA</key><integer>1000000000000000000</integer><key>JPN</key><string>99999999999999.99999</string></dict>
                \(localization)
                </dict>
                <dict>
                <key>ProductID</key><string>c</string>
                <key>Type</key><string>NonConsumable</string>
                <key>Prices</key><dict><key>USA</key><integer>999999999999999999</integer><key>JPN</key><string>9999999999999999.99</string></dict>
                \(localization)
                </dict>
                """
            ),
            expected: [
                "7:38: error: price '1234567890123456789' is too large; the largest price accepted is 999999999999999999",
                "7:88: error: price '9223372036854775808' is too large; the largest price accepted is 999999999999999999",
                "13:38: error: price '1000000000000000000' is too large; the largest price accepted is 999999999999999999",
                "13:90: error: price '99999999999999.99999' is too large; the largest price accepted is 999999999999999999",
            ]
        ),
        Case(
            name: "a price only for an undeclared storefront",
            text: CatalogText.withProduct(
                """
                <dict>
                <key>ProductID</key><string>a</string>
                <key>Type</key><string>NonConsumable</string>
                <key>Prices</key><dict><key>GBR</key><string>1</string></dict>
                \(localization)
                </dict>
                """
            ),
            expected: [
                "7:18: warning: product 'a' has no price in the deployment's storefront 'USA'",
                "7:24: error: storefront 'GBR' is not declared",
            ]
        ),
    ]

    @Test(arguments: cases + deploymentCases)
    func reportsExactPositions(_ testCase: Case) {
        #expect(CatalogText.diagnostics(of: testCase.text) == testCase.expected)
    }
}
