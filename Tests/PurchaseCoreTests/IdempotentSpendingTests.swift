import Foundation
import PurchaseCore
import PurchaseTesting
import Testing

/// Spends with an identifier, on the in-memory ledger and through the `Store`: the units are taken
/// once per identifier and account, a replay answers the first spend's result, a conflicting one is
/// refused, and a spend that does not fit records nothing.
struct IdempotentSpendingTests {
    static let alice = UUID(uuidString: "A11CE000-0000-4000-8000-000000000001")!

    @Test func aReplayAnswersTheFirstSpendAndTakesNothing() async throws {
        let harness = StoreTestHarness(catalog: SampleCatalog.make())
        _ = await harness.store.purchase("gems.100")
        let id = try SpendID("order-1")
        let first = try await harness.store.spend("gems", quantity: 30, spendID: id)
        #expect(first == SpendResult(balance: 70, replayed: false))
        // Another spend meanwhile: the replay still answers what the first one left.
        #expect(try await harness.store.spend("gems", quantity: 10) == 60)
        let again = try await harness.store.spend("gems", quantity: 30, spendID: id)
        #expect(again == SpendResult(balance: 70, replayed: true))
        #expect(try await harness.store.entitlements().balances["gems"] == 60)
        #expect(await harness.ledger.contents().spent == ["gems": 40])
        let recorded = RecordedSpend(balance: "gems", quantity: 30, balanceAfter: 70)
        #expect(await harness.ledger.recordedSpends() == [IdentifiedSpend(account: nil, spendID: id, spend: recorded)])
        #expect(try await LedgerExport.read(from: harness.ledger).spendIDs.count == 1)
    }

    @Test(arguments: [("gems", 31), ("coins", 30)])
    func theSameIdentifierForAnotherSpendIsRefused(balance: String, quantity: Int) async throws {
        let harness = StoreTestHarness(catalog: SampleCatalog.make())
        _ = await harness.store.purchase("gems.100")
        let id = try SpendID("order-2")
        _ = try await harness.store.spend("gems", quantity: 30, spendID: id)
        let error = await #expect(throws: PurchaseError.self) {
            try await harness.store.spend(balance, quantity: quantity, spendID: id)
        }
        #expect(error?.code == .spendIDConflict)
        #expect(error?.isRetryable == false)
        #expect(Message(error: try #require(error)) == .keyed(.spendIDConflict, arguments: []))
        #expect(try await harness.store.entitlements().balances["gems"] == 70)
    }

    @Test func aSpendThatDoesNotFitRecordsNothingSoItsIdentifierWorksLater() async throws {
        let harness = StoreTestHarness(catalog: SampleCatalog.make())
        let id = try SpendID("order-3")
        let error = await #expect(throws: PurchaseError.self) {
            try await harness.store.spend("gems", quantity: 50, account: Self.alice, spendID: id)
        }
        #expect(error?.code == .insufficientBalance)
        _ = await harness.store.purchase("gems.100", options: PurchaseOptions(appAccountToken: Self.alice))
        let taken = try await harness.store.spend("gems", quantity: 50, account: Self.alice, spendID: id)
        #expect(taken == SpendResult(balance: 50, replayed: false))
    }

    @Test func identifiersOfDifferentAccountsNeverMeet() async throws {
        let harness = StoreTestHarness(catalog: SampleCatalog.make())
        _ = await harness.store.purchase("gems.100")
        _ = await harness.store.purchase("gems.100", options: PurchaseOptions(appAccountToken: Self.alice))
        let id = try SpendID("same")
        #expect(try await harness.store.spend("gems", quantity: 5, spendID: id).replayed == false)
        let other = try await harness.store.spend("gems", quantity: 7, account: Self.alice, spendID: id)
        #expect(other == SpendResult(balance: 93, replayed: false))
        #expect(await harness.ledger.contents().spentByAccount == [Self.alice: ["gems": 7]])
    }

    @Test func racingCallersWithOneIdentifierTakeTheUnitsOnce() async throws {
        let ledger = InMemoryFulfillmentLedger()
        _ = await ledger.recordDelivery(
            Delivery(
                transactionID: TransactionID(store: "t", id: "1"),
                originalTransactionID: TransactionID(store: "t", id: "1"),
                productID: "gems.100", productType: .consumable, quantity: 1, entitlements: [],
                credits: ["gems": 100], expirationDate: nil, purchaseDate: Date(), deliveredAt: Date()))
        let id = try SpendID("race")
        let results = try await withThrowingTaskGroup(of: SpendResult.self) { group in
            for _ in 0..<32 { group.addTask { try await ledger.spend("gems", quantity: 3, account: nil, spendID: id) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.filter { !$0.replayed }.count == 1)
        #expect(results.allSatisfy { $0.balance == 97 })
        #expect(await ledger.contents().spent == ["gems": 3])
    }

    @Test(arguments: ["", String(repeating: "x", count: 201), "a\u{0}b", "line\nbreak", "\u{85}"])
    func anIdentifierMustBeShortVisibleText(text: String) {
        let error = #expect(throws: PurchaseError.self) { try SpendID(text) }
        #expect(error?.code == .clientInvalid)
    }

    @Test func anIdentifierOf200BytesIsAccepted() throws {
        // 100 two-byte characters: 200 bytes of UTF-8.
        #expect(try SpendID(String(repeating: "é", count: 100)).rawValue.utf8.count == 200)
        #expect(throws: PurchaseError.self) { try SpendID(String(repeating: "é", count: 100) + "x") }
    }

    /// A ledger without the capability: the `Store` refuses a spend with an identifier, and takes nothing.
    @Test func aLedgerWithoutSpendIdentifiersRefusesClearly() async throws {
        struct PlainLedger: FulfillmentLedger {
            let inner = InMemoryFulfillmentLedger()
            func recordDelivery(_ delivery: Delivery) async throws -> Bool { await inner.recordDelivery(delivery) }
            func delivery(for id: TransactionID) async throws -> Delivery? { await inner.delivery(for: id) }
            func markFinished(_ id: TransactionID) async throws { await inner.markFinished(id) }
            func recordRevocation(_ id: TransactionID, at date: Date) async throws -> Bool {
                await inner.recordRevocation(id, at: date)
            }
            func recordExpiration(_ id: TransactionID, at date: Date) async throws -> Bool {
                await inner.recordExpiration(id, at: date)
            }
            func spend(_ balance: String, quantity: Int, account: UUID?) async throws -> Int {
                try await inner.spend(balance, quantity: quantity, account: account)
            }
            func contents() async throws -> LedgerContents { await inner.contents() }
        }
        let catalog = SampleCatalog.make()
        let ledger = PlainLedger()
        let store = Store(
            catalog: catalog, providers: [InMemoryStoreProvider(catalog: catalog, clock: ManualClock())],
            ledger: ledger)
        _ = await store.purchase("gems.100")
        let error = await #expect(throws: PurchaseError.self) {
            try await store.spend("gems", quantity: 1, spendID: try SpendID("x"))
        }
        #expect(error?.code == .unsupported)
        #expect(try await store.entitlements().balances["gems"] == 100)
    }
}
