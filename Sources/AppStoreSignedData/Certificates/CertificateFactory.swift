import COpenSSL
import Foundation
import LibCryptoSupport

/// Makes the three certificates and keys of one ``SigningIdentity`` with libcrypto.
struct CertificateFactory {
    var environment: String
    var date: Date
    var options: SigningIdentity.Options

    private static let year: TimeInterval = 365.25 * 86_400

    func make() throws(CryptoFailure) -> SigningIdentity {
        let rootKey = try P256Key.generate()
        let intermediateKey = try P256Key.generate()
        let leafKey = try P256Key.generate()
        let root = try certificate(
            name: "Root CA", key: rootKey, issuer: nil, signer: rootKey, pathLength: 1, marker: nil,
            validity: options.rootValidity ?? window(years: 40))
        let intermediate = try certificate(
            name: "Intermediate CA", key: intermediateKey, issuer: root,
            signer: options.intermediateSignedByUnrelatedKey ? try P256Key.generate() : rootKey, pathLength: 0,
            marker: options.intermediateMarker, validity: options.intermediateValidity ?? window(years: 30))
        let leaf = try certificate(
            name: "App Store Signing", key: leafKey, issuer: intermediate,
            signer: options.leafSignedByUnrelatedKey ? try P256Key.generate() : intermediateKey, pathLength: nil,
            marker: options.leafMarker, validity: options.leafValidity ?? window(years: 20))
        return SigningIdentity(
            root: root.der, intermediate: intermediate.der, leaf: leaf.der, leafPrivateKey: try leafKey.pkcs8())
    }

    private func window(years: Double) -> DateInterval {
        DateInterval(start: date - 10 * Self.year, end: date + years * Self.year)
    }

    /// One certificate; `pathLength` `nil` makes an end-entity certificate.
    private func certificate(
        name: String, key: P256Key, issuer: X509Certificate?, signer: P256Key, pathLength: Int?, marker: String?,
        validity: DateInterval
    ) throws(CryptoFailure) -> X509Certificate {
        let serial = UInt64.random(in: 1...(UInt64.max >> 1))
        let made = withExtendedLifetime((key, issuer, signer)) {
            pk_make_certificate(
                "PurchaseKit Simulated \(name) - \(environment)", options.organization, issuer?.pointer, serial,
                Int64(validity.start.timeIntervalSince1970.rounded(.down)),
                Int64(validity.end.timeIntervalSince1970.rounded(.down)),
                key.pointer, signer.pointer, pathLength == nil ? 0 : 1, Int32(pathLength ?? -1), marker)
        }
        guard let made else { throw CryptoFailure("making the \(name) certificate") }
        return try X509Certificate(taking: made)
    }
}
