public import Foundation
import LibCryptoSupport

/// Signs payloads as compact JWS with ES256, the way the App Store signs its data.
///
/// The header is `{"alg":"ES256","x5c":[...]}` with the chain's certificates in standard base64, the
/// signature raw r||s (64 bytes) with a low s.
///
/// Guarantees: a token it makes decodes with ``CompactJWS/init(_:)`` to the same payload, and
/// verifies under ``SignedDataVerifier`` when its chain is a ``SigningIdentity``'s whose root is
/// trusted. The key is parsed once; signing from several threads at once is safe.
public final class JWSSigner: Sendable {
    /// The header every token carries, encoded once.
    public let header: JWSHeader
    private let encodedHeader: String
    private let key: P256Key

    /// A signer with the identity's leaf key and its chain (leaf, intermediate, root).
    ///
    /// - Throws: ``SigningIdentityError`` when the key cannot be read.
    public convenience init(identity: SigningIdentity) throws(SigningIdentityError) {
        try self.init(privateKey: identity.leafPrivateKey, certificateChain: identity.certificateChain)
    }

    /// A signer with the PKCS#8 P-256 key `privateKey` that puts `certificateChain` (DER, any number,
    /// not checked) in `x5c`: tests use it to make tokens whose chain does not fit.
    ///
    /// - Throws: ``SigningIdentityError`` with ``SigningIdentityError/Problem/unreadableKey(detail:)``.
    public init(privateKey: [UInt8], certificateChain: [[UInt8]]) throws(SigningIdentityError) {
        do {
            key = try P256Key(pkcs8: privateKey)
        } catch {
            throw SigningIdentityError(.unreadableKey(detail: error.description))
        }
        header = JWSHeader(
            algorithm: "ES256", certificateChain: certificateChain.map { Data($0).base64EncodedString() })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encodedHeader = Base64URL.encode((try? encoder.encode(header)) ?? Data())
    }

    /// The compact JWS of `payload` (bytes signed as they are).
    ///
    /// - Throws: ``SigningIdentityError`` with ``SigningIdentityError/Problem/generationFailed(detail:)``
    ///   when libcrypto fails to sign.
    public func sign(payload: [UInt8]) throws(SigningIdentityError) -> String {
        let input = encodedHeader + "." + Base64URL.encode(payload)
        do {
            let signature = try key.sign(Array(input.utf8))
            return input + "." + Base64URL.encode(signature.raw)
        } catch {
            throw SigningIdentityError(.generationFailed(detail: error.description))
        }
    }

    /// The compact JWS of `value` encoded as JSON by `encoder`.
    ///
    /// - Throws: the encoder's error, or ``SigningIdentityError`` when signing fails.
    public func sign(_ value: some Encodable, encoder: JSONEncoder = JSONEncoder()) throws -> String {
        try sign(payload: Array(encoder.encode(value)))
    }
}
