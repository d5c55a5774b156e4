import AppStoreServerAPI
import AppStoreSignedData
import Foundation
import PurchaseCore
import Testing

struct TokenTests {
    private struct Header: Decodable {
        var alg: String
        var kid: String
        var typ: String
    }

    private func parts(_ token: String) throws -> (Header, AppStoreServerAPIClaims, [UInt8], [UInt8]) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        try #require(parts.count == 3)
        let header = try JSONDecoder().decode(Header.self, from: Data(try #require(Base64URL.decode(parts[0]))))
        let claims = try JSONDecoder().decode(
            AppStoreServerAPIClaims.self, from: Data(try #require(Base64URL.decode(parts[1]))))
        let signature = try #require(Base64URL.decode(parts[2]))
        return (header, claims, signature, Array((parts[0] + "." + parts[1]).utf8))
    }

    @Test func tokenHasApplesHeaderAndClaimsAndVerifiesWithThePublicKey() throws {
        let key = try ES256PrivateKey.generate()
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let configuration = AppStoreServerAPIConfiguration(
            baseURL: AppStoreServerAPIConfiguration.sandboxURL, keyID: "2X9R4HXF34", issuerID: "issuer-1",
            bundleID: "com.example.app", privateKey: key)
        let signer = AppStoreServerAPITokenSigner(configuration: configuration, now: { now })
        let (header, claims, signature, input) = try parts(try signer.token())
        #expect(header.alg == "ES256")
        #expect(header.kid == "2X9R4HXF34")
        #expect(header.typ == "JWT")
        #expect(claims.iss == "issuer-1")
        #expect(claims.aud == "appstoreconnect-v1")
        #expect(claims.bid == "com.example.app")
        #expect(claims.iat == 1_700_000_000)
        #expect(claims.exp > claims.iat && claims.exp - claims.iat <= 3600)
        #expect(signature.count == 64)
        #expect(try key.publicKey().isValidSignature(signature, of: input))
        let other = try ES256PrivateKey.generate()
        #expect(try !other.publicKey().isValidSignature(signature, of: input))
        var tampered = input
        tampered[tampered.count - 1] ^= 1
        #expect(try !key.publicKey().isValidSignature(signature, of: tampered))
    }

    @Test func lifetimeNeverExceedsAnHour() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        var configuration = AppStoreServerAPIConfiguration(
            baseURL: AppStoreServerAPIConfiguration.productionURL, keyID: "K", issuerID: "I", bundleID: "B",
            privateKey: try ES256PrivateKey.generate())
        configuration.tokenLifetime = 5 * 3600
        let (_, claims, _, _) = try parts(
            try AppStoreServerAPITokenSigner(configuration: configuration, now: { now }).token())
        #expect(claims.exp - claims.iat == 3600)
    }

    @Test func aTokenIsReusedUntilNearItsExpiryThenRenewed() throws {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_700_000_000))
        var configuration = AppStoreServerAPIConfiguration(
            baseURL: AppStoreServerAPIConfiguration.productionURL, keyID: "K", issuerID: "I", bundleID: "B",
            privateKey: try ES256PrivateKey.generate())
        configuration.tokenLifetime = 600
        configuration.tokenRenewalMargin = 60
        let signer = AppStoreServerAPITokenSigner(configuration: configuration, now: { clock.now })
        let first = try signer.token()
        clock.advance(by: 500)
        #expect(try signer.token() == first)
        clock.advance(by: 60)
        let second = try signer.token()
        #expect(second != first)
        #expect(try parts(second).1.iat == 1_700_000_560)
        signer.discard()
        #expect(try signer.token() != second)
    }

    @Test func p8KeysRoundTripAndOtherTextIsRefused() throws {
        let key = try ES256PrivateKey.generate()
        let text = try key.pemText()
        #expect(text.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        let read = try ES256PrivateKey(pemText: text)
        #expect(try read.publicKey().x963 == key.publicKey().x963)
        #expect(throws: ES256KeyError.self) { try ES256PrivateKey(pemText: "not a key") }
        #expect(throws: ES256KeyError.self) {
            try ES256PrivateKey(pemText: text.replacingOccurrences(of: "PRIVATE KEY", with: "PUBLIC KEY"))
        }
    }
}
