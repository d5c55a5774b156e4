import Foundation
import PurchaseCore
import PurchaseTesting
import Testing

struct SubscriptionEntitlementTests {
    private let day: TimeInterval = 86_400

    @Test func autoRenewableIsActiveUntilItsPeriodEnds() async throws {
        let harness = Harness()
        _ = await harness.store.purchase("pro.monthly")
        var status = try #require(try await harness.store.entitlements().subscriptions.first)
        #expect(status.state == .active)
        #expect(status.grantsAccess)
        #expect(try await harness.store.entitlements().contains("pro"))

        harness.clock.advance(by: 32 * day)
        status = try #require(try await harness.store.entitlements().subscriptions.first)
        #expect(status.state == .expired)
        #expect(try await harness.store.entitlements().contains("pro") == false)
    }

    @Test func gracePeriodKeepsAccessAfterExpiry() async throws {
        let harness = Harness(gracePeriod: 16 * day)
        _ = await harness.store.purchase("pro.monthly")
        harness.clock.advance(by: 35 * day)
        let inGrace = try #require(try await harness.store.entitlements().subscriptions.first)
        #expect(inGrace.state == .inGracePeriod)
        #expect(try await harness.store.entitlements().contains("pro"))
        harness.clock.advance(by: 20 * day)
        #expect(try await harness.store.entitlements().subscriptions.first?.state == .expired)
    }

    @Test func renewalsExtendAccessAndAreEachDeliveredOnce() async throws {
        let harness = Harness()
        let observer = RecordingEventObserver()
        await observer.start(observing: harness.store)
        await harness.store.start()
        _ = await harness.store.purchase("pro.monthly")
        for _ in 0..<12 {
            await harness.provider.renew("pro.monthly")
        }
        let events = await observer.waitForEvents(count: 13)
        #expect(events.allSatisfy { $0.name == "delivered" })
        harness.clock.advance(by: 360 * day)
        #expect(try await harness.store.entitlements().contains("pro"))
        harness.clock.advance(by: 40 * day)
        #expect(try await harness.store.entitlements().contains("pro") == false)
        await harness.store.stop()
    }

    @Test func highestLevelOfAGroupWins() async throws {
        let harness = Harness()
        _ = await harness.store.purchase("basic.monthly")
        _ = await harness.store.purchase("pro.monthly")
        let entitlements = try await harness.store.entitlements()
        #expect(entitlements.names == ["pro"])
        let granting = entitlements.subscriptions.filter(\.grantsAccess).map(\.productID)
        #expect(granting == ["pro.monthly"])
    }

    @Test func lowerLevelTakesOverWhenTheHigherOneEnds() async throws {
        let harness = Harness()
        _ = await harness.store.purchase("pro.monthly")
        harness.clock.advance(by: 20 * day)
        _ = await harness.store.purchase("basic.monthly")
        harness.clock.advance(by: 15 * day)
        #expect(try await harness.store.entitlements().names == ["basic"])
    }

    @Test func nonRenewingLastsItsDuration() async throws {
        let harness = Harness()
        _ = await harness.store.purchase("season.pass")
        let status = try #require(try await harness.store.entitlements().subscriptions.first)
        #expect(status.expirationDate == SubscriptionPeriod("P3M")!.added(to: harness.clock.now))
        harness.clock.advance(by: 89 * day)
        #expect(try await harness.store.entitlements().contains("season"))
        harness.clock.advance(by: 3 * day)
        #expect(try await harness.store.entitlements().contains("season") == false)
    }

    @Test func refundedSubscriptionStopsGranting() async throws {
        let harness = Harness()
        let observer = RecordingEventObserver()
        await observer.start(observing: harness.store)
        await harness.store.start()
        guard case .purchased(let transaction) = await harness.store.purchase("pro.monthly") else {
            Issue.record("expected purchased")
            return
        }
        await harness.provider.refund(transaction.id)
        _ = await observer.waitForEvents(count: 2)
        let entitlements = try await harness.store.entitlements()
        #expect(entitlements.names.isEmpty)
        #expect(entitlements.subscriptions.first?.state == .revoked)
        await harness.store.stop()
    }
}

/// Each store's subscriptions get the billing grace period the store states, else the `Store`'s own.
struct StoreGracePeriodTests {
    private let day: TimeInterval = 86_400

    @Test func theProvidersGracePeriodReplacesTheStoresAsItStandsNow() async throws {
        let harness = Harness()
        await harness.provider.setBillingGrace(16 * day)
        _ = await harness.store.purchase("pro.monthly")
        harness.clock.advance(by: 35 * day)
        let status = try #require(try await harness.store.entitlements().subscriptions.first)
        #expect(status.state == .inGracePeriod && status.grantsAccess)
        let end = try #require(await harness.ledger.contents().deliveries.first?.expirationDate)
        #expect(status.gracePeriodExpirationDate == end.addingTimeInterval(16 * day))

        await harness.provider.setBillingGrace(0)
        #expect(try await harness.store.entitlements().subscriptions.first?.state == .expired)
        await harness.provider.setBillingGrace(nil)
        #expect(try await harness.store.entitlements().subscriptions.first?.state == .expired, "the store's: 0")
    }

    @Test func aRelaunchedHarnessKeepsItsGracePeriod() async throws {
        let harness = Harness(gracePeriod: 16 * day)
        _ = await harness.store.purchase("pro.monthly")
        harness.clock.advance(by: 35 * day)
        #expect(try await harness.relaunched().entitlements().subscriptions.first?.state == .inGracePeriod)
        #expect(try await harness.reinstalled().entitlements().subscriptions.isEmpty)
    }

    @Test func gracePeriodsApplyPerStore() {
        let catalog = SampleCatalog.make(providers: ["memory", "web"])
        let start = Date(timeIntervalSince1970: 0)
        func delivery(_ store: String, _ productID: String) -> Delivery {
            Delivery(
                transactionID: TransactionID(store: store, id: "1"),
                originalTransactionID: TransactionID(store: store, id: "1"),
                productID: productID, productType: .autoRenewable, quantity: 1, entitlements: [productID],
                credits: [:], expirationDate: start.addingTimeInterval(30 * day), purchaseDate: start,
                deliveredAt: start)
        }
        let contents = LedgerContents(deliveries: [delivery("memory", "pro.monthly"), delivery("web", "basic.monthly")])
        let entitlements = Entitlements.compute(
            from: contents, catalog: catalog, at: start.addingTimeInterval(33 * day), gracePeriod: 2 * day,
            gracePeriods: ["memory": 6 * day])
        let states = entitlements.subscriptions.map { "\($0.productID):\($0.state)" }
        #expect(states == ["basic.monthly:expired", "pro.monthly:inGracePeriod"])
    }

    @Test func aPeriodDeliveredBeforeItStartsGrantsFromItsStart() {
        let catalog = SampleCatalog.make(providers: ["memory"])
        let start = Date(timeIntervalSince1970: 0)
        func delivery(_ id: String, _ productID: String, from begin: Date, deliveredAt: Date) -> Delivery {
            Delivery(
                transactionID: TransactionID(store: "memory", id: id),
                originalTransactionID: TransactionID(store: "memory", id: id),
                productID: productID, productType: .autoRenewable, quantity: 1, entitlements: [productID],
                credits: [:], expirationDate: begin.addingTimeInterval(30 * day), purchaseDate: begin,
                deliveredAt: deliveredAt)
        }
        // Pro until day 30; a move to basic deferred to then, delivered on day 10.
        let contents = LedgerContents(deliveries: [
            delivery("1", "pro.monthly", from: start, deliveredAt: start),
            delivery("2", "basic.monthly", from: start.addingTimeInterval(30 * day), deliveredAt: start + 10 * day),
        ])
        func names(onDay day: Double) -> [String] {
            Entitlements.compute(from: contents, catalog: catalog, at: start.addingTimeInterval(day * self.day)).names
        }
        #expect(names(onDay: 20) == ["pro.monthly"])
        #expect(Entitlements.compute(from: contents, catalog: catalog, at: start + 20 * day).subscriptions.count == 1)
        #expect(names(onDay: 31) == ["basic.monthly"])

        // A period starting seconds after it was delivered (the store's clock a little ahead) grants at once.
        let early = LedgerContents(deliveries: [
            delivery("3", "pro.monthly", from: start.addingTimeInterval(5), deliveredAt: start)
        ])
        #expect(Entitlements.compute(from: early, catalog: catalog, at: start).names == ["pro.monthly"])
    }
}
