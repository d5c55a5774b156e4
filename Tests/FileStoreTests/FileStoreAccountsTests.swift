import Foundation
import PurchaseCore
import Testing

@testable import FileStore

/// The file store carries a purchase's app account token (record tag 8, snapshot version 2) on the
/// transaction, its renewals and its restored copies; records and snapshots written before read as
/// transactions without one.
struct FileStoreAccountsTests {
    static let alice = UUID(uuidString: "A11CE000-0000-4000-8000-000000000001")!

    @Test func theTokenTravelsOnPurchasesRenewalsAndRestores() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let clock = ManualClock()
        let store = try FileStoreProvider(catalog: TestCatalog.make(), stateDirectory: folder.url, clock: clock)
        let bought = try #require(
            try await store.purchase(PurchaseRequest(productID: "pro", appAccountToken: Self.alice)).transaction)
        #expect(bought.appAccountToken == Self.alice)
        let plain = try #require(try await store.purchase(PurchaseRequest(productID: "gems")).transaction)
        #expect(plain.appAccountToken == nil)
        clock.advance(by: 40 * 86_400)
        let renewals = try await store.unfinishedTransactions().filter { $0.productID == "pro" && $0.id != bought.id }
        #expect(!renewals.isEmpty)
        #expect(renewals.allSatisfy { $0.appAccountToken == Self.alice })
        await store.close()

        let reopened = try FileStoreProvider(catalog: TestCatalog.make(), stateDirectory: folder.url, clock: clock)
        let restored = try await reopened.restore()
        #expect(restored.map(\.appAccountToken) == [Self.alice])
        await reopened.close()
    }

    @Test func theRecordAndTheSnapshotKeepTheToken() throws {
        let date = TestCatalog.start
        var transaction = StoredTransaction(
            id: 1, originalID: 1, productID: "gems", productType: .consumable, quantity: 1, purchaseDate: date,
            originalPurchaseDate: date, expirationDate: nil, state: .purchased, autoRenew: false)
        let plain = StoreRecord.transaction(transaction)
        #expect(plain.data.first == 1)
        transaction.appAccountToken = Self.alice
        let record = StoreRecord.transaction(transaction)
        #expect(record.data.first == 8)
        #expect(try StoreRecord(record.data) == record)
        #expect(throws: (any Error).self) { try StoreRecord(record.data.dropLast()) }

        var state = FileStoreState()
        try state.apply(record)
        let second = StoredTransaction(
            id: 2, originalID: 2, productID: "gems", productType: .consumable, quantity: 1, purchaseDate: date,
            originalPurchaseDate: date, expirationDate: nil, state: .purchased, autoRenew: false)
        try state.apply(.transaction(second))
        let snapshot = try state.snapshot()
        #expect(snapshot.prefix(4) == Data([2, 0, 0, 0]))
        let copy = try FileStoreState(snapshot: snapshot)
        #expect(copy.transactions == state.transactions)
        #expect(copy.transaction(1)?.appAccountToken == Self.alice)

        // Version 1, written before tokens: the same without the token bytes.
        var first = second
        first.id = 1
        first.originalID = 1
        var old = FileStoreState()
        try old.apply(.transaction(first))
        let current = try old.snapshot()
        let versionOne = Data([1, 0, 0, 0]) + current.dropFirst(4).dropLast(1)
        #expect(try FileStoreState(snapshot: versionOne).transactions == old.transactions)
    }
}
