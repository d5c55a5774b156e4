import Foundation
import PropertyList
import Testing

struct PropertyListWriterTests {
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    func written(_ value: PropertyListValue) throws -> String {
        String(decoding: try PropertyListWriter().write(value), as: UTF8.self)
    }

    func entry(_ key: String, _ value: PropertyListValue) -> PropertyListEntry {
        PropertyListEntry(key: key, value: PropertyListNode(value))
    }

    @Test func writesAppleLayoutWithTabs() throws {
        let value = PropertyListValue.dictionary([
            entry("Name", .string("Gems")),
            entry("Count", .integer(PropertyListInteger(Int64(100)))),
            entry("Enabled", .boolean(true)),
            entry("Off", .boolean(false)),
            entry("Tags", .array([PropertyListNode(.string("a")), PropertyListNode(.real(0.5))])),
            entry("Empty", .dictionary([])),
            entry("None", .array([])),
            entry("Blank", .string("")),
        ])
        let expected =
            Self.header + """
                <dict>
                \t<key>Name</key>
                \t<string>Gems</string>
                \t<key>Count</key>
                \t<integer>100</integer>
                \t<key>Enabled</key>
                \t<true/>
                \t<key>Off</key>
                \t<false/>
                \t<key>Tags</key>
                \t<array>
                \t\t<string>a</string>
                \t\t<real>0.5</real>
                \t</array>
                \t<key>Empty</key>
                \t<dict/>
                \t<key>None</key>
                \t<array/>
                \t<key>Blank</key>
                \t<string></string>
                </dict>
                </plist>

                """
        #expect(try written(value) == expected)
    }

    @Test func escapesMarkupAndCarriageReturn() throws {
        let text = try written(.string("a & b < c > d ]]> \"q\" 'a'\r\n\tz"))
        #expect(text.contains("<string>a &amp; b &lt; c &gt; d ]]&gt; \"q\" 'a'&#13;\n\tz</string>"))
    }

    @Test(arguments: ["\u{0}", "bell\u{7}", "\u{1B}[0m", "\u{FFFE}", "x\u{FFFF}"])
    func refusesCharactersXMLCannotHold(_ string: String) throws {
        let value = PropertyListValue.dictionary([entry("Outer", .array([PropertyListNode(.string(string))]))])
        let error = try #require(throws: PropertyListError.self) { try PropertyListWriter().write(value) }
        #expect(error.kind == .refused)
        #expect(error.message.contains("Outer.[0]"))
    }

    @Test func refusesControlCharacterInKey() throws {
        let value = PropertyListValue.dictionary([entry("bad\u{1}key", .boolean(true))])
        #expect(throws: PropertyListError.self) { try PropertyListWriter().write(value) }
    }

    @Test(arguments: [
        (0.1, "0.1"), (-0.0, "-0"), (2.0, "2"), (1e16, "1e+16"), (1e-5, "1e-05"),
        (Double.leastNonzeroMagnitude, "5e-324"),
        (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"), (Double.infinity, "+infinity"),
        (-Double.infinity, "-infinity"), (Double.nan, "nan"),
    ])
    func writesRealsInShortestRoundTripForm(_ real: Double, _ text: String) throws {
        #expect(try written(.real(real)).contains("<real>\(text)</real>"))
    }

    @Test func writesFullIntegerRange() throws {
        #expect(
            try written(.integer(PropertyListInteger(Int64.min))).contains("<integer>-9223372036854775808</integer>"))
        #expect(
            try written(.integer(PropertyListInteger(UInt64.max))).contains("<integer>18446744073709551615</integer>"))
    }

    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00Z"), (-2_208_945_600.0, "1900-01-01T12:00:00Z"),
        (951_782_400.5, "2000-02-29T00:00:00Z"), (-0.5, "1969-12-31T23:59:59Z"),
        (253_402_300_799.0, "9999-12-31T23:59:59Z"), (-62_167_219_200.0, "0000-01-01T00:00:00Z"),
    ])
    func writesDatesInUTC(_ seconds: Double, _ text: String) throws {
        #expect(try written(.date(Date(timeIntervalSince1970: seconds))).contains("<date>\(text)</date>"))
    }

    @Test func wrapsBase64LikeApple() throws {
        let bytes = Data((0..<100).map { UInt8($0) })
        let base64 = bytes.base64EncodedString()
        let value = PropertyListValue.dictionary([entry("Blob", .data(bytes))])
        // At one tab of indentation Apple wraps at 76 - 8 = 68 characters.
        let expected =
            "\t<data>\n\t\(base64.prefix(68))\n\t\(base64.dropFirst(68))\n\t</data>\n"
        #expect(try written(value).contains(expected))
        #expect(try written(.data(Data())).contains("<data>\n</data>\n"))
    }

    @Test func writesUIDAsCFUIDDict() throws {
        #expect(try written(.uid(7)).contains("<dict>\n\t<key>CF$UID</key>\n\t<integer>7</integer>\n</dict>\n"))
    }

    @Test func keepsDuplicateKeysInOrder() throws {
        let text = try written(.dictionary([entry("a", .string("1")), entry("a", .string("2"))]))
        #expect(text.contains("<key>a</key>\n\t<string>1</string>\n\t<key>a</key>\n\t<string>2</string>"))
    }

    @Test func matchesFoundationByteForByte() throws {
        // Values both writers spell alike: keys in sorted order (Foundation sorts them), reals whose
        // shortest form has at most 17 digits, no carriage returns.
        let bytes = Data((0..<100).map { UInt8($0) })
        let foundation: [String: Any] = [
            "array": [1, "two", [String: Any](), [Any]()] as [Any],
            "big": UInt64.max,
            "data": bytes,
            "date": Date(timeIntervalSince1970: 1_700_000_000),
            "empty": Data(),
            "flag": true,
            "half": 1.5,
            "nested": ["deeper": ["data": bytes.prefix(60)] as [String: Any]] as [String: Any],
            "ninf": -Double.infinity,
            "off": false,
            "small": Int64.min,
            "text": "a & b < c > d \"e\" 'f' ]]> \t\n é 😀",
            "whole": 2.0,
        ]
        let ours = PropertyListValue.dictionary([
            entry(
                "array",
                .array([
                    PropertyListNode(.integer(PropertyListInteger(Int64(1)))), PropertyListNode(.string("two")),
                    PropertyListNode(.dictionary([])), PropertyListNode(.array([])),
                ])
            ),
            entry("big", .integer(PropertyListInteger(UInt64.max))),
            entry("data", .data(bytes)),
            entry("date", .date(Date(timeIntervalSince1970: 1_700_000_000))),
            entry("empty", .data(Data())),
            entry("flag", .boolean(true)),
            entry("half", .real(1.5)),
            entry("nested", .dictionary([entry("deeper", .dictionary([entry("data", .data(bytes.prefix(60)))]))])),
            entry("ninf", .real(-.infinity)),
            entry("off", .boolean(false)),
            entry("small", .integer(PropertyListInteger(Int64.min))),
            entry("text", .string("a & b < c > d \"e\" 'f' ]]> \t\n é 😀")),
            entry("whole", .real(2)),
        ])
        let expected = try PropertyListSerialization.data(fromPropertyList: foundation, format: .xml, options: 0)
        #expect(try written(ours) == String(decoding: expected, as: UTF8.self))
    }
}
