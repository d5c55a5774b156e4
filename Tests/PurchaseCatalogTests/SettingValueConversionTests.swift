import Foundation
import PropertyList
import PurchaseCatalog
import PurchaseCore
import Testing

struct SettingValueConversionTests {
    private func node(_ xml: String) throws -> PropertyListNode {
        try PropertyListReader().read(Data(xml.utf8))
    }

    @Test func convertsNestedValues() throws {
        let value = SettingValue(
            try node(
                "<dict><key>a</key><array><integer>1</integer><true/></array><key>b</key><string>x</string></dict>"),
            unsupported: { _, _ in Issue.record("nothing here is unsupported") }
        )
        #expect(value == .dictionary(["a": .array([.integer(1), .bool(true)]), "b": .string("x")]))
    }

    @Test func reportsEveryUnsupportedPartInOrderAndFails() throws {
        var found: [String] = []
        var lines: [Int] = []
        let value = SettingValue(
            try node(
                """
                <array>
                <integer>18446744073709551615</integer>
                <dict><key>CF$UID</key><integer>3</integer></dict>
                <dict><key>ok</key><integer>1</integer><key>ok</key><integer>2</integer></dict>
                </array>
                """),
            unsupported: { node, what in
                found.append(what)
                lines.append(node.location.line)
            }
        )
        #expect(value == nil)
        #expect(found == ["integer above \(Int64.max)", "CF$UID"])
        #expect(lines == [2, 3])
    }

    @Test func visitsEveryDictOutermostFirst() throws {
        var keys: [[String]] = []
        _ = SettingValue(
            try node("<dict><key>outer</key><dict><key>inner</key><integer>1</integer></dict></dict>"),
            unsupported: { _, _ in },
            dictionary: { keys.append($0.map(\.key)) }
        )
        #expect(keys == [["outer"], ["inner"]])
    }
}
