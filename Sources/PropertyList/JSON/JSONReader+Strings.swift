// Strings and their escapes, for JSONReader.
extension JSONReader {
    mutating func parseString() throws(PropertyListError) -> String {
        let start = offset
        offset += 1
        var scalars = String.UnicodeScalarView()
        var runStart = offset
        while true {
            guard let byte = current else { throw failure(.jsonUnterminatedString, at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                scalars.append(contentsOf: String(decoding: bytes[runStart..<offset], as: UTF8.self).unicodeScalars)
                offset += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                scalars.append(contentsOf: String(decoding: bytes[runStart..<offset], as: UTF8.self).unicodeScalars)
                offset += 1
                scalars.append(try parseEscape())
                runStart = offset
            case 0x00..<0x20:
                throw failure(.jsonControlCharacter)
            default:
                offset += 1
            }
        }
    }

    mutating func parseEscape() throws(PropertyListError) -> Unicode.Scalar {
        guard let byte = current else { throw failure(.jsonUnterminatedEscape) }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let escapeStart = offset - 2
            let high = try parseHex4()
            if (0xD800..<0xDC00).contains(high) {
                guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u")
                else { throw failure(.jsonUnpairedSurrogate, at: escapeStart) }
                offset += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else {
                    throw failure(.jsonUnpairedSurrogate, at: escapeStart)
                }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else {
                throw failure(.jsonUnpairedSurrogate, at: escapeStart)
            }
            return scalar
        default:
            throw failure(.jsonUnknownEscape(Excerpt.oneLine(String(Character(Unicode.Scalar(byte))))), at: offset - 2)
        }
    }

    mutating func parseHex4() throws(PropertyListError) -> UInt32 {
        guard offset + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
        else { throw failure(.jsonExpectedHexDigits) }
        offset += 4
        return value
    }
}
