public import Foundation

/// Authenticates and decodes receipts made by a ``ReceiptIssuer``.
///
/// Receipt format (the bytes; verifyReceipt's `receipt-data` is their base64):
/// magic `PKRC` and version byte `0x01`; a 4-byte big-endian payload length P; P bytes of UTF-8
/// JSON, the ``AppReceipt`` in Apple's `receipt` shape; a 2-byte big-endian signature length S;
/// S bytes of ECDSA P-256 signature (DER) over SHA-256 of everything before the signature length.
/// Nothing may follow.
///
/// Guarantees: ``validate(_:)`` returns a receipt only when its signature verifies under
/// ``publicKey`` and is in the one form a ``ReceiptIssuer`` writes: DER with minimal lengths and
/// integers, and s at most n/2 ("low s"). ECDSA would otherwise accept (r, n − s) and other encodings
/// of the same numbers; so any changed, added or removed byte fails with
/// ``ReceiptValidationError/signatureInvalid`` or ``ReceiptValidationError/malformed(_:)``, never a crash.
public struct ReceiptValidator: Sendable {
    /// The key receipts must be signed with.
    public let publicKey: ReceiptPublicKey

    /// Creates a validator accepting receipts signed by `publicKey`'s private key.
    public init(publicKey: ReceiptPublicKey) {
        self.publicKey = publicKey
    }

    /// Checks the signature of receipt bytes and decodes the receipt.
    ///
    /// - Throws: ``ReceiptValidationError``.
    public func validate(_ receipt: Data) throws(ReceiptValidationError) -> AppReceipt {
        let envelope = try ReceiptEnvelope(parsing: Array(receipt))
        // Only the issuer's form: another encoding, or the high-s twin of a valid signature, is refused.
        guard ECDSASignature(canonicalDER: envelope.signature) != nil else { throw .signatureInvalid }
        let valid: Bool
        do {
            valid = try LibCrypto.verify(envelope.signature, of: envelope.signedBytes, with: publicKey.raw)
        } catch {
            throw .signatureInvalid
        }
        guard valid else { throw .signatureInvalid }
        do {
            return try JSONDecoder().decode(AppReceipt.self, from: Data(envelope.payload))
        } catch {
            throw .malformed("the signed payload is not a receipt: \(error)")
        }
    }

    /// Decodes base64 (verifyReceipt's `receipt-data`), then validates.
    ///
    /// - Throws: ``ReceiptValidationError``; text that is not base64 is ``ReceiptValidationError/malformed(_:)``.
    public func validate(base64: String) throws(ReceiptValidationError) -> AppReceipt {
        guard let bytes = Data(base64Encoded: base64, options: .ignoreUnknownCharacters), !bytes.isEmpty else {
            throw .malformed("receipt-data is not base64")
        }
        return try validate(bytes)
    }
}
