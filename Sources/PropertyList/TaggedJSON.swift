import Foundation

/// Property-list values as JSON, with tags for what JSON cannot say: the "tagged JSON" of the
/// `purchasekit` tool (DESIGN.md).
///
/// | property list | JSON |
/// |---|---|
/// | dict | object, keys in document order |
/// | array | array |
/// | string | string |
/// | true, false | `true`, `false` |
/// | integer | a number when abs(n) < 2^53, otherwise `{"$int": "<decimal>"}` |
/// | real | a number when finite and not integral, otherwise `{"$real": "2.0"}`, `"inf"`, `"-inf"`, `"nan"` |
/// | data | `{"$data": "<base64>"}` |
/// | date | `{"$date": "YYYY-MM-DDTHH:MM:SSZ"}` |
/// | CF$UID | `{"$uid": n}` |
///
/// Numbers are written in the shortest form that parses back to the same value. Strings escape `"`,
/// `\`, every control character and U+2028/U+2029 (so the output is also valid JavaScript).
///
/// Two choices the design leaves open:
/// - A dict whose key repeats is written once per key, at the key's first position, with the value of
///   its last occurrence: what Foundation reads, in valid JSON (which wants unique keys).
/// - A dict that would read back as a tag (its only key is `$int`, `$real`, `$data`, `$date`, `$uid` or
///   `$dict`, or its keys are `$date` and `$timeIntervalSinceReferenceDate`) is wrapped as
///   `{"$dict": {...}}`, so every value round-trips.
///
/// ``decode(_:)-(Data)`` (and its `String` overload) reads this format back, preserving key order and repeated keys.
public enum TaggedJSON {
    /// Returns `value` as tagged JSON: compact on one line, or with `pretty` indented by two spaces per
    /// level, one member per line.
    public static func encode(_ value: PropertyListValue, pretty: Bool = false) -> String {
        var encoder = Encoder(pretty: pretty)
        encoder.write(value, level: 0)
        return String(decoding: encoder.bytes, as: UTF8.self)
    }

    /// The tag keys that make a JSON object stand for one value rather than a dictionary.
    static let tagKeySets: Set<[String]> = [
        ["$int"], ["$real"], ["$data"], ["$date"], ["$uid"], ["$dict"],
        ["$date", "$timeIntervalSinceReferenceDate"], ["$timeIntervalSinceReferenceDate", "$date"],
    ]

    /// Whether an object with exactly these keys, in this order, is read as a tag.
    static func isTag(keys: [String]) -> Bool {
        keys.count <= 2 && tagKeySets.contains(keys)
    }
}

/// Writes JSON text into a byte buffer.
private struct Encoder {
    let pretty: Bool
    var bytes: [UInt8] = []

    init(pretty: Bool) {
        self.pretty = pretty
        bytes.reserveCapacity(1024)
    }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func newline(level: Int) {
        guard pretty else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
    }

    mutating func write(_ value: PropertyListValue, level: Int) {
        switch value {
        case .dictionary(let entries):
            writeDictionary(entries, level: level)
        case .array(let nodes):
            writeContainer("[", "]", count: nodes.count, level: level) { encoder, index in
                encoder.write(nodes[index].value, level: level + 1)
            }
        case .string(let string):
            writeString(string)
        case .integer(let integer):
            if integer.magnitude < 1 << 53 {
                append(integer.description)
            } else {
                writeTag("$int", string: integer.description, level: level)
            }
        case .real(let real):
            if real.isFinite && real != real.rounded(.towardZero) {
                append(real.description)
            } else {
                writeTag("$real", string: TaggedJSON.text(forReal: real), level: level)
            }
        case .boolean(let flag):
            append(flag ? "true" : "false")
        case .date(let date):
            writeTag("$date", string: PropertyListWriter.text(forDate: date), level: level)
        case .data(let data):
            writeTag("$data", string: data.base64EncodedString(), level: level)
        case .uid(let uid):
            writeContainer("{", "}", count: 1, level: level) { encoder, _ in
                encoder.writeKey("$uid")
                encoder.append(String(uid))
            }
        }
    }

    mutating func writeDictionary(_ entries: [PropertyListEntry], level: Int) {
        // One member per key, at its first position, holding its last value.
        var lastIndex: [String: Int] = [:]
        for (index, entry) in entries.enumerated() { lastIndex[entry.key] = index }
        var members: [PropertyListEntry] = []
        members.reserveCapacity(lastIndex.count)
        for (index, entry) in entries.enumerated() where lastIndex[entry.key] != nil {
            members.append(entries[lastIndex.removeValue(forKey: entry.key) ?? index])
        }
        if TaggedJSON.isTag(keys: members.map(\.key)) {
            writeContainer("{", "}", count: 1, level: level) { encoder, _ in
                encoder.writeKey("$dict")
                encoder.writeMembers(members, level: level + 1)
            }
        } else {
            writeMembers(members, level: level)
        }
    }

    mutating func writeMembers(_ members: [PropertyListEntry], level: Int) {
        writeContainer("{", "}", count: members.count, level: level) { encoder, index in
            encoder.writeKey(members[index].key)
            encoder.write(members[index].value.value, level: level + 1)
        }
    }

    mutating func writeTag(_ tag: String, string: String, level: Int) {
        writeContainer("{", "}", count: 1, level: level) { encoder, _ in
            encoder.writeKey(tag)
            encoder.writeString(string)
        }
    }

    mutating func writeKey(_ key: String) {
        writeString(key)
        append(pretty ? ": " : ":")
    }

    mutating func writeContainer(
        _ open: String,
        _ close: String,
        count: Int,
        level: Int,
        element: (inout Encoder, Int) -> Void
    ) {
        append(open)
        guard count > 0 else {
            append(close)
            return
        }
        for index in 0..<count {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            newline(level: level + 1)
            element(&self, index)
        }
        newline(level: level)
        append(close)
    }

    mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0x22: append("\\\"")
            case 0x5C: append("\\\\")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x00..<0x20, 0x7F, 0x2028, 0x2029: append(Self.unicodeEscape(scalar.value))
            case 0x20..<0x80: bytes.append(UInt8(scalar.value))
            default: bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}

extension TaggedJSON {
    /// The text of a `$real` tag: `inf`, `-inf`, `nan`, or the shortest decimal that parses back to
    /// the same bits (`2.0`, `-0.0`, `1e+300`).
    static func text(forReal real: Double) -> String {
        if real.isNaN { return "nan" }
        if real.isInfinite { return real < 0 ? "-inf" : "inf" }
        return real.description
    }
}
