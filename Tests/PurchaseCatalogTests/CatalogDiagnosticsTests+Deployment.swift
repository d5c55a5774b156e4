import PurchaseCatalog
import PurchaseCore

extension CatalogDiagnosticsTests {
    /// The cases of a catalog's storefronts, its deployment dict and its root.
    static let deploymentCases: [Case] = [
        Case(
            name: "storefronts",
            text: CatalogText.document(
                """
                <key>Storefronts</key><dict>
                <key>US</key><dict><key>Currency</key><string>USD</string></dict>
                <key>USA</key><dict><key>Currency</key><string>usd</string></dict>
                <key>JPN</key><dict/>
                <key>RUS</key><dict><key>Currency</key><string>RUB</string><key>Curency</key><string>RUB</string></dict>
                </dict>
                """
            ),
            expected: [
                "4:1: error: invalid storefront code 'US'",
                "5:40: error: invalid currency code 'usd'",
                "6:15: error: missing required key 'Currency' in storefront 'JPN'",
                "7:60: warning: unknown key 'Curency'; did you mean 'Currency'?",
            ]
        ),
        Case(
            name: "deployment with both provider keys and a bad locale",
            text: CatalogText.document(
                """
                <key>Deployment</key><dict>
                <key>Provider</key><string>file</string>
                <key>Providers</key><array><dict><key>Kind</key><string>file</string></dict></array>
                <key>Storefront</key><string>USA</string>
                <key>Locale</key><string>english</string>
                </dict>
                """
            ),
            expected: [
                "3:22: error: missing required key 'Name' in Deployment",
                "5:1: error: Deployment has both 'Provider' and 'Providers'",
                "7:18: error: invalid locale identifier 'english'",
            ]
        ),
        Case(
            name: "deployment without provider or locale",
            text: CatalogText.document(
                "<key>Deployment</key><dict><key>Name</key><string>t</string><key>Storefront</key><string>EUR</string></dict>"
            ),
            expected: [
                "3:22: error: Deployment needs 'Provider' or 'Providers'",
                "3:22: error: missing required key 'Locale' in Deployment",
                "3:82: error: storefront 'EUR' is not declared",
            ]
        ),
        Case(
            name: "providers array",
            text: CatalogText.document(
                """
                <key>Deployment</key><dict><key>Name</key><string>t</string><key>Storefront</key><string>USA</string><key>Locale</key><string>en</string>
                <key>ProviderSettings</key><dict/>
                <key>Providers</key><array>
                <dict><key>Kind</key><string>file</string><key>Settings</key><dict><key>Path</key><string>state</string></dict></dict>
                <dict><key>Kind</key><string>file</string></dict>
                <dict><key>Kind</key><string>web store</string></dict>
                <dict><key>Knid</key><string>x</string></dict>
                </array>
                </dict>
                """
            ),
            expected: [
                "4:1: error: 'ProviderSettings' goes with 'Provider', not with 'Providers'",
                "7:1: error: provider 'file' is listed twice (first at line 6, column 1)",
                "8:22: error: invalid provider kind 'web store'",
                "9:1: error: missing required key 'Kind' in a Providers entry",
                "9:7: warning: unknown key 'Knid'; did you mean 'Kind'?",
            ]
        ),
        Case(
            name: "root is not a dict",
            text: "<plist version=\"1.0\">\n<array/>\n</plist>\n",
            expected: ["2:1: error: the catalog's root must be a dict, found array"]
        ),
        Case(
            name: "unknown keys far from any known key",
            text: CatalogText.document("<key>Vendor</key><string>x</string>"),
            expected: ["3:1: warning: unknown key 'Vendor'"]
        ),
        Case(
            name: "empty products are valid",
            text: CatalogText.document("<key>Products</key><array/>"),
            expected: []
        ),
    ]
}
