import Foundation
import PurchaseCatalog
import PurchaseCore
import Testing

/// The `Deployment` key `RefundedConsumables`: `Debit` (the default) or `Keep`, checked like every
/// other fixed set of spellings.
struct RefundedConsumablesTests {
    /// A catalog whose deployment ends with `extra` (on line 4).
    private static func catalog(_ extra: String) -> String {
        CatalogText.document(
            """
            <key>Deployment</key><dict><key>Name</key><string>t</string><key>Provider</key><string>file</string>
            <key>Storefront</key><string>USA</string><key>Locale</key><string>en_US</string>
            \(extra)
            </dict>
            """)
    }

    @Test(arguments: [
        ("", RefundedConsumables.debit),
        ("<key>RefundedConsumables</key><string>Debit</string>", .debit),
        ("<key>RefundedConsumables</key><string>Keep</string>", .keep),
    ])
    func readsTheSettingWithDebitAsTheDefault(_ extra: String, _ expected: RefundedConsumables) throws {
        let result = CatalogLoader().load(Data(Self.catalog(extra).utf8), path: "test.plist")
        #expect(result.diagnostics.isEmpty)
        #expect(try #require(result.catalog).deployment.refundedConsumables == expected)
    }

    @Test func anUnknownValueNamesTheAllowedOnesAndTheClosest() throws {
        let text = Self.catalog("<key>RefundedConsumables</key><string>Debt</string>")
        #expect(
            CatalogText.diagnostics(of: text)
                == ["5:31: error: 'Debt' is not a valid RefundedConsumables; did you mean 'Debit'?"])
        let result = CatalogLoader().load(Data(text.utf8), path: "test.plist")
        #expect(result.catalog == nil)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.hint == "Write 'Debit'; the allowed values are Debit, Keep.")
    }

    @Test func aValueFarFromEveryAllowedOneListsThem() throws {
        let result = CatalogLoader().load(
            Data(Self.catalog("<key>RefundedConsumables</key><string>Confiscate</string>").utf8), path: "test.plist")
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message == "'Confiscate' is not a valid RefundedConsumables")
        #expect(diagnostic.hint == "Use one of Debit, Keep.")
    }

    @Test func aMisspelledKeyOrAWrongTypeIsReported() {
        #expect(
            CatalogText.diagnostics(of: Self.catalog("<key>RefundedConsumable</key><string>Keep</string>"))
                == ["5:1: warning: unknown key 'RefundedConsumable'; did you mean 'RefundedConsumables'?"])
        let wrongType = CatalogText.diagnostics(of: Self.catalog("<key>RefundedConsumables</key><true/>"))
        #expect(wrongType.count == 1)
        #expect(wrongType.first?.hasPrefix("5:31: error:") == true)
    }
}
