import Foundation
import PropertyList
import Testing

struct ReaderEncodingTests {
    static let expected = PropertyListValue.dictionary([
        PropertyListEntry(key: "text", value: PropertyListNode(.string("Grüße, café"))),
        PropertyListEntry(key: "n", value: PropertyListNode(.integer(PropertyListInteger(Int64(-5))))),
    ])

    @Test(arguments: [
        "UTF8-BOM.plist", "UTF16LE-BOM.plist", "UTF16BE-BOM.plist", "UTF16LE-NoBOM.plist",
        "UTF16BE-NoBOM-Bare.plist", "UTF16LE-NoBOM-Bare.plist", "UTF32BE-BOM.plist", "UTF32LE-NoBOM.plist",
        "Latin1.plist",
    ])
    func readsTheSameValuesInEveryEncoding(fixture: String) throws {
        let root = try ReaderTesting.fixture(fixture)
        #expect(root.value == Self.expected)
        #expect(root.value.entries.first?.keyLocation.line ?? 0 >= 1)
    }

    @Test func readsLatin1BytesAsDeclared() throws {
        let data = try TestPaths.fixture("Latin1.plist")
        #expect(data.contains(0xE9))  // é as one ISO-8859-1 byte
        #expect(try PropertyListReader().read(data).value["text"]?.value == .string("Grüße, café"))
    }

    @Test func refusesUnknownEncodingsAndBytesThatBreakTheDeclaredOne() {
        let unknown = ReaderTesting.error("<?xml version=\"1.0\" encoding=\"klingon\"?><string/>")
        #expect(unknown?.kind == .malformedXML)
        #expect(unknown?.location.line == 1)
        var latin1InUTF8 = Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<string>caf".utf8)
        latin1InUTF8.append(contentsOf: [0xE9])
        latin1InUTF8.append(contentsOf: Array("</string>".utf8))
        let broken = ReaderTesting.error(latin1InUTF8)
        #expect(broken?.kind == .malformedXML)
        #expect(broken?.location.line == 2)
    }
}
