import Foundation
import PropertyList
import TestSupport
import Testing

private func entry(_ key: String, _ value: PropertyListValue) -> PropertyListEntry {
    PropertyListEntry(key: key, value: PropertyListNode(value))
}

private func integer(_ value: Int64) -> PropertyListValue { .integer(PropertyListInteger(value)) }

struct TaggedJSONTests {
    @Test(arguments: [
        (
            PropertyListValue.string("a\"b\\c/\u{8}\u{C}\n\r\t\u{1}\u{7F}\u{2028}\u{2029}é🚘"),
            #""a\"b\\c/\b\f\n\r\t\u0001\u007f\u2028\u2029é🚘""#
        ),
        (.boolean(true), "true"),
        (.integer(PropertyListInteger(Int64(-42))), "-42"),
        (.integer(PropertyListInteger(Int64(9_007_199_254_740_991))), "9007199254740991"),
        (.integer(PropertyListInteger(Int64(9_007_199_254_740_992))), #"{"$int":"9007199254740992"}"#),
        (.integer(PropertyListInteger(Int64.min)), #"{"$int":"-9223372036854775808"}"#),
        (.integer(PropertyListInteger(UInt64.max)), #"{"$int":"18446744073709551615"}"#),
        (.real(1.5), "1.5"),
        (.real(0.1), "0.1"),
        (.real(-3.14), "-3.14"),
        (.real(1e-7), "1e-07"),
        (.real(2), #"{"$real":"2.0"}"#),
        (.real(-0.0), #"{"$real":"-0.0"}"#),
        (.real(1e300), #"{"$real":"1e+300"}"#),
        (.real(.infinity), #"{"$real":"inf"}"#),
        (.real(-.infinity), #"{"$real":"-inf"}"#),
        (.real(.nan), #"{"$real":"nan"}"#),
        (.data(Data([0xAA, 0xBB, 0xCC, 0xDD, 0x00, 0x11, 0x22, 0x33])), #"{"$data":"qrvM3QARIjM="}"#),
        (.date(Date(timeIntervalSince1970: 20)), #"{"$date":"1970-01-01T00:00:20Z"}"#),
        (.uid(3), #"{"$uid":3}"#),
        (.array([]), "[]"),
        (.dictionary([]), "{}"),
    ])
    func encodesScalarsExactly(_ value: PropertyListValue, _ json: String) throws {
        #expect(TaggedJSON.encode(value) == json)
        #expect(try TaggedJSON.decode(json) == value)
    }

    @Test func encodesDictionariesInDocumentOrder() {
        let value = PropertyListValue.dictionary([
            entry("zeta", integer(1)), entry("alpha", .array([PropertyListNode(.string("x"))])),
        ])
        #expect(TaggedJSON.encode(value) == #"{"zeta":1,"alpha":["x"]}"#)
        #expect(TaggedJSON.encode(value, pretty: true) == "{\n  \"zeta\": 1,\n  \"alpha\": [\n    \"x\"\n  ]\n}")
    }

    @Test func duplicateKeysKeepFirstPositionAndLastValue() {
        let value = PropertyListValue.dictionary([
            entry("key", .string("first")), entry("other", integer(0)), entry("key", .string("second")),
        ])
        #expect(TaggedJSON.encode(value) == #"{"key":"second","other":0}"#)
    }

    @Test func decodingKeepsRepeatedKeysInOrder() throws {
        let value = try TaggedJSON.decode(#"{"b":1,"a":2,"b":3}"#)
        guard case .dictionary(let entries) = value else {
            Issue.record("expected a dictionary")
            return
        }
        #expect(entries.map(\.key) == ["b", "a", "b"])
        #expect(value["b"]?.value == integer(3))
    }

    @Test(arguments: [
        [("$int", PropertyListValue.string("5"))], [("$real", .string("nan"))], [("$data", .string(""))],
        [("$date", .string("x"))], [("$uid", integer(1))], [("$dict", .dictionary([]))],
        [("$date", .string("x")), ("$timeIntervalSinceReferenceDate", integer(0))],
    ])
    func wrapsDictionariesThatLookLikeTags(_ members: [(String, PropertyListValue)]) throws {
        let value = PropertyListValue.dictionary(members.map { entry($0.0, $0.1) })
        let json = TaggedJSON.encode(value)
        #expect(json.hasPrefix(#"{"$dict":{"#))
        #expect(try TaggedJSON.decode(json) == value)
    }

    @Test func leavesOtherDollarKeysAlone() throws {
        let value = PropertyListValue.dictionary([entry("$int", .string("5")), entry("x", integer(1))])
        #expect(TaggedJSON.encode(value) == #"{"$int":"5","x":1}"#)
        #expect(try TaggedJSON.decode(TaggedJSON.encode(value)) == value)
    }

    @Test(arguments: PropertyListWriterRoundTripTests.awkwardStrings + ["\u{0}", "\u{1F}\u{7F}", "\u{FFFE}"])
    func roundTripsAwkwardStrings(_ string: String) throws {
        #expect(try TaggedJSON.decode(TaggedJSON.encode(.string(string))) == .string(string))
        let keyed = PropertyListValue.dictionary([entry(string, .string(string))])
        #expect(try TaggedJSON.decode(TaggedJSON.encode(keyed, pretty: true)) == keyed)
    }

    @Test(arguments: [
        0.0, -0.0, 0.1, 1.0 / 3.0, -.pi, 1e-7, 4503599627370495.5, .leastNonzeroMagnitude, .leastNormalMagnitude,
        .greatestFiniteMagnitude, -1e300, 9_007_199_254_740_993.0, .infinity, -.infinity, .nan,
    ])
    func roundTripsRealsBitForBit(_ real: Double) throws {
        let back = try TaggedJSON.decode(TaggedJSON.encode(.real(real)))
        guard case .real(let value) = back else {
            Issue.record("expected a real, got \(TaggedJSON.encode(back))")
            return
        }
        #expect(value.bitPattern == real.bitPattern || (value.isNaN && real.isNaN))
    }

    @Test func roundTripsNestedValues() throws {
        var value = PropertyListValue.string("leaf")
        for depth in 0..<100 {
            value = depth.isMultiple(of: 2) ? .array([PropertyListNode(value)]) : .dictionary([entry("k", value)])
        }
        #expect(try TaggedJSON.decode(TaggedJSON.encode(value)) == value)
        #expect(try TaggedJSON.decode(TaggedJSON.encode(value, pretty: true)) == value)
    }

    @Test func decodesFoundationStyleDateWithInterval() throws {
        let value = try TaggedJSON.decode(
            #"{"$date": "0000-01-02T00:00:00Z", "$timeIntervalSinceReferenceDate": -63145612800}"#
        )
        #expect(value == .date(Date(timeIntervalSinceReferenceDate: -63_145_612_800)))
    }

    @Test(arguments: [
        ("", 1, 1), ("[1,]", 1, 4), ("{\"a\" 1}", 1, 6), ("null", 1, 1), ("[\n  01]", 2, 3),
        (#"{"$int": 5}"#, 1, 10), (#"{"$int": "1e3"}"#, 1, 10), ("18446744073709551616", 1, 1),
        (#""\ud800""#, 1, 2), ("\"a\u{1}\"", 1, 3), ("[1] x", 1, 5), (#"{"$real": "pi"}"#, 1, 11),
        (#"{"$uid": -1}"#, 1, 10), (#"{"$date": "2024-13-01T00:00:00Z"}"#, 1, 11),
    ])
    func rejectsMalformedInputWithPosition(_ json: String, _ line: Int, _ column: Int) throws {
        let error = try #require(throws: PropertyListError.self) { try TaggedJSON.decode(json) }
        #expect(error.kind == .invalidPropertyList)
        #expect(error.location == SourceLocation(line: line, column: column))
    }

    @Test func rejectsExcessiveNesting() {
        let json = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: PropertyListError.self) { try TaggedJSON.decode(json) }
    }

    @Test(.enabled(if: ConformanceCorpus.runs("plist"), "../shared/conformance/plist is absent"))
    func decodesEveryConformanceExpectedValuesFile() throws {
        let folder = try ConformanceCorpus.require("plist")
        let sources = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        var decoded = 0
        for source in sources.sorted() {
            let file = folder.appendingPathComponent(source).appendingPathComponent("expected_values.json")
            guard let data = try? Data(contentsOf: file) else { continue }
            let value = try TaggedJSON.decode(data)
            guard case .dictionary(let entries) = value else {
                Issue.record("\(file.path) is not an object")
                continue
            }
            #expect(!entries.isEmpty)
            decoded += 1
        }
        #expect(decoded > 0)
    }

    @Test func decodesConformanceSpecialValues() throws {
        let json = #"""
            {"reals": [1.5, {"$real": "2.0"}, -3.14, {"$real": "-inf"}, {"$real": "inf"}],
             "max": {"$int": "18446744073709551615"}, "min": {"$int": "-9223372036854775808"},
             "blob": {"$data": "YmluYXJ5X2RhdGE="}, "when": {"$date": "1900-01-01T12:00:00Z"}}
            """#
        let value = try TaggedJSON.decode(json)
        #expect(
            value["reals"]?.value
                == .array(
                    [.real(1.5), .real(2), .real(-3.14), .real(-.infinity), .real(.infinity)].map {
                        PropertyListNode($0)
                    })
        )
        #expect(value["max"]?.value == .integer(PropertyListInteger(UInt64.max)))
        #expect(value["min"]?.value == .integer(PropertyListInteger(Int64.min)))
        #expect(value["blob"]?.value == .data(Data("binary_data".utf8)))
        #expect(value["when"]?.value == .date(Date(timeIntervalSince1970: -2_208_945_600)))
    }
}

/// Tagged JSON against the conformance suite's expected values, through the reader.
struct TaggedJSONConformanceTests {
    @Test(.enabled(if: ConformanceCorpus.runs("plist"), "../shared/conformance/plist is absent"))
    func readerOutputEncodesToTheExpectedValues() throws {
        let folder = try ConformanceCorpus.require("plist")
        let sources = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        var compared = 0
        for source in sources.sorted() {
            let directory = folder.appendingPathComponent(source)
            guard let data = try? Data(contentsOf: directory.appendingPathComponent("expected_values.json")),
                case .dictionary(let entries) = try TaggedJSON.decode(Self.withoutIntervals(data))
            else { continue }
            for entry in entries {
                let file = directory.appendingPathComponent(entry.key).path
                guard FileManager.default.fileExists(atPath: file) else { continue }
                let read = try PropertyListReader().read(contentsOfFile: file).value
                // Encoding keeps the last of repeated keys, as the expected values do.
                let viaJSON = try TaggedJSON.decode(TaggedJSON.encode(read))
                #expect(viaJSON == entry.value.value, "\(source)/\(entry.key)")
                compared += 1
            }
        }
        #expect(compared > 0)
    }

    /// The expected values with every `$timeIntervalSinceReferenceDate` removed, so dates compare by
    /// their `$date` text: before 1583 Foundation's recorded seconds follow the Julian calendar, while
    /// the text (and this project) use the proleptic Gregorian one.
    static func withoutIntervals(_ data: Data) throws -> String {
        let pattern = try NSRegularExpression(pattern: #",\s*"\$timeIntervalSinceReferenceDate"\s*:\s*[-+.0-9eE]+"#)
        let text = String(decoding: data, as: UTF8.self)
        return pattern.stringByReplacingMatches(
            in: text,
            range: NSRange(text.startIndex..., in: text),
            withTemplate: ""
        )
    }
}
