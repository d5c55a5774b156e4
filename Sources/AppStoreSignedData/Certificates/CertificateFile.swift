import Foundation
import LibCryptoSupport

/// The certificates of a file a deployment names as trusted roots: PEM (one or more `CERTIFICATE`
/// blocks, as OpenSSL writes them) or a single DER certificate (as Apple publishes its root
/// certificates, `AppleRootCA-G3.cer`).
///
/// Guarantees: ``certificates(in:)`` returns only whole X.509 certificates libcrypto parses, at least
/// one, in file order; anything else in the file is an error naming what is wrong.
public enum CertificateFile {
    /// The certificates `bytes` holds.
    ///
    /// - Throws: ``SigningIdentityError`` when the bytes are neither PEM certificate blocks nor one
    ///   DER certificate, or a certificate does not parse.
    public static func certificates(in bytes: [UInt8]) throws(SigningIdentityError) -> [[UInt8]] {
        let ders: [[UInt8]]
        if bytes.first == 0x30 {
            ders = [bytes]
        } else {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw SigningIdentityError(.unexpectedText(line: 1))
            }
            let count = text.components(separatedBy: "-----BEGIN ").count - 1
            guard count > 0 else {
                throw SigningIdentityError(.missingBlock(position: 0, expectedLabel: "CERTIFICATE"))
            }
            ders = try PEMBlocks.decode(text, labels: Array(repeating: "CERTIFICATE", count: count))
        }
        for (position, der) in ders.enumerated() {
            do {
                _ = try X509Certificate(der: der)
            } catch {
                throw SigningIdentityError(.unreadableCertificate(position: position, detail: error.description))
            }
        }
        return ders
    }

    /// The PEM text of `certificates`, one `CERTIFICATE` block each: what ``certificates(in:)`` reads
    /// back.
    public static func pemText(of certificates: [[UInt8]]) -> String {
        certificates.map { PEMBlocks.encode($0, label: "CERTIFICATE") }.joined()
    }
}
