/// What signs a payload's bytes as a compact JWS (`header.payload.signature`, base64url, ES256 with
/// the certificate chain in the header's `x5c`).
///
/// The simulated App Store signs everything it issues through one of these; a signer must give a
/// token a verifier trusting its chain's root accepts, and must be safe to call from any thread.
public protocol CompactJWSSigning: Sendable {
    /// The compact JWS of `payload` (the JSON bytes of a payload).
    ///
    /// - Throws: when signing fails (a libcrypto fault).
    func compactJWS(signing payload: [UInt8]) throws -> String
}
