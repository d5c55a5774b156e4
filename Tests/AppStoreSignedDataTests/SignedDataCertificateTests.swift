import AppStoreSignedData
import Foundation
import Testing

/// What the verifier requires of the `x5c` chain: three certificates, Apple's markers, and validity
/// at the date checked.
@Suite struct SignedDataCertificateTests {
    static let day: TimeInterval = 86_400

    /// A token of a chain made with `options`, and a verifier trusting its root.
    static func tokenAndVerifier(
        _ options: SigningIdentity.Options, online: Bool = false, now: Date = TestChains.signedDate
    ) throws -> (String, SignedDataVerifier) {
        let identity = try SigningIdentity.make(environment: "Sandbox", at: TestChains.issued, options: options)
        let verifier = try TestChains.verifier(trusting: [identity.rootCertificate], online: online, now: now)
        return (try TestChains.token(by: identity), verifier)
    }

    @Test func missingOrSwappedMarkersAreRefused() throws {
        var noIntermediate = SigningIdentity.Options()
        noIntermediate.intermediateMarker = nil
        var noLeaf = SigningIdentity.Options()
        noLeaf.leafMarker = nil
        var otherOID = SigningIdentity.Options()
        otherOID.leafMarker = "1.2.840.113635.100.6.11.2"
        for options in [noIntermediate, noLeaf, .swappedMarkers, otherOID] {
            let (token, verifier) = try Self.tokenAndVerifier(options)
            #expect(TestChains.failure(of: token, with: verifier) == .invalidCertificate)
        }
        let (token, verifier) = try Self.tokenAndVerifier(SigningIdentity.Options())
        #expect(TestChains.failure(of: token, with: verifier) == nil)
    }

    /// Each certificate outside its validity at the payload's signedDate (offline).
    @Test(arguments: ["root", "intermediate", "leaf"])
    func aCertificateExpiredOrNotYetValidAtTheSignedDateIsRefused(which: String) throws {
        let signed = TestChains.signedDate
        let expired = DateInterval(start: signed - 10 * Self.day, end: signed - Self.day)
        let notYet = DateInterval(start: signed + Self.day, end: signed + 10 * Self.day)
        for window in [expired, notYet] {
            var options = SigningIdentity.Options()
            switch which {
            case "root": options.rootValidity = window
            case "intermediate": options.intermediateValidity = window
            default: options.leafValidity = window
            }
            let (token, verifier) = try Self.tokenAndVerifier(options, now: signed - 5 * Self.day)
            #expect(TestChains.failure(of: token, with: verifier) == .invalidCertificate, "\(which) \(window)")
        }
    }

    @Test func offlineTheSignedDateCountsAndOnlineNow() throws {
        var options = SigningIdentity.Options()
        let signed = TestChains.signedDate
        options.leafValidity = DateInterval(start: signed - Self.day, end: signed + Self.day)
        let identity = try SigningIdentity.make(environment: "Sandbox", at: TestChains.issued, options: options)
        let roots = [identity.rootCertificate]
        let token = try TestChains.token(by: identity)
        let later = signed + 30 * Self.day
        // Offline, a token signed while the leaf was valid verifies long after.
        let offline = try TestChains.verifier(trusting: roots, now: later)
        #expect(TestChains.failure(of: token, with: offline) == nil)
        // Online, the same token fails once the leaf expired, and passes while it is valid.
        let onlineLater = try TestChains.verifier(trusting: roots, online: true, now: later)
        #expect(TestChains.failure(of: token, with: onlineLater) == .invalidCertificate)
        let onlineEarlier = try TestChains.verifier(trusting: roots, online: true, now: signed - 2 * Self.day)
        #expect(TestChains.failure(of: token, with: onlineEarlier) == .invalidCertificate)
        let onlineNow = try TestChains.verifier(trusting: roots, online: true, now: signed)
        #expect(TestChains.failure(of: token, with: onlineNow) == nil)
        // Offline, a token whose signedDate is after the leaf expired fails.
        var payload = TestPayload()
        payload.signedDate = Int64(later.timeIntervalSince1970 * 1000)
        #expect(
            TestChains.failure(of: try TestChains.token(payload, by: identity), with: offline) == .invalidCertificate)
    }

    @Test func aChainOfTwoOrFourIsRefused() throws {
        let identity = TestChains.sandbox
        let chains = [
            [identity.leafCertificate, identity.intermediateCertificate],
            identity.certificateChain + [identity.rootCertificate], [identity.leafCertificate], [],
        ]
        for chain in chains {
            let token = try TestChains.token(key: identity.leafPrivateKey, chain: chain)
            #expect(TestChains.failure(of: token, with: try TestChains.verifier()) == .invalidCertificate)
        }
    }

    @Test func anX5cMissingOrNotBase64IsRefused() throws {
        let token = try TestChains.token()
        let x5c = TestChains.sandbox.certificateChain.map { Data($0).base64EncodedString() }
        // A base64url character in standard base64, where the certificate had another one: always, not
        // only when its text happens to hold a `+` (a fresh chain's may hold none).
        var urlAlphabet = Array(x5c[1])
        urlAlphabet[10] = "-"
        let headers = [
            #"{"alg":"ES256"}"#,
            #"{"alg":"ES256","x5c":["not base64!","\#(x5c[1])","\#(x5c[2])"]}"#,
            #"{"alg":"ES256","x5c":["\#(x5c[0])","\#(String(urlAlphabet))","\#(x5c[2])"]}"#,
            #"{"alg":"ES256","x5c":["AAAA","\#(x5c[1])","\#(x5c[2])"]}"#,
            #"{"alg":"ES256","x5c":["\#(x5c[0])","\#(x5c[1])","\#(x5c[2].dropLast(4))"]}"#,
        ]
        for header in headers {
            let changed = TestChains.replacingHeader(of: token, with: header)
            #expect(
                TestChains.failure(of: changed, with: try TestChains.verifier()) == .invalidCertificate,
                "\(header.prefix(60))")
        }
    }

    @Test func aRevocationCheckIsAskedOnlineOnly() throws {
        struct Fixed: CertificateRevocationChecking {
            let status: CertificateRevocationStatus
            func revocationStatus(leaf: [UInt8], intermediate: [UInt8], root: [UInt8]) -> CertificateRevocationStatus {
                status
            }
        }
        let token = try TestChains.token()
        let cases: [(CertificateRevocationStatus, SignedDataVerificationError.Kind?)] = [
            (.good, nil), (.revoked(detail: "leaf"), .invalidCertificate),
            (.unavailable(detail: "offline"), .retryable),
        ]
        for (status, expected) in cases {
            let online = try TestChains.verifier(online: true, revocationChecker: Fixed(status: status))
            #expect(TestChains.failure(of: token, with: online) == expected)
            let offline = try TestChains.verifier(online: false, revocationChecker: Fixed(status: status))
            #expect(TestChains.failure(of: token, with: offline) == nil)
        }
    }

    @Test func aRootFileIsReadAsDEROrPEM() throws {
        let root = TestChains.sandbox.rootCertificate
        #expect(try CertificateFile.certificates(in: root) == [root])
        let pem =
            "-----BEGIN CERTIFICATE-----\n"
            + Data(root).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
            + "\n-----END CERTIFICATE-----\n"
        #expect(try CertificateFile.certificates(in: Array(pem.utf8)) == [root])
        let two = CertificateFile.pemText(of: [root, TestChains.stranger.rootCertificate])
        #expect(try CertificateFile.certificates(in: Array(two.utf8)) == [root, TestChains.stranger.rootCertificate])
        for damaged in [Array(root.dropLast()), Array(pem.utf8.dropLast(30)), Array("hello".utf8), []] {
            #expect(throws: SigningIdentityError.self) { try CertificateFile.certificates(in: damaged) }
        }
    }

    @Test func aTrustedRootThatIsNotACertificateIsRefused() {
        #expect(throws: SignedDataVerificationError.self) { try TestChains.verifier(trusting: [[0x30, 0x00]]) }
        #expect(throws: SignedDataVerificationError.self) { try TestChains.verifier(trusting: []) }
    }
}
