public import Foundation

/// A payload whose signature, chain and claims a ``SignedDataVerifier`` accepted.
///
/// Guarantees: made only by ``SignedDataVerifier/verify(_:as:decoder:claims:)`` after every check
/// passed; ``payload`` was decoded from exactly the signed ``payloadBytes``.
public struct VerifiedSignedData<Payload> {
    /// The decoded payload.
    public let payload: Payload
    /// The payload's claims, as checked.
    public let claims: SignedDataClaims
    /// The token's header.
    public let header: JWSHeader
    /// The payload's bytes, as signed.
    public let payloadBytes: [UInt8]
    /// The date the chain was checked at (the payload's signedDate offline, the time of the check
    /// online).
    public let verifiedAt: Date
}

extension VerifiedSignedData: Sendable where Payload: Sendable {}
