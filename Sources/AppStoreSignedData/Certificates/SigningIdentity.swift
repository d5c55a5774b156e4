public import Foundation
import LibCryptoSupport

/// A certificate chain shaped as Apple's App Store signing chain, and the leaf's private key: what a
/// simulated App Store signs its data with.
///
/// A root CA (self-signed), an intermediate CA carrying ``AppleCertificateMarkers/intermediate`` and
/// a leaf carrying ``AppleCertificateMarkers/leaf`` (both extensions non-critical with the value DER
/// NULL, as Apple's), each with its own P-256 key, signed with ECDSA and SHA-256.
///
/// Guarantees: an identity made by ``make(environment:at:options:)`` with default options verifies
/// under ``SignedDataVerifier`` when its ``rootCertificate`` is trusted; one read with
/// ``init(pemText:)`` has three whole certificates and a private key that is the leaf's, and is
/// equal, byte for byte, to the identity whose ``pemText`` was read. A value is immutable.
public struct SigningIdentity: Sendable, Hashable {
    /// The root certificate, DER: what a verifier trusts.
    public let rootCertificate: [UInt8]
    /// The intermediate certificate, DER.
    public let intermediateCertificate: [UInt8]
    /// The leaf certificate, DER: its key signs.
    public let leafCertificate: [UInt8]
    /// The leaf's private key, PKCS#8 DER.
    public let leafPrivateKey: [UInt8]

    /// The chain in `x5c` order: leaf, intermediate, root.
    public var certificateChain: [[UInt8]] { [leafCertificate, intermediateCertificate, rootCertificate] }

    init(root: [UInt8], intermediate: [UInt8], leaf: [UInt8], leafPrivateKey: [UInt8]) {
        rootCertificate = root
        intermediateCertificate = intermediate
        leafCertificate = leaf
        self.leafPrivateKey = leafPrivateKey
    }

    /// Makes a new chain for the App Store environment `environment` (`Sandbox`, `Production`,
    /// `Xcode`, `LocalTesting`), with fresh keys and random serial numbers.
    ///
    /// Subjects are `CN=PurchaseKit Simulated Root CA - <environment>`, `CN=PurchaseKit Simulated
    /// Intermediate CA - <environment>` and `CN=PurchaseKit Simulated App Store Signing -
    /// <environment>` (`O=PurchaseKit, C=US`). Unless `options` says otherwise, each certificate is
    /// valid from ten years before `date` until 40 (root), 30 (intermediate) or 20 (leaf) years
    /// after it, wide enough for a simulated clock.
    ///
    /// - Throws: ``SigningIdentityError`` with ``SigningIdentityError/Problem/generationFailed(detail:)``
    ///   when libcrypto fails.
    public static func make(
        environment: String, at date: Date = Date(), options: Options = Options()
    ) throws(SigningIdentityError) -> SigningIdentity {
        do {
            return try CertificateFactory(environment: environment, date: date, options: options).make()
        } catch {
            throw SigningIdentityError(.generationFailed(detail: error.description))
        }
    }
}
