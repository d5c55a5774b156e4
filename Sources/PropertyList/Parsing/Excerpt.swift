import Foundation

/// Text from a document as errors quote it: shortened, and always on one line, so that an error stays
/// one `path:line:column: error: message` line whatever the document holds.
enum Excerpt {
    /// The longest excerpt, in bytes of UTF-8, before `...` is appended.
    static let maximumLength = 40

    /// The first ``maximumLength`` bytes of `bytes` (`...` after them when there are more), on one line.
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: bytes.prefix(maximumLength), as: UTF8.self)
        return oneLine(text) + (bytes.count > maximumLength ? "..." : "")
    }

    /// `bytes` without the XML white space around them, as ``of(_:)`` shortens them.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return of(UnsafeBufferPointer(rebasing: bytes[start..<end]))
    }

    /// `text` with line breaks, tabs and other control characters written as escapes (`\n`, `\t`,
    /// `\u{1}`), so that it cannot break a line of output.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where needsEscape(scalar): result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// libxml2's text on one line: its lines trimmed and joined with a space.
    static func joinedLines(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// Control characters, and the line and paragraph separators some terminals break lines at.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x85 || scalar.value == 0x2028
            || scalar.value == 0x2029
    }
}
