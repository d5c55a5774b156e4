import Foundation
import PropertyList
import Testing

struct ReaderPositionTests {
    @Test func recordsTheOpeningTagOfEveryValueAndKey() throws {
        let root = try ReaderTesting.fixture("Positions.plist")
        #expect(root.location == at(3, 1))
        let entries = root.value.entries
        try #require(entries.count == 3)
        #expect(entries[0].keyLocation == at(4, 3))
        #expect(entries[0].value.location == at(4, 19))
        #expect(entries[1].key == "ünïcödé")
        #expect(entries[1].keyLocation == at(5, 2))
        #expect(entries[1].value.location == at(5, 20))  // columns count characters, not bytes
        #expect(entries[2].key == "split")
        #expect(entries[2].keyLocation == at(6, 3))  // a tag split over lines
        #expect(entries[2].value.location == at(8, 4))
        #expect(entries[2].value.value.items.first?.location == at(9, 7))
    }

    @Test func recordsPositionsOfBareRootsAndSelfClosingElements() throws {
        let root = try ReaderTesting.read("\n\n   <array><true/>\n\t<dict/><string/></array>")
        #expect(root.location == at(3, 4))
        #expect(root.value.items.map(\.location) == [at(3, 11), at(4, 2), at(4, 9)])
    }

    @Test func countsWindowsAndOldMacLineEndingsAsOneLineBreak() throws {
        let root = try ReaderTesting.read("<array>\r\n  <string>a</string>\r\n\t<true/>\r<false/></array>")
        #expect(root.value.items.map(\.location) == [at(2, 3), at(3, 2), at(4, 1)])
    }

    @Test func recordsUIDPositionsAtTheirDictionary() throws {
        let root = try ReaderTesting.read("<array>\n  <dict><key>CF$UID</key><integer>3</integer></dict></array>")
        #expect(root.value.items.first?.location == at(2, 3))
    }

    @Test func pointsAtTheValueThatCannotBeRead() {
        let error = ReaderTesting.error(
            (try? String(contentsOf: TestPaths.fixtures.appendingPathComponent("MissingValue.plist"), encoding: .utf8))
                ?? "")
        #expect(error?.location == at(6, 3))
        #expect(error?.kind == .invalidPropertyList)
        #expect(error?.message == "expected digits inside <integer>, found '12x'")
        #expect(error?.description == "test.plist:6:3: error: expected digits inside <integer>, found '12x'")
    }

    @Test func pointsAtTheElementThatBreaksTheStructure() {
        let wrongChild = ReaderTesting.error("<plist>\n<dict>\n\t<string>x</string>\n</dict>\n</plist>")
        #expect(wrongChild?.location == at(3, 2))
        #expect(wrongChild?.message == "expected <key> inside <dict>, found <string>")

        let missingValue = ReaderTesting.error("<dict>\n  <key>a</key>\n  <key>b</key><true/>\n</dict>")
        #expect(missingValue?.location == at(3, 3))
        #expect(missingValue?.message == "expected a value for key 'a' inside <dict>, found <key>")

        let lastKeyWithoutValue = ReaderTesting.error("<dict>\n  <key>a</key>\n</dict>")
        #expect(lastKeyWithoutValue?.location == at(2, 3))
        #expect(lastKeyWithoutValue?.message == "expected a value for key 'a' inside <dict>, found </dict>")

        let unknown = ReaderTesting.error("<array>\n <integer>1</integer><number>2</number></array>")
        #expect(unknown?.location == at(2, 22))
        #expect(unknown?.message == "expected a value inside <array>, found <number>")
    }

    @Test func positionsLibxml2sOwnWellFormednessErrors() {
        let mismatch = ReaderTesting.error("<plist>\n<array>\n</dict>\n</plist>")
        #expect(mismatch?.kind == .malformedXML)
        #expect(mismatch?.location == at(3, 8))
        #expect(mismatch?.message.contains("mismatch") == true)

        let truncated = ReaderTesting.error("<plist>\n  <array>\n    <string>x</string>")
        #expect(truncated?.kind == .malformedXML)
        #expect(truncated?.location.line == 3)
        #expect(
            truncated?.message == "unexpected end of the document; expected </array> to close the <array> opened at 2:3"
        )
    }
}
