import PurchaseCore
import Testing

struct SubscriptionGroupChangeTests {
    private func info(_ level: Int, _ period: String, group: String = "access") -> SubscriptionInfo {
        SubscriptionInfo(group: group, period: SubscriptionPeriod(period)!, level: level)
    }

    @Test(arguments: [
        // held level, held period, bought level, bought period, kind, timing
        (2, "P1M", 1, "P1M", SubscriptionGroupChange.Kind.upgrade, SubscriptionGroupChange.Timing.immediately),
        (2, "P1M", 1, "P1Y", .upgrade, .immediately),
        (1, "P1M", 2, "P1M", .downgrade, .atNextRenewal),
        (1, "P1Y", 3, "P1W", .downgrade, .atNextRenewal),
        (1, "P1M", 1, "P1M", .crossgrade, .immediately),
        (1, "P1Y", 1, "P12M", .crossgrade, .immediately),
        (1, "P1W", 1, "P7D", .crossgrade, .immediately),
        (1, "P1M", 1, "P1Y", .crossgrade, .atNextRenewal),
        (1, "P4W", 1, "P1M", .crossgrade, .atNextRenewal),
    ])
    func decidesKindAndTimingFromLevelsAndDurations(
        held: Int, heldPeriod: String, bought: Int, boughtPeriod: String,
        kind: SubscriptionGroupChange.Kind, timing: SubscriptionGroupChange.Timing
    ) throws {
        let change = try #require(SubscriptionGroupChange(from: info(held, heldPeriod), to: info(bought, boughtPeriod)))
        #expect(change.kind == kind)
        #expect(change.timing == timing)
    }

    @Test func noChangeBetweenGroups() {
        #expect(SubscriptionGroupChange(from: info(2, "P1M"), to: info(1, "P1M", group: "other")) == nil)
    }

    @Test func productsMustBeTwoAutoRenewablesOfOneGroup() throws {
        let catalog = SampleCatalog.make()
        let pro = try #require(catalog.products.first { $0.productID == "pro.monthly" })
        let basic = try #require(catalog.products.first { $0.productID == "basic.monthly" })
        let season = try #require(catalog.products.first { $0.productID == "season.pass" })
        #expect(SubscriptionGroupChange(from: basic, to: pro)?.kind == .upgrade)
        #expect(SubscriptionGroupChange(from: pro, to: basic)?.kind == .downgrade)
        #expect(SubscriptionGroupChange(from: pro, to: pro) == nil)
        #expect(SubscriptionGroupChange(from: season, to: pro) == nil)
    }
}
