/// A JSON value with ordered object keys, for the scenario's JSON lines.
enum ScenarioJSON: Sendable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([ScenarioJSON])
    case object([(String, ScenarioJSON)])

    /// The value as compact JSON text.
    var text: String {
        switch self {
        case .string(let value): Self.quote(value)
        case .int(let value): String(value)
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        case .array(let values): "[" + values.map(\.text).joined(separator: ",") + "]"
        case .object(let entries):
            "{" + entries.map { Self.quote($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }

    private static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
