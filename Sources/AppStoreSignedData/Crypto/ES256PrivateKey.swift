import COpenSSL
import Foundation
import LibCryptoSupport

/// A P-256 private key for ES256 signatures, read from or written as PKCS#8 (the `.p8` file App Store
/// Connect gives for its APIs: a PEM block labelled `PRIVATE KEY`).
///
/// Guarantees: a key is always a P-256 key (any other curve or type is refused when read); its
/// signatures are 64 bytes, r then s, with a low s, as JWS carries them (RFC 7518 section 3.4), and
/// verify under ``publicKey()``. Nothing changes a key once made, so it may sign from several threads.
public struct ES256PrivateKey: Sendable {
    let key: P256Key

    init(key: P256Key) {
        self.key = key
    }

    /// A new random key.
    ///
    /// - Throws: ``ES256KeyError`` when libcrypto cannot make one.
    public static func generate() throws(ES256KeyError) -> ES256PrivateKey {
        do {
            return ES256PrivateKey(key: try P256Key.generate())
        } catch {
            throw ES256KeyError(detail: error.description)
        }
    }

    /// Reads a key from PKCS#8 DER; every byte must belong to it.
    ///
    /// - Throws: ``ES256KeyError`` when the bytes are not a PKCS#8 P-256 private key.
    public init(pkcs8 der: [UInt8]) throws(ES256KeyError) {
        do {
            key = try P256Key(pkcs8: der)
        } catch {
            throw ES256KeyError(detail: error.description)
        }
    }

    /// Reads a key from the text of a `.p8` file: one PEM block `PRIVATE KEY` holding PKCS#8 DER,
    /// nothing but blank lines around it.
    ///
    /// - Throws: ``ES256KeyError`` when the text is not one such block or the key is not P-256.
    public init(pemText: String) throws(ES256KeyError) {
        let der: [UInt8]
        do {
            der = try PEMBlocks.decode(pemText, labels: [Self.pemLabel])[0]
        } catch {
            throw ES256KeyError(detail: error.description)
        }
        try self.init(pkcs8: der)
    }

    /// The label of the PEM block of a `.p8` file.
    public static let pemLabel = "PRIVATE KEY"

    /// The key as PKCS#8 DER.
    ///
    /// - Throws: ``ES256KeyError`` when libcrypto cannot encode it.
    public func pkcs8() throws(ES256KeyError) -> [UInt8] {
        do {
            return try key.pkcs8()
        } catch {
            throw ES256KeyError(detail: error.description)
        }
    }

    /// The key as the text of a `.p8` file (PEM `PRIVATE KEY`, lines of 64, ending with a newline).
    ///
    /// - Throws: ``ES256KeyError`` when libcrypto cannot encode it.
    public func pemText() throws(ES256KeyError) -> String {
        PEMBlocks.encode(try pkcs8(), label: Self.pemLabel)
    }

    /// The public half.
    ///
    /// - Throws: ``ES256KeyError`` when libcrypto cannot read the key's point.
    public func publicKey() throws(ES256KeyError) -> ES256PublicKey {
        var point = [UInt8](repeating: 0, count: 65)
        var length = 0
        guard pk_ec_key_parts(key.pointer, nil, &point, point.count, &length) == 1, length == 65 else {
            throw ES256KeyError(detail: CryptoFailure("EVP_PKEY_get_octet_string_param").description)
        }
        return try ES256PublicKey(x963: point)
    }

    /// The ES256 signature of `message` (ECDSA P-256 over SHA-256): 64 bytes, r then s, low s.
    ///
    /// - Throws: ``ES256KeyError`` when libcrypto fails to sign.
    public func signature(of message: some Sequence<UInt8>) throws(ES256KeyError) -> [UInt8] {
        do {
            return try key.sign(Array(message)).raw
        } catch {
            throw ES256KeyError(detail: error.description)
        }
    }
}

/// A P-256 public key that checks ES256 signatures.
///
/// Guarantees: ``isValidSignature(_:of:)`` is true only for a 64-byte r||s signature of the message
/// made with the matching private key (a high s verifies too, as ECDSA allows). Safe from any thread.
public struct ES256PublicKey: Sendable {
    let verifier: P256VerifyingKey
    /// The key's point, uncompressed (X9.63: `04`, x, y; 65 bytes).
    public let x963: [UInt8]

    /// The key of an uncompressed P-256 point.
    ///
    /// - Throws: ``ES256KeyError`` when the bytes are not a point of P-256.
    public init(x963 point: [UInt8]) throws(ES256KeyError) {
        guard let made = point.withUnsafeBufferPointer({ pk_p256_key(nil, 0, $0.baseAddress, $0.count) }) else {
            throw ES256KeyError(detail: CryptoFailure("EVP_PKEY_fromdata").description)
        }
        do {
            verifier = try P256VerifyingKey(try P256Key(taking: made))
        } catch {
            throw ES256KeyError(detail: error.description)
        }
        x963 = point
    }

    /// Whether `signature` (64 bytes, r then s) is an ES256 signature of `message` under this key.
    public func isValidSignature(_ signature: some Sequence<UInt8>, of message: some Sequence<UInt8>) -> Bool {
        guard let parsed = ES256Signature(raw: Array(signature)) else { return false }
        return verifier.verify(parsed, of: Array(message))
    }

    /// SHA-256 of ``x963``: a stable name of the key (a simulated store derives its key identifier
    /// from it).
    public var fingerprint: [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let done = x963.withUnsafeBufferPointer { input in
            EVP_Digest(input.baseAddress, input.count, &digest, &length, EVP_sha256(), nil)
        }
        ERR_clear_error()
        return done == 1 ? digest : []
    }
}

/// An ES256 key could not be read, made or used; ``detail`` says why in English, for logs.
public struct ES256KeyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why, in English.
    public var detail: String

    /// The error with its reason.
    public init(detail: String) {
        self.detail = detail
    }

    /// ``detail``.
    public var description: String { detail }
}
