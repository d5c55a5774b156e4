import COpenSSL
import LibCryptoSupport

/// One RSA key held by libcrypto (`EVP_PKEY`), private or public, freed when the last reference goes.
///
/// libcrypto lets several threads use one key at once as long as nobody changes it, and nothing here
/// changes a key after it is made, so a key is `Sendable`. The pointer never leaves this file's
/// synchronous functions.
final class PlayRSAKey: @unchecked Sendable {
    /// The key; valid as long as this object is.
    private let pointer: OpaquePointer

    /// The modulus length of the keys Play Console gives apps.
    static let bits: Int32 = 2048

    /// Takes ownership of `pointer` after checking it is an RSA key of ``bits`` bits (it is freed when
    /// it is not).
    private init(taking pointer: OpaquePointer) throws(CryptoFailure) {
        self.pointer = pointer
        guard EVP_PKEY_get_base_id(pointer) == EVP_PKEY_RSA else {
            throw CryptoFailure(operation: "key type", detail: "not an RSA key")
        }
        let bits = EVP_PKEY_get_bits(pointer)
        guard bits == Self.bits else {
            throw CryptoFailure(operation: "key size", detail: "\(bits) bits, not \(Self.bits)")
        }
    }

    deinit { EVP_PKEY_free(pointer) }

    /// A new random RSA key pair of ``bits`` bits.
    static func generate() throws(CryptoFailure) -> PlayRSAKey {
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "RSA", nil) else {
            throw CryptoFailure("EVP_PKEY_CTX_new_from_name")
        }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_keygen_init(context) == 1, EVP_PKEY_CTX_set_rsa_keygen_bits(context, bits) == 1 else {
            throw CryptoFailure("EVP_PKEY_keygen_init")
        }
        var key: OpaquePointer?
        guard EVP_PKEY_generate(context, &key) == 1, let key else { throw CryptoFailure("EVP_PKEY_generate") }
        return try PlayRSAKey(taking: key)
    }

    /// Reads a private key from PEM text (PKCS#8 `PRIVATE KEY` or PKCS#1 `RSA PRIVATE KEY`).
    static func privateKey(pem: String) throws(CryptoFailure) -> PlayRSAKey {
        let bytes = Array(pem.utf8)
        let parsed: OpaquePointer? = bytes.withUnsafeBytes { buffer in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_PrivateKey(bio, nil, nil, nil)
        }
        guard let parsed else { throw CryptoFailure("PEM_read_bio_PrivateKey") }
        return try PlayRSAKey(taking: parsed)
    }

    /// Reads a public key from DER SubjectPublicKeyInfo; every byte must belong to it.
    static func publicKey(spki der: [UInt8]) throws(CryptoFailure) -> PlayRSAKey {
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            let key = d2i_PUBKEY(nil, &cursor, buffer.count)
            guard let key, let cursor, let base = buffer.baseAddress, cursor - base == buffer.count else {
                EVP_PKEY_free(key)
                return nil
            }
            return key
        }
        guard let parsed else { throw CryptoFailure("d2i_PUBKEY") }
        return try PlayRSAKey(taking: parsed)
    }

    /// The private key as PEM text (PKCS#8, `PRIVATE KEY`).
    func privateKeyPEM() throws(CryptoFailure) -> String {
        guard let bio = BIO_new(BIO_s_mem()) else { throw CryptoFailure("BIO_new") }
        defer { BIO_free(bio) }
        guard PEM_write_bio_PrivateKey(bio, pointer, nil, nil, 0, nil, nil) == 1 else {
            throw CryptoFailure("PEM_write_bio_PrivateKey")
        }
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        // A 2048-bit key's PEM is under 2 KB; the bound only guards against a misbehaving BIO.
        for _ in 0..<64 {
            let read = BIO_read(bio, &chunk, Int32(chunk.count))
            guard read > 0 else { break }
            text += chunk.prefix(Int(read))
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether libcrypto holds the private half (the private exponent) of this key.
    var hasPrivateHalf: Bool {
        defer { ERR_clear_error() }
        var exponent: OpaquePointer?
        let found = EVP_PKEY_get_bn_param(pointer, "d", &exponent) == 1 && exponent != nil
        BN_clear_free(exponent)
        return found
    }

    /// The public key as DER SubjectPublicKeyInfo.
    func spki() throws(CryptoFailure) -> [UInt8] {
        try derEncoded("i2d_PUBKEY") { i2d_PUBKEY(pointer, $0) }
    }

    /// The RSASSA-PKCS1-v1_5 signature of `message` with SHA-1 (`SHA1withRSA`).
    func sign(_ message: [UInt8]) throws(CryptoFailure) -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else { throw CryptoFailure("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, EVP_sha1(), nil, pointer) == 1 else {
            throw CryptoFailure("EVP_DigestSignInit")
        }
        var length = Int(EVP_PKEY_get_size(pointer))
        var signature = [UInt8](repeating: 0, count: length)
        let signed = message.withUnsafeBufferPointer { input in
            signature.withUnsafeMutableBufferPointer { output in
                EVP_DigestSign(context, output.baseAddress, &length, input.baseAddress, input.count)
            }
        }
        guard signed == 1 else { throw CryptoFailure("EVP_DigestSign") }
        return Array(signature.prefix(length))
    }

    /// Whether `signature` is this key's RSASSA-PKCS1-v1_5 signature of `message` with SHA-1.
    func isValidSignature(_ signature: [UInt8], of message: [UInt8]) -> Bool {
        defer { ERR_clear_error() }
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha1(), nil, pointer) == 1 else { return false }
        let verified = message.withUnsafeBufferPointer { input in
            signature.withUnsafeBufferPointer { sig in
                EVP_DigestVerify(context, sig.baseAddress, sig.count, input.baseAddress, input.count)
            }
        }
        return verified == 1
    }
}
