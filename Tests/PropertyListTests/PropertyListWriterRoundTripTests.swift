import Foundation
import PropertyList
import Testing

/// Reading what the writer wrote gives back an equal value.
struct PropertyListWriterRoundTripTests {
    func roundTrip(_ value: PropertyListValue) throws -> PropertyListValue {
        let data = try PropertyListWriter().write(value)
        return try PropertyListReader().read(data, path: "written.plist").value
    }

    static let awkwardStrings = [
        "", " ", "   ", "\t", "\n", "\r", "\r\n", "\n\n", " leading", "trailing ", " both ",
        "line one\nline two", "carriage\rreturn", "tab\tbetween", "&", "<", ">", "\"", "'", "&<>\"'",
        "&amp; literally", "<string>not a tag</string>", "]]>", "a]]>b", "<![CDATA[x]]>", "<!-- not a comment -->",
        "😀🚘👩‍👩‍👧‍👦", "🇯🇵", "עברית ومرحبا", "\u{202E}reversed\u{202C}", "e\u{301}", "Z\u{335}\u{321}a\u{30A}",
        "\u{FEFF}bom inside", "\u{2028}\u{2029}", "\u{FFFD}", "\u{10FFFF}", "\u{E000}", "&#65; stays text",
        "%entity; &nope;", String(repeating: "long ", count: 2000),
    ]

    @Test(arguments: awkwardStrings)
    func roundTripsAwkwardStrings(_ string: String) throws {
        #expect(try roundTrip(.string(string)) == .string(string))
        let asKey = PropertyListValue.dictionary([
            PropertyListEntry(key: string, value: PropertyListNode(.boolean(true)))
        ])
        #expect(try roundTrip(asKey) == asKey)
    }

    @Test(arguments: [
        PropertyListInteger(Int64.min), PropertyListInteger(Int64.max), PropertyListInteger(UInt64.max),
        PropertyListInteger(Int64(0)), PropertyListInteger(Int64(-1)), PropertyListInteger(UInt64(1) << 63),
        PropertyListInteger(Int64(1) << 53), PropertyListInteger(-(Int64(1) << 53) - 1),
    ])
    func roundTripsIntegers(_ integer: PropertyListInteger) throws {
        #expect(try roundTrip(.integer(integer)) == .integer(integer))
    }

    @Test(arguments: [
        0.0, -0.0, 1.0, -1.5, 0.1, 1.0 / 3.0, .pi, 1e-7, 123_456_789.123_456_78, 2.0e22,
        .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        Double(Int64.max), 9_007_199_254_740_993.0, .infinity, -.infinity, .nan,
    ])
    func roundTripsRealsBitForBit(_ real: Double) throws {
        let back = try roundTrip(.real(real))
        guard case .real(let value) = back else {
            Issue.record("expected a real, got \(back)")
            return
        }
        if real.isNaN {
            #expect(value.isNaN)
        } else {
            #expect(value.bitPattern == real.bitPattern)
        }
    }

    @Test(arguments: [
        0.0, -2_208_945_600, 1_700_000_000, 4_102_444_800, -62_135_596_800, 253_402_300_799,
    ])
    func roundTripsWholeSecondDates(_ seconds: Double) throws {
        let date = PropertyListValue.date(Date(timeIntervalSince1970: seconds))
        #expect(try roundTrip(date) == date)
    }

    @Test(arguments: [0, 1, 2, 3, 57, 58, 59, 60, 300, 4096])
    func roundTripsData(_ count: Int) throws {
        let bytes = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        #expect(try roundTrip(.data(bytes)) == .data(bytes))
        // Deeply indented data is wrapped at shorter lines; it must still read back.
        var nested = PropertyListValue.data(bytes)
        for _ in 0..<12 { nested = .array([PropertyListNode(nested)]) }
        #expect(try roundTrip(nested) == nested)
    }

    @Test func roundTripsEmptyContainersBooleansAndUIDs() throws {
        let value = PropertyListValue.dictionary([
            PropertyListEntry(key: "empty dict", value: PropertyListNode(.dictionary([]))),
            PropertyListEntry(key: "empty array", value: PropertyListNode(.array([]))),
            PropertyListEntry(key: "yes", value: PropertyListNode(.boolean(true))),
            PropertyListEntry(key: "no", value: PropertyListNode(.boolean(false))),
            PropertyListEntry(key: "uid", value: PropertyListNode(.uid(42))),
            PropertyListEntry(key: "big uid", value: PropertyListNode(.uid(UInt64(UInt32.max)))),
            PropertyListEntry(key: "", value: PropertyListNode(.string(""))),
            PropertyListEntry(key: "dup", value: PropertyListNode(.string("first"))),
            PropertyListEntry(key: "dup", value: PropertyListNode(.string("second"))),
        ])
        #expect(try roundTrip(value) == value)
        for root in [PropertyListValue.dictionary([]), .array([]), .boolean(false), .string("")] {
            #expect(try roundTrip(root) == root)
        }
    }

    @Test func roundTripsDeepNestingWithinTheReaderLimit() throws {
        var value = PropertyListValue.integer(PropertyListInteger(Int64(7)))
        for depth in 0..<500 {
            value =
                depth.isMultiple(of: 2)
                ? .array([PropertyListNode(value)])
                : .dictionary([PropertyListEntry(key: "level\(depth)", value: PropertyListNode(value))])
        }
        #expect(try roundTrip(value) == value)
    }

    @Test func writtenDocumentKeepsSourceLocationsReadable() throws {
        let value = PropertyListValue.dictionary([
            PropertyListEntry(key: "a", value: PropertyListNode(.string("x"))),
            PropertyListEntry(key: "b", value: PropertyListNode(.integer(PropertyListInteger(Int64(1))))),
        ])
        let node = try PropertyListReader().read(try PropertyListWriter().write(value))
        guard case .dictionary(let entries) = node.value else {
            Issue.record("expected a dict")
            return
        }
        // Line 4 is <dict>; each key sits on its own line, indented by one tab.
        #expect(entries.map(\.keyLocation.line) == [5, 7])
    }
}
