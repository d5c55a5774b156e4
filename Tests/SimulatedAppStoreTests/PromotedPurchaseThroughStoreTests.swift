import PurchaseCore
import SimulatedAppStore
import Testing

/// A purchase the person starts in the App Store asks the app through the `Store`: buy now, keep for
/// later, or refuse.
struct PromotedPurchaseThroughStoreTests {
    @Test func theAppDecidesThroughTheStore() async throws {
        let harness = try await StoreHarness()
        let asked = Locked<[String]>([])
        await harness.store.decidePromotedPurchases { productID in
            asked.withLock { $0.append(productID) }
            switch productID {
            case TestCatalog.noAds: return .later
            case TestCatalog.gems: return .buyNow
            default: return .refuse
            }
        }
        // Kept for later: nothing bought until the app buys it.
        guard case .held = try await harness.queue.simulatePromotedPurchase(TestCatalog.noAds) else {
            Issue.record("a purchase kept for later was added")
            return
        }
        #expect(await harness.store.heldPromotedPurchases() == [TestCatalog.noAds])
        #expect(try await !harness.store.entitlements().contains("no-ads"))
        guard case .purchased = await harness.store.purchase(TestCatalog.noAds) else {
            Issue.record("buying the held product failed")
            return
        }
        #expect(await harness.store.heldPromotedPurchases().isEmpty)
        #expect(try await harness.store.entitlements().contains("no-ads"))

        // Bought now: it reaches the Store as an update and is delivered once.
        guard case .added = try await harness.queue.simulatePromotedPurchase(TestCatalog.gems) else {
            Issue.record("a purchase to buy now was held")
            return
        }
        let delivered = await harness.nextEvents(1) {
            $0.name == "delivered" && $0.transaction.productID == TestCatalog.gems
        }
        #expect(delivered.count == 1)
        #expect(try await harness.store.entitlements().balances["gems"] == 100)

        // Refused: nothing bought, nothing waits.
        guard case .held = try await harness.queue.simulatePromotedPurchase(TestCatalog.levels) else {
            Issue.record("a refused purchase was added")
            return
        }
        #expect(await harness.store.heldPromotedPurchases().isEmpty)
        #expect(asked.withLock { $0 } == [TestCatalog.noAds, TestCatalog.gems, TestCatalog.levels])
    }

    @Test func withoutADeciderAPromotedPurchaseGoesOnAtOnce() async throws {
        let harness = try await StoreHarness()
        guard case .added = try await harness.queue.simulatePromotedPurchase(TestCatalog.noAds) else {
            Issue.record("held without a decider")
            return
        }
        _ = await harness.nextEvents(1) { $0.name == "delivered" }
        #expect(try await harness.store.entitlements().contains("no-ads"))
        // A decider removed goes back to buying now.
        await harness.store.decidePromotedPurchases { _ in .refuse }
        await harness.store.decidePromotedPurchases(with: nil)
        guard case .added = try await harness.queue.simulatePromotedPurchase(TestCatalog.gems) else {
            Issue.record("held after the decider was removed")
            return
        }
    }
}
