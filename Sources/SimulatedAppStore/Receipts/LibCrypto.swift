import COpenSSL
import Foundation
import LibCryptoSupport
import PurchaseCore

/// The few libcrypto operations receipts need, each in one synchronous function: only Swift bytes go
/// in and out, and every OpenSSL object is created, used and freed (with `defer`) inside the
/// function, except the keys signing and verifying use: those are rebuilt from their raw parts once
/// and kept in ``KeyCache`` (a few keys, never freed while a call uses them).
enum LibCrypto {
    /// Why a libcrypto operation failed: the problem as receipt keys report it (libcrypto's own error
    /// text, when it gives one, kept as the problem's detail).
    struct Failure: Error, Sendable, CustomStringConvertible {
        /// What went wrong.
        var problem: ReceiptKeyError.Problem

        /// The problem in English, for logs.
        var description: String { problem.description }
    }

    /// SHA-256 of `bytes`.
    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var size: UInt32 = 0
        let ok = bytes.withUnsafeBytes { input in
            digest.withUnsafeMutableBufferPointer { output in
                EVP_Digest(input.baseAddress, input.count, output.baseAddress, &size, EVP_sha256(), nil)
            }
        }
        precondition(ok == 1 && size == 32, "libcrypto SHA-256 failed")
        return digest
    }

    /// `count` bytes from OpenSSL's cryptographically secure generator.
    static func randomBytes(_ count: Int) throws(Failure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let ok = bytes.withUnsafeMutableBufferPointer { RAND_bytes($0.baseAddress, Int32($0.count)) }
        guard ok == 1 else { throw failure("RAND_bytes") }
        return bytes
    }

    /// A P-256 key's raw parts: what signing and verifying rebuild the key from, cheaply.
    struct RawKey: Sendable, Hashable {
        /// The private scalar, 32 bytes big-endian; empty for a public key.
        var scalar: [UInt8]
        /// The public point as libcrypto encodes it (uncompressed, 65 bytes).
        var point: [UInt8]
    }

    /// Reads a private key (PKCS#8 or SEC1 DER); returns its PKCS#8 DER, its public key as
    /// SubjectPublicKeyInfo DER and its raw parts. Only P-256 (prime256v1) keys are accepted.
    static func normalizePrivateKey(der: [UInt8]) throws(Failure) -> (pkcs8: [UInt8], spki: [UInt8], raw: RawKey) {
        let key = try privateKey(der)
        defer { EVP_PKEY_free(key) }
        guard let info = EVP_PKEY2PKCS8(key) else { throw failure("EVP_PKEY2PKCS8") }
        defer { PKCS8_PRIV_KEY_INFO_free(info) }
        let pkcs8 = try encode("i2d_PKCS8_PRIV_KEY_INFO") { i2d_PKCS8_PRIV_KEY_INFO(info, $0) }
        let spki = try encode("i2d_PUBKEY") { i2d_PUBKEY(key, $0) }
        return (pkcs8, spki, try parts(of: key, private: true))
    }

    /// Checks that `der` is a P-256 SubjectPublicKeyInfo; returns its raw parts (no scalar).
    static func checkPublicKey(der: [UInt8]) throws(Failure) -> RawKey {
        let key = try publicKey(der)
        defer { EVP_PKEY_free(key) }
        return try parts(of: key, private: false)
    }

    /// An ECDSA signature over SHA-256 of `message` with the private key `raw`, in the one form
    /// receipts accept: canonical DER with a low s (``ECDSASignature``).
    static func sign(_ message: [UInt8], with raw: RawKey) throws(Failure) -> [UInt8] {
        let handle = try KeyCache.shared.key(raw)
        let key = handle.pointer
        defer { withExtendedLifetime(handle) {} }
        guard let context = EVP_MD_CTX_new() else { throw failure("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1 else {
            throw failure("EVP_DigestSignInit")
        }
        var length = 0
        let sized = message.withUnsafeBufferPointer {
            EVP_DigestSign(context, nil, &length, $0.baseAddress, $0.count)
        }
        guard sized == 1, length > 0 else { throw failure("EVP_DigestSign (size)") }
        var signature = [UInt8](repeating: 0, count: length)
        let signed = message.withUnsafeBufferPointer { input in
            signature.withUnsafeMutableBufferPointer { output in
                EVP_DigestSign(context, output.baseAddress, &length, input.baseAddress, input.count)
            }
        }
        guard signed == 1 else { throw failure("EVP_DigestSign") }
        guard let parsed = ECDSASignature(der: Array(signature.prefix(length))) else {
            throw Failure(problem: .libcryptoFailed(operation: "EVP_DigestSign", detail: "the signature is not DER"))
        }
        return parsed.lowS.der
    }

    /// Whether `signature` is a valid ECDSA/SHA-256 signature of `message` under the public key
    /// `raw`. A malformed signature is simply not valid.
    static func verify(_ signature: [UInt8], of message: [UInt8], with raw: RawKey) throws(Failure) -> Bool {
        let handle = try KeyCache.shared.key(RawKey(scalar: [], point: raw.point))
        let key = handle.pointer
        defer { withExtendedLifetime(handle) {} }
        guard let context = EVP_MD_CTX_new() else { throw failure("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1 else {
            throw failure("EVP_DigestVerifyInit")
        }
        let result = message.withUnsafeBufferPointer { input in
            signature.withUnsafeBufferPointer { sig in
                EVP_DigestVerify(context, sig.baseAddress, sig.count, input.baseAddress, input.count)
            }
        }
        ERR_clear_error()
        return result == 1
    }

    // MARK: - Private

    /// The key `raw` describes (a private key when it has a scalar); the caller owns it.
    fileprivate static func rebuilt(_ raw: RawKey) throws(Failure) -> OpaquePointer {
        let key = raw.point.withUnsafeBufferPointer { point in
            raw.scalar.withUnsafeBufferPointer { scalar in
                pk_p256_key(
                    raw.scalar.isEmpty ? nil : scalar.baseAddress, scalar.count, point.baseAddress, point.count)
            }
        }
        guard let key else { throw failure("EVP_PKEY_fromdata") }
        return key
    }

    /// The raw parts of a parsed key (`private`: with its scalar).
    private static func parts(of key: OpaquePointer, private: Bool) throws(Failure) -> RawKey {
        var scalar = [UInt8](repeating: 0, count: `private` ? 32 : 0)
        var point = [UInt8](repeating: 0, count: 133)
        var length = 0
        let ok = point.withUnsafeMutableBufferPointer { point in
            scalar.withUnsafeMutableBufferPointer { scalar in
                pk_ec_key_parts(
                    key, `private` ? scalar.baseAddress : nil, point.baseAddress, point.count, &length)
            }
        }
        guard ok == 1 else { throw failure("EVP_PKEY_get_params") }
        return RawKey(scalar: scalar, point: Array(point.prefix(length)))
    }

    /// Parses a private key; the caller frees it in the same function.
    private static func privateKey(_ der: [UInt8]) throws(Failure) -> OpaquePointer {
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_AutoPrivateKey(nil, &cursor, buffer.count)
        }
        guard let key = parsed else { throw Failure(problem: .damagedKey(detail: CryptoFailure.takeQueuedError())) }
        try checkCurve(key)
        return key
    }

    /// Parses a SubjectPublicKeyInfo; the caller frees it in the same function.
    private static func publicKey(_ der: [UInt8]) throws(Failure) -> OpaquePointer {
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_PUBKEY(nil, &cursor, buffer.count)
        }
        guard let key = parsed else { throw Failure(problem: .damagedKey(detail: CryptoFailure.takeQueuedError())) }
        try checkCurve(key)
        return key
    }

    /// Frees `key` and throws unless it is an elliptic-curve key on P-256, the only curve receipts use.
    private static func checkCurve(_ key: OpaquePointer) throws(Failure) {
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_EC else {
            let algorithm = EVP_PKEY_get0_type_name(key).map { String(cString: $0) } ?? "unknown"
            EVP_PKEY_free(key)
            ERR_clear_error()
            throw Failure(problem: .wrongAlgorithm(algorithm))
        }
        var name = [CChar](repeating: 0, count: 64)
        var length = 0
        let named = EVP_PKEY_get_group_name(key, &name, name.count, &length)
        let curve = String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard named == 1, curve == "prime256v1" else {
            EVP_PKEY_free(key)
            ERR_clear_error()
            throw Failure(problem: .wrongCurve(named == 1 && !curve.isEmpty ? curve : "unknown"))
        }
    }

    /// Runs an `i2d_*` function twice: once for the length, once into a Swift buffer.
    private static func encode(
        _ what: String,
        _ body: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32
    ) throws(Failure) -> [UInt8] {
        do {
            return try derEncoded(what, body)
        } catch {
            throw Failure(problem: .libcryptoFailed(operation: error.operation, detail: error.detail))
        }
    }

    /// A failure of the operation `what`, with OpenSSL's first queued error; clears the queue.
    private static func failure(_ what: String) -> Failure {
        Failure(problem: .libcryptoFailed(operation: what, detail: CryptoFailure.takeQueuedError()))
    }
}

extension LibCrypto {
    /// One libcrypto key (`EVP_PKEY`), freed when the last reference goes.
    ///
    /// libcrypto allows one key to be used by several threads at once as long as nobody changes it,
    /// and nothing here does, so a handle is `Sendable`.
    final class KeyHandle: @unchecked Sendable {
        /// The key; valid as long as the handle is.
        let pointer: OpaquePointer

        init(_ pointer: OpaquePointer) { self.pointer = pointer }

        deinit { EVP_PKEY_free(pointer) }
    }

    /// The keys signing and verifying use, rebuilt from their raw parts once instead of on every call
    /// (rebuilding one sets up the curve and checks the point, several times the cost of a
    /// verification).
    ///
    /// Holds at most ``capacity`` keys; when full, the oldest is dropped (a call still using it keeps
    /// it until it returns). Keys held here are never freed: at exit the process keeps them, so no
    /// key is freed after libcrypto has cleaned up.
    final class KeyCache: Sendable {
        /// The cache every signature and verification uses.
        static let shared = KeyCache(capacity: 8)

        /// How many keys are kept.
        let capacity: Int
        private let entries = Locked<[(raw: RawKey, handle: KeyHandle)]>([])

        init(capacity: Int) { self.capacity = capacity }

        /// The key `raw` describes, from the cache or rebuilt (and then kept).
        func key(_ raw: RawKey) throws(Failure) -> KeyHandle {
            if let kept = entries.withLock({ $0.first { $0.raw == raw }?.handle }) { return kept }
            let handle = KeyHandle(try LibCrypto.rebuilt(raw))
            return entries.withLock { entries in
                // Another thread may have kept the same key meanwhile: use one copy.
                if let kept = entries.first(where: { $0.raw == raw }) { return kept.handle }
                if entries.count >= capacity { entries.removeFirst() }
                entries.append((raw, handle))
                return handle
            }
        }

        /// How many keys are kept now.
        var count: Int { entries.withLock { $0.count } }
    }
}
