import Foundation

/// The byte format of a simulated receipt (the receipt file; verifyReceipt's `receipt-data` is its
/// base64):
///
/// | offset | size | content |
/// |---|---|---|
/// | 0 | 5 | magic `PKRC` and format version `0x01` |
/// | 5 | 4 | payload length P, unsigned big-endian |
/// | 9 | P | payload: the ``AppReceipt`` as UTF-8 JSON (Apple's `receipt` object shape) |
/// | 9+P | 2 | signature length S, unsigned big-endian |
/// | 11+P | S | ECDSA P-256 signature over SHA-256 of bytes 0..<9+P: canonical DER, low s |
///
/// Nothing may follow the signature. The signature covers the header too, so the version and the
/// length cannot be changed without detection.
struct ReceiptEnvelope {
    static let magic: [UInt8] = Array("PKRC".utf8) + [0x01]

    /// The signed part: magic, length and payload.
    var signedBytes: [UInt8]
    /// The payload JSON.
    var payload: ArraySlice<UInt8>
    /// The signature.
    var signature: [UInt8]

    /// The signed part for `payload`.
    static func signedPart(payload: [UInt8]) -> [UInt8] {
        let length = UInt32(payload.count)
        return magic + [
            UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF),
        ]
            + payload
    }

    /// The whole receipt: the signed part followed by the signature.
    static func assemble(signedPart: [UInt8], signature: [UInt8]) -> [UInt8] {
        let length = UInt16(signature.count)
        return signedPart + [UInt8(length >> 8), UInt8(length & 0xFF)] + signature
    }

    /// Splits receipt bytes, or says why they are not a receipt.
    init(parsing bytes: [UInt8]) throws(ReceiptValidationError) {
        let headerSize = Self.magic.count + 4
        guard bytes.count >= headerSize + 2, Array(bytes[0..<Self.magic.count]) == Self.magic else {
            throw .malformed("not a PurchaseKit simulated receipt (bad magic or too short)")
        }
        let lengthBytes = bytes[Self.magic.count..<headerSize].map(Int.init)
        let payloadLength = lengthBytes[0] << 24 | lengthBytes[1] << 16 | lengthBytes[2] << 8 | lengthBytes[3]
        guard payloadLength <= bytes.count - headerSize - 2 else {
            throw .malformed("the payload length runs past the end of the receipt")
        }
        let payloadEnd = headerSize + payloadLength
        let signatureLength = Int(bytes[payloadEnd]) << 8 | Int(bytes[payloadEnd + 1])
        guard signatureLength > 0, payloadEnd + 2 + signatureLength == bytes.count else {
            throw .malformed("the signature length does not match the receipt's size")
        }
        signedBytes = Array(bytes[0..<payloadEnd])
        payload = bytes[headerSize..<payloadEnd]
        signature = Array(bytes[(payloadEnd + 2)...])
    }
}
