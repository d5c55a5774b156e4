import Foundation
import PropertyList
import PurchaseCatalog

/// Small catalogs written inline, laid out so a test can name exact lines and columns.
///
/// ``document(_:)`` puts `head` on lines 3 onwards (line 1 is `<plist version="1.0">`, line 2 `<dict>`), then
/// adds a valid version of each root section `head` does not contain.
enum CatalogText {
    static let deployment = """
        <key>Deployment</key><dict><key>Name</key><string>test</string><key>Provider</key><string>file</string>\
        <key>Storefront</key><string>USA</string><key>Locale</key><string>en_US</string></dict>
        """
    static let storefronts = """
        <key>Storefronts</key><dict><key>USA</key><dict><key>Currency</key><string>USD</string></dict>\
        <key>JPN</key><dict><key>Currency</key><string>JPY</string></dict></dict>
        """
    static let products = """
        <key>Products</key><array><dict><key>ProductID</key><string>ok</string>\
        <key>Type</key><string>NonConsumable</string><key>Prices</key><dict><key>USA</key><string>1</string></dict>\
        <key>Localizations</key><dict><key>en</key><dict><key>DisplayName</key><string>OK</string>\
        <key>Description</key><string></string></dict></dict></dict></array>
        """

    static func document(_ head: String) -> String {
        var text = "<plist version=\"1.0\">\n<dict>\n" + head + "\n"
        if !head.contains("<key>CatalogVersion</key>") { text += "<key>CatalogVersion</key><integer>1</integer>\n" }
        if !head.contains("<key>Deployment</key>") { text += deployment + "\n" }
        if !head.contains("<key>Storefronts</key>") { text += storefronts + "\n" }
        if !head.contains("<key>Products</key>") { text += products + "\n" }
        return text + "</dict>\n</plist>\n"
    }

    /// A catalog whose `Products` array holds `product` (lines 4 onwards; line 3 is `<key>Products</key><array>`).
    static func withProduct(_ product: String) -> String {
        document("<key>Products</key><array>\n" + product + "\n</array>")
    }

    /// Loads `text` and renders its diagnostics as `line:column: severity: message`.
    static func diagnostics(of text: String, loader: CatalogLoader = CatalogLoader()) -> [String] {
        loader.load(Data(text.utf8), path: "test.plist").diagnostics.map {
            "\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)"
        }
    }
}
