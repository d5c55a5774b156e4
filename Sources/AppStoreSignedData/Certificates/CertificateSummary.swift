public import Foundation
import LibCryptoSupport

/// What a person inspecting a certificate wants to see: names, serial number and validity.
///
/// Guarantees: made only from a certificate libcrypto parsed, every byte of its DER included;
/// ``subject`` and ``issuer`` are RFC 2253 text; ``serialNumber`` is lowercase hexadecimal.
public struct CertificateSummary: Sendable, Hashable {
    /// The subject, such as `C=US,O=PurchaseKit,CN=PurchaseKit Simulated Root CA - Sandbox`.
    public var subject: String
    /// The issuer, in the same form.
    public var issuer: String
    /// The serial number in lowercase hexadecimal.
    public var serialNumber: String
    /// The first moment the certificate is valid.
    public var notBefore: Date
    /// The last moment the certificate is valid.
    public var notAfter: Date
    /// Whether it carries Apple's intermediate marker (``AppleCertificateMarkers/intermediate``).
    public var hasIntermediateMarker: Bool
    /// Whether it carries Apple's leaf marker (``AppleCertificateMarkers/leaf``).
    public var hasLeafMarker: Bool

    /// Reads the certificate `der`.
    ///
    /// - Throws: ``SigningIdentityError`` with ``SigningIdentityError/Problem/unreadableCertificate(position:detail:)``
    ///   (position 0) when the bytes are not one whole X.509 certificate.
    public init(der: [UInt8]) throws(SigningIdentityError) {
        let certificate: X509Certificate
        do {
            certificate = try X509Certificate(der: der)
        } catch {
            throw SigningIdentityError(.unreadableCertificate(position: 0, detail: error.description))
        }
        self.init(certificate)
        guard certificate.validity != nil else {
            throw SigningIdentityError(.unreadableCertificate(position: 0, detail: "its validity cannot be read"))
        }
    }

    init(_ certificate: X509Certificate) {
        subject = certificate.subject
        issuer = certificate.issuer
        serialNumber = certificate.serialNumber.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        let validity = certificate.validity
        notBefore = validity?.notBefore ?? .distantPast
        notAfter = validity?.notAfter ?? .distantPast
        hasIntermediateMarker = certificate.hasExtension(AppleCertificateMarkers.intermediate)
        hasLeafMarker = certificate.hasExtension(AppleCertificateMarkers.leaf)
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
