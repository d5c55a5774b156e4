/// The protected header of a compact JWS, as App Store signed data carries it.
///
/// Guarantees: decoding accepts any JSON object and keeps the members App Store data uses; a member
/// that is missing is `nil`, so a verifier decides what is required (``SignedDataVerifier`` requires
/// ``algorithm`` `ES256` and three ``certificateChain`` entries).
public struct JWSHeader: Sendable, Hashable, Codable {
    /// `alg`: the signature algorithm, `ES256` for App Store data.
    public var algorithm: String?
    /// `x5c`: the certificate chain, each certificate's DER in standard (not URL) base64, leaf first.
    public var certificateChain: [String]?
    /// `typ`: the media type, when given.
    public var type: String?
    /// `kid`: the key identifier, when given.
    public var keyID: String?

    /// A header with the given members.
    public init(algorithm: String?, certificateChain: [String]?, type: String? = nil, keyID: String? = nil) {
        self.algorithm = algorithm
        self.certificateChain = certificateChain
        self.type = type
        self.keyID = keyID
    }

    enum CodingKeys: String, CodingKey {
        case algorithm = "alg"
        case certificateChain = "x5c"
        case type = "typ"
        case keyID = "kid"
    }
}
