public import Foundation

/// Signs receipts for a simulated App Store.
///
/// ``issue(_:)`` writes the receipt in the format ``ReceiptValidator`` documents: the ``AppReceipt``
/// as JSON, signed with ECDSA P-256 / SHA-256 through OpenSSL's libcrypto, the signature always in
/// canonical DER with a low s. Changing any byte of the result makes validation fail.
public struct ReceiptIssuer: Sendable {
    /// The key receipts are signed with.
    public let signingKey: ReceiptSigningKey

    /// Creates an issuer signing with `signingKey`.
    public init(signingKey: ReceiptSigningKey) {
        self.signingKey = signingKey
    }

    /// The public key that validates this issuer's receipts.
    public var publicKey: ReceiptPublicKey { signingKey.publicKey }

    /// The signed receipt bytes (what an app's receipt file holds).
    ///
    /// - Throws: ``ReceiptKeyError`` if libcrypto fails to sign (it does not with a valid key).
    public func issue(_ receipt: AppReceipt) throws(ReceiptKeyError) -> Data {
        let payload: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            payload = try encoder.encode(receipt)
        } catch {
            throw ReceiptKeyError(.receiptNotEncodable(detail: "\(error)"))
        }
        let signedPart = ReceiptEnvelope.signedPart(payload: Array(payload))
        do {
            let signature = try LibCrypto.sign(signedPart, with: signingKey.raw)
            return Data(ReceiptEnvelope.assemble(signedPart: signedPart, signature: signature))
        } catch {
            throw ReceiptKeyError(error.problem)
        }
    }

    /// The signed receipt as base64, ready for verifyReceipt's `receipt-data`.
    ///
    /// - Throws: ``ReceiptKeyError`` if libcrypto fails to sign.
    public func issueBase64(_ receipt: AppReceipt) throws(ReceiptKeyError) -> String {
        try issue(receipt).base64EncodedString()
    }
}
