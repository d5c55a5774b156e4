import COpenSSL
import LibCryptoSupport

/// A P-256 public key prepared to verify many ES256 signatures: libcrypto's verification context is
/// set up once and copied for each signature, which spares the algorithm fetches
/// `EVP_DigestVerifyInit` does on every call.
///
/// The template is only ever copied, never used or changed after ``init(_:)``, so a key may verify
/// from several threads at once (`Sendable`).
final class P256VerifyingKey: @unchecked Sendable {
    /// The key the template holds.
    let key: P256Key
    private let template: OpaquePointer

    /// Prepares `key`.
    init(_ key: P256Key) throws(CryptoFailure) {
        guard let template = withExtendedLifetime(key, { pk_verify_template(key.pointer) }) else {
            throw CryptoFailure("EVP_PKEY_verify_init")
        }
        self.key = key
        self.template = template
    }

    deinit { EVP_PKEY_CTX_free(template) }

    /// Whether `signature` is a valid ES256 signature of `message` under this key (high s included).
    func verify(_ signature: ES256Signature, of message: [UInt8]) -> Bool {
        let der = signature.der
        return message.withUnsafeBufferPointer { input in
            der.withUnsafeBufferPointer { sig in
                pk_verify_sha256(template, input.baseAddress, input.count, sig.baseAddress, sig.count) == 1
            }
        }
    }
}
