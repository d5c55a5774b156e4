import Foundation
import PurchaseCore
import Testing

@testable import SimulatedGooglePlay

/// Subscription replacement: each mode makes a new purchase token whose `linkedPurchaseToken` names the
/// old one, with Play's timing and charge for the mode.
struct ReplacementModeTests {
    static let day = PlayHarness.day
    static let start = PlayHarness.start
    static let february: Int64 = 1_769_904_000_000

    /// A person with an acknowledged monthly Premium (4.99 a month from January 1), ten days in.
    static func subscribed() async throws -> (PlayHarness, String) {
        let play = await PlayHarness.make()
        let token = try #require(try await play.buy("premium", plan: "monthly").1).purchaseToken
        #expect(await play.client.acknowledgePurchase(token).isOK)
        await play.store.advanceTime(by: 10 * 86_400)
        return (play, token)
    }

    /// Replaces `old` with Premium Plus monthly (9.99 a month) in `mode`.
    static func upgrade(_ play: PlayHarness, _ old: String, _ mode: PlayReplacementMode) async throws
        -> (PlayPurchaseRecord, PlayPurchaseRecord)
    {
        let (result, bought) = try await play.buy(
            "premium.plus", plan: "monthly",
            replacing: .init(oldPurchaseToken: old, replacementMode: mode))
        #expect(result.isOK, "\(result)")
        let new = try #require(bought)
        #expect(new.purchaseToken != old)
        let record = try await play.record(new.purchaseToken)
        #expect(record.subscription?.linkedPurchaseToken == old)
        #expect(record.subscription?.replacementMode == mode)
        return (record, try await play.record(old))
    }

    static let now = start + 10 * day
    /// The unused value of the old plan (21 of 31 days of 4.99) bought at 9.99 per 28 days (February's
    /// length, the new plan's next period from now), in milliseconds.
    static func creditTime(newPeriod: Int64) -> Int64 {
        let credit = Double(21 * day) * (4_990_000 / Double(31 * day))
        return Int64(credit / (9_990_000 / Double(newPeriod)))
    }

    @Test func withTimeProrationCreditsTheUnusedTimeAndChargesNothingNow() async throws {
        let (play, old) = try await Self.subscribed()
        let (new, replaced) = try await Self.upgrade(play, old, .withTimeProration)
        #expect(new.orders.map(\.priceMicros) == [0])
        #expect(new.subscription?.startTime == Self.now)
        // January 11 plus one month is February 11: 31 days.
        let expected = Self.now + Self.creditTime(newPeriod: 31 * Self.day)
        #expect(abs((new.subscription?.expiryTime ?? 0) - expected) <= 1)
        #expect(replaced.subscription?.state == .expired && replaced.subscription?.replacedByToken == new.purchaseToken)
        #expect(await play.client.queryPurchases(.subs).1.map(\.purchaseToken) == [new.purchaseToken])
        #expect(await play.eventKinds(old).last == .replaced)
    }

    @Test func chargeProratedPriceKeepsTheRenewalDateAndChargesTheDifference() async throws {
        let (play, old) = try await Self.subscribed()
        let (new, _) = try await Self.upgrade(play, old, .chargeProratedPrice)
        #expect(new.subscription?.expiryTime == Self.february)
        let charged = try #require(new.orders.first?.priceMicros)
        // 21 days at 9.99 a month (31 days from January 11) less the 21 days' value of 4.99 a month.
        let expected = 21.0 / 31.0 * 9_990_000 - 21.0 / 31.0 * 4_990_000
        #expect(abs(Double(charged) - expected) < 2)
    }

    @Test func chargeProratedPriceIsForUpgradesOnly() async throws {
        let play = await PlayHarness.make()
        let token = try #require(try await play.buy("premium.plus", plan: "monthly").1).purchaseToken
        let details = try await play.details("premium", .subs)
        let offer = details.subscriptionOfferDetails?.first { $0.basePlanId == "monthly" && $0.offerId == nil }
        let result = await play.client.launchBillingFlow(
            PlayBillingFlowParams(
                productDetailsParamsList: [.init(productDetails: details, offerToken: offer?.offerToken)],
                subscriptionUpdateParams: .init(oldPurchaseToken: token, replacementMode: .chargeProratedPrice)))
        #expect(result.responseCode == .developerError)
        let unknown = await play.client.launchBillingFlow(
            PlayBillingFlowParams(
                productDetailsParamsList: [.init(productDetails: details, offerToken: offer?.offerToken)],
                subscriptionUpdateParams: .init(oldPurchaseToken: "nope", replacementMode: .withoutProration)))
        #expect(unknown.responseCode == .developerError)
    }

    @Test func withoutProrationChargesTheNewPriceAtTheNextRenewal() async throws {
        let (play, old) = try await Self.subscribed()
        let (new, _) = try await Self.upgrade(play, old, .withoutProration)
        #expect(new.orders.map(\.priceMicros) == [0])
        #expect(new.subscription?.expiryTime == Self.february)
        #expect(await play.client.acknowledgePurchase(new.purchaseToken).isOK)
        await play.store.advanceTime(by: 21 * 86_400)
        let renewed = try await play.record(new.purchaseToken)
        #expect(renewed.orders.last?.priceMicros == 9_990_000 && renewed.orders.last?.time == Self.february)
        #expect(renewed.orders.last?.orderId == (renewed.orderId ?? "") + "..0")
    }

    @Test func chargeFullPriceChargesAFullPeriodPlusTheCredit() async throws {
        let (play, old) = try await Self.subscribed()
        let (new, _) = try await Self.upgrade(play, old, .chargeFullPrice)
        #expect(new.orders.map(\.priceMicros) == [9_990_000])
        let fullPeriodEnd = Self.now + 31 * Self.day
        let expected = fullPeriodEnd + Self.creditTime(newPeriod: 31 * Self.day)
        #expect(abs((new.subscription?.expiryTime ?? 0) - expected) <= 1)
    }

    @Test func deferredStartsTheNewPlanWhenTheOldPeriodEnds() async throws {
        let (play, old) = try await Self.subscribed()
        let (new, stillOld) = try await Self.upgrade(play, old, .deferred)
        #expect(new.orders.isEmpty)
        #expect(new.subscription?.startTime == Self.february)
        #expect(stillOld.isEntitled(at: Self.now) && !new.isEntitled(at: Self.now))
        #expect(stillOld.subscription?.autoRenewing == false)
        #expect(await play.client.acknowledgePurchase(new.purchaseToken).isOK)
        await play.store.advanceTime(by: 21 * 86_400)
        let started = try await play.record(new.purchaseToken)
        #expect(started.isEntitled(at: Self.february))
        #expect(started.orders.map(\.time) == [Self.february])
        #expect(started.orders.first?.orderId == started.orderId && started.orders.first?.priceMicros == 9_990_000)
        #expect(try await play.record(old).subscription?.state == .expired)
        #expect(try await play.record(old).orders.count == 1)
        #expect(await play.client.queryPurchases(.subs).1.map(\.purchaseToken) == [new.purchaseToken])
    }

    @Test func theSamePlanCannotReplaceItself() async throws {
        let (play, old) = try await Self.subscribed()
        let (result, nothing) = try await play.buy(
            "premium", plan: "monthly", replacing: .init(oldPurchaseToken: old, replacementMode: .withTimeProration))
        #expect(result.responseCode == .itemAlreadyOwned && nothing == nil)
        // Another plan of the same subscription replaces it.
        let (yearly, _) = try await play.buy(
            "premium", plan: "yearly", replacing: .init(oldPurchaseToken: old, replacementMode: .chargeFullPrice))
        #expect(yearly.isOK)
    }
}
