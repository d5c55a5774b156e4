import Foundation
import PurchaseCore
import Testing

@testable import SimulatedGooglePlay

/// What the simulated Play signs over a purchase's life, and the signed data a transaction carries kept
/// byte for byte.
struct PlaySignedDataTests {
    @Test func aRenewalChangesTheOrderIdAndTheSignedJSON() async throws {
        let play = await PlayHarness.make()
        let verifier = try await PlayPurchaseVerifierTests.verifier(play)
        let bought = try #require(try await play.buy("premium", plan: "monthly").1)
        #expect(await play.client.acknowledgePurchase(bought.purchaseToken).isOK)
        await play.store.advanceTime(by: 31 * 86_400)
        let renewed = try #require(await play.client.queryPurchases(.subs).1.first)
        let orderId = try #require(bought.orderId)
        #expect(renewed.orderId == orderId + "..0")
        #expect(renewed.originalJson.contains("\"orderId\":\"\(orderId)..0\""))
        let data = try verifier.verifiedData(renewed.signedPurchase, productID: "premium")
        #expect(data.orderId == orderId + "..0" && data.autoRenewing == true && data.acknowledged == true)
        let stale = PlaySignedPurchase(purchaseData: renewed.originalJson, signature: bought.signature)
        #expect(
            PlaySignatureTests.kind { () throws(PlaySignatureError) in
                _ = try verifier.verifiedData(stale, productID: "premium")
            } == .signatureInvalid)
    }

    @Test func escapedAndNonASCIIDataSurvivesTheVerificationData() async throws {
        let play = await PlayHarness.make()
        let details = try await play.details("remove.ads", .inapp)
        // A decomposed and a precomposed é, an emoji, a quote, a backslash and a slash.
        let account = "e\u{301}\u{e9}🎮\"\\/x"
        let opened = await play.client.launchBillingFlow(
            PlayBillingFlowParams(
                productDetailsParamsList: [.init(productDetails: details)], obfuscatedAccountId: account))
        #expect(opened.isOK)
        let purchase = try #require(play.heard.last?.1?.first)
        let carried = try PlaySignedPurchase(verificationData: purchase.signedPurchase.verificationData)
        #expect(Array(carried.purchaseData.utf8) == Array(purchase.originalJson.utf8))
        let verifier = try await PlayPurchaseVerifierTests.verifier(play)
        let data = try verifier.verifiedData(carried, productID: "remove.ads")
        #expect(data.obfuscatedAccountId.map { Array($0.unicodeScalars) } == Array(account.unicodeScalars))
    }
}
