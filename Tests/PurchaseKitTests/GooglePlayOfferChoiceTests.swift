import Foundation
import PurchaseKit
import SimulatedGooglePlay
import Testing

/// `Store.purchase` with `StoreSpecificOptions` on the simulated Google Play: the base plan and offer
/// named are bought, unknown ones are refused before any charge, an offer the person may not take is
/// refused, and without options the first base plan's first offer the person may take is bought.
struct GooglePlayOfferChoiceTests {
    typealias Fixture = GooglePlayGroupCatalog

    /// Buys `Fixture.pro` with `options`: the store's record and the transaction, or `nil` when not purchased.
    static func buyPro(
        _ deployment: PurchaseDeployment, _ provider: SimulatedGooglePlayProvider, _ options: StoreSpecificOptions
    ) async throws -> (PlayPurchaseRecord, StoreTransaction)? {
        let outcome = await deployment.store.purchase(Fixture.pro, options: PurchaseOptions(storeOptions: options))
        guard case .purchased(let transaction) = outcome else { return nil }
        return (try await Fixture.record(of: transaction, in: provider), transaction)
    }

    @Test func withoutOptionsTheFirstOfferThePersonMayTakeIsBought() async throws {
        let clock = ManualClock()
        try await Fixture.with(clock) { deployment, provider in
            let (record, transaction) = try #require(
                try await Self.buyPro(deployment, provider, StoreSpecificOptions()))
            #expect(record.basePlanId == "monthly")
            #expect(record.offerId == "trial")
            #expect(record.orders.map(\.priceMicros) == [0])
            #expect(transaction.expirationDate == clock.now.addingTimeInterval(7 * 86_400))
            #expect(try await deployment.store.entitlements().names.contains("pro"))
        }
    }

    @Test(arguments: [
        (StoreSpecificOptions(planID: "yearly"), "yearly", String?.none, Int64(100_000_000)),
        (StoreSpecificOptions(planID: "monthly", offerID: "winback"), "monthly", "winback", Int64(5_000_000)),
        (StoreSpecificOptions(offerID: "winback"), "monthly", "winback", Int64(5_000_000)),
        (StoreSpecificOptions(planID: "monthly", offerID: ""), "monthly", String?.none, Int64(10_000_000)),
        (StoreSpecificOptions(planID: "monthly"), "monthly", "trial", Int64(0)),
    ])
    func theNamedBasePlanAndOfferAreBought(
        options: StoreSpecificOptions, plan: String, offer: String?, charged: Int64
    ) async throws {
        try await Fixture.with { deployment, provider in
            let (record, _) = try #require(try await Self.buyPro(deployment, provider, options))
            #expect(record.basePlanId == plan)
            #expect(record.offerId == offer)
            #expect(record.orders.map(\.priceMicros) == [charged])
        }
    }

    @Test(arguments: [
        StoreSpecificOptions(planID: "weekly"),
        StoreSpecificOptions(planID: "monthly", offerID: "summer"),
        StoreSpecificOptions(offerID: "summer"),
        StoreSpecificOptions(planID: "yearly", offerID: "winback"),
    ])
    func anUnknownBasePlanOrOfferIsRefusedBeforeAnyCharge(options: StoreSpecificOptions) async throws {
        try await Fixture.with { deployment, provider in
            let outcome = await deployment.store.purchase(Fixture.pro, options: PurchaseOptions(storeOptions: options))
            guard case .failed(let error) = outcome else {
                Issue.record("not refused: \(outcome)")
                return
            }
            #expect(error.code == .paymentInvalid)
            #expect(error.reason == .storeOptionUnavailable)
            #expect(Message(error: error).key == .storeOptionUnavailable)
            #expect(await provider.store.state.purchases.isEmpty)
        }
    }

    @Test func aNewCustomersOfferIsRefusedToSomeoneWhoHadTheSubscription() async throws {
        try await Fixture.with { deployment, provider in
            let (first, _) = try #require(try await Self.buyPro(deployment, provider, StoreSpecificOptions()))
            #expect(await provider.store.cancelSubscription(first.purchaseToken))
            try await provider.advanceTime(by: 8 * 86_400)
            #expect(await provider.store.record(first.purchaseToken)?.subscription?.state == .expired)

            let trial = StoreSpecificOptions(planID: "monthly", offerID: "trial")
            let outcome = await deployment.store.purchase(Fixture.pro, options: PurchaseOptions(storeOptions: trial))
            guard case .failed(let error) = outcome else {
                Issue.record("not refused: \(outcome)")
                return
            }
            #expect(error.code == .ineligibleForOffer)
            #expect(Message(error: error).key == .ineligibleForOffer)
            #expect(await provider.store.state.purchases.count == 1)
            // The default now takes the first offer still open to the person.
            let (again, _) = try #require(try await Self.buyPro(deployment, provider, StoreSpecificOptions()))
            #expect(again.offerId == "winback")
        }
    }
}
