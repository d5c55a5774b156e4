import Foundation
import PurchaseCore
import Testing

@testable import SimulatedGooglePlay

/// Play's purchase signatures at the key level: `SHA1withRSA` as another implementation makes it, and
/// every kind of bad key, bad signature and bad data refused with its kind.
struct PlaySignatureTests {
    static let fixtureKey = PlaySignatureTests.load()

    static func load() -> PlaySigningKey {
        // The fixture is a valid key; a failure here fails every test that uses it.
        (try? PlaySigningKey(pemText: PlaySigningFixtures.privateKeyPEM)) ?? { fatalError("fixture key") }()
    }

    static func licenseKey() throws -> PlayLicenseKey {
        try PlayLicenseKey(base64: PlaySigningFixtures.licenseKey)
    }

    /// The kind `body` throws, or `nil` when it returns.
    static func kind(_ body: () throws(PlaySignatureError) -> Void) -> PlaySignatureError.Kind? {
        do {
            try body()
            return nil
        } catch {
            return error.kind
        }
    }

    @Test func signaturesMatchOpenSSLsSHA1withRSA() throws {
        let key = Self.fixtureKey
        #expect(key.licenseKey.base64 == PlaySigningFixtures.licenseKey)
        #expect(try key.signature(of: PlaySigningFixtures.purchaseData) == PlaySigningFixtures.signature)
        try Self.licenseKey().checkSignature(PlaySigningFixtures.signature, of: PlaySigningFixtures.purchaseData)
    }

    @Test func aKeyKeepsItsPairThroughItsPEMText() throws {
        let key = try PlaySigningKey.generate()
        let read = try PlaySigningKey(pemText: try key.pemText())
        #expect(read.licenseKey.base64 == key.licenseKey.base64)
        #expect(try read.signature(of: "{}") == key.signature(of: "{}"))
        #expect(try PlayLicenseKey(base64: key.licenseKey.base64).base64 == key.licenseKey.base64)
    }

    @Test(arguments: [0, 1, 40, 100, PlaySigningFixtures.purchaseData.utf8.count - 1])
    func oneChangedByteOfTheDataIsRefused(at offset: Int) throws {
        var bytes = Array(PlaySigningFixtures.purchaseData.utf8)
        bytes[offset] = bytes[offset] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")
        let changed = String(decoding: bytes, as: UTF8.self)
        let key = try Self.licenseKey()
        #expect(
            Self.kind { () throws(PlaySignatureError) in
                try key.checkSignature(PlaySigningFixtures.signature, of: changed)
            } == .signatureInvalid)
    }

    @Test(arguments: [0, 100, 255])
    func oneChangedByteOfTheSignatureIsRefused(at offset: Int) throws {
        var bytes = try #require(Data(base64Encoded: PlaySigningFixtures.signature))
        #expect(bytes.count == 256)
        bytes[offset] ^= 0x01
        let key = try Self.licenseKey()
        #expect(
            Self.kind { () throws(PlaySignatureError) in
                try key.checkSignature(bytes.base64EncodedString(), of: PlaySigningFixtures.purchaseData)
            } == .signatureInvalid)
    }

    @Test func aSignatureByAnotherKeyIsRefused() throws {
        let other = try PlaySigningKey.generate()
        let signature = try other.signature(of: PlaySigningFixtures.purchaseData)
        let key = try Self.licenseKey()
        #expect(
            Self.kind { () throws(PlaySignatureError) in
                try key.checkSignature(signature, of: PlaySigningFixtures.purchaseData)
            } == .signatureInvalid)
        try other.licenseKey.checkSignature(signature, of: PlaySigningFixtures.purchaseData)
    }

    @Test(arguments: [
        PlaySigningFixtures.rsa1024LicenseKey, PlaySigningFixtures.p256LicenseKey, PlaySigningFixtures.privateKeyBase64,
        String(PlaySigningFixtures.licenseKey.dropLast(8)), PlaySigningFixtures.licenseKey + "AAAA", "not base64!", "",
    ])
    func aKeyThatIsNotA2048BitRSAPublicKeyIsRefused(licenseKey: String) {
        #expect(
            Self.kind { () throws(PlaySignatureError) in _ = try PlayLicenseKey(base64: licenseKey) } == .invalidKey)
        do {
            _ = try PlayPurchaseVerifier(licenseKey: licenseKey, packageName: "com.example.app")
            Issue.record("accepted \(licenseKey)")
        } catch {
            #expect(error.purchaseError.code == .providerMisconfigured)
        }
    }

    @Test func aPrivateKeyOfAnotherTypeOrSizeIsRefused() {
        #expect(Self.kind { () throws(PlaySignatureError) in _ = try PlaySigningKey(pemText: "no key") } == .invalidKey)
        #expect(Self.kind { () throws(PlaySignatureError) in _ = try PlaySigningKey(pemText: "") } == .invalidKey)
    }

    @Test(arguments: ["", "@@@@", "abc", "AAAA AAAA"])
    func aSignatureThatIsNotBase64IsRefused(signature: String) throws {
        let key = try Self.licenseKey()
        #expect(
            Self.kind { () throws(PlaySignatureError) in
                try key.checkSignature(signature, of: PlaySigningFixtures.purchaseData)
            } == .malformedData)
    }

    @Test func emptyDataIsRefused() throws {
        let key = try Self.licenseKey()
        let signature = try Self.fixtureKey.signature(of: "")
        #expect(
            Self.kind { () throws(PlaySignatureError) in try key.checkSignature(signature, of: "") } == .malformedData)
    }

    @Test func verifyingNeedsThePublicKeyOnly() async throws {
        // The verifier is built from Play Console's text alone: no private key, no store.
        let verifier = try PlayPurchaseVerifier(
            licenseKey: PlaySigningFixtures.licenseKey, packageName: "com.example.app")
        let signed = PlaySignedPurchase(
            purchaseData: PlaySigningFixtures.purchaseData, signature: PlaySigningFixtures.signature)
        let data = try verifier.verifiedData(signed, productID: "remove.ads")
        #expect(data.orderId == "GPA.1234-5678-9012-34567" && data.purchaseToken == "abc")
        #expect(!verifier.licenseKey.holdsPrivateKey)
        // A signing key's own license key is its public half alone.
        #expect(Self.fixtureKey.key.hasPrivateHalf)
        #expect(!Self.fixtureKey.licenseKey.holdsPrivateKey)
        // A private key where the public key belongs is refused, so a verifier never holds one.
        #expect(
            Self.kind { () throws(PlaySignatureError) in
                _ = try PlayLicenseKey(base64: PlaySigningFixtures.privateKeyBase64)
            } == .invalidKey)
    }
}
