import AppStoreSignedData
import Foundation
import Testing

/// The claims the verifier checks once the signature is good: bundle id, environment, app Apple id.
@Suite struct SignedDataClaimsTests {
    @Test func aWrongBundleIDIsRefused() throws {
        let token = try TestChains.token(TestPayload(bundleId: "com.example.other"))
        #expect(TestChains.failure(of: token, with: try TestChains.verifier()) == .wrongBundleID)
        let missing = try TestChains.token(TestPayload(bundleId: nil))
        #expect(TestChains.failure(of: missing, with: try TestChains.verifier()) == .wrongBundleID)
        // Without an expected bundle id, none is checked.
        #expect(TestChains.failure(of: token, with: try TestChains.verifier(bundleID: nil)) == nil)
    }

    @Test func aWrongEnvironmentIsRefused() throws {
        for environment in ["Production", "Xcode", "LocalTesting", "sandbox", nil] {
            let token = try TestChains.token(TestPayload(environment: environment))
            #expect(TestChains.failure(of: token, with: try TestChains.verifier()) == .wrongEnvironment)
        }
        let production = try TestChains.token(TestPayload(environment: "Production"))
        #expect(TestChains.failure(of: production, with: try TestChains.verifier(environment: "Production")) == nil)
    }

    @Test func theAppAppleIDIsCheckedInProductionOnly() throws {
        let other = try TestChains.token(TestPayload(environment: "Production", appAppleId: 2))
        let same = try TestChains.token(TestPayload(environment: "Production", appAppleId: 1))
        let production = try TestChains.verifier(environment: "Production", appAppleID: 1)
        #expect(TestChains.failure(of: other, with: production) == .wrongBundleID)
        #expect(TestChains.failure(of: same, with: production) == nil)
        let sandboxOther = try TestChains.token(TestPayload(environment: "Sandbox", appAppleId: 2))
        let sandbox = try TestChains.verifier(environment: "Sandbox", appAppleID: 1)
        #expect(TestChains.failure(of: sandboxOther, with: sandbox) == nil)
    }

    @Test func theSignatureIsCheckedBeforeTheClaims() throws {
        // Another key's signature over a payload of the wrong app: the signature is what fails.
        let token = try TestChains.token(
            TestPayload(bundleId: "com.example.other"), key: TestChains.stranger.leafPrivateKey,
            chain: TestChains.sandbox.certificateChain)
        #expect(TestChains.failure(of: token, with: try TestChains.verifier()) == .verificationFailed)
    }
}
