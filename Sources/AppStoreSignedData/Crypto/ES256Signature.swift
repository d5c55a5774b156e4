/// An ES256 signature as JWS carries it (RFC 7518 section 3.4): r and s, 32 bytes each, big-endian,
/// side by side.
///
/// Guarantees: ``raw`` is always 64 bytes; ``der`` is the minimal DER `SEQUENCE { INTEGER r,
/// INTEGER s }` libcrypto verifies. ECDSA is malleable ((r, n − s) verifies when (r, s) does);
/// ``lowS`` gives the form the signer writes.
struct ES256Signature: Equatable, Sendable {
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

    /// r then s, 64 bytes.
    let raw: [UInt8]

    /// The signature `bytes` hold, or `nil` unless they are 64 bytes.
    init?(raw bytes: [UInt8]) {
        guard bytes.count == 64 else { return nil }
        raw = bytes
    }

    /// Reads a DER signature as libcrypto writes it; `nil` unless it is a DER `SEQUENCE` of two
    /// positive INTEGERs of at most 32 significant bytes each.
    init?(der bytes: [UInt8]) {
        guard bytes.count >= 8, bytes[0] == 0x30, bytes[1] < 0x80, Int(bytes[1]) == bytes.count - 2 else {
            return nil
        }
        var index = 2
        func integer() -> [UInt8]? {
            guard index + 2 <= bytes.count, bytes[index] == 0x02 else { return nil }
            let length = Int(bytes[index + 1])
            let start = index + 2
            guard length > 0, length < 0x80, start + length <= bytes.count, bytes[start] & 0x80 == 0 else {
                return nil
            }
            index = start + length
            let magnitude = bytes[start..<index].drop { $0 == 0 }
            guard magnitude.count <= 32 else { return nil }
            return [UInt8](repeating: 0, count: 32 - magnitude.count) + magnitude
        }
        guard let r = integer(), let s = integer(), index == bytes.count else { return nil }
        raw = r + s
    }

    /// r, 32 bytes.
    var r: ArraySlice<UInt8> { raw[0..<32] }
    /// s, 32 bytes.
    var s: ArraySlice<UInt8> { raw[32..<64] }

    /// Whether s ≤ n/2.
    var isLowS: Bool { !Self.halfOrder.lexicographicallyPrecedes(s) }

    /// The same signature with s replaced by n − s when s is high (both verify).
    var lowS: ES256Signature {
        guard !isLowS else { return self }
        var result = [UInt8](repeating: 0, count: 32)
        var borrow = 0
        for index in stride(from: 31, through: 0, by: -1) {
            var digit = Int(Self.order[index]) - Int(s[32 + index]) - borrow
            borrow = digit < 0 ? 1 : 0
            if digit < 0 { digit += 256 }
            result[index] = UInt8(digit)
        }
        return ES256Signature(raw: Array(r) + result)!
    }

    /// The minimal DER encoding.
    var der: [UInt8] {
        func integer(_ magnitude: ArraySlice<UInt8>) -> [UInt8] {
            var content = Array(magnitude.drop { $0 == 0 })
            if content.isEmpty || content[0] & 0x80 != 0 { content.insert(0, at: 0) }
            return [0x02, UInt8(content.count)] + content
        }
        let body = integer(r) + integer(s)
        return [0x30, UInt8(body.count)] + body
    }
}
