import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// The core `Store` over the simulated App Store: entitlements follow the group's one subscription.
struct SubscriptionGroupStoreTests {
    @Test func afterAnUpgradeEntitlementsShowOnlyTheNewLevel() async throws {
        let harness = try await StoreHarness(catalog: GroupCatalog.make())
        guard case .purchased = await harness.store.purchase(GroupCatalog.basic) else {
            Issue.record("Basic was not purchased")
            return
        }
        harness.clock.advance(by: 7 * 86_400)
        guard case .purchased = await harness.store.purchase(GroupCatalog.pro) else {
            Issue.record("Pro was not purchased")
            return
        }
        // The upgraded-from transaction reaches the store as a revocation.
        _ = await harness.nextEvents(1) { $0.name == "revoked" && $0.transaction.productID == GroupCatalog.basic }
        let entitlements = try await harness.store.entitlements()
        #expect(entitlements.names == ["pro"])
        let basic = try #require(entitlements.subscriptions.first { $0.productID == GroupCatalog.basic })
        #expect(basic.state == .revoked)
        #expect(!basic.grantsAccess)
        let pro = try #require(entitlements.subscriptions.first { $0.productID == GroupCatalog.pro })
        #expect(pro.state == .active && pro.grantsAccess)

        // Two months on, Pro renewed twice and Basic was delivered once.
        for _ in 1...2 {
            let now = harness.clock.now
            await harness.queue.advanceTime(by: SubscriptionPeriod("P1M")!.added(to: now).timeIntervalSince(now))
        }
        await harness.queue.waitForCallbacks()
        while try await harness.deliveries().filter({ $0.productID == GroupCatalog.pro }).count < 3 {
            _ = await harness.nextEvents(1) { $0.name == "delivered" }
        }
        let deliveries = try await harness.deliveries()
        #expect(deliveries.filter { $0.productID == GroupCatalog.basic }.count == 1)
        #expect(try await harness.store.entitlements().names == ["pro"])
    }
}
