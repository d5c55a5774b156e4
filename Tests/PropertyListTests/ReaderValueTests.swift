import Foundation
import PropertyList
import Testing

struct ReaderValueTests {
    @Test func readsEveryValueTypeFromTheAllTypesFixture() throws {
        let root = try ReaderTesting.fixture("AllTypes.plist").value
        #expect(root["String"]?.value == .string("Grüße, 世界 & <friends> 🚘"))
        #expect(root["Integer"]?.value == .integer(PropertyListInteger(Int64(42))))
        #expect(root["Real"]?.value == .real(3.25))
        #expect(root["True"]?.value == .boolean(true))
        #expect(root["False"]?.value == .boolean(false))
        #expect(root["Date"]?.value == .date(Date(timeIntervalSince1970: 1_709_214_330)))
        #expect(root["Data"]?.value == .data(Data("Hello, world!".utf8)))
        #expect(root["EmptyArray"]?.value == .array([]))
        #expect(root["EmptyDict"]?.value == .dictionary([]))
        #expect(root["EmptyString"]?.value == .string(""))
        #expect(root["Spaces"]?.value == .string("   "))
        #expect(root["Reference"]?.value == .uid(7))
        #expect(root["Key <with> CDATA"]?.value == .string("before <raw> & ]]> after"))

        let array = try #require(root["Array"]).value.items
        #expect(array.count == 2)
        #expect(array[0].value == .string("one"))
        let inner = array[1].value.items
        #expect(inner.first?.value == .integer(PropertyListInteger(Int64(2))))
        #expect(inner.last?.value["three"]?.value == .real(3))
        #expect(root.entries.map(\.key).first == "String")
        #expect(root.entries.count == 14)
    }

    @Test func readsExtremeAndLenientNumbersDatesAndData() throws {
        let items = try ReaderTesting.fixture("Extremes.plist").value.items.map(\.value)
        let expected: [PropertyListValue] = [
            .integer(PropertyListInteger(Int64.min)), .integer(PropertyListInteger(Int64.max)),
            .integer(PropertyListInteger(UInt64(Int64.max) + 1)), .integer(PropertyListInteger(UInt64.max)),
            .integer(PropertyListInteger(UInt64.max)), .integer(PropertyListInteger(Int64.min)),
            .integer(PropertyListInteger(Int64(17))), .integer(PropertyListInteger(Int64(-31))),
            .integer(PropertyListInteger(Int64(7))), .integer(PropertyListInteger(Int64(0))),
            .real(-0.0), .real(1e308), .real(.infinity), .real(0.0025), .real(0.5), .real(5),
            .real(.infinity), .real(-.infinity), .real(.infinity), .real(.nan),
            .date(Date(timeIntervalSinceReferenceDate: -3_187_296_000)), .date(Date(timeIntervalSinceReferenceDate: 0)),
            .date(Date(timeIntervalSince1970: 1_706_745_600)),
            .date(Date(timeIntervalSinceReferenceDate: -63_113_904_000)),
            .data(Data()), .data(Data("f".utf8)), .data(Data("foobar".utf8)),
        ]
        #expect(items.count == expected.count)
        for (index, value) in expected.enumerated() where index < items.count {
            #expect(items[index] == value, "item \(index)")
        }
    }

    @Test(arguments: [
        ("<string>bare</string>", PropertyListValue.string("bare")),
        ("<integer>-12</integer>", .integer(PropertyListInteger(Int64(-12)))),
        ("<real>1.5</real>", .real(1.5)),
        ("<true/>", .boolean(true)),
        ("<false></false>", .boolean(false)),
        ("<date>2001-01-01T00:00:00Z</date>", .date(Date(timeIntervalSinceReferenceDate: 0))),
        ("<data>AAE=</data>", .data(Data([0, 1]))),
        ("<array/>", .array([])),
        ("<dict/>", .dictionary([])),
        ("<!-- lead --><?pi data?>\n<string>x</string>\n<!-- trail -->", .string("x")),
        ("<plist><string>in plist</string><!-- after --></plist>", .string("in plist")),
    ])
    func readsBareRootsAsFoundationDoes(document: String, expected: PropertyListValue) throws {
        #expect(try ReaderTesting.read(document).value == expected)
        #expect(try ReaderTesting.fixture("BareRoot.plist").value.items.count == 2)
    }

    @Test func turnsOnlyIntegerCFUIDDictionariesIntoUIDs() throws {
        let root = try ReaderTesting.read(
            """
            <array>
            <dict><key>CF$UID</key><integer>0x10</integer></dict>
            <dict><key>CF$UID</key><string>5</string></dict>
            <dict><key>CF$UID</key><integer>1</integer><key>other</key><integer>2</integer></dict>
            <dict><key>CF$UID</key><integer>-1</integer></dict>
            </array>
            """
        ).value.items
        #expect(root[0].value == .uid(16))
        #expect(root[0].location == at(2, 1))
        #expect(root[1].value.entries.count == 1)
        #expect(root[2].value.entries.count == 2)
        #expect(root[3].value.entries.count == 1)
    }

    @Test func keepsDuplicateKeysInOrderAndAnswersTheLast() throws {
        let root = try ReaderTesting.read("<dict><key>a</key><string>1</string><key>a</key><string>2</string></dict>")
        #expect(root.value.entries.map(\.key) == ["a", "a"])
        #expect(root.value["a"]?.value == .string("2"))
    }

    @Test func preservesWhitespaceOnlyStringsAndKeysButIgnoresIndentation() throws {
        let root = try ReaderTesting.read(
            "<dict>\n\t<key> </key>\n\t<string>\n\t </string>\n\t<key>\t</key>\n\t<array>\n\t\t<string> </string>\n\t</array>\n</dict>"
        )
        #expect(root.value.entries.map(\.key) == [" ", "\t"])
        #expect(root.value[" "]?.value == .string("\n\t "))
        #expect(root.value["\t"]?.value == .array([PropertyListNode(.string(" "))]))
    }

    @Test(arguments: [
        ("0", Int64(0)), (" 1", 1), ("+2", 2), ("- 3", -3), ("\t\n-\n 4", -4), ("0x1F", 31), ("0XfF", 255),
        ("-0x10", -16), ("+ 0x7fffffffffffffff", Int64.max), ("00012", 12), ("-0", 0),
        ("\u{00A0}5", 5),
    ])
    func readsIntegersLeniently(text: String, expected: Int64) throws {
        #expect(try ReaderTesting.read("<integer>\(text)</integer>").value == .integer(PropertyListInteger(expected)))
    }

    @Test(arguments: [
        ("1.5", 1.5), ("  -2.25", -2.25), ("+3", 3), ("1e3", 1000), ("1E-2", 0.01), (".25", 0.25), ("7.", 7),
        ("inf", Double.infinity), ("-INF", -.infinity), ("+Inf", .infinity), ("infinity", .infinity),
        ("-InFiNiTy", -.infinity), ("1e999", .infinity), ("-1e999", -.infinity),
    ])
    func readsRealsAsFoundationDoes(text: String, expected: Double) throws {
        #expect(try ReaderTesting.read("<real>\(text)</real>").value == .real(expected))
    }

    @Test(arguments: ["nan", "NaN", "NAN", "nAn"])
    func readsNotANumberInAnyCase(text: String) throws {
        let value = try ReaderTesting.read("<real>\(text)</real>").value
        guard case .real(let number) = value else {
            Issue.record("not a real: \(value)")
            return
        }
        #expect(number.isNaN)
    }

    @Test(arguments: [
        ("1970-01-01T00:00:00Z", -978_307_200.0), ("2001-01-01T00:00:01Z", 1),
        ("2024-02-29T23:59:59Z", 730_943_999), ("1900-03-01T00:00:00Z", -3_182_198_400),
        ("2024-01-32T20:43:14Z", 728_512_994), ("2024-01-02T25:04:05Z", 725_936_645),
        ("2024-13-01T00:00:00Z", 757_382_400), ("0009-09-15T23:16:13Z", -62_839_154_627),
        ("0000-01-02T00:00:00Z", -63_145_440_000),
    ])
    func readsDatesWithFoundationsRollover(text: String, secondsSince2001: Double) throws {
        #expect(
            try ReaderTesting.read("<date>\(text)</date>").value
                == .date(Date(timeIntervalSinceReferenceDate: secondsSince2001)))
        // The same instant as Foundation on this platform.
        let foundation =
            try PropertyListSerialization.propertyList(
                from: Data("<date>\(text)</date>".utf8), format: nil) as? Date
        #expect(foundation?.timeIntervalSinceReferenceDate == secondsSince2001)
    }

    @Test(arguments: [
        ("", [UInt8]()), ("AA==", [0]), ("AAE", [0, 1]), ("A A\nE\tC\r\n", [0, 1, 2]), ("//8=", [255, 255]),
        ("\n\t\tAAEC\n\t\tAwQF\n\t", [0, 1, 2, 3, 4, 5]), ("AA", [0]),
    ])
    func readsBase64WithAnyWhitespace(text: String, bytes: [UInt8]) throws {
        #expect(try ReaderTesting.read("<data>\(text)</data>").value == .data(Data(bytes)))
    }

    @Test func readsCommentsAndCDATAWhereXMLAllowsThem() throws {
        let root = try ReaderTesting.read(
            """
            <?xml version="1.0"?><!-- a --><plist><!-- b --><dict><!-- c --><key>k<!-- d --><![CDATA[e]]>y</key>\
            <!-- e --><string><![CDATA[]]></string><key><![CDATA[n]]></key><integer><![CDATA[1]]>2</integer>\
            </dict><!-- f --></plist><!-- g -->
            """)
        #expect(root.value["key"]?.value == .string(""))
        #expect(root.value["n"]?.value == .integer(PropertyListInteger(Int64(12))))
    }

    @Test func readsAppleDoctypeWithoutTouchingTheNetwork() throws {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><string>ok</string></plist>
            """
        #expect(try ReaderTesting.read(document).value == .string("ok"))
    }

    @Test func readsFromAFileAndReportsAMissingOne() throws {
        let node = try ReaderTesting.fixture("BareRoot.plist")
        #expect(node.location == at(2, 1))
        let missing = TestPaths.fixtures.appendingPathComponent("NoSuchFile.plist").path
        #expect(throws: PropertyListError.self) { try PropertyListReader().read(contentsOfFile: missing) }
        do {
            _ = try PropertyListReader().read(contentsOfFile: missing)
        } catch {
            #expect(error.kind == .io)
            #expect(error.path == missing)
        }
    }
}
