import AppStoreSignedData
import Foundation
import Testing

@Suite struct CompactJWSTests {
    @Test func aSignedTokenDecodesToItsParts() throws {
        let token = try TestChains.token()
        let jws = try CompactJWS(token)
        #expect(jws.header.algorithm == "ES256")
        #expect(jws.header.type == nil)
        let chain = try #require(jws.header.certificateChain)
        #expect(chain.map { Data(base64Encoded: $0).map(Array.init) } == TestChains.sandbox.certificateChain)
        #expect(try JSONDecoder().decode(TestPayload.self, from: Data(jws.payload)) == TestPayload())
        #expect(jws.signature.count == 64)
        let parts = token.split(separator: ".")
        #expect(jws.signingInput == Array((parts[0] + "." + parts[1]).utf8))
        #expect(String(decoding: jws.headerBytes, as: UTF8.self).hasPrefix(#"{"alg":"ES256","x5c":["#))
    }

    @Test func theSignerWritesLowSSignatures() throws {
        let halfOrder: [UInt8] = [
            0x7F, 0xFF, 0xFF, 0xFF, 0x80, 0x00, 0x00, 0x00, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
            0xDE, 0x73, 0x7D, 0x56, 0xD3, 0x8B, 0xCF, 0x42, 0x79, 0xDC, 0xE5, 0x61, 0x7E, 0x31, 0x92, 0xA8,
        ]
        let signer = try JWSSigner(identity: TestChains.sandbox)
        for index in 0..<32 {
            let jws = try CompactJWS(signer.sign(payload: Array("{\"n\":\(index)}".utf8)))
            #expect(!halfOrder.lexicographicallyPrecedes(jws.signature[32...]))
        }
    }

    /// Malformed tokens, each with the problem it must be.
    @Test func malformedTokensAreTypedErrors() throws {
        let good = try TestChains.token()
        let parts = good.split(separator: ".").map(String.init)
        let cases: [(String, CompactJWSError.Problem)] = [
            ("", .wrongPartCount(1)),
            (parts[0] + "." + parts[1], .wrongPartCount(2)),
            (good + "." + parts[2], .wrongPartCount(4)),
            (good + ".", .wrongPartCount(4)),
            ("." + parts[1] + "." + parts[2], .emptyPart(.header)),
            (parts[0] + ".." + parts[2], .emptyPart(.payload)),
            (parts[0] + "." + parts[1] + ".", .emptyPart(.signature)),
            (parts[0] + "=." + parts[1] + "." + parts[2], .invalidBase64URL(.header)),
            (parts[0] + "." + parts[1] + "+" + "." + parts[2], .invalidBase64URL(.payload)),
            (parts[0] + "." + parts[1] + "." + parts[2] + "*", .invalidBase64URL(.signature)),
            (good + "\n", .invalidBase64URL(.signature)),
        ]
        for (token, problem) in cases {
            #expect(throws: CompactJWSError(problem), "\(problem)") { try CompactJWS(token) }
        }
    }

    @Test(arguments: ["not json", "[1,2]", "\"ES256\"", #"{"alg":5}"#, #"{"x5c":"abc"}"#, "{"])
    func aHeaderThatIsNotAJSONObjectIsRefused(header: String) throws {
        let token = TestChains.replacingHeader(of: try TestChains.token(), with: header)
        #expect {
            try CompactJWS(token)
        } throws: { error in
            guard let error = error as? CompactJWSError, case .headerNotJSON = error.problem else { return false }
            return true
        }
    }

    @Test func anOversizeTokenIsRefusedBeforeDecoding() throws {
        let payload = TestPayload(productId: String(repeating: "x", count: CompactJWS.maximumLength))
        let token = try TestChains.token(payload)
        #expect(throws: CompactJWSError(.tooLarge(length: token.utf8.count))) { try CompactJWS(token) }
        let atLimit = String(repeating: "A", count: CompactJWS.maximumLength)
        #expect(throws: CompactJWSError(.wrongPartCount(1))) { try CompactJWS(atLimit) }
    }
}
