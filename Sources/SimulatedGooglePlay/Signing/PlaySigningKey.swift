import Foundation
import LibCryptoSupport

/// The RSA key pair Google Play signs one app's purchase data with, as the simulated store keeps it.
///
/// Guarantees: a key is always a 2048-bit RSA key (any other type or size is refused when read); its
/// signatures are RSASSA-PKCS1-v1_5 with SHA-1 (`SHA1withRSA`, Play's in-app billing signature) of the
/// exact UTF-8 bytes given, base64-encoded, and verify under ``licenseKey``. Nothing changes a key once
/// made, so it may sign from several threads.
public struct PlaySigningKey: Sendable {
    let key: PlayRSAKey

    /// The public half as Play Console shows it (base64 of the DER SubjectPublicKeyInfo).
    public let licenseKey: PlayLicenseKey

    private init(key: PlayRSAKey) throws(PlaySignatureError) {
        self.key = key
        do {
            licenseKey = try PlayLicenseKey(spki: try key.spki())
        } catch {
            throw PlaySignatureError(.invalidKey, detail: error.description)
        }
    }

    /// A new random key pair.
    ///
    /// - Throws: ``PlaySignatureError`` (``PlaySignatureError/Kind/invalidKey``) when libcrypto cannot
    ///   make one.
    public static func generate() throws(PlaySignatureError) -> PlaySigningKey {
        let key: PlayRSAKey
        do {
            key = try PlayRSAKey.generate()
        } catch {
            throw PlaySignatureError(.invalidKey, detail: error.description)
        }
        return try PlaySigningKey(key: key)
    }

    /// Reads a key pair from PEM text (`PRIVATE KEY` or `RSA PRIVATE KEY`).
    ///
    /// - Parameter pemText: the private key's PEM text, as ``pemText()`` writes it.
    /// - Throws: ``PlaySignatureError`` (``PlaySignatureError/Kind/invalidKey``) when the text is not a
    ///   2048-bit RSA private key.
    public init(pemText: String) throws(PlaySignatureError) {
        let key: PlayRSAKey
        do {
            key = try PlayRSAKey.privateKey(pem: pemText)
        } catch {
            throw PlaySignatureError(.invalidKey, detail: error.description)
        }
        try self.init(key: key)
    }

    /// The private key as PEM text (PKCS#8, `PRIVATE KEY`).
    ///
    /// - Throws: ``PlaySignatureError`` when libcrypto cannot encode it.
    public func pemText() throws(PlaySignatureError) -> String {
        do {
            return try key.privateKeyPEM()
        } catch {
            throw PlaySignatureError(.invalidKey, detail: error.description)
        }
    }

    /// The base64 `SHA1withRSA` signature of `purchaseData`'s UTF-8 bytes, as `Purchase.getSignature()`
    /// gives it.
    ///
    /// - Parameter purchaseData: the purchase's JSON (`Purchase.getOriginalJson()`).
    /// - Throws: ``PlaySignatureError`` when libcrypto fails to sign.
    public func signature(of purchaseData: String) throws(PlaySignatureError) -> String {
        do {
            return Data(try key.sign(Array(purchaseData.utf8))).base64EncodedString()
        } catch {
            throw PlaySignatureError(.invalidKey, detail: error.description)
        }
    }
}
