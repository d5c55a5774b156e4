import Foundation

/// Base64 with the URL- and file-safe alphabet and no padding (RFC 4648 section 5, as RFC 7515
/// writes each part of a compact JWS).
///
/// Decoding is strict: only the 64 characters of the alphabet, no padding, no whitespace, and no
/// length that leaves a single character over (which no byte string encodes to). Every byte string
/// has exactly one encoding, and ``decode(_:)`` accepts only that encoding: trailing bits that are
/// not zero are refused, so changing any character of a part changes its bytes or fails.
public enum Base64URL {
    /// The unpadded base64url text of `bytes`.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let data = Data(bytes)
        var text = data.base64EncodedString()
        while text.last == "=" { text.removeLast() }
        return String(
            text.map { character -> Character in
                switch character {
                case "+": "-"
                case "/": "_"
                default: character
                }
            })
    }

    /// The bytes `text` encodes, or `nil` when it is not canonical unpadded base64url.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 4 != 1 else { return nil }
        var output = [UInt8]()
        output.reserveCapacity(utf8.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in utf8 {
            guard let value = sextet(byte) else { return nil }
            accumulator = (accumulator << 6) | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        // What is left over are the padding bits of the last character: they must be zero.
        guard accumulator == 0 else { return nil }
        return output
    }

    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }
}
