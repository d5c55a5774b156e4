public import Foundation

/// Verifies App Store signed data (compact JWS: StoreKit 2 transactions and renewal info, server
/// notifications) against root certificates the deployment trusts, and decodes its payload.
///
/// The checks, in order (the first that fails is thrown as a ``SignedDataVerificationError``):
/// 1. the token is a compact JWS (``CompactJWS``: at most 64 KiB) —
///    ``SignedDataVerificationError/Kind/invalidFormat``;
/// 2. the header's `alg` is `ES256`; `none`, `HS256`, anything else or nothing is refused —
///    ``SignedDataVerificationError/Kind/verificationFailed``;
/// 3. `x5c` holds exactly three entries — ``SignedDataVerificationError/Kind/invalidCertificate``;
/// 4. the payload decodes as the requested type — ``SignedDataVerificationError/Kind/invalidFormat``
///    (its `signedDate` is needed for the next check; nothing in it is trusted yet);
/// 5. each `x5c` entry is canonical base64 of one whole X.509 certificate
///    (``SignedDataVerificationError/Kind/invalidCertificate``), and libcrypto's `X509_verify_cert`
///    builds the chain leaf → intermediate → a trusted root, with the trusted roots alone as anchors:
///    the token's third certificate is never trusted, the path must reach one of ``trustedRoots``
///    through the token's intermediate. Certificates are checked valid
///    at the payload's `signedDate` (offline; now when it has none) or now (online). A time outside
///    a certificate's validity is ``SignedDataVerificationError/Kind/invalidCertificate``, any other
///    failure ``SignedDataVerificationError/Kind/verificationFailed``;
/// 6. the intermediate carries ``AppleCertificateMarkers/intermediate`` and the leaf
///    ``AppleCertificateMarkers/leaf``, and the leaf key is P-256 —
///    ``SignedDataVerificationError/Kind/invalidCertificate``;
/// 7. online with a ``CertificateRevocationChecking``: neither certificate is revoked
///    (``SignedDataVerificationError/Kind/invalidCertificate``), and an unanswered check is
///    ``SignedDataVerificationError/Kind/retryable``;
/// 8. the signature is 64 bytes (r||s) and the leaf key's valid ES256 signature of the first two
///    parts — ``SignedDataVerificationError/Kind/verificationFailed``. A high s is accepted, as
///    Apple's verifiers accept any valid signature (``JWSSigner`` writes low s only);
/// 9. the claims: the bundle id, when ``bundleID`` is set, must equal it, and in Production the
///    app Apple id the payload carries must equal ``appAppleID`` when set —
///    ``SignedDataVerificationError/Kind/wrongBundleID``; the environment must equal
///    ``environment`` (a payload without one is refused) —
///    ``SignedDataVerificationError/Kind/wrongEnvironment``.
///
/// Verified chains are cached (``cachesVerifiedChains``) by the exact `x5c` text: a token with a
/// cached chain skips step 5's `X509_verify_cert` and step 6 but is still checked at its own date
/// against the chain's validity window, so the answer is the one an uncached check gives.
///
/// Guarantees: never trusts anything the token carries; never crashes on any input; safe to use
/// from several threads at once (copies share the cache).
public struct SignedDataVerifier: Sendable {
    /// The trusted root certificates, DER, as given.
    public let trustedRoots: [[UInt8]]
    /// The expected bundle id (`nil`: not checked).
    public let bundleID: String?
    /// The expected environment, in Apple's names (`Sandbox`, `Production`, `Xcode`, `LocalTesting`).
    public let environment: String
    /// The expected app Apple id, checked in Production only (`nil`: not checked).
    public let appAppleID: Int64?
    /// Whether certificates are checked valid now (and revocation asked), rather than at `signedDate`.
    public let isOnline: Bool
    /// Whether verified chains are cached.
    public var cachesVerifiedChains: Bool { cache != nil }

    let roots: TrustedRoots
    let cache: VerifiedChainCache?
    let revocationChecker: (any CertificateRevocationChecking)?
    let now: @Sendable () -> Date

    /// A verifier trusting `trustedRoots` (DER: for the App Store, Apple's root certificates read
    /// from the files the deployment names; for a simulated store, its own root).
    ///
    /// - Parameters:
    ///   - trustedRoots: the root certificates, DER; at least one.
    ///   - bundleID: the app's bundle id, or `nil` not to check it.
    ///   - environment: the environment data must come from.
    ///   - appAppleID: the app's Apple id, checked in Production when the payload carries one.
    ///   - online: check validity now and ask `revocationChecker`; otherwise check at `signedDate`.
    ///   - revocationChecker: the online revocation check, when the deployment has one.
    ///   - cachesVerifiedChains: keep verified chains (see the type's documentation).
    ///   - now: the clock (tests give a fixed one).
    /// - Throws: ``SignedDataVerificationError/Kind/invalidCertificate`` when there is no root or a
    ///   root is not a whole certificate.
    public init(
        trustedRoots: [[UInt8]], bundleID: String?, environment: String, appAppleID: Int64? = nil,
        online: Bool = false, revocationChecker: (any CertificateRevocationChecking)? = nil,
        cachesVerifiedChains: Bool = true, now: @escaping @Sendable () -> Date = { Date() }
    ) throws(SignedDataVerificationError) {
        guard !trustedRoots.isEmpty else {
            throw SignedDataVerificationError(.invalidCertificate, detail: "no trusted root certificate")
        }
        self.trustedRoots = trustedRoots
        self.roots = try TrustedRoots(trustedRoots)
        self.bundleID = bundleID
        self.environment = environment
        self.appAppleID = appAppleID
        self.isOnline = online
        self.revocationChecker = revocationChecker
        self.cache = cachesVerifiedChains ? VerifiedChainCache() : nil
        self.now = now
    }

    /// Verifies `token` (checks 1 to 9 of the type's documentation) and returns its payload decoded as
    /// `type` by `decoder`, with the claims `claims` reads from it.
    ///
    /// - Throws: ``SignedDataVerificationError``, of the kind of the first check that failed.
    public func verify<Payload: Decodable>(
        _ token: String, as type: Payload.Type, decoder: JSONDecoder = JSONDecoder(),
        claims: (Payload) -> SignedDataClaims
    ) throws(SignedDataVerificationError) -> VerifiedSignedData<Payload> {
        let parts = try decode(token)
        let payload: Payload
        do {
            payload = try decoder.decode(type, from: Data(parts.jws.payload))
        } catch {
            throw SignedDataVerificationError(
                .invalidFormat, detail: "the payload is not a \(type): \(CompactJWS.summary(of: error))",
                underlyingError: error)
        }
        let found = claims(payload)
        let date = isOnline ? now() : found.signedDate ?? now()
        try verifyChainAndSignature(parts, at: date)
        try check(found)
        return VerifiedSignedData(
            payload: payload, claims: found, header: parts.jws.header, payloadBytes: parts.jws.payload,
            verifiedAt: date)
    }

    /// Verifies `token`'s algorithm, chain and signature (checks 1 to 3 and 5 to 8), whatever its
    /// payload, at `date` when offline (default: the payload's `signedDate` in milliseconds when it
    /// is a JSON object with one, else now). No claim is checked.
    ///
    /// - Throws: ``SignedDataVerificationError``, of the kind of the first check that failed.
    public func verifySignature(_ token: String, at date: Date? = nil) throws(SignedDataVerificationError)
        -> VerifiedSignature
    {
        let parts = try decode(token)
        let checkedAt = isOnline ? now() : date ?? Self.signedDate(in: parts.jws.payload) ?? now()
        try verifyChainAndSignature(parts, at: checkedAt)
        return VerifiedSignature(
            header: parts.jws.header, chain: try parts.certificates().map(CertificateSummary.init),
            payload: parts.jws.payload, verifiedAt: checkedAt)
    }

    /// The claim checks (9).
    func check(_ claims: SignedDataClaims) throws(SignedDataVerificationError) {
        if let bundleID, claims.bundleID != bundleID {
            throw SignedDataVerificationError(
                .wrongBundleID, detail: "bundle id \(claims.bundleID ?? "none"), expected \(bundleID)")
        }
        if environment == "Production", let appAppleID, let found = claims.appAppleID, found != appAppleID {
            throw SignedDataVerificationError(
                .wrongBundleID, detail: "app Apple id \(found), expected \(appAppleID)")
        }
        guard claims.environment == environment else {
            throw SignedDataVerificationError(
                .wrongEnvironment, detail: "environment \(claims.environment ?? "none"), expected \(environment)")
        }
    }

    /// `signedDate` (milliseconds since 1970) of a JSON object payload, when it has a number there.
    private static func signedDate(in payload: [UInt8]) -> Date? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any],
            let milliseconds = object["signedDate"] as? NSNumber
        else { return nil }
        let value = milliseconds.doubleValue
        guard value.isFinite, abs(value) < 1e15 else { return nil }
        return Date(timeIntervalSince1970: value / 1000)
    }
}
