/// An ECDSA P-256 signature (r, s) in its one accepted form: DER with minimal lengths and integers,
/// 0 < r < n and 0 < s ≤ n/2 ("low s").
///
/// ECDSA is malleable: if (r, s) verifies, so does (r, n − s), and DER allows several encodings of
/// the same numbers. Receipts promise that any changed byte fails, so the signer writes only this
/// form (``lowS``, ``der``) and the validator accepts only bytes that are exactly this form of
/// their numbers (``init(canonicalDER:)``).
struct ECDSASignature: Equatable {
    /// The order n of the P-256 group, big-endian.
    static let order: [UInt8] = [
        0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63, 0x25, 0x51,
    ]

    /// ⌊n / 2⌋, big-endian: the largest low s.
    static let halfOrder: [UInt8] = [
        0x7F, 0xFF, 0xFF, 0xFF, 0x80, 0x00, 0x00, 0x00, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xDE, 0x73, 0x7D, 0x56, 0xD3, 0x8B, 0xCF, 0x42, 0x79, 0xDC, 0xE5, 0x61, 0x7E, 0x31, 0x92, 0xA8,
    ]

    /// r, 32 bytes big-endian.
    var r: [UInt8]
    /// s, 32 bytes big-endian.
    var s: [UInt8]

    /// Reads a DER signature as libcrypto writes it, in any valid DER (high s included); `nil` when
    /// the bytes are not a DER `SEQUENCE { INTEGER r, INTEGER s }` with both in 1..<n.
    init?(der bytes: [UInt8]) {
        guard bytes.count >= 8, bytes[0] == 0x30, Int(bytes[1]) == bytes.count - 2, bytes[1] < 0x80 else {
            return nil
        }
        var index = 2
        func integer() -> [UInt8]? {
            guard index + 2 <= bytes.count, bytes[index] == 0x02 else { return nil }
            let length = Int(bytes[index + 1])
            let start = index + 2
            // Short-form length, positive, minimal: no leading zero unless the next byte needs it.
            guard length > 0, length < 0x80, start + length <= bytes.count, bytes[start] & 0x80 == 0 else {
                return nil
            }
            if length > 1, bytes[start] == 0, bytes[start + 1] & 0x80 == 0 { return nil }
            index = start + length
            var magnitude = Array(bytes[start..<index].drop { $0 == 0 })
            guard magnitude.count <= 32 else { return nil }
            magnitude.insert(contentsOf: repeatElement(0, count: 32 - magnitude.count), at: 0)
            return magnitude
        }
        guard let r = integer(), let s = integer(), index == bytes.count,
            Self.isInRange(r), Self.isInRange(s)
        else { return nil }
        self.r = r
        self.s = s
    }

    /// Reads the one accepted form: the bytes must be exactly ``der`` of a low-s signature.
    init?(canonicalDER bytes: [UInt8]) {
        guard let signature = ECDSASignature(der: bytes), signature.isLowS, signature.der == bytes else { return nil }
        self = signature
    }

    /// Whether s ≤ n/2.
    var isLowS: Bool { !Self.halfOrder.lexicographicallyPrecedes(s) }

    /// The same signature with s replaced by n − s when s is high (both verify; only this one is accepted).
    var lowS: ECDSASignature {
        guard !isLowS else { return self }
        var copy = self
        copy.s = Self.subtract(s, from: Self.order)
        return copy
    }

    /// The DER encoding with minimal lengths and integers.
    var der: [UInt8] {
        func integer(_ magnitude: [UInt8]) -> [UInt8] {
            var content = Array(magnitude.drop { $0 == 0 })
            if content.isEmpty || content[0] & 0x80 != 0 { content.insert(0, at: 0) }
            return [0x02, UInt8(content.count)] + content
        }
        let body = integer(r) + integer(s)
        return [0x30, UInt8(body.count)] + body
    }

    // MARK: - Private

    /// Whether a 32-byte number is in 1..<n.
    private static func isInRange(_ value: [UInt8]) -> Bool {
        value.contains { $0 != 0 } && value.lexicographicallyPrecedes(order)
    }

    /// `minuend − subtrahend` for 32-byte big-endian numbers, `subtrahend` not larger.
    private static func subtract(_ subtrahend: [UInt8], from minuend: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: 32)
        var borrow = 0
        for index in stride(from: 31, through: 0, by: -1) {
            var digit = Int(minuend[index]) - Int(subtrahend[index]) - borrow
            borrow = digit < 0 ? 1 : 0
            if digit < 0 { digit += 256 }
            result[index] = UInt8(digit)
        }
        return result
    }
}
