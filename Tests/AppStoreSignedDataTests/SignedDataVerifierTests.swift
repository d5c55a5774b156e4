import AppStoreSignedData
import Foundation
import PurchaseCore
import Testing

@Suite struct SignedDataVerifierTests {
    @Test func aValidTokenVerifiesAndDecodes() throws {
        let verifier = try TestChains.verifier()
        let payload = TestPayload()
        let verified = try verifier.verify(try TestChains.token(payload), as: TestPayload.self) { $0.claims }
        #expect(verified.payload == payload)
        #expect(verified.claims == payload.claims)
        #expect(verified.verifiedAt == TestChains.signedDate)
        #expect(verified.header.algorithm == "ES256")
        #expect(try JSONDecoder().decode(TestPayload.self, from: Data(verified.payloadBytes)) == payload)
    }

    @Test func verifyingTheSignatureAloneGivesTheChain() throws {
        let verifier = try TestChains.verifier()
        let verified = try verifier.verifySignature(try TestChains.token())
        #expect(verified.verifiedAt == TestChains.signedDate)
        #expect(verified.chain.count == 3)
        #expect(verified.chain[0].subject.contains("CN=PurchaseKit Simulated App Store Signing - Sandbox"))
        #expect(verified.chain[1].hasIntermediateMarker && verified.chain[0].hasLeafMarker)
        #expect(try JSONDecoder().decode(TestPayload.self, from: Data(verified.payload)) == TestPayload())
        // No claim is checked: another environment's verifier accepts the signature.
        let production = try TestChains.verifier(environment: "Production")
        #expect(throws: Never.self) { try production.verifySignature(try TestChains.token()) }
    }

    @Test func aRootNotTrustedIsRefused() throws {
        let verifier = try TestChains.verifier(trusting: [TestChains.stranger.rootCertificate])
        #expect(TestChains.failure(of: try TestChains.token(), with: verifier) == .verificationFailed)
        // Trusting both, the token verifies: any trusted root will do.
        let both = try TestChains.verifier(trusting: [
            TestChains.stranger.rootCertificate, TestChains.sandbox.rootCertificate,
        ])
        #expect(TestChains.failure(of: try TestChains.token(), with: both) == nil)
    }

    @Test func theRootTheTokenCarriesIsNeverTrusted() throws {
        // The stranger's chain, with the trusted root put third: the intermediate does not lead to it.
        let stranger = TestChains.stranger
        let token = try TestChains.token(
            key: stranger.leafPrivateKey,
            chain: [stranger.leafCertificate, stranger.intermediateCertificate, TestChains.sandbox.rootCertificate])
        #expect(TestChains.failure(of: token, with: try TestChains.verifier()) == .verificationFailed)
    }

    @Test func aLeafFromAnotherChainIsRefused() throws {
        let sandbox = TestChains.sandbox
        let stranger = TestChains.stranger
        let chain = [stranger.leafCertificate, sandbox.intermediateCertificate, sandbox.rootCertificate]
        let token = try TestChains.token(key: stranger.leafPrivateKey, chain: chain)
        #expect(TestChains.failure(of: token, with: try TestChains.verifier()) == .verificationFailed)
    }

    @Test func aLeafSignedByAnotherKeyIsRefused() throws {
        var options = SigningIdentity.Options()
        options.leafSignedByUnrelatedKey = true
        let forged = try SigningIdentity.make(environment: "Sandbox", at: TestChains.issued, options: options)
        let token = try TestChains.token(
            key: forged.leafPrivateKey,
            chain: [forged.leafCertificate, forged.intermediateCertificate, forged.rootCertificate])
        #expect(
            TestChains.failure(of: token, with: try TestChains.verifier(trusting: [forged.rootCertificate]))
                == .verificationFailed)
        options = SigningIdentity.Options()
        options.intermediateSignedByUnrelatedKey = true
        let forgedIntermediate = try SigningIdentity.make(environment: "Sandbox", options: options)
        let verifier = try TestChains.verifier(trusting: [forgedIntermediate.rootCertificate])
        #expect(
            TestChains.failure(of: try TestChains.token(by: forgedIntermediate), with: verifier) == .verificationFailed)
    }

    @Test func anotherKeysSignatureIsRefused() throws {
        let token = try TestChains.token(
            key: TestChains.stranger.leafPrivateKey, chain: TestChains.sandbox.certificateChain)
        #expect(TestChains.failure(of: token, with: try TestChains.verifier()) == .verificationFailed)
    }

    @Test func aChangedPayloadOrHeaderIsRefused() throws {
        let token = try TestChains.token()
        let parts = token.split(separator: ".").map(String.init)
        var payload = try #require(Base64URL.decode(parts[1]))
        let index = try #require(payload.firstIndex(of: UInt8(ascii: "g")))  // in "com.example.gems"
        payload[index] = UInt8(ascii: "h")
        let changedPayload = parts[0] + "." + Base64URL.encode(payload) + "." + parts[2]
        #expect(TestChains.failure(of: changedPayload, with: try TestChains.verifier()) == .verificationFailed)
        var header = try #require(Base64URL.decode(parts[0]))
        header.insert(contentsOf: Array(#""typ":"JWT","#.utf8), at: 1)
        let changedHeader = Base64URL.encode(header) + "." + parts[1] + "." + parts[2]
        #expect(try CompactJWS(changedHeader).header.type == "JWT")
        #expect(TestChains.failure(of: changedHeader, with: try TestChains.verifier()) == .verificationFailed)
    }

    @Test func aHighSSignatureOfTheSameKeyIsAccepted() throws {
        let token = try TestChains.token()
        let parts = token.split(separator: ".").map(String.init)
        let signature = try #require(Base64URL.decode(parts[2]))
        let order: [UInt8] = [
            0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
            0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63, 0x25, 0x51,
        ]
        var highS = [UInt8](repeating: 0, count: 32)
        var borrow = 0
        for index in stride(from: 31, through: 0, by: -1) {
            var digit = Int(order[index]) - Int(signature[32 + index]) - borrow
            borrow = digit < 0 ? 1 : 0
            if digit < 0 { digit += 256 }
            highS[index] = UInt8(digit)
        }
        let malleated = parts[0] + "." + parts[1] + "." + Base64URL.encode(Array(signature[..<32]) + highS)
        #expect(TestChains.failure(of: malleated, with: try TestChains.verifier()) == nil)
        let truncated = parts[0] + "." + parts[1] + "." + Base64URL.encode(Array(signature.prefix(63)))
        #expect(TestChains.failure(of: truncated, with: try TestChains.verifier()) == .verificationFailed)
    }

    @Test(arguments: [
        #"{"alg":"none","#, #"{"alg":"HS256","#, #"{"alg":"ES384","#, #"{"alg":"es256","#, "{",
    ])
    func anAlgorithmOtherThanES256IsRefused(start: String) throws {
        let x5c = TestChains.sandbox.certificateChain.map { "\"\(Data($0).base64EncodedString())\"" }
        let header = start + #""x5c":["# + x5c.joined(separator: ",") + "]}"
        let token = TestChains.replacingHeader(of: try TestChains.token(), with: header)
        #expect(TestChains.failure(of: token, with: try TestChains.verifier()) == .verificationFailed)
    }

    @Test func malformedTokensAreInvalidFormat() throws {
        let verifier = try TestChains.verifier()
        let good = try TestChains.token()
        let parts = good.split(separator: ".").map(String.init)
        for token in [
            "", parts[0] + "." + parts[1], good + "." + parts[2], parts[0] + "!." + parts[1] + "." + parts[2],
            TestChains.replacingHeader(of: good, with: "not json"),
            String(repeating: "A", count: CompactJWS.maximumLength + 1),
        ] {
            #expect(TestChains.failure(of: token, with: verifier) == .invalidFormat)
        }
        let notThePayload = parts[0] + "." + Base64URL.encode(Array("[]".utf8)) + "." + parts[2]
        #expect(TestChains.failure(of: notThePayload, with: verifier) == .invalidFormat)
    }

    @Test func anOversizeTokenIsInvalidFormat() throws {
        let token = try TestChains.token(TestPayload(productId: String(repeating: "p", count: 70_000)))
        #expect(TestChains.failure(of: token, with: try TestChains.verifier()) == .invalidFormat)
    }

    @Test func aFailureMapsToTheCoresErrorAndAMessage() throws {
        let error = SignedDataVerificationError(.wrongEnvironment, detail: "environment Production")
        #expect(error.purchaseError.code == .verificationFailed)
        #expect(error.message == .keyed(.signedDataWrongEnvironment, arguments: []))
        let retry = SignedDataVerificationError(.retryable, detail: "offline")
        #expect(retry.purchaseError.code == .verificationUnavailable)
        #expect(retry.purchaseError.isRetryable)
        #expect(Set(MessageKey.signedDataKeys).count == 6)
    }
}
