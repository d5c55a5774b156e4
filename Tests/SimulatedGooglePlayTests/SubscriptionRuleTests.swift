import Foundation
import PurchaseCore
import Testing

@testable import SimulatedGooglePlay

/// Play's rules for subscriptions: renewals under one token with `..N` order ids, offer phases, grace
/// period then account hold, recovery, pause and resume, cancellation and restart, refunds.
struct SubscriptionRuleTests {
    static let day = PlayHarness.day
    static let start = PlayHarness.start
    /// 2026-02-01, 2026-03-01, 2026-04-01 in milliseconds.
    static let february: Int64 = 1_769_904_000_000
    static let march: Int64 = 1_772_323_200_000
    static let april: Int64 = 1_775_001_600_000

    @Test func renewalsKeepTheTokenAndNumberTheirOrders() async throws {
        let play = await PlayHarness.make()
        let purchase = try #require(try await play.buy("premium", plan: "monthly").1)
        #expect(purchase.isAutoRenewing)
        #expect(await play.client.acknowledgePurchase(purchase.purchaseToken).isOK)
        let orderId = try #require(purchase.orderId)
        #expect(orderId.wholeMatch(of: /GPA\.\d{4}-\d{4}-\d{4}-\d{5}/) != nil)
        await play.store.advanceTime(by: 31 * 86_400)
        await play.store.advanceTime(by: 28 * 86_400)
        let owned = await play.client.queryPurchases(.subs).1
        #expect(owned.map(\.purchaseToken) == [purchase.purchaseToken])
        #expect(owned.first?.orderId == orderId + "..1")
        let record = try await play.record(purchase.purchaseToken)
        #expect(record.orders.map(\.orderId) == [orderId, orderId + "..0", orderId + "..1"])
        #expect(record.orders.map(\.time) == [Self.start, Self.february, Self.march])
        #expect(record.subscription?.expiryTime == Self.april)
        #expect(await play.eventKinds(purchase.purchaseToken) == [.purchased, .acknowledged, .renewed, .renewed])
        // Renewals need no acknowledgement.
        #expect(await play.store.voidedPurchases().isEmpty)
    }

    @Test func anOfferChargesItsPhasesThenTheBasePlan() async throws {
        let play = await PlayHarness.make()
        let details = try await play.details("premium", .subs)
        let offers = try #require(details.subscriptionOfferDetails)
        #expect(offers.map(\.basePlanId) == ["monthly", "monthly", "monthly", "yearly", "prepaid"])
        let trial = try #require(offers.first { $0.offerId == "trial" })
        #expect(trial.pricingPhases.map(\.billingPeriod) == ["P1W", "P1M"])
        #expect(trial.pricingPhases.map(\.priceAmountMicros) == [0, 4_990_000])
        #expect(trial.pricingPhases.map(\.recurrenceMode) == [.nonRecurring, .infiniteRecurring])
        #expect(trial.pricingPhases.map(\.billingCycleCount) == [1, 0])
        let intro = try #require(offers.first { $0.offerId == "intro" })
        #expect(intro.pricingPhases.first?.recurrenceMode == .finiteRecurring)
        #expect(intro.pricingPhases.first?.formattedPrice == "$1.99")
        let prepaid = try #require(offers.first { $0.basePlanId == "prepaid" })
        #expect(prepaid.pricingPhases.map(\.recurrenceMode) == [.nonRecurring])
        #expect(details.title == "Premium (Example)")

        let purchase = try #require(try await play.buy("premium", plan: "monthly", offer: "intro").1)
        #expect(await play.client.acknowledgePurchase(purchase.purchaseToken).isOK)
        await play.store.advanceTime(by: 80 * 86_400)
        let prices = try await play.record(purchase.purchaseToken).orders.map(\.priceMicros)
        #expect(prices == [1_990_000, 1_990_000, 4_990_000])
        // Having had the subscription, the person is no longer shown the new-customer trial.
        let shown = try await play.details("premium", .subs).subscriptionOfferDetails?.compactMap(\.offerId)
        #expect(shown == ["intro"])
    }

    @Test func aFreeTrialLastsItsPhase() async throws {
        let play = await PlayHarness.make()
        let purchase = try #require(try await play.buy("premium", plan: "monthly", offer: "trial").1)
        #expect(await play.client.acknowledgePurchase(purchase.purchaseToken).isOK)
        let record = try await play.record(purchase.purchaseToken)
        #expect(record.orders.first?.priceMicros == 0)
        #expect(record.subscription?.expiryTime == Self.start + 7 * Self.day)
        await play.store.advanceTime(by: 7 * 86_400)
        let renewed = try await play.record(purchase.purchaseToken)
        #expect(renewed.orders.last?.priceMicros == 4_990_000)
        #expect(renewed.subscription?.expiryTime == PlayHarness.start + 7 * Self.day + 31 * Self.day)
    }

    @Test func aDeclinedRenewalGivesGracePeriodThenAccountHoldThenExpiry() async throws {
        let play = await PlayHarness.make()
        let purchase = try #require(try await play.buy("premium", plan: "monthly").1)
        let token = purchase.purchaseToken
        #expect(await play.client.acknowledgePurchase(token).isOK)
        #expect(await play.store.setRenewalsFail(token))
        await play.store.advanceTime(by: 31 * 86_400)
        var record = try await play.record(token)
        #expect(record.subscription?.state == .inGracePeriod)
        #expect(record.isEntitled(at: Self.february))
        #expect(await play.client.queryPurchases(.subs).1.count == 1)
        await play.store.advanceTime(by: 7 * 86_400)
        record = try await play.record(token)
        #expect(record.subscription?.state == .onHold)
        #expect(!record.isEntitled(at: Self.february + 7 * Self.day))
        #expect(await play.client.queryPurchases(.subs).1.isEmpty)
        // On hold, the subscription is still the person's: buying it again is refused.
        #expect(try await play.buy("premium", plan: "yearly").0.responseCode == .itemAlreadyOwned)
        await play.store.advanceTime(by: 30 * 86_400)
        record = try await play.record(token)
        #expect(record.subscription?.state == .expired)
        #expect(await play.eventKinds(token) == [.purchased, .acknowledged, .inGracePeriod, .onHold, .expired])
        #expect(record.orders.count == 1)
        #expect(PlayEvent.Kind.inGracePeriod.subscriptionNotificationType == 6)
        #expect(PlayEvent.Kind.onHold.subscriptionNotificationType == 5)
    }

    @Test func recoveryInGracePeriodKeepsTheRenewalDate() async throws {
        let play = await PlayHarness.make()
        let token = try #require(try await play.buy("premium", plan: "monthly").1).purchaseToken
        #expect(await play.client.acknowledgePurchase(token).isOK)
        await play.store.setRenewalsFail(token)
        await play.store.advanceTime(by: 33 * 86_400)
        #expect(await play.store.recoverBilling(token))
        let record = try await play.record(token)
        #expect(record.subscription?.state == .active)
        #expect(record.subscription?.expiryTime == Self.march)
        #expect(record.orders.last?.orderId == (record.orderId ?? "") + "..0")
        #expect(await play.eventKinds(token).suffix(2) == [.inGracePeriod, .recovered])
    }

    @Test func recoveryFromAccountHoldStartsAPeriodNow() async throws {
        let play = await PlayHarness.make()
        let token = try #require(try await play.buy("premium", plan: "monthly").1).purchaseToken
        #expect(await play.client.acknowledgePurchase(token).isOK)
        await play.store.setRenewalsFail(token)
        await play.store.advanceTime(by: 41 * 86_400)
        #expect(try await play.record(token).subscription?.state == .onHold)
        #expect(await play.store.recoverBilling(token))
        let record = try await play.record(token)
        let recoveredAt = Self.start + 41 * Self.day
        #expect(record.orders.last?.time == recoveredAt)
        // February 11 plus one month is March 11.
        #expect(record.subscription?.expiryTime == recoveredAt + 28 * Self.day)
        #expect(await play.client.queryPurchases(.subs).1.count == 1)
    }

    @Test func aPlanWithoutGraceOrHoldExpiresAtTheFailedRenewal() async throws {
        let play = await PlayHarness.make()
        let token = try #require(try await play.buy("basic", plan: "monthly").1).purchaseToken
        #expect(await play.client.acknowledgePurchase(token).isOK)
        await play.store.setRenewalsFail(token)
        await play.store.advanceTime(by: 31 * 86_400)
        #expect(try await play.record(token).subscription?.state == .expired)
    }

    @Test func aPauseStartsAtTheNextRenewalAndEndsByItself() async throws {
        let play = await PlayHarness.make()
        let token = try #require(try await play.buy("premium", plan: "monthly").1).purchaseToken
        #expect(await play.client.acknowledgePurchase(token).isOK)
        #expect(!(await play.store.schedulePause(token, for: SubscriptionPeriod("P4M")!)))
        #expect(await play.store.schedulePause(token, for: SubscriptionPeriod("P1M")!))
        await play.store.advanceTime(by: 30 * 86_400)
        #expect(await play.client.queryPurchases(.subs).1.count == 1)
        await play.store.advanceTime(by: 86_400)
        var record = try await play.record(token)
        #expect(record.subscription?.state == .paused)
        #expect(record.subscription?.autoResumeTime == Self.march)
        #expect(await play.client.queryPurchases(.subs).1.isEmpty)
        await play.store.advanceTime(by: 28 * 86_400)
        record = try await play.record(token)
        #expect(record.subscription?.state == .active)
        #expect(record.orders.map(\.time) == [Self.start, Self.march])
        #expect(record.subscription?.expiryTime == Self.april)
        #expect(await play.eventKinds(token) == [.purchased, .acknowledged, .pauseScheduleChanged, .paused, .resumed])
    }

    @Test func resumingEarlyChargesNow() async throws {
        let play = await PlayHarness.make()
        let token = try #require(try await play.buy("premium", plan: "monthly").1).purchaseToken
        #expect(await play.client.acknowledgePurchase(token).isOK)
        #expect(await play.store.schedulePause(token, for: SubscriptionPeriod("P2M")!))
        await play.store.advanceTime(by: 41 * 86_400)
        #expect(await play.store.resumeSubscription(token))
        let record = try await play.record(token)
        #expect(record.subscription?.state == .active)
        #expect(record.orders.last?.time == Self.start + 41 * Self.day)
    }

    @Test func aCancelledSubscriptionKeepsAccessToItsPeriodsEnd() async throws {
        let play = await PlayHarness.make()
        let token = try #require(try await play.buy("premium", plan: "monthly").1).purchaseToken
        #expect(await play.client.acknowledgePurchase(token).isOK)
        await play.store.advanceTime(by: 10 * 86_400)
        #expect(await play.store.cancelSubscription(token))
        let owned = await play.client.queryPurchases(.subs).1
        #expect(owned.first?.isAutoRenewing == false)
        #expect(owned.first?.originalJson.contains("\"autoRenewing\":false") == true)
        await play.store.advanceTime(by: 21 * 86_400 - 1)
        #expect(await play.client.queryPurchases(.subs).1.count == 1)
        await play.store.advanceTime(by: 1)
        #expect(await play.client.queryPurchases(.subs).1.isEmpty)
        #expect(await play.eventKinds(token) == [.purchased, .acknowledged, .canceled, .expired])
        #expect(try await play.record(token).orders.count == 1)
    }

    @Test func aRestartedSubscriptionRenews() async throws {
        let play = await PlayHarness.make()
        let token = try #require(try await play.buy("premium", plan: "monthly").1).purchaseToken
        #expect(await play.client.acknowledgePurchase(token).isOK)
        #expect(await play.store.cancelSubscription(token))
        #expect(await play.store.restartSubscription(token))
        await play.store.advanceTime(by: 31 * 86_400)
        #expect(try await play.record(token).orders.count == 2)
        #expect(PlayEvent.Kind.restarted.subscriptionNotificationType == 7)
    }

    @Test func aPrepaidPlanNeverRenews() async throws {
        let play = await PlayHarness.make()
        let purchase = try #require(try await play.buy("premium", plan: "prepaid").1)
        #expect(!purchase.isAutoRenewing)
        #expect(await play.client.acknowledgePurchase(purchase.purchaseToken).isOK)
        await play.store.advanceTime(by: 31 * 86_400)
        #expect(try await play.record(purchase.purchaseToken).subscription?.state == .expired)
        #expect(!(await play.store.schedulePause(purchase.purchaseToken, for: SubscriptionPeriod("P1M")!)))
    }

    @Test func aRefundWithRevocationEndsTheSubscriptionAtOnce() async throws {
        let play = await PlayHarness.make()
        let token = try #require(try await play.buy("premium", plan: "monthly").1).purchaseToken
        #expect(await play.client.acknowledgePurchase(token).isOK)
        await play.store.advanceTime(by: 40 * 86_400)
        let voided = try #require(await play.store.refund(token))
        let record = try await play.record(token)
        #expect(voided.orderId == (record.orderId ?? "") + "..0" && voided.productType == .subs)
        #expect(record.subscription?.state == .expired && record.revoked)
        #expect(await play.client.queryPurchases(.subs).1.isEmpty)
        #expect(await play.eventKinds(token).suffix(2) == [.voided, .revoked])
    }

    @Test func anUnacknowledgedSubscriptionIsRevoked() async throws {
        let play = await PlayHarness.make()
        let token = try #require(try await play.buy("premium", plan: "monthly").1).purchaseToken
        await play.store.advanceTime(by: 3 * 86_400)
        #expect(try await play.record(token).subscription?.state == .expired)
        #expect(await play.client.queryPurchases(.subs).1.isEmpty)
        #expect(await play.store.voidedPurchases().first?.productType == .subs)
    }

    @Test func anUnacknowledgedSubscriptionRefundedWithoutRevocationIsRevokedWithoutASecondRefund() async throws {
        let play = await PlayHarness.make()
        let token = try #require(try await play.buy("premium", plan: "monthly").1).purchaseToken
        #expect(await play.store.refund(token, revoke: false) != nil)
        await play.store.advanceTime(by: 3 * 86_400)
        let record = try await play.record(token)
        #expect(record.revoked && record.subscription?.state == .expired)
        #expect(await play.store.voidedPurchases().count == 1)
        #expect(await play.eventKinds(token) == [.purchased, .voided, .revoked])
    }
}
