import Foundation
import PropertyList

/// Renders a property-list value for people: one entry per line, indented two spaces per level.
///
/// ```
/// {
///   Name = "Gems"
///   Count = 100
///   Price = 0.99
///   Tags = [
///     "a"
///   ]
///   Icon = <89504e47 ... (1024 bytes)>
///   Added = 2024-05-01T12:00:00Z
/// }
/// ```
///
/// Strings are quoted with `\n`, `\t`, `\"`, `\\` and `\u{...}` escapes so that invisible
/// characters show; keys are quoted only when they are not plain words. Reals always show a
/// decimal point or exponent (`2.0`, `1e-07`, `inf`, `nan`) so they are not mistaken for integers.
enum PlistPrinter {
    /// How many bytes of a data value are shown before the rest is summarized.
    static let shownDataBytes = 32

    /// The text for `value`, ending with a line feed.
    static func text(for value: PropertyListValue) -> String {
        var output = ""
        write(value, indent: 0, into: &output)
        output += "\n"
        return output
    }

    static func write(
        _ value: PropertyListValue,
        indent: Int,
        into output: inout String
    ) {
        let padding = String(repeating: "  ", count: indent + 1)
        switch value {
        case .dictionary(let entries):
            guard !entries.isEmpty else {
                output += "{}"
                return
            }
            output += "{\n"
            for entry in entries {
                output += padding + key(entry.key) + " = "
                write(entry.value.value, indent: indent + 1, into: &output)
                output += "\n"
            }
            output += String(repeating: "  ", count: indent) + "}"
        case .array(let nodes):
            guard !nodes.isEmpty else {
                output += "[]"
                return
            }
            output += "[\n"
            for node in nodes {
                output += padding
                write(node.value, indent: indent + 1, into: &output)
                output += "\n"
            }
            output += String(repeating: "  ", count: indent) + "]"
        case .string(let string): output += quoted(string)
        case .integer(let integer): output += integer.description
        case .real(let real):
            output += real.isNaN ? "nan" : real.isInfinite ? (real < 0 ? "-inf" : "inf") : real.description
        case .boolean(let flag): output += flag ? "true" : "false"
        // As the file writes it: UTC on the proleptic Gregorian calendar (Foundation's formatter turns
        // to the Julian calendar before 1582-10-15 and would shift such dates by days).
        case .date(let date): output += PropertyListWriter.text(forDate: date)
        case .data(let data): output += describe(data)
        case .uid(let uid): output += "CF$UID(\(uid))"
        }
    }

    static func key(_ key: String) -> String {
        let plain =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "_.$-".unicodeScalars.contains(scalar))
            }
        return plain ? key : quoted(key)
    }

    static func quoted(_ string: String) -> String {
        var output = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .format
                    || scalar.properties.generalCategory == .lineSeparator
                    || scalar.properties.generalCategory == .paragraphSeparator
                {
                    output += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }

    static func describe(_ data: Data) -> String {
        let hex = data.prefix(shownDataBytes).map { byte in
            (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }
        var groups: [String] = []
        var index = 0
        while index < hex.count {
            groups.append(hex[index..<min(index + 4, hex.count)].joined())
            index += 4
        }
        let suffix = data.count > shownDataBytes ? " ... (\(data.count) bytes)" : ""
        return "<" + groups.joined(separator: " ") + suffix + ">"
    }
}
