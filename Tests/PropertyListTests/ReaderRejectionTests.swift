import Foundation
import PropertyList
import Testing

/// Documents Foundation's `PropertyListSerialization` rejects, and so must the reader.
struct ReaderRejectionTests {
    @Test(arguments: [
        ("<plist><number>1</number></plist>", "expected a value inside <plist>, found <number>"),
        ("<number>1</number>", "expected <plist> or a property-list value at the root, found <number>"),
        ("<key>k</key>", "expected <plist> or a property-list value at the root, found <key>"),
        ("<plist>hello</plist>", "expected a value inside <plist>, found the text 'hello'"),
        ("<array>text<string/></array>", "expected a value inside <array>, found the text 'text'"),
        ("<dict>text</dict>", "expected <key> inside <dict>, found the text 'text'"),
        ("<dict><key>a</key></dict>", "expected a value for key 'a' inside <dict>, found </dict>"),
        ("<dict><string>a</string></dict>", "expected <key> inside <dict>, found <string>"),
        ("<plist><true/><false/></plist>", "expected only one value inside <plist>, found a second value <false/>"),
        ("<plist></plist>", "expected a value inside <plist>, found </plist>"),
        ("<plist/>", "expected a value inside <plist>, found </plist>"),
        ("<plist><plist><true/></plist></plist>", "expected a value inside <plist>, found <plist>"),
        ("<string><b>x</b></string>", "expected text inside <string>, found the element <b>"),
        ("<true>yes</true>", "expected <true/> to be empty, found the text 'yes'"),
        (
            "<x:string xmlns:x='urn:x'>a</x:string>",
            "expected <plist> or a property-list value at the root, found <x:string>"
        ),
        ("<integer></integer>", "expected digits inside <integer>, found nothing"),
        ("<integer>1 </integer>", "expected digits inside <integer>, found '1 '"),
        ("<integer>0x</integer>", "expected digits inside <integer>, found '0x'"),
        ("<integer>0x1g</integer>", "expected hexadecimal digits inside <integer>, found '0x1g'"),
        ("<integer>1.0</integer>", "expected digits inside <integer>, found '1.0'"),
        ("<integer>--1</integer>", "expected digits inside <integer>, found '--1'"),
        ("<real>0x10</real>", "expected a decimal number inside <real>, found '0x10'"),
        ("<real>1.5 </real>", "expected a decimal number inside <real>, found '1.5 '"),
        ("<real>infinite</real>", "expected a decimal number inside <real>, found 'infinite'"),
        ("<real></real>", "expected a number inside <real>, found nothing"),
        (
            "<date>2024-01-02T03:04:05</date>",
            "expected a date like 2024-01-31T12:00:00Z inside <date>, found '2024-01-02T03:04:05'"
        ),
        (
            "<date> 2024-01-02T03:04:05Z</date>",
            "expected a date like 2024-01-31T12:00:00Z inside <date>, found ' 2024-01-02T03:04:05Z'"
        ),
        (
            "<date>2024-1-02T03:04:05Z</date>",
            "expected a date like 2024-01-31T12:00:00Z inside <date>, found '2024-1-02T03:04:05Z'"
        ),
        ("<data>*abc</data>", "expected base64 inside <data>, found the character '*'"),
        ("<data>A</data>", "expected base64 inside <data>; its length is not a whole number of bytes"),
        ("<data>AA==AA</data>", "expected base64 inside <data>; found text after its '=' padding"),
        ("<data>A===</data>", "expected base64 inside <data>; found too much '=' padding"),
    ])
    func rejectsWhatFoundationRejects(document: String, message: String) {
        let error = ReaderTesting.error(document)
        #expect(error?.message == message)
        #expect(error?.kind == .invalidPropertyList)
        #expect(error?.location.line == 1)
        #expect(error?.path == "test.plist")
    }

    @Test(arguments: [
        ("<integer>18446744073709551616</integer>", "18446744073709551616"),
        ("<integer>-9223372036854775809</integer>", "-9223372036854775809"),
        ("<integer>0x10000000000000000</integer>", "0x10000000000000000"),
        ("<integer>-0x8000000000000001</integer>", "-0x8000000000000001"),
        ("<integer>99999999999999999999999</integer>", "99999999999999999999999"),
    ])
    func rejectsIntegersOneBeyondEitherEnd(document: String, text: String) {
        let error = ReaderTesting.error(document)
        #expect(
            error?.message
                == "integer '\(text)' is out of range; expected a value from -9223372036854775808 to 18446744073709551615"
        )
    }

    @Test(arguments: [
        "", "   ", "bplist00", "<", "<plist", "<plist><string>x</string>", "<string>x</string><string>y</string>",
        "<string>a &unknown; b</string>", "<string>&#0;</string>", "<?xml version=\"1.0\"?>",
        "<string>x</string>trailing", "<string a='1' a='2'>x</string>",
    ])
    func rejectsMalformedXMLWithAPosition(document: String) {
        let error = ReaderTesting.error(document)
        #expect(error?.kind == .malformedXML)
        #expect((error?.location.line ?? 0) >= 1)
        #expect((error?.location.column ?? 0) >= 1)
    }

    @Test func rejectsUndeclaredEntitiesEvenBehindAnExternalDoctype() {
        let error = ReaderTesting.error(
            """
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist><string>a &undeclared; b</string></plist>
            """)
        #expect(error?.kind == .refused)
        #expect(error?.location.line == 2)
        #expect(error?.message.hasPrefix("entity 'undeclared' is not defined") == true)
    }
}
