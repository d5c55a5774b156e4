import Foundation
import PurchaseKit
import SimulatedGooglePlay
import Testing

/// Buying another subscription of the same group on the simulated Google Play: Play's replacement with
/// the old purchase token, the mode PurchaseCore's `SubscriptionGroupChange` chooses (an upgrade at once
/// with time proration, a downgrade deferred to the renewal) or the one the purchase names; the ledger
/// ends the old subscription at the right time and delivers the new one once.
struct GooglePlayReplacementTests {
    typealias Fixture = GooglePlayGroupCatalog
    static let fullMonthly = StoreSpecificOptions(planID: "monthly", offerID: "")

    static func buy(
        _ productID: String, _ options: StoreSpecificOptions = StoreSpecificOptions(), in deployment: PurchaseDeployment
    ) async throws -> StoreTransaction {
        let outcome = await deployment.store.purchase(productID, options: PurchaseOptions(storeOptions: options))
        guard case .purchased(let transaction) = outcome else {
            throw PurchaseError(.unknown, detail: "\(productID) was not purchased: \(outcome)")
        }
        return transaction
    }

    static func status(_ productID: String, in deployment: PurchaseDeployment) async throws -> SubscriptionStatus? {
        try await deployment.store.entitlements().subscriptions.first { $0.productID == productID }
    }

    static func deliveries(of productID: String, in deployment: PurchaseDeployment) async throws -> [Delivery] {
        try await deployment.ledger.contents().deliveries.filter { $0.productID == productID }
    }

    @Test func anUpgradeReplacesAtOnceWithTimeProration() async throws {
        let clock = ManualClock()
        try await Fixture.with(clock) { deployment, provider in
            let old = try await Self.buy(Fixture.basic, in: deployment)
            try await provider.advanceTime(by: 10 * 86_400)
            let upgraded = clock.now
            let new = try await Self.buy(Fixture.pro, Self.fullMonthly, in: deployment)
            let oldRecord = try await Fixture.record(of: old, in: provider)
            let newRecord = try await Fixture.record(of: new, in: provider)
            #expect(newRecord.subscription?.linkedPurchaseToken == oldRecord.purchaseToken)
            #expect(newRecord.subscription?.replacementMode == .withTimeProration)
            #expect(newRecord.orders.map(\.priceMicros) == [0])
            #expect(oldRecord.subscription?.replacedByToken == newRecord.purchaseToken)
            // The unused 21 of basic's 31 days at half the price buy about ten and a half days of pro.
            let end = try #require(new.expirationDate)
            #expect(end > upgraded.addingTimeInterval(10 * 86_400) && end < upgraded.addingTimeInterval(11 * 86_400))

            let ended = try await GooglePlayDeploymentTests.eventually {
                try await Self.status(Fixture.basic, in: deployment)?.expirationDate == upgraded
            }
            #expect(ended)
            let basic = try #require(try await Self.status(Fixture.basic, in: deployment))
            #expect(basic.endedEarly && basic.state == .expired)
            #expect(try await deployment.store.entitlements().names == ["pro"])
            #expect(try await Self.deliveries(of: Fixture.pro, in: deployment).count == 1)
            #expect(try await Self.deliveries(of: Fixture.basic, in: deployment).count == 1)
        }
    }

    @Test func aDowngradeIsDeferredAndTakesOverAtTheRenewal() async throws {
        let clock = ManualClock()
        try await Fixture.with(clock) { deployment, provider in
            let old = try await Self.buy(Fixture.pro, Self.fullMonthly, in: deployment)
            let renewal = try #require(old.expirationDate)
            try await provider.advanceTime(by: 5 * 86_400)
            let new = try await Self.buy(Fixture.basic, in: deployment)
            let newRecord = try await Fixture.record(of: new, in: provider)
            #expect(newRecord.subscription?.replacementMode == .deferred)
            #expect(newRecord.orders.isEmpty)
            #expect(newRecord.acknowledged)
            #expect(new.purchaseDate == renewal)
            // Until the renewal pro still serves; basic waits.
            #expect(try await deployment.store.entitlements().names == ["pro"])
            #expect(try await Self.status(Fixture.pro, in: deployment)?.expirationDate == renewal)

            try await provider.advanceTime(by: renewal.timeIntervalSince(clock.now) + 3_600)
            let taken = try await GooglePlayDeploymentTests.eventually {
                try await deployment.store.entitlements().names == ["basic"]
            }
            #expect(taken)
            let charged = try #require(await provider.store.record(newRecord.purchaseToken))
            #expect(charged.orders.map(\.orderId) == [new.id])
            #expect(charged.orders.map(\.priceMicros) == [5_000_000])
            #expect(!charged.revoked)
            #expect(try await Self.status(Fixture.pro, in: deployment)?.state == .expired)
            #expect(try await Self.deliveries(of: Fixture.basic, in: deployment).map(\.transactionID.id) == [new.id])
            #expect(try await Self.deliveries(of: Fixture.pro, in: deployment).count == 1)
        }
    }

    @Test func aReplacementModeNamedByThePurchaseOverridesTheRule() async throws {
        let clock = ManualClock()
        try await Fixture.with(clock) { deployment, provider in
            let old = try await Self.buy(Fixture.basic, in: deployment)
            try await provider.advanceTime(by: 10 * 86_400)
            let upgraded = clock.now
            var options = Self.fullMonthly
            options.replacementMode = "CHARGE_FULL_PRICE"
            let new = try await Self.buy(Fixture.pro, options, in: deployment)
            let newRecord = try await Fixture.record(of: new, in: provider)
            #expect(newRecord.subscription?.replacementMode == .chargeFullPrice)
            #expect(
                newRecord.subscription?.linkedPurchaseToken
                    == (try await Fixture.record(of: old, in: provider)).purchaseToken)
            #expect(newRecord.orders.map(\.priceMicros) == [10_000_000])
            // A full month from now plus the old plan's unused value as time.
            let end = try #require(new.expirationDate)
            #expect(end > upgraded.addingTimeInterval(31 * 86_400 + 10 * 86_400))
            let ended = try await GooglePlayDeploymentTests.eventually {
                try await Self.status(Fixture.basic, in: deployment)?.expirationDate == upgraded
            }
            #expect(ended)
            #expect(try await deployment.store.entitlements().names == ["pro"])
        }
    }

    @Test func aReplacementModePlayDoesNotHaveIsRefused() async throws {
        try await Fixture.with { deployment, provider in
            _ = try await Self.buy(Fixture.basic, in: deployment)
            let outcome = await deployment.store.purchase(
                Fixture.pro, options: PurchaseOptions(storeOptions: StoreSpecificOptions(replacementMode: "SOMETIMES")))
            guard case .failed(let error) = outcome else {
                Issue.record("not refused: \(outcome)")
                return
            }
            #expect(error.reason == .storeOptionUnavailable)
            #expect(await provider.store.state.purchases.count == 1)
        }
    }

    @Test(arguments: [
        (SubscriptionGroupChange.Timing.immediately, PlayReplacementMode.withTimeProration),
        (.atNextRenewal, .deferred),
    ])
    func theRuleTimingChoosesPlaysMode(timing: SubscriptionGroupChange.Timing, mode: PlayReplacementMode) throws {
        let month = try #require(SubscriptionPeriod("P1M"))
        let held = SubscriptionInfo(group: "g", period: month, level: 2)
        let bought = SubscriptionInfo(group: "g", period: month, level: timing == .immediately ? 1 : 3)
        let change = try #require(SubscriptionGroupChange(from: held, to: bought))
        #expect(change.timing == timing)
        #expect(SimulatedGooglePlayProvider.replacementMode(for: change) == mode)
    }
}
