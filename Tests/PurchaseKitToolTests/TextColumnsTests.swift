import Testing

@testable import PurchaseKitCLI

/// Columns line up as a terminal shows them, in every script.
struct TextColumnsTests {
    @Test func wideCharactersTakeTwoCells() {
        #expect(TextColumns.width(of: "purchased") == 9)
        #expect(TextColumns.width(of: "購入済み") == 8)
        #expect(TextColumns.width(of: "已购买") == 6)
        #expect(TextColumns.width(of: "구입함") == 6)
        #expect(TextColumns.width(of: "Куплено") == 7)
        #expect(TextColumns.width(of: "e\u{301}") == 1)
        #expect(TextColumns.width(of: "：") == 2)
    }

    @Test func columnsArePaddedToTheWidestCellAndRowsEndWithoutSpaces() {
        let table = TextColumns(rows: [["file/1", "購入済み", "付与済み"], ["file/10", "復元", "x"], ["file/2"]])
        #expect(
            table.text(indent: "  ")
                == "  file/1   購入済み  付与済み\n  file/10  復元      x\n  file/2\n")
        let prices = TextColumns(rows: [["a", "$0.99", "A"], ["bb", "$10.99", "B"]], rightAligned: [1])
        #expect(prices.text() == "a    $0.99  A\nbb  $10.99  B\n")
    }
}
