import Foundation
import Testing

@testable import AppStoreSignedData

/// A verifier that caches verified chains answers exactly as one that does not.
@Suite struct VerifiedChainCacheTests {
    /// Tokens of every outcome, several sharing one chain.
    static func tokens() throws -> [String] {
        let day: Int64 = 86_400_000
        var shortLived = SigningIdentity.Options()
        let signed = TestChains.signedDate
        shortLived.leafValidity = DateInterval(start: signed - 86_400, end: signed + 86_400)
        let brief = try SigningIdentity.make(environment: "Sandbox", at: TestChains.issued, options: shortLived)
        var tokens: [String] = []
        for offset: Int64 in [0, -2 * day, 2 * day, 0, 3 * day, -5 * day, 0] {
            var payload = TestPayload()
            payload.signedDate = TestChains.signedMilliseconds + offset
            tokens.append(try TestChains.token(payload, by: brief))
            tokens.append(try TestChains.token(payload))
        }
        tokens.append(try TestChains.token(TestPayload(bundleId: "other")))
        tokens.append(try TestChains.token(key: TestChains.stranger.leafPrivateKey, chain: brief.certificateChain))
        tokens.append(try TestChains.token(by: TestChains.stranger))
        return tokens + tokens.reversed()
    }

    @Test(arguments: [false, true])
    func aCachedChainGivesTheSameAnswers(online: Bool) throws {
        let tokens = try Self.tokens()
        let brief = try #require(CompactJWS(tokens[0]).header.certificateChain?.last)
        let roots = [TestChains.sandbox.rootCertificate, Array(try #require(Data(base64Encoded: brief)))]
        let cached = try TestChains.verifier(trusting: roots, online: online, caching: true)
        let uncached = try TestChains.verifier(trusting: roots, online: online, caching: false)
        #expect(cached.cachesVerifiedChains && !uncached.cachesVerifiedChains)
        var outcomes: [SignedDataVerificationError.Kind?] = []
        for token in tokens {
            let answer = TestChains.failure(of: token, with: uncached)
            #expect(TestChains.failure(of: token, with: cached) == answer)
            outcomes.append(answer)
        }
        // Both trusted chains were kept (the untrusted stranger's was not), so the answers above came
        // from the cache.
        #expect(cached.cache?.count == 2 && uncached.cache == nil)
        // The list holds passes and each kind of failure, expired dates on a cached chain included.
        #expect(outcomes.contains(nil))
        #expect(outcomes.contains(.wrongBundleID) && outcomes.contains(.verificationFailed))
        if !online { #expect(outcomes.contains(.invalidCertificate)) }
    }
}
