import Foundation
import PurchaseCore
import Testing

@testable import SimulatedGooglePlay

/// Every change Play announces becomes its real-time developer notification, with Play's type numbers,
/// inside a Pub/Sub push body that decodes back to it.
struct DeveloperNotificationTests {
    /// What Play sends for each kind of change: a subscription's type, a one-time product's type, a voided
    /// purchase notification (`voided`), or nothing (`nil`).
    enum Expected: Equatable {
        case subscription(Int)
        case oneTime(Int)
        case voided
    }

    static let subscriptionTable: [PlayEvent.Kind: Expected?] = [
        .purchased: .subscription(4), .pending: nil, .pendingCanceled: .subscription(20), .acknowledged: nil,
        .renewed: .subscription(2), .recovered: .subscription(1), .canceled: .subscription(3),
        .restarted: .subscription(7), .inGracePeriod: .subscription(6), .onHold: .subscription(5),
        .pauseScheduleChanged: .subscription(11), .paused: .subscription(10), .resumed: .subscription(2),
        .expired: .subscription(13), .revoked: .subscription(12), .voided: .voided, .replaced: nil,
    ]

    static let oneTimeTable: [PlayEvent.Kind: Expected?] = [
        .purchased: .oneTime(1), .pending: nil, .pendingCanceled: .oneTime(2), .acknowledged: nil, .consumed: nil,
        .voided: .voided, .revoked: nil,
    ]

    /// A store through every kind of change of subscriptions and one-time products.
    static func everyKindOfChange() async throws -> PlayHarness {
        let play = await PlayHarness.make()
        let store = play.store
        // A subscription through cancel, restart, renewal, pause, declined renewals, recovery and a refund.
        let premium = try #require(try await play.buy("premium", plan: "monthly").1).purchaseToken
        #expect(await play.client.acknowledgePurchase(premium).isOK)
        #expect(await store.cancelSubscription(premium))
        #expect(await store.restartSubscription(premium))
        await store.advanceTime(by: 31 * 86_400)
        #expect(await store.schedulePause(premium, for: SubscriptionPeriod("P1W")!))
        await store.advanceTime(by: 29 * 86_400)
        #expect(await store.resumeSubscription(premium))
        #expect(await store.setRenewalsFail(premium))
        await store.advanceTime(by: 40 * 86_400)
        #expect(await store.recoverBilling(premium))
        #expect(await store.refund(premium) != nil)
        // A pending subscription cancelled, a plan that expires, a replaced one.
        await store.planNextPurchases(.pending)
        let pending = try #require(try await play.buy("basic", plan: "monthly").1).purchaseToken
        #expect(await store.cancelPendingPurchase(pending))
        let basic = try #require(try await play.buy("basic", plan: "monthly").1).purchaseToken
        #expect(await play.client.acknowledgePurchase(basic).isOK)
        #expect(await store.cancelSubscription(basic))
        let yearly = try #require(try await play.buy("premium", plan: "yearly").1).purchaseToken
        #expect(await play.client.acknowledgePurchase(yearly).isOK)
        let (replaced, plus) = try await play.buy(
            "premium.plus", plan: "monthly",
            replacing: .init(oldPurchaseToken: yearly, replacementMode: .withTimeProration))
        #expect(replaced.isOK)
        #expect(await play.client.acknowledgePurchase(try #require(plus).purchaseToken).isOK)
        await store.advanceTime(by: 32 * 86_400)
        // One-time products: a partial refund, a consumption, a purchase never acknowledged, a pending one cancelled.
        let gems = try #require(try await play.buy("gems.100", quantity: 3).1).purchaseToken
        #expect(await play.client.acknowledgePurchase(gems).isOK)
        #expect(await store.refund(gems, quantity: 1) != nil)
        #expect(await play.client.consume(gems).0.isOK)
        _ = try #require(try await play.buy("remove.ads").1)
        await store.advanceTime(by: 3 * 86_400)
        await store.planNextPurchases(.pending)
        let pendingGems = try #require(try await play.buy("gems.100").1).purchaseToken
        #expect(await store.cancelPendingPurchase(pendingGems))
        return play
    }

    @Test func eachEventKindBecomesItsNotification() async throws {
        let play = try await Self.everyKindOfChange()
        let events = await play.store.events()
        let voided = await play.store.voidedPurchases()
        let pushes = await play.store.pendingPushes()
        var seen: [PlayProductType: Set<PlayEvent.Kind>] = [:]
        var pushIndex = 0
        var voidedIndex = 0
        for event in events {
            seen[event.productType, default: []].insert(event.kind)
            let table = event.productType == .subs ? Self.subscriptionTable : Self.oneTimeTable
            let expected = try #require(table[event.kind], "no expectation for \(event.kind) of \(event.productType)")
            guard let expected else { continue }
            let push = try #require(pushIndex < pushes.count ? pushes[pushIndex] : nil)
            pushIndex += 1
            let notification = push.notification
            #expect(notification.packageName == "com.example.app")
            #expect(notification.eventTimeMillis == String(event.time) && push.publishTime == event.time)
            switch expected {
            case .subscription(let type):
                #expect(notification.subscriptionNotification?.notificationType == type, "\(event.kind)")
                #expect(notification.subscriptionNotification?.purchaseToken == event.purchaseToken)
                #expect(notification.subscriptionNotification?.subscriptionId == event.productId)
                #expect(
                    notification.oneTimeProductNotification == nil && notification.voidedPurchaseNotification == nil)
            case .oneTime(let type):
                #expect(notification.oneTimeProductNotification?.notificationType == type, "\(event.kind)")
                #expect(notification.oneTimeProductNotification?.sku == event.productId)
                #expect(notification.subscriptionNotification == nil && notification.voidedPurchaseNotification == nil)
            case .voided:
                let refund = voided[voidedIndex]
                voidedIndex += 1
                let member = try #require(notification.voidedPurchaseNotification)
                #expect(member.purchaseToken == event.purchaseToken && member.orderId == refund.orderId)
                #expect(member.productType == (event.productType == .subs ? 1 : 2))
                #expect(member.refundType == refund.refundType.rawValue)
                #expect(notification.subscriptionNotification == nil && notification.oneTimeProductNotification == nil)
            }
        }
        #expect(pushIndex == pushes.count)
        #expect(voidedIndex == voided.count)
        // The scenario reached every kind in both tables.
        #expect(seen[.subs] == Set(Self.subscriptionTable.keys))
        #expect(seen[.inapp] == Set(Self.oneTimeTable.keys))
        // The partial refund is quantity-based, the unacknowledged purchase's refund whole.
        let refundTypes = pushes.compactMap { $0.notification.voidedPurchaseNotification }.map(\.refundType)
        #expect(refundTypes == [1, 2, 1])
        #expect(Set(pushes.map(\.messageId)).count == pushes.count)
    }

    @Test func aPushBodyIsPubSubsJSONAndDecodesBackToTheNotification() async throws {
        let play = await PlayHarness.make()
        let token = try #require(try await play.buy("gems.100").1).purchaseToken
        let push = try #require(await play.store.takeDuePushes().first)
        let object = try #require(try JSONSerialization.jsonObject(with: push.body) as? [String: Any])
        let message = try #require(object["message"] as? [String: Any])
        #expect(object["subscription"] as? String == push.subscription)
        #expect(push.subscription.wholeMatch(of: /projects\/[^\/]+\/subscriptions\/[^\/]+/) != nil)
        #expect(message["messageId"] as? String == push.messageId && message["message_id"] as? String == push.messageId)
        #expect((message["attributes"] as? [String: String])?.isEmpty == true)
        // Bought at 2026-01-01T00:00:00Z, a whole second: no fractional digits.
        #expect(message["publishTime"] as? String == "2026-01-01T00:00:00Z")
        #expect(message["publish_time"] as? String == "2026-01-01T00:00:00Z")
        let base64 = try #require(message["data"] as? String)
        let data = try #require(Data(base64Encoded: base64))
        let inner = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(inner["version"] as? String == "1.0" && inner["eventTimeMillis"] as? String == "1767225600000")
        let oneTime = try #require(inner["oneTimeProductNotification"] as? [String: Any])
        #expect(oneTime["notificationType"] as? Int == 1 && oneTime["sku"] as? String == "gems.100")
        #expect(oneTime["purchaseToken"] as? String == token && oneTime["version"] as? String == "1.0")
        #expect(inner.keys.sorted() == ["eventTimeMillis", "oneTimeProductNotification", "packageName", "version"])
        let decoded = try JSONDecoder().decode(PubSubPushBody.self, from: push.body)
        #expect(try decoded.developerNotification() == push.notification)
        #expect(decoded == push.pushBody)
    }

    @Test func aTestNotificationIsPublishedOnDemand() async throws {
        let play = await PlayHarness.make()
        await play.store.advanceTime(by: 1.25)
        let push = await play.store.publishTestNotification()
        #expect(push.notification.testNotification == DeveloperNotification.TestNotification())
        #expect(push.notification.eventTimeMillis == "1767225601250")
        let body = try JSONDecoder().decode(PubSubPushBody.self, from: push.body)
        #expect(body.message.publishTime == "2026-01-01T00:00:01.250Z")
        #expect(try body.developerNotification().testNotification?.version == "1.0")
        #expect(await play.store.takeDuePushes().map(\.messageId) == [push.messageId])
    }

    @Test func timesAreWrittenAsRFC3339InUTC() {
        #expect(PlayTimestamp.rfc3339(0) == "1970-01-01T00:00:00Z")
        #expect(PlayTimestamp.rfc3339(951_782_400_007) == "2000-02-29T00:00:00.007Z")
        #expect(PlayTimestamp.rfc3339(1_798_761_599_999) == "2026-12-31T23:59:59.999Z")
        #expect(PlayTimestamp.rfc3339(-1) == "1969-12-31T23:59:59.999Z")
    }
}
