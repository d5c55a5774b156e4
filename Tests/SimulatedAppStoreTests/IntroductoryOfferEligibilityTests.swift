import PurchaseCore
import SimulatedAppStore
import Testing

/// The `Store` asks the simulated App Store whether an introductory offer is still to be had: once per
/// subscription group per account.
struct IntroductoryOfferEligibilityTests {
    @Test func eligibleUntilTheGroupHasASubscription() async throws {
        let harness = try await StoreHarness()
        #expect(try await harness.store.isEligibleForIntroductoryOffer(TestCatalog.trial))
        #expect(try await harness.store.isEligibleForIntroductoryOffer(TestCatalog.payAsYouGo))
        // A product without an offer never is.
        #expect(try await !harness.store.isEligibleForIntroductoryOffer(TestCatalog.monthly))
        guard case .purchased = await harness.store.purchase(TestCatalog.trial) else {
            Issue.record("the trial was not sold")
            return
        }
        #expect(try await !harness.store.isEligibleForIntroductoryOffer(TestCatalog.trial))
        // Another group keeps its own offer.
        #expect(try await harness.store.isEligibleForIntroductoryOffer(TestCatalog.payAsYouGo))
    }
}
