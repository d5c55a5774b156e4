import Foundation
import LibCryptoSupport

/// An app's public key as Play Console shows it under "Monetization setup" (the license key): base64
/// of the DER SubjectPublicKeyInfo of a 2048-bit RSA key. It checks signatures and cannot make them.
///
/// Guarantees: a license key is always a 2048-bit RSA public key; anything else (not base64, not a
/// whole SubjectPublicKeyInfo, another key type or size, a private key) is refused when read, with
/// ``PlaySignatureError/Kind/invalidKey``.
public struct PlayLicenseKey: Sendable {
    private let key: PlayRSAKey

    /// The key as Play Console shows it: base64 of the DER SubjectPublicKeyInfo.
    public let base64: String

    /// Reads a license key from Play Console's text.
    ///
    /// - Parameter base64: base64 of a DER SubjectPublicKeyInfo; spaces and line breaks are ignored.
    /// - Throws: ``PlaySignatureError`` (``PlaySignatureError/Kind/invalidKey``) when the text is not
    ///   base64 of a 2048-bit RSA SubjectPublicKeyInfo.
    public init(base64: String) throws(PlaySignatureError) {
        let compact = base64.filter { !$0.isWhitespace }
        guard !compact.isEmpty, let der = Data(base64Encoded: compact) else {
            throw PlaySignatureError(.invalidKey, detail: "the license key is not base64")
        }
        do {
            key = try PlayRSAKey.publicKey(spki: Array(der))
        } catch {
            throw PlaySignatureError(.invalidKey, detail: "the license key: \(error.description)")
        }
        self.base64 = der.base64EncodedString()
    }

    /// Whether the key holds a private half; never true, as a license key is read from a public key.
    var holdsPrivateKey: Bool { key.hasPrivateHalf }

    /// A license key from DER SubjectPublicKeyInfo.
    init(spki der: [UInt8]) throws(CryptoFailure) {
        key = try PlayRSAKey.publicKey(spki: der)
        base64 = Data(der).base64EncodedString()
    }

    /// Whether `signature` (base64) is this key's `SHA1withRSA` signature of `purchaseData`'s UTF-8
    /// bytes.
    ///
    /// - Parameters:
    ///   - signature: the base64 signature (`Purchase.getSignature()`).
    ///   - purchaseData: the purchase's JSON (`Purchase.getOriginalJson()`), byte for byte.
    /// - Throws: ``PlaySignatureError`` (``PlaySignatureError/Kind/malformedData``) when the data is
    ///   empty or the signature is not base64; (``PlaySignatureError/Kind/signatureInvalid``) when the
    ///   signature does not verify.
    public func checkSignature(_ signature: String, of purchaseData: String) throws(PlaySignatureError) {
        guard !purchaseData.isEmpty else {
            throw PlaySignatureError(.malformedData, detail: "the purchase data is empty")
        }
        guard !signature.isEmpty, let bytes = Data(base64Encoded: signature) else {
            throw PlaySignatureError(.malformedData, detail: "the signature is not base64")
        }
        guard key.isValidSignature(Array(bytes), of: Array(purchaseData.utf8)) else {
            throw PlaySignatureError(
                .signatureInvalid, detail: "the signature is not the license key's SHA1withRSA signature of the data")
        }
    }
}
