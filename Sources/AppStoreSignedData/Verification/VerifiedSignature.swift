public import Foundation

/// A token whose chain and signature a ``SignedDataVerifier`` accepted, whatever its payload: what an
/// inspector shows.
///
/// Guarantees: made only by ``SignedDataVerifier/verifySignature(_:at:)`` after the algorithm, the
/// chain to a trusted root at ``verifiedAt``, both marker extensions and the signature passed; no
/// claim (bundle id, environment) was checked.
public struct VerifiedSignature: Sendable {
    /// The token's header.
    public let header: JWSHeader
    /// The token's certificates, leaf first, as they read.
    public let chain: [CertificateSummary]
    /// The payload's bytes, as signed.
    public let payload: [UInt8]
    /// The date the chain was checked at.
    public let verifiedAt: Date
}
