import Foundation
import PurchaseCore
import PurchaseTesting
import Testing

/// One ledger, many accounts: a purchase made with an app account token is delivered to that
/// account, and entitlements, balances and spends stay apart.
struct LedgerAccountsTests {
    static let alice = UUID(uuidString: "A11CE000-0000-4000-8000-000000000001")!
    static let bob = UUID(uuidString: "B0B00000-0000-4000-8000-000000000002")!

    private static func buy(
        _ productID: String, for account: UUID?, in harness: StoreTestHarness
    ) async throws -> StoreTransaction {
        let outcome = await harness.store.purchase(productID, options: PurchaseOptions(appAccountToken: account))
        guard case .purchased(let transaction) = outcome else {
            Issue.record("expected a purchase, got \(outcome)")
            throw PurchaseError(.unknown)
        }
        return transaction
    }

    @Test func twoAccountsKeepTheirOwnEntitlementsAndBalances() async throws {
        let harness = StoreTestHarness(catalog: SampleCatalog.make())
        let bought = try await Self.buy("gems.100", for: Self.alice, in: harness)
        #expect(bought.appAccountToken == Self.alice)
        _ = try await Self.buy("gems.100", for: Self.alice, in: harness)
        _ = try await Self.buy("remove.ads", for: Self.bob, in: harness)

        let alice = try await harness.store.entitlements(for: Self.alice)
        let bob = try await harness.store.entitlements(for: Self.bob)
        let device = try await harness.store.entitlements()
        #expect(alice.balances["gems"] == 200)
        #expect(alice.names.isEmpty)
        #expect(bob.balances["gems", default: 0] == 0)
        #expect(bob.names == ["no-ads"])
        #expect(device.names.isEmpty)
        #expect(device.balances["gems", default: 0] == 0)

        let contents = await harness.ledger.contents()
        #expect(contents.accounts == [Self.alice, Self.bob])
        #expect(contents.deliveries(for: Self.alice).count == 2)
        #expect(contents.deliveries(for: Self.bob).map(\.productID) == ["remove.ads"])
        #expect(contents.deliveries(for: nil).isEmpty)
    }

    @Test func aSpendTakesFromItsAccountOnly() async throws {
        let harness = StoreTestHarness(catalog: SampleCatalog.make())
        _ = try await Self.buy("gems.100", for: Self.alice, in: harness)
        _ = try await Self.buy("gems.100", for: nil, in: harness)

        #expect(try await harness.store.spend("gems", quantity: 30, account: Self.alice) == 70)
        // Bob holds nothing, whatever the others hold.
        await #expect(throws: PurchaseError.self) {
            try await harness.store.spend("gems", quantity: 1, account: Self.bob)
        }
        // Alice cannot spend the default account's units.
        do {
            _ = try await harness.store.spend("gems", quantity: 71, account: Self.alice)
            Issue.record("a spend beyond the account's balance went through")
        } catch let error as PurchaseError {
            #expect(error.code == .insufficientBalance)
        }
        #expect(try await harness.store.entitlements().balances["gems"] == 100)
        #expect(try await harness.store.entitlements(for: Self.alice).balances["gems"] == 70)

        let contents = await harness.ledger.contents()
        #expect(contents.spent.isEmpty)
        #expect(contents.spentByAccount == [Self.alice: ["gems": 30]])
        #expect(contents.balances(for: Self.alice) == ["gems": 70])
        #expect(contents.view(for: Self.alice).balances == ["gems": 70])
    }

    @Test func aTransactionIsDeliveredToOneAccountOnly() async throws {
        let ledger = InMemoryFulfillmentLedger()
        let id = TransactionID(store: "memory", id: "1")
        func delivery(_ account: UUID?) -> Delivery {
            Delivery(
                transactionID: id, originalTransactionID: id, productID: "gems.100", productType: .consumable,
                quantity: 1, entitlements: [], credits: ["gems": 100], expirationDate: nil,
                purchaseDate: Date(timeIntervalSince1970: 0), deliveredAt: Date(timeIntervalSince1970: 0),
                appAccountToken: account)
        }
        #expect(await ledger.recordDelivery(delivery(Self.alice)))
        #expect(!(await ledger.recordDelivery(delivery(Self.bob))))
        #expect(!(await ledger.recordDelivery(delivery(nil))))
        let contents = await ledger.contents()
        #expect(contents.balances(for: Self.alice) == ["gems": 100])
        #expect(contents.balances(for: Self.bob).isEmpty)
        #expect(contents.balances.isEmpty)
    }

    @Test func aNonConsumableIsOwnedOncePerStoreAccount() async throws {
        let harness = StoreTestHarness(catalog: SampleCatalog.make())
        _ = try await Self.buy("remove.ads", for: Self.alice, in: harness)
        // The store account (one person's App Store account) owns the product once: it refuses the
        // purchase for another app account too, and nothing is delivered to that one.
        for account in [Self.alice, Self.bob] {
            let outcome = await harness.store.purchase("remove.ads", options: PurchaseOptions(appAccountToken: account))
            guard case .failed(let error) = outcome else {
                Issue.record("expected alreadyOwned, got \(outcome)")
                return
            }
            #expect(error.code == .alreadyOwned)
        }
        #expect(try await harness.store.entitlements(for: Self.bob).names.isEmpty)
        #expect(try await harness.store.entitlements(for: Self.alice).names == ["no-ads"])
    }

    @Test func restoreDeliversToTheAccountEachTransactionCarries() async throws {
        let harness = StoreTestHarness(catalog: SampleCatalog.make())
        _ = try await Self.buy("remove.ads", for: Self.bob, in: harness)
        let reinstalled = harness.reinstalled()
        _ = await reinstalled.restore()
        #expect(try await reinstalled.entitlements(for: Self.bob).names == ["no-ads"])
        #expect(try await reinstalled.entitlements().names.isEmpty)
    }

    @Test func aRenewalStaysWithItsAccount() async throws {
        let harness = StoreTestHarness(catalog: SampleCatalog.make())
        await harness.store.start()
        _ = try await Self.buy("pro.monthly", for: Self.alice, in: harness)
        let renewal = try #require(await harness.provider.renew("pro.monthly"))
        #expect(renewal.appAccountToken == Self.alice)
    }

    @Test func aRefundDebitsTheAccountItWasDeliveredTo() async throws {
        let harness = StoreTestHarness(catalog: SampleCatalog.make())
        let observer = RecordingEventObserver()
        await observer.start(observing: harness.store)
        await harness.store.start()
        let bought = try await Self.buy("gems.100", for: Self.alice, in: harness)
        _ = try await Self.buy("gems.100", for: nil, in: harness)
        await harness.provider.refund(bought.id)
        let events = await observer.waitForEvents(count: 3)
        #expect(events.last?.name == "revoked")
        #expect(try await harness.store.entitlements(for: Self.alice).balances["gems", default: 0] == 0)
        #expect(try await harness.store.entitlements().balances["gems"] == 100)
    }

    @Test func aViewHoldsOneAccountsPart() {
        let first = TransactionID(store: "s", id: "1")
        let second = TransactionID(store: "s", id: "2")
        let date = Date(timeIntervalSince1970: 0)
        func delivery(_ id: TransactionID, _ account: UUID?) -> Delivery {
            Delivery(
                transactionID: id, originalTransactionID: id, productID: "gems.100", productType: .consumable,
                quantity: 1, entitlements: [], credits: ["gems": 10], expirationDate: nil, purchaseDate: date,
                deliveredAt: date, appAccountToken: account)
        }
        let contents = LedgerContents(
            deliveries: [delivery(first, nil), delivery(second, Self.bob)], revocations: [second: date],
            finished: [first, second], spent: ["gems": 4], spentByAccount: [Self.bob: ["gems": 1]])
        let bob = contents.view(for: Self.bob)
        #expect(bob.deliveries.map(\.transactionID) == [second])
        #expect(bob.revocations == [second: date])
        #expect(bob.finished == [second])
        #expect(bob.spent == ["gems": 1])
        #expect(bob.balances == ["gems": -1])
        let device = contents.view(for: nil)
        #expect(device.deliveries.map(\.transactionID) == [first])
        #expect(device.revocations.isEmpty)
        #expect(device.balances == ["gems": 6])
        #expect(contents.balances == ["gems": 6])
    }
}
