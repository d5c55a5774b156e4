import Foundation
import PurchaseCore
import Testing

@testable import SimulatedGooglePlay

/// Play's rules for one-time products: acknowledgement within three days, consumption, ownership,
/// pending purchases, tokens that are not the person's, and refunds of part of a quantity.
struct OneTimePurchaseRuleTests {
    @Test func anUnacknowledgedPurchaseIsRefundedAndRevokedAfterThreeDays() async throws {
        let play = await PlayHarness.make()
        let (result, bought) = try await play.buy("remove.ads")
        #expect(result.responseCode == .ok)
        let purchase = try #require(bought)
        #expect(purchase.purchaseState == .purchased && !purchase.isAcknowledged)
        await play.store.advanceTime(by: 3 * 86_400 - 1)
        #expect(await play.client.queryPurchases(.inapp).1.map(\.purchaseToken) == [purchase.purchaseToken])
        await play.store.advanceTime(by: 1)
        #expect(await play.client.queryPurchases(.inapp).1.isEmpty)
        let record = try await play.record(purchase.purchaseToken)
        #expect(record.revoked)
        let voided = await play.store.voidedPurchases()
        #expect(voided.count == 1)
        #expect(voided.first?.orderId == purchase.orderId && voided.first?.voidedSource == .google)
        #expect(voided.first?.voidedTimeMillis == PlayHarness.start + 3 * PlayHarness.day)
        #expect(voided.first?.refundType == .fullRefund)
        #expect(await play.eventKinds(purchase.purchaseToken) == [.purchased, .voided, .revoked])
        // Acknowledging too late finds nothing owned.
        #expect(await play.client.acknowledgePurchase(purchase.purchaseToken).responseCode == .itemNotOwned)
    }

    @Test func anAcknowledgedPurchaseIsKept() async throws {
        let play = await PlayHarness.make()
        let purchase = try #require(try await play.buy("remove.ads").1)
        #expect(await play.client.acknowledgePurchase(purchase.purchaseToken).isOK)
        #expect(await play.client.acknowledgePurchase(purchase.purchaseToken).isOK)
        await play.store.advanceTime(by: 30 * 86_400)
        let owned = await play.client.queryPurchases(.inapp).1
        #expect(owned.map(\.purchaseToken) == [purchase.purchaseToken])
        #expect(owned.first?.isAcknowledged == true)
        #expect(await play.store.voidedPurchases().isEmpty)
    }

    @Test func pendingTimeDoesNotCountTowardTheDeadline() async throws {
        let play = await PlayHarness.make()
        await play.store.planNextPurchases(.pending)
        let (result, bought) = try await play.buy("remove.ads")
        #expect(result.isOK)
        let pending = try #require(bought)
        #expect(pending.purchaseState == .pending && pending.orderId == nil)
        #expect(!pending.originalJson.contains("orderId") && pending.originalJson.contains("\"purchaseState\":4"))
        await play.store.advanceTime(by: 5 * 86_400)
        #expect(await play.store.completePendingPurchase(pending.purchaseToken))
        let completed = try #require(play.heard.last?.1?.first)
        #expect(play.heard.last?.0.isOK == true)
        #expect(completed.purchaseState == .purchased && completed.purchaseToken == pending.purchaseToken)
        #expect(completed.orderId?.hasPrefix("GPA.") == true)
        await play.store.advanceTime(by: 3 * 86_400 - 1)
        #expect(await !(try play.record(pending.purchaseToken)).revoked)
        await play.store.advanceTime(by: 1)
        #expect(await (try play.record(pending.purchaseToken)).revoked)
    }

    @Test func aCancelledPendingPurchaseIsHeardAndGone() async throws {
        let play = await PlayHarness.make()
        await play.store.planNextPurchases(.pending)
        let pending = try #require(try await play.buy("gems.100").1)
        #expect(await play.client.queryPurchases(.inapp).1.map(\.purchaseState) == [.pending])
        // A pending purchase blocks buying the product again, and cannot be acknowledged yet.
        #expect(try await play.buy("gems.100").0.responseCode == .itemAlreadyOwned)
        #expect(await play.client.acknowledgePurchase(pending.purchaseToken).responseCode == .developerError)
        #expect(await play.store.cancelPendingPurchase(pending.purchaseToken))
        #expect(play.heard.last?.1?.first?.purchaseState == .unspecified)
        #expect(await play.client.queryPurchases(.inapp).1.isEmpty)
        #expect(await play.eventKinds(pending.purchaseToken) == [.pending, .pendingCanceled])
        #expect(PlayEvent.Kind.pendingCanceled.oneTimeProductNotificationType == 2)
        #expect(!(await play.store.completePendingPurchase(pending.purchaseToken)))
    }

    @Test func consumingAcknowledgesAndFreesTheProduct() async throws {
        let play = await PlayHarness.make()
        let first = try #require(try await play.buy("gems.100").1)
        let (again, nothing) = try await play.buy("gems.100")
        #expect(again.responseCode == .itemAlreadyOwned && nothing == nil)
        let (consumed, token) = await play.client.consume(first.purchaseToken)
        #expect(consumed.isOK && token == first.purchaseToken)
        #expect(try await play.record(first.purchaseToken).acknowledged)
        #expect(await play.client.queryPurchases(.inapp).1.isEmpty)
        #expect(await play.client.consume(first.purchaseToken).0.responseCode == .itemNotOwned)
        let second = try #require(try await play.buy("gems.100").1)
        #expect(second.purchaseToken != first.purchaseToken && second.orderId != first.orderId)
        // Consumed in time, the first purchase is never refunded.
        await play.store.advanceTime(by: 4 * 86_400)
        #expect(await play.store.voidedPurchases().map(\.purchaseToken) == [second.purchaseToken])
    }

    @Test func tokensThatAreNotThePersonsAreNotOwned() async throws {
        let play = await PlayHarness.make()
        let other = await PlayHarness(store: play.store, account: "other@example.com")
        let theirs = try #require(try await other.buy("remove.ads").1)
        #expect(await play.client.acknowledgePurchase(theirs.purchaseToken).responseCode == .itemNotOwned)
        #expect(await play.client.consume(theirs.purchaseToken).0.responseCode == .itemNotOwned)
        #expect(await play.client.acknowledgePurchase("no-such-token").responseCode == .itemNotOwned)
        #expect(await play.client.consume("").0.responseCode == .developerError)
        #expect(await play.client.acknowledgePurchase("").responseCode == .developerError)
        // Each person owns only their own.
        #expect(await play.client.queryPurchases(.inapp).1.isEmpty)
        #expect(try await play.buy("remove.ads").0.isOK)
    }

    @Test func plannedFailuresAndCancellationsReachTheListener() async throws {
        let play = await PlayHarness.make()
        await play.store.planNextPurchases(.userCanceled, .fail(.error), .fail(.networkError))
        #expect(try await play.buy("remove.ads").0.responseCode == .userCanceled)
        #expect(try await play.buy("remove.ads").0.responseCode == .error)
        #expect(try await play.buy("remove.ads").0.responseCode == .networkError)
        #expect(try await play.buy("remove.ads").0.responseCode == .ok)
        await play.store.updateControls { $0.unavailableProducts = ["gems.100"] }
        #expect(try await play.buy("gems.100").0.responseCode == .itemUnavailable)
    }

    @Test func aPartOfAQuantityIsRefunded() async throws {
        let play = await PlayHarness.make()
        let purchase = try #require(try await play.buy("gems.100", quantity: 5).1)
        #expect(purchase.quantity == 5)
        #expect(await play.client.acknowledgePurchase(purchase.purchaseToken).isOK)
        let partial = try #require(await play.store.refund(purchase.purchaseToken, quantity: 2))
        #expect(partial.refundType == .quantityBasedPartialRefund && partial.voidedQuantity == 2)
        #expect(await play.client.queryPurchases(.inapp).1.count == 1)
        let rest = try #require(await play.store.refund(purchase.purchaseToken))
        #expect(rest.refundType == .quantityBasedPartialRefund && rest.voidedQuantity == 3)
        #expect(await play.client.queryPurchases(.inapp).1.isEmpty)
        #expect(await play.store.refund(purchase.purchaseToken) == nil)
        let whole = try #require(try await play.buy("remove.ads").1)
        let full = try #require(await play.store.refund(whole.purchaseToken, reason: .remorse, source: .user))
        #expect(full.refundType == .fullRefund && full.voidedQuantity == nil && full.voidedReason == .remorse)
        #expect(await play.store.voidedPurchases().count == 3)
    }

    @Test func anUnacknowledgedPurchasePartlyRefundedIsRevokedWholeAtTheDeadline() async throws {
        let play = await PlayHarness.make()
        let token = try #require(try await play.buy("gems.100", quantity: 4).1).purchaseToken
        #expect(await play.store.refund(token, quantity: 3, revoke: false) != nil)
        await play.store.advanceTime(by: 3 * 86_400)
        let record = try await play.record(token)
        #expect(record.revoked && record.refundedQuantity == 4 && record.revokedQuantity == 4)
        let voided = await play.store.voidedPurchases()
        #expect(voided.map(\.voidedQuantity) == [3, 1] && voided.last?.voidedSource == .google)
        #expect(await play.eventKinds(token) == [.purchased, .voided, .voided, .revoked])
        // Everything refunded already: the deadline revokes without another refund.
        let other = try #require(try await play.buy("gems.100", quantity: 2).1).purchaseToken
        #expect(await play.store.refund(other, revoke: false) != nil)
        await play.store.advanceTime(by: 3 * 86_400)
        #expect(try await play.record(other).revoked)
        #expect(await play.eventKinds(other) == [.purchased, .voided, .revoked])
        #expect(await play.store.voidedPurchases().count == 3)
    }

    @Test func aQuantityNeedsAMultiQuantityProduct() async throws {
        let play = await PlayHarness.make()
        let details = try await play.details("remove.ads", .inapp)
        let result = await play.client.launchBillingFlow(
            PlayBillingFlowParams(productDetailsParamsList: [.init(productDetails: details)], quantity: 2))
        #expect(result.responseCode == .developerError)
        let long = String(repeating: "a", count: 65)
        let tooLong = await play.client.launchBillingFlow(
            PlayBillingFlowParams(productDetailsParamsList: [.init(productDetails: details)], obfuscatedAccountId: long)
        )
        #expect(tooLong.responseCode == .developerError)
        #expect(play.heard.all.isEmpty)
    }
}
