import Foundation
import PurchaseCore
import PurchaseTesting
import Testing

struct StoreRestoreTests {
    @Test func nothingToRestoreIsAnOutcome() async {
        let harness = Harness()
        _ = await harness.store.purchase("gems.100")
        guard case .nothingToRestore = await harness.store.restore() else {
            Issue.record("consumables are never restored; expected nothingToRestore")
            return
        }
    }

    @Test func restoreOnAFreshInstallBringsBackOwnershipOnce() async throws {
        let harness = Harness()
        _ = await harness.store.purchase("remove.ads")
        _ = await harness.store.purchase("season.pass")
        _ = await harness.store.purchase("gems.100")

        let reinstalled = harness.reinstalled()
        let outcome = await reinstalled.restore()
        guard case .restored(let productIDs) = outcome else {
            Issue.record("expected restored, got \(outcome)")
            return
        }
        #expect(productIDs == ["remove.ads", "season.pass"])
        let entitlements = try await reinstalled.entitlements()
        #expect(entitlements.names == ["no-ads", "season"])
        #expect(entitlements.balances["gems"] == 0)

        guard case .restored(let again) = await reinstalled.restore() else {
            Issue.record("a second restore restores the same products")
            return
        }
        #expect(again == productIDs)
    }

    @Test func restoreOfSomethingDeliveredCreditsNothingAgain() async throws {
        let catalog = SampleCatalog.make()
        let provider = InMemoryStoreProvider(catalog: catalog)
        let ledger = InMemoryFulfillmentLedger()
        let store = Store(catalog: catalog, providers: [provider], ledger: ledger)
        // A non-consumable with a payout: restoring it must not credit the payout twice.
        _ = await store.purchase("starter.pack")
        #expect(try await store.entitlements().balances["gems"] == 500)
        _ = await store.restore()
        _ = await store.restore()
        #expect(try await store.entitlements().balances["gems"] == 500)
        #expect(await ledger.contents().deliveries.filter { $0.productID == "starter.pack" }.count == 1)
    }

    /// A restored transaction is the original purchase coming back: after a reinstall the first restore
    /// delivers it, every later one finds it delivered, while a subscription's renewals, which share
    /// its original transaction, stay deliveries of their own.
    @Test func restoringAgainAfterAReinstallDeliversOncePerOriginalPurchase() async throws {
        let harness = Harness()
        _ = await harness.store.purchase("remove.ads")
        _ = await harness.store.purchase("pro.monthly")
        // Reinstalled: the same store account, a fresh ledger.
        let ledger = InMemoryFulfillmentLedger()
        let reinstalled = Store(
            catalog: harness.catalog, providers: [harness.provider], ledger: ledger, clock: harness.clock)
        let events = await reinstalled.events()
        await reinstalled.start()
        _ = await reinstalled.restore()
        _ = await reinstalled.restore()
        await harness.provider.renew("pro.monthly")
        await harness.provider.renew("pro.monthly")
        var seen: [StoreEvent] = []
        for await event in events {
            seen.append(event)
            if seen.count == 6 { break }
        }
        let removeAds = seen.filter { $0.transaction.productID == "remove.ads" }
        #expect(removeAds.map(\.name) == ["delivered", "alreadyDelivered"])
        #expect(Set(removeAds.map(\.transaction.id)).count == 2, "each restore is a new restored transaction")
        let renewals = seen.filter { $0.transaction.state == .purchased }
        #expect(renewals.map(\.name) == ["delivered", "delivered"])
        let contents = await ledger.contents()
        #expect(contents.deliveries.filter { $0.productID == "remove.ads" }.count == 1)
        #expect(try await reinstalled.entitlements().names.contains("no-ads"))
        await reinstalled.stop()
    }

    /// After a reinstall a subscription's current period comes back with every restore; what it
    /// credits (a monthly allowance) is credited by the first only.
    @Test func restoringASubscriptionAgainCreditsItsPayoutsOnce() async throws {
        let base = SampleCatalog.make()
        let allowance = Product(
            productID: "vip.monthly", type: .autoRenewable,
            prices: ["USA": Price(amount: 9.99, currencyCode: "USD")],
            localizations: ["en": ProductLocalization(displayName: "VIP", description: "VIP for testing")],
            entitlements: ["vip"], payouts: [Payout(kind: .currency, name: "gems", quantity: 50)],
            subscription: SubscriptionInfo(group: "vip", period: SubscriptionPeriod("P1M")!, level: 1))
        let catalog = Catalog(
            deployment: base.deployment, storefronts: base.storefronts, products: base.products + [allowance])
        let harness = StoreTestHarness(catalog: catalog)
        _ = await harness.store.purchase("vip.monthly")
        #expect(try await harness.store.entitlements().balances["gems"] == 50)
        let reinstalled = harness.reinstalled()
        #expect(await reinstalled.restore().restoredProductIDs == ["vip.monthly"])
        #expect(await reinstalled.restore().restoredProductIDs == ["vip.monthly"])
        let entitlements = try await reinstalled.entitlements()
        #expect(entitlements.names.contains("vip"))
        #expect(entitlements.balances["gems"] == 50)
    }

    /// A refund reaches what was delivered whichever transaction of the purchase the store names: the
    /// original purchase when a restored copy was delivered, a restored copy when the original was.
    @Test func aRefundRevokesThePurchaseWhicheverOfItsTransactionsWasDelivered() async throws {
        // The original refunded, the delivery held by a restored copy (a reinstall's ledger).
        let harness = Harness()
        guard case .purchased(let original) = await harness.store.purchase("remove.ads") else {
            Issue.record("expected a purchase")
            return
        }
        let reinstalled = harness.reinstalled()
        let events = await reinstalled.events()
        await reinstalled.start()
        _ = await reinstalled.restore()
        #expect(try await reinstalled.entitlements().names.contains("no-ads"))
        await harness.provider.refund(original.id)
        for await event in events where event.name == "revoked" { break }
        #expect(try await !reinstalled.entitlements().names.contains("no-ads"))
        await reinstalled.stop()

        // A restored copy refunded, the delivery held by the original purchase.
        let second = Harness()
        guard case .purchased = await second.store.purchase("remove.ads") else {
            Issue.record("expected a purchase")
            return
        }
        let secondEvents = await second.store.events()
        await second.store.start()
        _ = await second.store.restore()
        var copy: StoreTransaction?
        for await event in secondEvents where event.name == "alreadyDelivered" {
            copy = event.transaction
            break
        }
        var restored = try #require(copy)
        #expect(restored.id != restored.originalID)
        restored.revocationDate = second.clock.now
        await second.provider.redeliver(restored)
        for await event in secondEvents where event.name == "revoked" { break }
        #expect(try await !second.store.entitlements().names.contains("no-ads"))
        await second.store.stop()
    }

    @Test func storeFailureIsAFailedRestore() async {
        let harness = Harness()
        await harness.provider.setRestoreError(PurchaseError(.storeUnavailable))
        guard case .failed(let error) = await harness.store.restore() else {
            Issue.record("expected failed")
            return
        }
        #expect(error.code == .storeUnavailable)
        #expect(error.isRetryable)
    }
}

struct MultiStoreTests {
    private func makeStores() -> (Catalog, InMemoryStoreProvider, InMemoryStoreProvider, Store) {
        let catalog = SampleCatalog.make(providers: ["memory", "web"])
        let appStore = InMemoryStoreProvider(catalog: catalog, storeName: "memory")
        let webStore = InMemoryStoreProvider(catalog: catalog, storeName: "web")
        let store = Store(catalog: catalog, providers: [appStore, webStore], ledger: InMemoryFulfillmentLedger())
        return (catalog, appStore, webStore, store)
    }

    @Test func purchasesRouteToTheDefaultOrTheProductsStore() async throws {
        let (_, appStore, webStore, store) = makeStores()
        guard case .purchased(let ads) = await store.purchase("remove.ads"),
            case .purchased(let bundle) = await store.purchase("web.bundle")
        else {
            Issue.record("expected both purchases")
            return
        }
        #expect(ads.store == "memory")
        #expect(bundle.store == "web")
        #expect(await appStore.allTransactions.map(\.productID) == ["remove.ads"])
        #expect(await webStore.allTransactions.map(\.productID) == ["web.bundle"])
        #expect(try await store.entitlements().names == ["bundle", "no-ads"])
    }

    @Test func sameIdentifierInTwoStoresIsTwoTransactions() async throws {
        let ledger = InMemoryFulfillmentLedger()
        let delivery = { (store: String) in
            Delivery(
                transactionID: TransactionID(store: store, id: "1"),
                originalTransactionID: TransactionID(store: store, id: "1"), productID: "gems.100",
                productType: .consumable, quantity: 1, entitlements: [], credits: ["gems": 100], expirationDate: nil,
                purchaseDate: Date(), deliveredAt: Date())
        }
        #expect(await ledger.recordDelivery(delivery("memory")))
        #expect(await ledger.recordDelivery(delivery("web")))
        #expect(await ledger.recordDelivery(delivery("web")) == false)
        #expect(await ledger.contents().balances["gems"] == 200)
    }

    @Test func restoreMergesEveryStoreAndReportsPartialFailure() async throws {
        let (catalog, appStore, webStore, store) = makeStores()
        _ = await store.purchase("remove.ads")
        _ = await store.purchase("web.bundle")

        let reinstalled = Store(catalog: catalog, providers: [appStore, webStore], ledger: InMemoryFulfillmentLedger())
        guard case .restored(let both) = await reinstalled.restore() else {
            Issue.record("expected restored")
            return
        }
        #expect(Set(both) == ["remove.ads", "web.bundle"])

        await webStore.setRestoreError(PurchaseError(.storeUnavailable))
        guard case .partial(let restored, let errors) = await reinstalled.restore() else {
            Issue.record("expected partial")
            return
        }
        #expect(restored == ["remove.ads"])
        #expect(errors.map(\.code) == [.storeUnavailable])
    }

    @Test func productsMergeAcrossStoresAndReportInvalidIdentifiers() async throws {
        let (_, appStore, _, store) = makeStores()
        await appStore.setUnavailable(["season.pass"])
        let response = try await store.products()
        #expect(response.invalidProductIDs == ["season.pass"])
        #expect(
            response.products.map(\.id) == [
                "gems.100", "remove.ads", "starter.pack", "pro.monthly", "basic.monthly", "web.bundle",
            ])
        #expect(response.products.first { $0.id == "web.bundle" }?.store == "web")
        #expect(response.products.first?.displayName == "100 Gems")
        #expect(response.products.first?.price.amount == Decimal(string: "0.99"))
    }
}
