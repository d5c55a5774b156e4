import Foundation

/// PEM blocks (RFC 7468 strict form): `-----BEGIN label-----`, the DER in standard base64 in lines of
/// 64 characters (the last shorter), `-----END label-----`.
enum PEMBlocks {
    /// The PEM text of `der` under `label`, ending with a newline.
    static func encode(_ der: [UInt8], label: String) -> String {
        let base64 = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN \(label)-----\n\(base64)\n-----END \(label)-----\n"
    }

    /// The DER of each block of `text`, in order, which must have exactly `labels`: nothing but blank
    /// lines around the blocks, and each block in the one form ``encode(_:label:)`` writes (lines may
    /// end in CR LF).
    static func decode(_ text: String, labels: [String]) throws(SigningIdentityError) -> [[UInt8]] {
        // "\r\n" is one Character: split the scalars, then drop a CR at a line's end.
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            Substring(line.last == "\r" ? line.dropLast() : line)
        }
        var blocks: [[UInt8]] = []
        var index = 0
        while index < lines.count {
            guard !lines[index].isEmpty else {
                index += 1
                continue
            }
            let position = blocks.count
            guard position < labels.count else { throw SigningIdentityError(.unexpectedText(line: index + 1)) }
            let label = labels[position]
            guard lines[index] == "-----BEGIN \(label)-----" else {
                if lines[index].hasPrefix("-----BEGIN ") {
                    throw SigningIdentityError(.malformedBlock(position: position, detail: "expected \(label)"))
                }
                throw SigningIdentityError(.unexpectedText(line: index + 1))
            }
            let start = index + 1
            guard let end = lines[start...].firstIndex(where: { $0.hasPrefix("-----") }),
                lines[end] == "-----END \(label)-----"
            else {
                throw SigningIdentityError(.malformedBlock(position: position, detail: "no END \(label) line"))
            }
            let body = lines[start..<end].joined(separator: "\n")
            guard let der = Data(base64Encoded: body, options: .ignoreUnknownCharacters), !der.isEmpty,
                encode(Array(der), label: label) == "-----BEGIN \(label)-----\n\(body)\n-----END \(label)-----\n"
            else {
                throw SigningIdentityError(
                    .malformedBlock(position: position, detail: "not canonical base64 in lines of 64"))
            }
            blocks.append(Array(der))
            index = end + 1
        }
        guard blocks.count == labels.count else {
            throw SigningIdentityError(.missingBlock(position: blocks.count, expectedLabel: labels[blocks.count]))
        }
        return blocks
    }
}
