import AppStoreSignedData
import Foundation

/// libFuzzer entry points: the input, as text, goes to the compact JWS decoder, to a
/// `SignedDataVerifier` trusting one fixed root (with and without its cache of verified chains, both
/// must answer alike), and to the signing identity's PEM reader; as bytes (one input in eight, by
/// length), it is signed as a payload and must then verify.
///
/// Compiled against the PurchaseCore and AppStoreSignedData modules built by
/// `Fuzz/run-signed-data.sh` (libcrypto linked). The identity is kept in `identity.pem` in the
/// working folder (made on the first run) so that the seeds it writes into `corpus/` stay valid
/// between runs.
enum Fixture {
    static let identity = FuzzIdentity.stored
    static let signer = try! JWSSigner(identity: identity)
    static let cached = verifier(caching: true)
    static let uncached = verifier(caching: false)

    static func verifier(caching: Bool) -> SignedDataVerifier {
        try! SignedDataVerifier(
            trustedRoots: [identity.rootCertificate], bundleID: "com.example.app", environment: "Sandbox",
            cachesVerifiedChains: caching, now: { Date(timeIntervalSince1970: 1_800_000_000) })
    }
}

/// The payload the verifier decodes.
struct FuzzPayload: Codable {
    var bundleId: String?
    var environment: String?
    var signedDate: Double?

    var claims: SignedDataClaims {
        SignedDataClaims(
            signedDate: signedDate.flatMap {
                $0.isFinite && abs($0) < 1e15 ? Date(timeIntervalSince1970: $0 / 1000) : nil
            },
            bundleID: bundleId, environment: environment)
    }
}

/// libFuzzer's start: writes tokens the fixed identity signed into `corpus/` as seeds.
@_cdecl("LLVMFuzzerInitialize")
public func signedDataFuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    let seeds = [
        #"{"bundleId":"com.example.app","environment":"Sandbox","signedDate":1800000000000}"#,
        #"{"bundleId":"com.example.app","environment":"Production","signedDate":1800000000000}"#,
        #"{"bundleId":"other","environment":"Sandbox"}"#,
        "[]",
    ]
    try? FileManager.default.createDirectory(atPath: "corpus", withIntermediateDirectories: true)
    for (index, seed) in seeds.enumerated() {
        let token = try! Fixture.signer.sign(payload: Array(seed.utf8))
        try? token.write(toFile: "corpus/seed-token-\(index)", atomically: true, encoding: .utf8)
    }
    try? Fixture.identity.pemText.write(toFile: "corpus/seed-identity", atomically: true, encoding: .utf8)
    return 0
}

/// libFuzzer's entry point for one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func signedDataFuzzTarget(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    let text = String(decoding: bytes, as: UTF8.self)
    checkDecoder(text)
    checkVerifier(text)
    _ = try? SigningIdentity(pemText: text)
    // Any payload the trusted identity signs verifies (checked for one input in eight: signing is
    // what costs most here).
    guard bytes.count % 8 == 0 else { return 0 }
    do {
        let token = try Fixture.signer.sign(payload: bytes.isEmpty ? [0] : bytes)
        if token.utf8.count <= CompactJWS.maximumLength {
            _ = try Fixture.cached.verifySignature(token)
        }
    } catch {
        preconditionFailure("a token the trusted identity signed does not verify: \(error)")
    }
    return 0
}

/// A decoded token is the canonical encoding of its parts.
private func checkDecoder(_ text: String) {
    guard let jws = try? CompactJWS(text) else { return }
    let encoded = [jws.headerBytes, jws.payload, jws.signature].map { Base64URL.encode($0) }.joined(separator: ".")
    precondition(encoded == text, "a decoded token is not the encoding of its parts")
    precondition(jws.signingInput == Array(text.utf8.prefix(jws.signingInput.count)))
}

/// The verifier answers with a value or its typed error, alike with and without its cache; what
/// verifies is the trusted identity's.
private func checkVerifier(_ text: String) {
    func answer(_ verifier: SignedDataVerifier) -> String {
        do {
            let verified = try verifier.verify(text, as: FuzzPayload.self) { $0.claims }
            precondition(verified.claims.bundleID == "com.example.app" && verified.claims.environment == "Sandbox")
            return "verified"
        } catch {
            precondition(!error.detail.isEmpty, "an error without detail")
            return "\(error.kind)"
        }
    }
    let first = answer(Fixture.cached)
    precondition(answer(Fixture.cached) == first, "the cached verifier changed its answer")
    precondition(answer(Fixture.uncached) == first, "the cache changed the answer")
    if let verified = try? Fixture.cached.verifySignature(text) {
        precondition(verified.chain.count == 3)
    }
}
