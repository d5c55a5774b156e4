import Foundation

/// JSON text for the server's answers, written directly from the values JSONSerialization takes
/// (`String`, `Int`, `Bool`, `Double`, arrays, string-keyed dictionaries, `NSNull`), with the same
/// text JSONSerialization's `.sortedKeys` gives for them: keys in case-insensitive order, `/`
/// escaped. It skips JSONSerialization's bridging and its locale-aware key comparison, which cost
/// more than the rest of an answer.
enum SortedJSONWriter {
    /// `value` as JSON text.
    static func data(_ value: [String: Any]) -> Data {
        var text: [UInt8] = []
        text.reserveCapacity(256)
        write(value, into: &text)
        return Data(text)
    }

    private static func write(_ value: Any, into text: inout [UInt8]) {
        switch value {
        case let string as String:
            write(string: string, into: &text)
        case let bool as Bool:
            text.append(contentsOf: (bool ? "true" : "false").utf8)
        case let integer as Int:
            text.append(contentsOf: String(integer).utf8)
        case let number as Double:
            text.append(contentsOf: (number.isFinite ? "\(number)" : "null").utf8)
        case let dictionary as [String: Any]:
            text.append(UInt8(ascii: "{"))
            for (index, key) in dictionary.keys.sorted(by: precedes).enumerated() {
                if index > 0 { text.append(UInt8(ascii: ",")) }
                write(string: key, into: &text)
                text.append(UInt8(ascii: ":"))
                write(dictionary[key]!, into: &text)
            }
            text.append(UInt8(ascii: "}"))
        case let array as [Any]:
            text.append(UInt8(ascii: "["))
            for (index, element) in array.enumerated() {
                if index > 0 { text.append(UInt8(ascii: ",")) }
                write(element, into: &text)
            }
            text.append(UInt8(ascii: "]"))
        default:
            text.append(contentsOf: "null".utf8)
        }
    }

    /// The order of sorted keys: case-insensitive, then lowercase before uppercase.
    private static func precedes(_ first: String, _ second: String) -> Bool {
        let (a, b) = (first.lowercased(), second.lowercased())
        return a == b
            ? second.unicodeScalars.lexicographicallyPrecedes(first.unicodeScalars)
            : a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    }

    private static let hex = Array("0123456789abcdef".utf8)

    private static func write(string: String, into text: inout [UInt8]) {
        text.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): text.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): text.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "/"): text.append(contentsOf: #"\/"#.utf8)
            case 0x0A: text.append(contentsOf: #"\n"#.utf8)
            case 0x0D: text.append(contentsOf: #"\r"#.utf8)
            case 0x09: text.append(contentsOf: #"\t"#.utf8)
            case 0x08: text.append(contentsOf: #"\b"#.utf8)
            case 0x0C: text.append(contentsOf: #"\f"#.utf8)
            case 0..<0x20:
                text.append(contentsOf: #"\u00"#.utf8)
                text.append(hex[Int(byte >> 4)])
                text.append(hex[Int(byte & 0x0F)])
            default: text.append(byte)
            }
        }
        text.append(UInt8(ascii: "\""))
    }
}
