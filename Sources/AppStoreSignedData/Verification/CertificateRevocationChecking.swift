/// An online check of whether a certificate chain was revoked, which a deployment may give a
/// ``SignedDataVerifier`` (none is done without one).
///
/// Implementation requirements: answer for the chain given, synchronously, without throwing;
/// return ``CertificateRevocationStatus/unavailable(detail:)`` when the answer could not be had
/// (the verifier then fails with a retryable error), never ``CertificateRevocationStatus/good``
/// without an answer. The verifier asks only when it is online and the chain is not cached.
public protocol CertificateRevocationChecking: Sendable {
    /// Whether the chain `leaf`, `intermediate` (DER) was revoked; `root` is the token's third
    /// certificate.
    func revocationStatus(leaf: [UInt8], intermediate: [UInt8], root: [UInt8]) -> CertificateRevocationStatus
}

/// The answer of a ``CertificateRevocationChecking``.
public enum CertificateRevocationStatus: Sendable, Hashable {
    /// Neither certificate is revoked.
    case good
    /// A certificate is revoked; `detail` says which, for logs.
    case revoked(detail: String)
    /// No answer could be had now (a network failure); `detail` says why, for logs.
    case unavailable(detail: String)
}
