import Foundation
import PurchaseCore
import Testing

@testable import SimulatedGooglePlay

/// The billing client's shape: connections, product details, the purchase's JSON, response codes.
struct BillingClientTests {
    @Test func responseCodesHavePlaysNumbers() {
        let numbers = Dictionary(uniqueKeysWithValues: BillingResponseCode.allCases.map { ($0.name, $0.rawValue) })
        #expect(
            numbers == [
                "FEATURE_NOT_SUPPORTED": -2, "SERVICE_DISCONNECTED": -1, "OK": 0, "USER_CANCELED": 1,
                "SERVICE_UNAVAILABLE": 2, "BILLING_UNAVAILABLE": 3, "ITEM_UNAVAILABLE": 4, "DEVELOPER_ERROR": 5,
                "ERROR": 6, "ITEM_ALREADY_OWNED": 7, "ITEM_NOT_OWNED": 8, "NETWORK_ERROR": 12,
            ])
        #expect(PlayPurchaseState.pending.rawValue == 2 && PlayPurchaseState.purchased.rawValue == 1)
        #expect(PlayReplacementMode.deferred.rawValue == 6 && PlayReplacementMode.chargeFullPrice.rawValue == 5)
        #expect(Set(BillingResponseCode.allCases.map(\.messageKey)).count == BillingResponseCode.allCases.count)
    }

    @Test func everyCallNeedsAConnection() async throws {
        let store = SimulatedGooglePlay(products: PlayHarness.products)
        let heard = HeardUpdates()
        let client = PlayBillingClient(store: store, listener: heard.listener)
        #expect(await client.queryPurchases(.inapp).0.responseCode == .serviceDisconnected)
        #expect(
            await client.queryProductDetails([PlayQueryProduct("gems.100", .inapp)]).0.responseCode
                == .serviceDisconnected)
        #expect(await client.acknowledgePurchase("x").responseCode == .serviceDisconnected)
        #expect(await !client.isReady)
        #expect(await client.startConnection().isOK)
        #expect(await client.isReady)
        #expect(await client.queryPurchases(.inapp).0.isOK)
        await client.endConnection()
        #expect(await client.consume("x").0.responseCode == .serviceDisconnected)
        let dropped = Locked(false)
        #expect(await client.startConnection { dropped.withLock { $0 = true } }.isOK)
        await store.dropConnections()
        #expect(dropped.withLock { $0 })
        #expect(await client.queryPurchases(.subs).0.responseCode == .serviceDisconnected)
    }

    @Test func theControlsMakePlaysOtherAnswers() async throws {
        let play = await PlayHarness.make()
        await play.store.updateControls { $0.networkDown = true }
        #expect(await play.client.queryPurchases(.inapp).0.responseCode == .networkError)
        await play.store.updateControls {
            $0.networkDown = false
            $0.subscriptionsSupported = false
        }
        #expect(await play.client.isFeatureSupported("subscriptions").responseCode == .featureNotSupported)
        #expect(
            await play.client.queryProductDetails([PlayQueryProduct("premium", .subs)]).0.responseCode
                == .featureNotSupported)
        await play.store.updateControls { $0.serviceAvailable = false }
        #expect(await play.client.queryPurchases(.inapp).0.responseCode == .serviceUnavailable)
        await play.store.updateControls {
            $0.serviceAvailable = true
            $0.billingAvailable = false
        }
        let other = PlayBillingClient(store: play.store, listener: HeardUpdates().listener)
        #expect(await other.startConnection().responseCode == .billingUnavailable)
    }

    @Test func productDetailsAreOfOneTypeAndSkipUnknownProducts() async throws {
        let play = await PlayHarness.make()
        let (mixed, none) = await play.client.queryProductDetails([
            PlayQueryProduct("gems.100", .inapp), PlayQueryProduct("premium", .subs),
        ])
        #expect(mixed.responseCode == .developerError && none.isEmpty)
        let (result, found) = await play.client.queryProductDetails([
            PlayQueryProduct("gems.100", .inapp), PlayQueryProduct("nothing", .inapp),
            PlayQueryProduct("premium", .inapp),
        ])
        #expect(result.isOK && found.map(\.productId) == ["gems.100"])
        let gems = try #require(found.first?.oneTimePurchaseOfferDetails)
        #expect(gems.priceAmountMicros == 990_000 && gems.priceCurrencyCode == "USD" && gems.formattedPrice == "$0.99")
        #expect(found.first?.subscriptionOfferDetails == nil)
    }

    @Test func theOriginalJSONHoldsPlaysKeysInPlaysOrder() async throws {
        let play = await PlayHarness.make()
        let details = try await play.details("gems.100", .inapp)
        #expect(
            await play.client.launchBillingFlow(
                PlayBillingFlowParams(
                    productDetailsParamsList: [.init(productDetails: details)], obfuscatedAccountId: "acct-\"1\"",
                    obfuscatedProfileId: "profile-7", quantity: 3)
            ).isOK)
        let purchase = try #require(play.heard.last?.1?.first)
        let json = purchase.originalJson
        let keys = [
            "orderId", "packageName", "productId", "purchaseTime", "purchaseState", "purchaseToken",
            "obfuscatedAccountId", "obfuscatedProfileId", "quantity", "acknowledged",
        ]
        let positions = keys.map { json.range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["orderId"] as? String == purchase.orderId)
        #expect(object["packageName"] as? String == "com.example.app")
        #expect(object["purchaseTime"] as? Int == Int(PlayHarness.start))
        #expect(object["purchaseState"] as? Int == 0)
        #expect(object["purchaseToken"] as? String == purchase.purchaseToken)
        #expect(object["obfuscatedAccountId"] as? String == "acct-\"1\"")
        #expect(object["quantity"] as? Int == 3)
        #expect(object["acknowledged"] as? Bool == false)
        #expect(object["autoRenewing"] == nil)
        #expect(purchase.products == ["gems.100"] && purchase.obfuscatedProfileId == "profile-7")
        #expect(purchase.purchaseToken.count == 121)
    }

    @Test func aSubscriptionNeedsAValidOfferToken() async throws {
        let play = await PlayHarness.make()
        let details = try await play.details("premium", .subs)
        for token in [
            nil, "garbage", OfferToken.make("premium", "weekly", nil), OfferToken.make("basic", "monthly", nil),
        ] {
            let result = await play.client.launchBillingFlow(
                PlayBillingFlowParams(productDetailsParamsList: [.init(productDetails: details, offerToken: token)]))
            #expect(result.responseCode == .developerError, "\(token ?? "nil")")
        }
        #expect(play.heard.all.isEmpty)
    }
}
