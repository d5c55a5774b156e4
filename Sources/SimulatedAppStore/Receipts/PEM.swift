import Foundation

/// PEM armour (RFC 7468): base64 between `-----BEGIN label-----` and `-----END label-----` lines.
enum PEM {
    /// The text for `der` under `label`, base64 in lines of 64 characters.
    static func encode(_ der: Data, label: String) -> String {
        let base64 = der.base64EncodedString()
        var lines = ["-----BEGIN \(label)-----"]
        var index = base64.startIndex
        while index < base64.endIndex {
            let end = base64.index(index, offsetBy: 64, limitedBy: base64.endIndex) ?? base64.endIndex
            lines.append(String(base64[index..<end]))
            index = end
        }
        lines.append("-----END \(label)-----")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The bytes of the first block whose label is one of `labels`, or `nil`.
    static func decode(_ text: String, labels: Set<String>) -> Data? {
        var label: String?
        var body = ""
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if let open = label {
                if line == "-----END \(open)-----" { return Data(base64Encoded: body) }
                body += line
            } else if line.hasPrefix("-----BEGIN "), line.hasSuffix("-----") {
                let name = String(line.dropFirst(11).dropLast(5))
                if labels.contains(name) { label = name }
            }
        }
        return nil
    }
}
