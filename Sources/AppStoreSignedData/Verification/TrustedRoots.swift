import COpenSSL
import LibCryptoSupport

/// The root certificates a verifier trusts, in one libcrypto `X509_STORE` built once.
///
/// libcrypto's store is safe to verify against from several threads once no certificate is added,
/// and none is after ``init(_:)``, so it is `Sendable`.
final class TrustedRoots: @unchecked Sendable {
    /// The store; valid as long as this object is.
    let store: OpaquePointer
    /// The trusted certificates, parsed.
    let certificates: [X509Certificate]

    /// A store of the roots `ders`.
    ///
    /// - Throws: the position of the first root that is not a whole certificate, and why.
    init(_ ders: [[UInt8]]) throws(SignedDataVerificationError) {
        guard let store = X509_STORE_new() else {
            throw SignedDataVerificationError(.invalidCertificate, detail: "X509_STORE_new failed")
        }
        self.store = store
        var certificates: [X509Certificate] = []
        for (position, der) in ders.enumerated() {
            do {
                let certificate = try X509Certificate(der: der)
                guard X509_STORE_add_cert(store, certificate.pointer) == 1 else {
                    throw CryptoFailure("X509_STORE_add_cert")
                }
                certificates.append(certificate)
            } catch {
                throw SignedDataVerificationError(
                    .invalidCertificate, detail: "trusted root \(position + 1) is unreadable: \(error)")
            }
        }
        self.certificates = certificates
    }

    deinit { X509_STORE_free(store) }
}
