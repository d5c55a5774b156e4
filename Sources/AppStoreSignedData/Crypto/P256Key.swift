import COpenSSL
import LibCryptoSupport

/// One P-256 key held by libcrypto (`EVP_PKEY`), private or public, freed when the last reference goes.
///
/// libcrypto lets several threads use one key at once as long as nobody changes it, and nothing here
/// changes a key after it is made, so a key is `Sendable`. The pointer never leaves this module's
/// synchronous functions.
final class P256Key: @unchecked Sendable {
    /// The key; valid as long as this object is.
    let pointer: OpaquePointer

    /// Takes ownership of `pointer` after checking it is an elliptic-curve key on P-256 (it is
    /// freed when it is not).
    init(taking pointer: OpaquePointer) throws(CryptoFailure) {
        self.pointer = pointer
        guard EVP_PKEY_get_base_id(pointer) == EVP_PKEY_EC else {
            throw CryptoFailure(operation: "key type", detail: "not an elliptic-curve key")
        }
        var name = [CChar](repeating: 0, count: 64)
        var length = 0
        let named = EVP_PKEY_get_group_name(pointer, &name, name.count, &length)
        let curve = String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard named == 1, curve == "prime256v1" else {
            ERR_clear_error()
            throw CryptoFailure(operation: "key curve", detail: "the curve is \(curve), not P-256")
        }
    }

    deinit { EVP_PKEY_free(pointer) }

    /// A new random P-256 key pair.
    static func generate() throws(CryptoFailure) -> P256Key {
        guard let key = pk_p256_generate() else { throw CryptoFailure("EVP_PKEY_Q_keygen") }
        return try P256Key(taking: key)
    }

    /// Reads a private key from PKCS#8 DER; every byte must belong to it.
    convenience init(pkcs8 der: [UInt8]) throws(CryptoFailure) {
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            let key = d2i_AutoPrivateKey(nil, &cursor, buffer.count)
            guard let key, let cursor, let base = buffer.baseAddress, cursor - base == buffer.count else {
                EVP_PKEY_free(key)
                return nil
            }
            return key
        }
        guard let parsed else { throw CryptoFailure("d2i_AutoPrivateKey") }
        try self.init(taking: parsed)
    }

    /// The private key as PKCS#8 DER.
    func pkcs8() throws(CryptoFailure) -> [UInt8] {
        guard let info = EVP_PKEY2PKCS8(pointer) else { throw CryptoFailure("EVP_PKEY2PKCS8") }
        defer { PKCS8_PRIV_KEY_INFO_free(info) }
        return try derEncoded("i2d_PKCS8_PRIV_KEY_INFO") { i2d_PKCS8_PRIV_KEY_INFO(info, $0) }
    }

    /// Whether `other` has the same public key.
    func hasSamePublicKey(as other: P256Key) -> Bool {
        defer { ERR_clear_error() }
        return EVP_PKEY_eq(pointer, other.pointer) == 1
    }

    /// An ES256 signature of `message` (ECDSA P-256 over SHA-256), with a low s.
    func sign(_ message: [UInt8]) throws(CryptoFailure) -> ES256Signature {
        guard let context = EVP_MD_CTX_new() else { throw CryptoFailure("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, pointer) == 1 else {
            throw CryptoFailure("EVP_DigestSignInit")
        }
        var length = 80
        var signature = [UInt8](repeating: 0, count: length)
        let signed = message.withUnsafeBufferPointer { input in
            signature.withUnsafeMutableBufferPointer { output in
                EVP_DigestSign(context, output.baseAddress, &length, input.baseAddress, input.count)
            }
        }
        guard signed == 1, let parsed = ES256Signature(der: Array(signature.prefix(length))) else {
            throw CryptoFailure("EVP_DigestSign")
        }
        return parsed.lowS
    }
}
