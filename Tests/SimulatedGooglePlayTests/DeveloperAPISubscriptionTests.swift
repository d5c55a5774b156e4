import Foundation
import PurchaseCore
import Testing

@testable import SimulatedGooglePlay

/// `purchases.subscriptionsv2.get` and `voidedpurchases.list` over HTTP on loopback.
struct DeveloperAPISubscriptionTests {
    @Test func aSubscriptionPurchaseIsGoogleJSONThroughItsStates() async throws {
        let api = try await DeveloperAPIHarness.make()
        let store = api.play.store
        let token = try #require(try await api.play.buy("premium", plan: "monthly", offer: "intro").1).purchaseToken
        let orderId = try await api.play.record(token).orderId
        let (status, first) = try await api.send("GET", "/subscriptionsv2/tokens/\(token)")
        var json = first
        #expect(status == 200)
        #expect(
            json["kind"] as? String == "androidpublisher#subscriptionPurchaseV2"
                && json["regionCode"] as? String == "US")
        #expect(json["startTime"] as? String == "2026-01-01T00:00:00Z")
        #expect(json["subscriptionState"] as? String == "SUBSCRIPTION_STATE_ACTIVE")
        #expect(json["acknowledgementState"] as? String == "ACKNOWLEDGEMENT_STATE_PENDING")
        #expect(json["latestOrderId"] as? String == orderId && json["linkedPurchaseToken"] == nil)
        let items = try #require(json["lineItems"] as? [[String: Any]])
        #expect(items.count == 1)
        let item = try #require(items.first)
        #expect(item["productId"] as? String == "premium" && item["expiryTime"] as? String == "2026-02-01T00:00:00Z")
        #expect(item["latestSuccessfulOrderId"] as? String == orderId)
        #expect((item["autoRenewingPlan"] as? [String: Any])?["autoRenewEnabled"] as? Bool == true)
        #expect(item["prepaidPlan"] == nil)
        let offer = try #require(item["offerDetails"] as? [String: Any])
        #expect(offer["basePlanId"] as? String == "monthly" && offer["offerId"] as? String == "intro")
        #expect(offer["offerTags"] as? [String] == [])

        #expect(try await api.send("POST", "/subscriptions/premium/tokens/\(token):acknowledge").status == 200)
        #expect(await store.cancelSubscription(token))
        (_, json) = try await api.send("GET", "/subscriptionsv2/tokens/\(token)")
        #expect(json["subscriptionState"] as? String == "SUBSCRIPTION_STATE_CANCELED")
        #expect(json["acknowledgementState"] as? String == "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED")
        #expect((json["canceledStateContext"] as? [String: Any])?["userInitiatedCancellation"] is [String: Any])
        let canceledItem = try #require((json["lineItems"] as? [[String: Any]])?.first)
        #expect((canceledItem["autoRenewingPlan"] as? [String: Any])?["autoRenewEnabled"] as? Bool == false)
        #expect(await store.restartSubscription(token))
        #expect(await store.schedulePause(token, for: SubscriptionPeriod("P2W")!))
        await store.advanceTime(by: 31 * 86_400)
        (_, json) = try await api.send("GET", "/subscriptionsv2/tokens/\(token)")
        #expect(json["subscriptionState"] as? String == "SUBSCRIPTION_STATE_PAUSED")
        #expect((json["pausedStateContext"] as? [String: Any])?["autoResumeTime"] as? String == "2026-02-15T00:00:00Z")
        await store.advanceTime(by: 14 * 86_400)
        (_, json) = try await api.send("GET", "/subscriptionsv2/tokens/\(token)")
        #expect(json["subscriptionState"] as? String == "SUBSCRIPTION_STATE_ACTIVE")
        #expect(json["latestOrderId"] as? String == (orderId ?? "") + "..0")
        #expect(await store.refund(token) != nil)
        (_, json) = try await api.send("GET", "/subscriptionsv2/tokens/\(token)")
        #expect(json["subscriptionState"] as? String == "SUBSCRIPTION_STATE_EXPIRED")
        let (late, error) = try await api.send("POST", "/subscriptions/premium/tokens/\(token):acknowledge")
        #expect(late == 409 && DeveloperAPIHarness.errorStatus(error) == "FAILED_PRECONDITION")
        await api.stop()
    }

    @Test func replacementsPendingPurchasesAndPrepaidPlansShowAsGoogleShowsThem() async throws {
        let api = try await DeveloperAPIHarness.make()
        let store = api.play.store
        let details = try await api.play.details("premium", .subs)
        let offerToken = details.subscriptionOfferDetails?.first { $0.basePlanId == "prepaid" }?.offerToken
        await api.play.client.launchBillingFlow(
            PlayBillingFlowParams(
                productDetailsParamsList: [.init(productDetails: details, offerToken: offerToken)],
                obfuscatedAccountId: "7C9E6679-7425-40DE-944B-E07FC1F90AE7"))
        let prepaid = try #require(api.play.heard.last?.1?.first).purchaseToken
        var (_, json) = try await api.send("GET", "/subscriptionsv2/tokens/\(prepaid)")
        let item = try #require((json["lineItems"] as? [[String: Any]])?.first)
        #expect(item["prepaidPlan"] is [String: Any] && item["autoRenewingPlan"] == nil)
        let identifiers = try #require(json["externalAccountIdentifiers"] as? [String: Any])
        #expect(identifiers["obfuscatedExternalAccountId"] as? String == "7C9E6679-7425-40DE-944B-E07FC1F90AE7")

        let plusToken = try #require(try await api.play.buy("premium.plus", plan: "monthly").1).purchaseToken
        let (_, plus) = try await api.play.buy(
            "basic", plan: "monthly", replacing: .init(oldPurchaseToken: plusToken, replacementMode: .chargeFullPrice))
        let new = try #require(plus).purchaseToken
        (_, json) = try await api.send("GET", "/subscriptionsv2/tokens/\(new)")
        #expect(json["linkedPurchaseToken"] as? String == plusToken)
        (_, json) = try await api.send("GET", "/subscriptionsv2/tokens/\(plusToken)")
        #expect(json["subscriptionState"] as? String == "SUBSCRIPTION_STATE_EXPIRED")

        await store.planNextPurchases(.pending)
        let pending = try #require(try await api.play.buy("premium.plus", plan: "monthly").1).purchaseToken
        (_, json) = try await api.send("GET", "/subscriptionsv2/tokens/\(pending)")
        #expect(json["subscriptionState"] as? String == "SUBSCRIPTION_STATE_PENDING")
        #expect(json["startTime"] == nil && json["latestOrderId"] == nil)
        #expect(try await api.send("POST", "/subscriptions/premium.plus/tokens/\(pending):acknowledge").status == 409)
        #expect(await store.cancelPendingPurchase(pending))
        (_, json) = try await api.send("GET", "/subscriptionsv2/tokens/\(pending)")
        #expect(json["subscriptionState"] as? String == "SUBSCRIPTION_STATE_PENDING_PURCHASE_CANCELED")
        await api.stop()
    }

    @Test func voidedPurchasesAreListedByWindowTypeAndPage() async throws {
        let api = try await DeveloperAPIHarness.make()
        let store = api.play.store
        var oneTime: [String] = []
        for _ in 0..<5 {
            let token = try #require(try await api.play.buy("gems.100").1).purchaseToken
            #expect(await store.refund(token, reason: .remorse, source: .user) != nil)
            oneTime.append(token)
            await store.advanceTime(by: 60)
        }
        let subscription = try #require(try await api.play.buy("premium", plan: "monthly").1).purchaseToken
        #expect(await store.refund(subscription) != nil)
        await store.advanceTime(by: 60)
        let partial = try #require(try await api.play.buy("gems.100", quantity: 4).1).purchaseToken
        let partialOrder = try await api.play.record(partial).orderId
        #expect(await store.refund(partial, quantity: 3, revoke: false) != nil)

        // The default: one-time products only, without partial refunds, in one page.
        var (status, json) = try await api.send("GET", "/voidedpurchases")
        #expect(status == 200 && json["tokenPagination"] == nil)
        var listed = try #require(json["voidedPurchases"] as? [[String: Any]])
        #expect(listed.compactMap { $0["purchaseToken"] as? String } == oneTime)
        let first = try #require(listed.first)
        #expect(first["kind"] as? String == "androidpublisher#voidedPurchase")
        #expect(
            first["purchaseTimeMillis"] as? String == "1767225600000"
                && first["voidedTimeMillis"] as? String == "1767225600000")
        #expect(first["voidedSource"] as? Int == 0 && first["voidedReason"] as? Int == 1)
        #expect(first["refundType"] as? Int == 1 && first["voidedQuantity"] == nil)
        #expect((first["orderId"] as? String)?.hasPrefix("GPA.") == true)

        // Subscriptions too, and partial refunds, two a page.
        var tokens: [String] = []
        var pageToken: String?
        var pages = 0
        repeat {
            var query = [
                URLQueryItem(name: "type", value: "1"), URLQueryItem(name: "maxResults", value: "2"),
                URLQueryItem(name: "includeQuantityBasedPartialRefund", value: "true"),
            ]
            if let pageToken { query.append(URLQueryItem(name: "token", value: pageToken)) }
            (status, json) = try await api.send("GET", "/voidedpurchases", query: query)
            #expect(status == 200)
            let page = try #require(json["voidedPurchases"] as? [[String: Any]])
            #expect(page.count <= 2)
            tokens += page.compactMap { $0["purchaseToken"] as? String }
            if let last = page.last, last["purchaseToken"] as? String == partial {
                #expect(last["refundType"] as? Int == 2 && last["voidedQuantity"] as? Int == 3)
                #expect(last["orderId"] as? String == partialOrder)
            }
            pageToken = (json["tokenPagination"] as? [String: Any])?["nextPageToken"] as? String
            pages += 1
        } while pageToken != nil && pages < 10
        #expect(pages == 4 && tokens == oneTime + [subscription, partial])

        // A window: from the third refund to the fourth, inclusive.
        let third = String(PlayHarness.start + 2 * 60_000)
        let fourth = String(PlayHarness.start + 3 * 60_000)
        (_, json) = try await api.send(
            "GET", "/voidedpurchases",
            query: [URLQueryItem(name: "startTime", value: third), URLQueryItem(name: "endTime", value: fourth)])
        listed = try #require(json["voidedPurchases"] as? [[String: Any]])
        #expect(listed.compactMap { $0["purchaseToken"] as? String } == Array(oneTime[2...3]))
        // An empty window leaves the list out, as Google does.
        (status, json) = try await api.send(
            "GET", "/voidedpurchases", query: [URLQueryItem(name: "endTime", value: String(PlayHarness.start - 1))])
        #expect(status == 200 && json.isEmpty)
        // After the last one-time refund only a subscription's and a partial refund follow: not listed by default.
        let later = String(PlayHarness.start + 4 * 60_000 + 1)
        (status, json) = try await api.send(
            "GET", "/voidedpurchases", query: [URLQueryItem(name: "startTime", value: later)])
        #expect(status == 200 && json.isEmpty)
        // A window that ends before it starts is refused.
        let afterNow = String(PlayHarness.start + 3_600_000)
        (status, json) = try await api.send(
            "GET", "/voidedpurchases", query: [URLQueryItem(name: "startTime", value: afterNow)])
        #expect(status == 400 && DeveloperAPIHarness.errorStatus(json) == "INVALID_ARGUMENT")
        // Bad parameters.
        for (name, value) in [
            ("type", "2"), ("maxResults", "0"), ("token", "garbage"), ("startTime", "yesterday"),
            ("includeQuantityBasedPartialRefund", "yes"),
        ] {
            (status, json) = try await api.send(
                "GET", "/voidedpurchases", query: [URLQueryItem(name: name, value: value)])
            #expect(status == 400 && DeveloperAPIHarness.errorStatus(json) == "INVALID_ARGUMENT", "\(name)=\(value)")
        }
        // Thirty days later the refunds are out of reach.
        await store.advanceTime(by: 31 * 86_400)
        (_, json) = try await api.send("GET", "/voidedpurchases", query: [URLQueryItem(name: "startTime", value: "0")])
        #expect(json.isEmpty)
        await api.stop()
    }
}
