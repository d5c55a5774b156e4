import COpenSSL
import Foundation
import LibCryptoSupport

/// One parsed X.509 certificate held by libcrypto, with the DER it was read from; freed when the last
/// reference goes.
///
/// Nothing changes a certificate once parsed, so it may be read from several threads (`Sendable`).
/// The pointer never leaves this module's synchronous functions.
final class X509Certificate: @unchecked Sendable {
    /// The certificate; valid as long as this object is.
    let pointer: OpaquePointer
    /// The DER it was read from (or written as).
    let der: [UInt8]

    /// Parses `der`; every byte must belong to the certificate.
    init(der: [UInt8]) throws(CryptoFailure) {
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            let cert = d2i_X509(nil, &cursor, buffer.count)
            guard let cert, let cursor, let base = buffer.baseAddress, cursor - base == buffer.count else {
                X509_free(cert)
                return nil
            }
            return cert
        }
        guard let parsed else { throw CryptoFailure("d2i_X509") }
        pointer = parsed
        self.der = der
    }

    /// Takes ownership of a certificate libcrypto made, keeping its DER encoding.
    init(taking pointer: OpaquePointer) throws(CryptoFailure) {
        self.pointer = pointer
        do {
            der = try derEncoded("i2d_X509") { i2d_X509(pointer, $0) }
        } catch {
            X509_free(pointer)
            throw error
        }
    }

    deinit { X509_free(pointer) }

    /// The subject as RFC 2253 text (`C=US,O=...,CN=...`).
    var subject: String { name(0) }

    /// The issuer as RFC 2253 text.
    var issuer: String { name(1) }

    /// The serial number, big-endian without leading zeros.
    var serialNumber: [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 64)
        let length = pk_certificate_serial(pointer, &buffer, Int32(buffer.count))
        return length > 0 ? Array(buffer.prefix(Int(length))) : []
    }

    /// The validity window, or `nil` when a time cannot be read.
    var validity: (notBefore: Date, notAfter: Date)? {
        var start: Int64 = 0
        var end: Int64 = 0
        guard pk_certificate_validity(pointer, &start, &end) == 1 else { return nil }
        return (Date(timeIntervalSince1970: TimeInterval(start)), Date(timeIntervalSince1970: TimeInterval(end)))
    }

    /// Whether the certificate carries an extension with the dotted OID `oid`.
    func hasExtension(_ oid: String) -> Bool {
        defer { ERR_clear_error() }
        return pk_has_extension(pointer, oid) == 1
    }

    /// The subject's public key, when it is a P-256 key.
    func publicKey() throws(CryptoFailure) -> P256Key {
        guard let key = X509_get_pubkey(pointer) else { throw CryptoFailure("X509_get_pubkey") }
        return try P256Key(taking: key)
    }

    private func name(_ which: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 1024)
        let length = pk_certificate_name(pointer, which, &buffer, Int32(buffer.count))
        ERR_clear_error()
        guard length > 0 else { return "" }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
