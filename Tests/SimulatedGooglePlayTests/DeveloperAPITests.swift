import Foundation
import PurchaseCore
import Testing

@testable import SimulatedGooglePlay

/// The simulated Play Developer API over HTTP on loopback: each endpoint's answer in Google's JSON, its
/// errors, and acknowledgements and consumptions that follow the store's rules.
struct DeveloperAPITests {
    @Test func aRequestWithoutTheAccessTokenIsUnauthenticated() async throws {
        let api = try await DeveloperAPIHarness.make()
        let token = try #require(try await api.play.buy("gems.100").1).purchaseToken
        for bearer in [nil, "ya29.wrong", api.accessToken + "x"] {
            let (status, json) = try await api.send("GET", "/products/gems.100/tokens/\(token)", token: .some(bearer))
            #expect(status == 401 && DeveloperAPIHarness.errorStatus(json) == "UNAUTHENTICATED")
            #expect((json["error"] as? [String: Any])?["code"] as? Int == 401)
        }
        // A token set on the store replaces the old one.
        await api.play.store.setDeveloperAPIAccessToken("ya29.replaced")
        #expect(try await api.send("GET", "/products/gems.100/tokens/\(token)").status == 401)
        #expect(try await api.send("GET", "/products/gems.100/tokens/\(token)", token: "ya29.replaced").status == 200)
        #expect(api.accessToken.hasPrefix("ya29.") && api.accessToken.count == 125)
        await api.stop()
    }

    @Test func aProductPurchaseIsGoogleJSON() async throws {
        let api = try await DeveloperAPIHarness.make()
        let store = api.play.store
        let details = try await api.play.details("gems.100", .inapp)
        await api.play.client.launchBillingFlow(
            PlayBillingFlowParams(
                productDetailsParamsList: [.init(productDetails: details)], obfuscatedAccountId: "acct-1",
                obfuscatedProfileId: "profile-1", quantity: 2))
        let purchase = try #require(api.play.heard.last?.1?.first)
        let (status, json) = try await api.send("GET", "/products/gems.100/tokens/\(purchase.purchaseToken)")
        #expect(status == 200)
        #expect(json["kind"] as? String == "androidpublisher#productPurchase")
        #expect(json["purchaseTimeMillis"] as? String == "1767225600000")
        #expect(json["purchaseState"] as? Int == 0 && json["consumptionState"] as? Int == 0)
        #expect(json["acknowledgementState"] as? Int == 0 && json["orderId"] as? String == purchase.orderId)
        #expect(
            json["purchaseToken"] as? String == purchase.purchaseToken && json["productId"] as? String == "gems.100")
        #expect(json["quantity"] as? Int == 2 && json["refundableQuantity"] as? Int == 2)
        #expect(json["obfuscatedExternalAccountId"] as? String == "acct-1")
        #expect(json["obfuscatedExternalProfileId"] as? String == "profile-1")
        #expect(json["regionCode"] as? String == "US" && json["purchaseType"] == nil)
        #expect(await store.refund(purchase.purchaseToken, quantity: 1) != nil)
        let (_, refunded) = try await api.send("GET", "/products/gems.100/tokens/\(purchase.purchaseToken)")
        #expect(refunded["refundableQuantity"] as? Int == 1 && refunded["purchaseState"] as? Int == 0)
        await api.stop()
    }

    @Test func unknownTokensOtherAppsAndOtherProductsAreRefused() async throws {
        let api = try await DeveloperAPIHarness.make()
        let token = try #require(try await api.play.buy("gems.100").1).purchaseToken
        let subscription = try #require(try await api.play.buy("premium", plan: "monthly").1).purchaseToken
        let other = "/androidpublisher/v3/applications/com.other.app/purchases"
        let cases: [(String, String, Int, String)] = [
            ("GET", "/products/gems.100/tokens/nosuchtoken", 404, "NOT_FOUND"),
            ("GET", "\(other)/products/gems.100/tokens/\(token)", 404, "NOT_FOUND"),
            ("GET", "\(other)/subscriptionsv2/tokens/\(subscription)", 404, "NOT_FOUND"),
            ("POST", "\(other)/products/gems.100/tokens/\(token):acknowledge", 404, "NOT_FOUND"),
            ("GET", "/products/remove.ads/tokens/\(token)", 400, "INVALID_ARGUMENT"),
            ("POST", "/products/remove.ads/tokens/\(token):consume", 400, "INVALID_ARGUMENT"),
            ("GET", "/subscriptionsv2/tokens/\(token)", 400, "INVALID_ARGUMENT"),
            ("GET", "/products/premium/tokens/\(subscription)", 400, "INVALID_ARGUMENT"),
            ("POST", "/subscriptions/premium.plus/tokens/\(subscription):acknowledge", 400, "INVALID_ARGUMENT"),
            ("POST", "/products/premium/tokens/\(subscription):consume", 400, "INVALID_ARGUMENT"),
            ("POST", "/products/gems.100/tokens/\(token):refund", 404, "NOT_FOUND"),
            ("GET", "\(other)/voidedpurchases", 404, "NOT_FOUND"),
        ]
        for (method, path, expected, name) in cases {
            let (status, json) = try await api.send(method, path, body: method == "POST" ? Data("{}".utf8) : nil)
            #expect(status == expected && DeveloperAPIHarness.errorStatus(json) == name, "\(method) \(path)")
        }
        let (status, json) = try await api.send(
            "POST", "/products/gems.100/tokens/\(token):acknowledge", body: Data("not json".utf8))
        #expect(status == 400 && DeveloperAPIHarness.errorStatus(json) == "INVALID_ARGUMENT")
        #expect(!(try await api.play.record(token)).acknowledged)
        await api.stop()
    }

    @Test func acknowledgingThroughTheAPIPreventsTheThreeDayRefund() async throws {
        let api = try await DeveloperAPIHarness.make()
        let kept = try #require(try await api.play.buy("remove.ads").1).purchaseToken
        let (status, json) = try await api.send(
            "POST", "/products/remove.ads/tokens/\(kept):acknowledge",
            body: Data(#"{"developerPayload": "order-7"}"#.utf8))
        #expect(status == 200 && json.isEmpty)
        #expect(try await api.send("POST", "/products/remove.ads/tokens/\(kept):acknowledge").status == 200)
        let premium = try #require(try await api.play.buy("premium", plan: "monthly").1).purchaseToken
        #expect(
            try await api.send("POST", "/subscriptions/premium/tokens/\(premium):acknowledge", body: Data("{}".utf8))
                .status == 200)
        #expect(await api.play.eventKinds(kept) == [.purchased, .acknowledged])
        await api.play.store.advanceTime(by: 3 * 86_400)
        #expect(await api.play.store.voidedPurchases().isEmpty)
        let (_, product) = try await api.send("GET", "/products/remove.ads/tokens/\(kept)")
        #expect(product["acknowledgementState"] as? Int == 1 && product["purchaseState"] as? Int == 0)
        #expect(await api.play.client.queryPurchases(.inapp).1.map(\.purchaseToken) == [kept])
        // Without the acknowledgement a purchase is refunded, and can no longer be acknowledged.
        let forgotten = try #require(try await api.play.buy("gems.100").1).purchaseToken
        await api.play.store.advanceTime(by: 3 * 86_400)
        let (late, error) = try await api.send("POST", "/products/gems.100/tokens/\(forgotten):acknowledge")
        #expect(late == 409 && DeveloperAPIHarness.errorStatus(error) == "FAILED_PRECONDITION")
        let (_, revoked) = try await api.send("GET", "/products/gems.100/tokens/\(forgotten)")
        #expect(revoked["purchaseState"] as? Int == 1 && revoked["refundableQuantity"] as? Int == 0)
        await api.stop()
    }

    @Test func consumingThroughTheAPIFreesTheProductToBeBoughtAgain() async throws {
        let api = try await DeveloperAPIHarness.make()
        let token = try #require(try await api.play.buy("gems.100").1).purchaseToken
        #expect(try await api.play.buy("gems.100").0.responseCode == .itemAlreadyOwned)
        let (status, json) = try await api.send("POST", "/products/gems.100/tokens/\(token):consume")
        #expect(status == 200 && json.isEmpty)
        let record = try await api.play.record(token)
        #expect(record.consumed && record.acknowledged)
        #expect(await api.play.eventKinds(token) == [.purchased, .consumed])
        let (_, product) = try await api.send("GET", "/products/gems.100/tokens/\(token)")
        #expect(product["consumptionState"] as? Int == 1 && product["acknowledgementState"] as? Int == 1)
        let (again, error) = try await api.send("POST", "/products/gems.100/tokens/\(token):consume")
        #expect(again == 409 && DeveloperAPIHarness.errorStatus(error) == "FAILED_PRECONDITION")
        let (result, second) = try await api.play.buy("gems.100")
        #expect(result.isOK && second?.purchaseToken != token)
        // A pending purchase cannot be consumed yet.
        await api.play.store.planNextPurchases(.pending)
        let pending = try #require(try await api.play.buy("remove.ads").1).purchaseToken
        #expect(try await api.send("POST", "/products/remove.ads/tokens/\(pending):consume").status == 409)
        let (_, pendingJSON) = try await api.send("GET", "/products/remove.ads/tokens/\(pending)")
        #expect(pendingJSON["purchaseState"] as? Int == 2 && pendingJSON["orderId"] == nil)
        await api.stop()
    }
}
