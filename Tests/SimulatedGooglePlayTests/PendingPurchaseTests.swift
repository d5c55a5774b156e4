import Foundation
import PurchaseCore
import Testing

@testable import SimulatedGooglePlay

/// Pending purchases of subscriptions, and who hears their completion; refunds that leave access.
struct PendingPurchaseTests {
    @Test func aPendingSubscriptionStartsWhenPaid() async throws {
        let play = await PlayHarness.make()
        await play.store.planNextPurchases(.pending)
        let pending = try #require(try await play.buy("premium", plan: "monthly").1)
        #expect(pending.purchaseState == .pending)
        #expect(await play.client.queryPurchases(.subs).1.map(\.purchaseState) == [.pending])
        #expect(try await play.record(pending.purchaseToken).subscription == nil)
        await play.store.advanceTime(by: 2 * 86_400)
        #expect(await play.store.completePendingPurchase(pending.purchaseToken))
        let record = try await play.record(pending.purchaseToken)
        let paidAt = PlayHarness.start + 2 * PlayHarness.day
        #expect(record.subscription?.startTime == paidAt)
        #expect(record.subscription?.expiryTime == paidAt + 31 * PlayHarness.day)
        #expect(record.purchasedTime == paidAt && record.purchaseTime == PlayHarness.start)
        #expect(await play.eventKinds(pending.purchaseToken) == [.pending, .purchased])
        #expect(PlayEvent.Kind.purchased.subscriptionNotificationType == 4)
    }

    @Test func everyConnectedDeviceOfThePersonHearsACompletion() async throws {
        let play = await PlayHarness.make()
        let tablet = await PlayHarness(store: play.store)
        let stranger = await PlayHarness(store: play.store, account: "other@example.com")
        await play.store.planNextPurchases(.pending)
        let pending = try #require(try await play.buy("remove.ads").1)
        #expect(tablet.heard.all.isEmpty)
        await play.store.completePendingPurchase(pending.purchaseToken)
        #expect(play.heard.last?.1?.first?.purchaseState == .purchased)
        #expect(tablet.heard.last?.1?.first?.purchaseToken == pending.purchaseToken)
        #expect(stranger.heard.all.isEmpty)
        // A device that was not connected finds it by querying.
        await tablet.client.endConnection()
        #expect(await tablet.client.startConnection().isOK)
        #expect(await tablet.client.queryPurchases(.inapp).1.map(\.purchaseState) == [.purchased])
    }

    @Test func aRefundWithoutRevocationLeavesAccess() async throws {
        let play = await PlayHarness.make()
        let purchase = try #require(try await play.buy("remove.ads").1)
        #expect(await play.client.acknowledgePurchase(purchase.purchaseToken).isOK)
        let voided = try #require(await play.store.refund(purchase.purchaseToken, revoke: false))
        #expect(voided.refundType == .fullRefund)
        #expect(await play.client.queryPurchases(.inapp).1.map(\.purchaseToken) == [purchase.purchaseToken])
        #expect(await play.eventKinds(purchase.purchaseToken) == [.purchased, .acknowledged, .voided])
        #expect(await play.store.refund(purchase.purchaseToken) == nil)
        // A subscription's order is refunded once; access stays without revocation.
        let subscription = try #require(try await play.buy("premium", plan: "monthly").1).purchaseToken
        #expect(await play.client.acknowledgePurchase(subscription).isOK)
        #expect(await play.store.refund(subscription, revoke: false) != nil)
        #expect(await play.store.refund(subscription, revoke: false) == nil)
        #expect(await play.client.queryPurchases(.subs).1.map(\.purchaseToken) == [subscription])
    }

    @Test func aConsumedPurchaseCanNeitherBeAcknowledgedNorRefunded() async throws {
        let play = await PlayHarness.make()
        let purchase = try #require(try await play.buy("gems.100").1)
        #expect(await play.client.consume(purchase.purchaseToken).0.isOK)
        #expect(await play.client.acknowledgePurchase(purchase.purchaseToken).responseCode == .itemNotOwned)
        let subscription = try #require(try await play.buy("premium", plan: "monthly").1)
        #expect(await play.client.consume(subscription.purchaseToken).0.responseCode == .developerError)
    }
}
