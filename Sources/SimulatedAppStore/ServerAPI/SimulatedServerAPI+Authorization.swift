import AppStoreSignedData
import Foundation

extension SimulatedServerAPI {
    /// The header and claims of an App Store Server API token, as the server reads them.
    private struct Header: Decodable {
        var alg: String?
        var kid: String?
        var typ: String?
    }

    private struct Claims: Decodable {
        var iss: String?
        var iat: Int64?
        var exp: Int64?
        var aud: String?
        var bid: String?
    }

    /// How far a token's `iat` may lie ahead of the server's clock (clocks differ a little).
    static let allowedClockSkew: Int64 = 60

    /// Whether the request carries a bearer token the server accepts: a JWT with header `alg` ES256,
    /// `kid` the account key's identifier and `typ` JWT, signed by the account's key, whose claims
    /// name the key's issuer (`iss`), `appstoreconnect-v1` (`aud`) and the app (`bid`), issued no
    /// later than now (`iat`, give or take ``allowedClockSkew``), not expired (`exp`), and valid for
    /// at most 60 minutes.
    func isAuthorized(_ request: SimulatedServerAPIRequest) -> Bool {
        guard let value = request.header("Authorization"), value.hasPrefix("Bearer ") else { return false }
        let token = value.dropFirst("Bearer ".count)
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]),
            let claimsBytes = Base64URL.decode(parts[1]), let signature = Base64URL.decode(parts[2]),
            let header = try? JSONDecoder().decode(Header.self, from: Data(headerBytes)),
            let claims = try? JSONDecoder().decode(Claims.self, from: Data(claimsBytes))
        else { return false }
        guard header.alg == "ES256", header.typ == "JWT", header.kid == key.keyID else { return false }
        let signingInput = token.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count)
        guard key.publicKey.isValidSignature(signature, of: signingInput) else { return false }
        let now = Int64(self.now().timeIntervalSince1970.rounded(.down))
        guard claims.iss == key.issuerID, claims.aud == "appstoreconnect-v1", claims.bid == bundleID,
            let issued = claims.iat, let expires = claims.exp, issued <= now + Self.allowedClockSkew, expires > now,
            expires > issued, expires - issued <= 3600
        else { return false }
        return true
    }
}
