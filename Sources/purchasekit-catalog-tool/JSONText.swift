/// A JSON value written the way Xcode writes `.storekit` files: two-space indentation, `"key" : value`,
/// object keys sorted, so the same value always gives the same bytes.
indirect enum JSONText: Equatable {
    case object([String: JSONText])
    case array([JSONText])
    case string(String)
    /// A number written exactly as given (`3`, `0.99`).
    case number(String)
    case bool(Bool)
    case null

    /// The value as indented text with a final newline.
    var text: String {
        var out = ""
        write(into: &out, indent: "")
        return out + "\n"
    }

    private func write(into out: inout String, indent: String) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else { return out += "{\n\n\(indent)}" }
            out += "{\n"
            let inner = indent + "  "
            for (index, key) in members.keys.sorted().enumerated() {
                out += inner + Self.quoted(key) + " : "
                members[key]?.write(into: &out, indent: inner)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        case .array(let elements):
            guard !elements.isEmpty else { return out += "[\n\n\(indent)]" }
            out += "[\n"
            let inner = indent + "  "
            for (index, element) in elements.enumerated() {
                out += inner
                element.write(into: &out, indent: inner)
                out += index == elements.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .string(let text): out += Self.quoted(text)
        case .number(let text): out += text
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        }
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
