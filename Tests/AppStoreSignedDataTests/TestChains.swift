import AppStoreSignedData
import Foundation
import Testing

/// What the verifier tests sign: a payload with the fields the claims read, dates in milliseconds.
struct TestPayload: Codable, Equatable {
    var bundleId: String? = "com.example.app"
    var environment: String? = "Sandbox"
    var signedDate: Int64? = TestChains.signedMilliseconds
    var appAppleId: Int64?
    var productId = "com.example.gems"

    var claims: SignedDataClaims {
        SignedDataClaims(
            signedDate: signedDate.map { Date(timeIntervalSince1970: Double($0) / 1000) }, bundleID: bundleId,
            environment: environment, appAppleID: appAppleId)
    }
}

/// Chains, tokens and verifiers the tests make for themselves.
enum TestChains {
    /// When the test chains are made: 2027-01-01T00:00:00Z.
    static let issued = Date(timeIntervalSince1970: 1_798_761_600)
    /// The payloads' signedDate: a day after ``issued``.
    static let signedMilliseconds: Int64 = 1_798_848_000_000
    static var signedDate: Date { Date(timeIntervalSince1970: Double(signedMilliseconds) / 1000) }

    /// One Sandbox identity shared by the tests that need a good chain.
    static let sandbox = try! SigningIdentity.make(environment: "Sandbox", at: issued)
    /// Another, whose root the verifiers do not trust.
    static let stranger = try! SigningIdentity.make(environment: "Sandbox", at: issued)

    /// A verifier trusting ``sandbox``'s root.
    static func verifier(
        trusting roots: [[UInt8]] = [sandbox.rootCertificate], bundleID: String? = "com.example.app",
        environment: String = "Sandbox", appAppleID: Int64? = nil, online: Bool = false,
        revocationChecker: (any CertificateRevocationChecking)? = nil, caching: Bool = true,
        now: Date = TestChains.signedDate
    ) throws -> SignedDataVerifier {
        try SignedDataVerifier(
            trustedRoots: roots, bundleID: bundleID, environment: environment, appAppleID: appAppleID, online: online,
            revocationChecker: revocationChecker, cachesVerifiedChains: caching, now: { now })
    }

    /// `payload` signed by `identity`.
    static func token(_ payload: TestPayload = TestPayload(), by identity: SigningIdentity = sandbox) throws -> String {
        try JWSSigner(identity: identity).sign(payload)
    }

    /// `payload` signed with `key` (PKCS#8) under the header `x5c` `chain`.
    static func token(_ payload: TestPayload = TestPayload(), key: [UInt8], chain: [[UInt8]]) throws -> String {
        try JWSSigner(privateKey: key, certificateChain: chain).sign(payload)
    }

    /// A token whose header is `header` (JSON text) and whose other parts are `token`'s.
    static func replacingHeader(of token: String, with header: String) -> String {
        let parts = token.split(separator: ".")
        return Base64URL.encode(Array(header.utf8)) + "." + parts[1] + "." + parts[2]
    }

    /// The kind of error `verify` throws for `token`, or `nil` when it verifies.
    static func failure(
        of token: String, with verifier: SignedDataVerifier
    ) -> SignedDataVerificationError.Kind? {
        do {
            _ = try verifier.verify(token, as: TestPayload.self) { $0.claims }
            return nil
        } catch {
            return error.kind
        }
    }
}
