public import AppStoreSignedData
public import Foundation
import PurchaseCore

/// The claims of an App Store Server API token, with Apple's names.
public struct AppStoreServerAPIClaims: Sendable, Hashable, Codable {
    /// `iss`: the issuer identifier.
    public var iss: String
    /// `iat`: when the token was made, seconds since 1970.
    public var iat: Int64
    /// `exp`: when it stops being valid, seconds since 1970 (at most 60 minutes after ``iat``).
    public var exp: Int64
    /// `aud`: `appstoreconnect-v1`.
    public var aud: String
    /// `bid`: the app's bundle identifier.
    public var bid: String

    /// Claims with the given values.
    public init(iss: String, iat: Int64, exp: Int64, aud: String, bid: String) {
        self.iss = iss
        self.iat = iat
        self.exp = exp
        self.aud = aud
        self.bid = bid
    }
}

/// Makes the bearer tokens of App Store Server API requests: a JWT signed ES256 with the key of a
/// configuration, header `{"alg":"ES256","kid":...,"typ":"JWT"}`, claims `iss`, `iat`, `exp`, `aud`
/// `appstoreconnect-v1` and `bid`.
///
/// Guarantees: a token is reused until ``AppStoreServerAPIConfiguration/tokenRenewalMargin`` before
/// its expiry, then a fresh one is made; its lifetime never exceeds 60 minutes; ``discard()`` makes
/// the next call sign a new one (after the server refused the token). Safe from any thread.
public final class AppStoreServerAPITokenSigner: Sendable {
    private let configuration: AppStoreServerAPIConfiguration
    private let now: @Sendable () -> Date
    private let cached = Locked<(token: String, expires: Date)?>(nil)

    /// A signer with the key, identifiers and lifetime of `configuration`, on the clock `now`.
    public init(configuration: AppStoreServerAPIConfiguration, now: @escaping @Sendable () -> Date = { Date() }) {
        self.configuration = configuration
        self.now = now
    }

    /// A valid token: the cached one while it is far enough from its expiry, else a new one.
    ///
    /// - Throws: `ES256KeyError` when the key cannot sign.
    public func token() throws(ES256KeyError) -> String {
        let moment = now()
        if let cached = cached.withLock({ $0 }),
            cached.expires.timeIntervalSince(moment) > configuration.tokenRenewalMargin
        {
            return cached.token
        }
        let lifetime = min(max(configuration.tokenLifetime, 1), AppStoreServerAPIConfiguration.maximumTokenLifetime)
        let issued = Int64(moment.timeIntervalSince1970.rounded(.down))
        let expires = issued + Int64(lifetime)
        let token = try Self.sign(
            AppStoreServerAPIClaims(
                iss: configuration.issuerID, iat: issued, exp: expires, aud: AppStoreServerAPIConfiguration.audience,
                bid: configuration.bundleID),
            keyID: configuration.keyID, key: configuration.privateKey)
        cached.withLock { $0 = (token, Date(timeIntervalSince1970: Double(expires))) }
        return token
    }

    /// Forgets the cached token.
    public func discard() {
        cached.withLock { $0 = nil }
    }

    /// A JWT of `claims` with the header `alg` ES256, `kid` `keyID`, `typ` JWT, signed with `key`:
    /// tests use it to make tokens a server must refuse.
    ///
    /// - Throws: `ES256KeyError` when the key cannot sign.
    public static func sign(_ claims: AppStoreServerAPIClaims, keyID: String, key: ES256PrivateKey)
        throws(ES256KeyError) -> String
    {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let header = JWSHeader(algorithm: "ES256", certificateChain: nil, type: "JWT", keyID: keyID)
        guard let headerJSON = try? encoder.encode(header), let claimsJSON = try? encoder.encode(claims) else {
            throw ES256KeyError(detail: "the token could not be encoded")
        }
        let input = Base64URL.encode(headerJSON) + "." + Base64URL.encode(claimsJSON)
        return input + "." + Base64URL.encode(try key.signature(of: Array(input.utf8)))
    }
}
