import AppStoreSignedData
import Testing

/// One verifier, its cache and its keys shared by several tasks at once.
@Suite struct SharedVerifierTests {
    @Test func severalTasksVerifyWithOneVerifier() async throws {
        let verifier = try TestChains.verifier()
        let tokens = try (0..<16).map { index in
            try TestChains.token(TestPayload(productId: "com.example.gems.\(index)"))
        }
        let verified = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    tokens.filter { TestChains.failure(of: $0, with: verifier) == nil }.count
                }
            }
            return await group.reduce(0, +)
        }
        #expect(verified == 8 * tokens.count)
        let forged = try TestChains.token(
            key: TestChains.stranger.leafPrivateKey, chain: TestChains.sandbox.certificateChain)
        #expect(TestChains.failure(of: forged, with: verifier) == .verificationFailed)
    }
}
