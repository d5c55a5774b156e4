import Foundation
import PurchaseCore
import Testing

@testable import SimulatedGooglePlay

/// The simulated Play signs each purchase it hands out with the app's key, and ``PlayPurchaseVerifier``
/// (the core's `ReceiptVerifier`) accepts exactly those, for the app and the product claimed.
struct PlayPurchaseVerifierTests {
    /// A store signing with the fixture key, so no test waits for a new RSA key.
    static func harness() async -> PlayHarness {
        await PlayHarness.make()
    }

    static func verifier(_ play: PlayHarness, packageName: String = "com.example.app") async throws
        -> PlayPurchaseVerifier
    {
        try PlayPurchaseVerifier(licenseKey: try await play.store.licenseKey(), packageName: packageName)
    }

    /// A transaction of `productID` carrying `signed`.
    static func transaction(_ productID: String, _ signed: PlaySignedPurchase?) -> StoreTransaction {
        StoreTransaction(
            id: "GPA.1", store: "google-play", productID: productID, productType: .nonConsumable,
            purchaseDate: Date(timeIntervalSince1970: 1_767_225_600), verificationData: signed?.verificationData)
    }

    /// The kind of ``PlaySignatureError`` under the `PurchaseError` that verifying `transaction` throws.
    static func refusal(_ verifier: PlayPurchaseVerifier, _ transaction: StoreTransaction) async
        -> PlaySignatureError.Kind?
    {
        do {
            _ = try await verifier.verify(transaction)
            return nil
        } catch let error as PurchaseError {
            #expect(error.code == .verificationFailed)
            #expect(error.productID == transaction.productID)
            return (error.underlyingError as? PlaySignatureError)?.kind
        } catch {
            Issue.record("not a PurchaseError: \(error)")
            return nil
        }
    }

    @Test func purchasesSignedByTheStoreVerify() async throws {
        let play = await Self.harness()
        #expect(try await play.store.licenseKey() == PlaySigningFixtures.licenseKey)
        let verifier = try await Self.verifier(play)
        let oneTime = try #require(try await play.buy("remove.ads").1)
        let several = try #require(try await play.buy("gems.100", quantity: 3).1)
        let subscription = try #require(try await play.buy("premium", plan: "monthly").1)
        for purchase in [oneTime, several, subscription] {
            #expect(!purchase.signature.isEmpty)
            let transaction = Self.transaction(purchase.products[0], purchase.signedPurchase)
            #expect(try await verifier.verify(transaction) == transaction)
        }
        let data = try verifier.verifiedData(several.signedPurchase, productID: nil)
        #expect(data.quantity == 3 && data.purchaseToken == several.purchaseToken && data.orderId == several.orderId)
    }

    @Test func aStoreMakesItsKeyOnFirstUseAndKeepsItInItsState() async throws {
        let play = await PlayHarness.make(makingItsOwnKey: true)
        #expect(await play.store.state.signingKeyPEM == nil)
        let purchase = try #require(try await play.buy("remove.ads").1)
        let pem = try #require(await play.store.state.signingKeyPEM)
        let licenseKey = try await play.store.licenseKey()
        #expect(licenseKey != PlaySigningFixtures.licenseKey)
        // A store rebuilt from the state signs with the same key.
        let rebuilt = SimulatedGooglePlay(products: PlayHarness.products, state: await play.store.state)
        #expect(try await rebuilt.licenseKey() == licenseKey)
        #expect(try PlaySigningKey(pemText: pem).licenseKey.base64 == licenseKey)
        let verifier = try PlayPurchaseVerifier(licenseKey: licenseKey, packageName: "com.example.app")
        #expect(await Self.refusal(verifier, Self.transaction("remove.ads", purchase.signedPurchase)) == nil)
        // Another app's store signs with another key, which this app's license key refuses.
        let other = try #require(try await Self.harness().buy("remove.ads").1)
        #expect(await Self.refusal(verifier, Self.transaction("remove.ads", other.signedPurchase)) == .signatureInvalid)
    }

    @Test func anotherProductOrAnotherAppIsRefused() async throws {
        let play = await Self.harness()
        let purchase = try #require(try await play.buy("remove.ads").1)
        let verifier = try await Self.verifier(play)
        #expect(await Self.refusal(verifier, Self.transaction("gems.100", purchase.signedPurchase)) == .wrongProduct)
        let otherApp = try await Self.verifier(play, packageName: "com.example.other")
        #expect(await Self.refusal(otherApp, Self.transaction("remove.ads", purchase.signedPurchase)) == .wrongPackage)
    }

    @Test func tamperedOrMissingDataIsRefused() async throws {
        let play = await Self.harness()
        let purchase = try #require(try await play.buy("gems.100").1)
        let verifier = try await Self.verifier(play)
        var tampered = purchase.signedPurchase
        tampered.purchaseData = tampered.purchaseData.replacingOccurrences(of: "\"quantity\":1", with: "\"quantity\":9")
        #expect(tampered.purchaseData != purchase.originalJson)
        #expect(await Self.refusal(verifier, Self.transaction("gems.100", tampered)) == .signatureInvalid)
        var badSignature = purchase.signedPurchase
        badSignature.signature = "%%%"
        #expect(await Self.refusal(verifier, Self.transaction("gems.100", badSignature)) == .malformedData)
        #expect(await Self.refusal(verifier, Self.transaction("gems.100", nil)) == .malformedData)
        var garbage = Self.transaction("gems.100", nil)
        garbage.verificationData = Data("not json".utf8)
        #expect(await Self.refusal(verifier, garbage) == .malformedData)
        // Signed by the app's key but not a purchase's JSON: the signature passes, the data does not.
        for text in ["[]", "{\"productId\":\"gems.100\"}", "not json"] {
            let signed = PlaySignedPurchase(
                purchaseData: text, signature: try PlaySignatureTests.fixtureKey.signature(of: text))
            #expect(await Self.refusal(verifier, Self.transaction("gems.100", signed)) == .malformedData)
        }
    }

    @Test func aPendingPurchaseIsSignedButNotAccepted() async throws {
        let play = await Self.harness()
        await play.store.planNextPurchases(.pending)
        let pending = try #require(try await play.buy("remove.ads").1)
        let verifier = try await Self.verifier(play)
        try verifier.licenseKey.checkSignature(pending.signature, of: pending.originalJson)
        #expect(await Self.refusal(verifier, Self.transaction("remove.ads", pending.signedPurchase)) == .notPurchased)
    }

    @Test func acknowledgingChangesTheJSONAndPlaySignsTheNewJSON() async throws {
        let play = await Self.harness()
        let verifier = try await Self.verifier(play)
        let bought = try #require(try await play.buy("remove.ads").1)
        #expect(bought.originalJson.hasSuffix("\"acknowledged\":false}"))
        #expect(await play.client.acknowledgePurchase(bought.purchaseToken).isOK)
        let acknowledged = try #require(await play.client.queryPurchases(.inapp).1.first)
        #expect(acknowledged.originalJson.hasSuffix("\"acknowledged\":true}"))
        #expect(acknowledged.signature != bought.signature)
        // Each JSON verifies with its own signature; the old signature does not cover the new JSON.
        for purchase in [bought, acknowledged] {
            #expect(await Self.refusal(verifier, Self.transaction("remove.ads", purchase.signedPurchase)) == nil)
        }
        let stale = PlaySignedPurchase(purchaseData: acknowledged.originalJson, signature: bought.signature)
        #expect(await Self.refusal(verifier, Self.transaction("remove.ads", stale)) == .signatureInvalid)
        // Unchanged, the purchase reads the same, signature included (PKCS#1 v1.5 is deterministic).
        let again = try #require(await play.client.queryPurchases(.inapp).1.first)
        #expect(again.originalJson == acknowledged.originalJson && again.signature == acknowledged.signature)
    }

    @Test func errorsMapToTheCoresCodes() {
        let kinds: [PlaySignatureError.Kind] = [
            .malformedData, .invalidKey, .signatureInvalid, .wrongPackage, .wrongProduct, .notPurchased,
        ]
        #expect(Set(kinds.map(\.rawValue)) == Set(1...6))
        for kind in kinds {
            let error = PlaySignatureError(kind, detail: "why")
            #expect(error.purchaseError.code == (kind == .invalidKey ? .providerMisconfigured : .verificationFailed))
            #expect((error.purchaseError.underlyingError as? PlaySignatureError)?.kind == kind)
        }
    }
}
