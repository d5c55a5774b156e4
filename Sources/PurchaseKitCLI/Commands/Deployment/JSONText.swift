import Foundation

/// A JSON value for the buying commands' output, written with keys in the order given.
indirect enum JSONText: Sendable {
    case string(String)
    case number(Int)
    case bool(Bool)
    case null
    case array([JSONText])
    case object([(String, JSONText)])

    /// A date as `YYYY-MM-DDTHH:MM:SSZ` (UTC), or `null`.
    static func date(_ date: Date?) -> JSONText {
        guard let date else { return .null }
        return .string(date.formatted(.iso8601))
    }

    /// The compact JSON text.
    var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .string(let value): Self.writeString(value, to: &output)
        case .number(let value): output += String(value)
        case .bool(let value): output += value ? "true" : "false"
        case .null: output += "null"
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let entries):
            output += "{"
            for (index, (key, value)) in entries.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                output +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
