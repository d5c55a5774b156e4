import Foundation
import Journal
import PurchaseCore
import Testing

@testable import FileStore

/// The file ledger's spends with an identifier (record tag 10, snapshot version 6): the units taken
/// once per identifier whoever races, durable across reopening and compaction, and refused by a reader
/// that does not know the tag rather than skipped.
struct LedgerIdempotentSpendingTests {
    static let alice = UUID(uuidString: "A11CE000-0000-4000-8000-000000000001")!

    private static func gems(_ id: String, _ units: Int, account: UUID? = nil) -> Delivery {
        Delivery(
            transactionID: TransactionID(store: "file", id: id),
            originalTransactionID: TransactionID(store: "file", id: id),
            productID: "gems", productType: .consumable, quantity: 1, entitlements: [], credits: ["gems": units],
            expirationDate: nil, purchaseDate: TestCatalog.start, deliveredAt: TestCatalog.start,
            appAccountToken: account)
    }

    @Test(arguments: [nil, alice])
    func theRecordRoundTrips(account: UUID?) throws {
        let record = LedgerRecord.identifiedSpend(
            try SpendID("order-é"), RecordedSpend(balance: "gems", quantity: 30, balanceAfter: 70), account: account)
        #expect(try LedgerRecord(record.data) == record)
        #expect(record.data.first == 10)
        #expect(throws: (any Error).self) { try LedgerRecord(record.data.dropLast()) }
    }

    @Test func aReplayAnswersTheFirstSpendAndAConflictIsRefused() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        #expect(try await ledger.recordDelivery(Self.gems("1", 100, account: Self.alice)))
        let id = try SpendID("order-1")
        #expect(
            try await ledger.spend("gems", quantity: 30, account: Self.alice, spendID: id)
                == SpendResult(balance: 70, replayed: false))
        #expect(try await ledger.spend("gems", quantity: 5, account: Self.alice) == 65)
        #expect(
            try await ledger.spend("gems", quantity: 30, account: Self.alice, spendID: id)
                == SpendResult(balance: 70, replayed: true))
        let conflict = await #expect(throws: PurchaseError.self) {
            try await ledger.spend("gems", quantity: 31, account: Self.alice, spendID: id)
        }
        #expect(conflict?.code == .spendIDConflict)
        // The default account's identifiers are its own.
        let short = await #expect(throws: PurchaseError.self) {
            try await ledger.spend("gems", quantity: 30, account: nil, spendID: id)
        }
        #expect(short?.code == .insufficientBalance)
        #expect(try await ledger.balances(for: Self.alice) == ["gems": 65])
        await ledger.close()
    }

    @Test(arguments: [false, true])
    func spendIdentifiersSurviveReopening(compacting: Bool) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        #expect(try await ledger.recordDelivery(Self.gems("1", 100)))
        #expect(try await ledger.recordDelivery(Self.gems("2", 10, account: Self.alice)))
        let (first, second) = (try SpendID("a"), try SpendID("b"))
        _ = try await ledger.spend("gems", quantity: 40, account: nil, spendID: first)
        _ = try await ledger.spend("gems", quantity: 4, account: Self.alice, spendID: second)
        // A spend that does not fit records nothing.
        await #expect(throws: PurchaseError.self) {
            try await ledger.spend("gems", quantity: 61, account: nil, spendID: second)
        }
        if compacting { try await ledger.compact() }
        await ledger.close()

        ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        #expect(
            Set(try await ledger.recordedSpends()) == [
                IdentifiedSpend(
                    account: nil, spendID: first, spend: RecordedSpend(balance: "gems", quantity: 40, balanceAfter: 60)),
                IdentifiedSpend(
                    account: Self.alice, spendID: second,
                    spend: RecordedSpend(balance: "gems", quantity: 4, balanceAfter: 6)),
            ])
        #expect(
            try await ledger.spend("gems", quantity: 40, account: nil, spendID: first)
                == SpendResult(balance: 60, replayed: true))
        #expect(
            try await ledger.spend("gems", quantity: 4, account: Self.alice, spendID: second)
                == SpendResult(balance: 6, replayed: true))
        #expect(
            try await ledger.spend("gems", quantity: 60, account: nil, spendID: second)
                == SpendResult(balance: 0, replayed: false))
        let contents = try await ledger.contents()
        #expect(contents.spent == ["gems": 100])
        #expect(contents.spentByAccount == [Self.alice: ["gems": 4]])
        await ledger.close()
    }

    /// Ledgers opened separately on one folder (as processes do) race with the same identifiers: each
    /// identifier takes its units once, and every answer carries the balance its first spend left.
    @Test func racersAcrossLedgerInstancesTakeTheUnitsOnce() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let own = folder.url.appendingPathComponent("ledger")
        let ledgers = try (0..<3).map { _ in try FileFulfillmentLedger(directory: own) }
        #expect(try await ledgers[0].recordDelivery(Self.gems("1", 1000)))
        let ids = try (0..<4).map { try SpendID("spend-\($0)") }
        let results = try await withThrowingTaskGroup(of: (SpendID, SpendResult).self) { group in
            for index in 0..<48 {
                let (ledger, id) = (ledgers[index % 3], ids[index % 4])
                group.addTask { (id, try await ledger.spend("gems", quantity: 7, account: nil, spendID: id)) }
            }
            return try await group.reduce(into: [SpendID: [SpendResult]]()) { $0[$1.0, default: []].append($1.1) }
        }
        for id in ids {
            let answers = try #require(results[id])
            #expect(answers.count == 12)
            #expect(answers.filter { !$0.replayed }.count == 1, "\(id): \(answers)")
            #expect(Set(answers.map(\.balance)).count == 1, "\(id): \(answers)")
        }
        #expect(Set(results.values.map { $0[0].balance }) == [993, 986, 979, 972])
        for ledger in ledgers { #expect(try await ledger.contents().spent == ["gems": 28]) }
        for ledger in ledgers { await ledger.close() }
    }

    @Test func snapshotsWithoutSpendIdentifiersKeepTheirVersionAndVersionSixLoads() throws {
        var state = LedgerState()
        try state.applyEncoded(LedgerRecord.delivery(Self.gems("1", 100)).data)
        #expect(try state.snapshot().prefix(4) == Data([4, 0, 0, 0]))
        let spend = RecordedSpend(balance: "gems", quantity: 30, balanceAfter: 70)
        try state.applyEncoded(LedgerRecord.identifiedSpend(try SpendID("x"), spend, account: nil).data)
        // A second record of the identifier (never written by the ledger) takes nothing.
        try state.applyEncoded(LedgerRecord.identifiedSpend(try SpendID("x"), spend, account: nil).data)
        #expect(state.balances(for: nil) == ["gems": 70])
        let snapshot = try state.snapshot()
        #expect(snapshot.prefix(4) == Data([6, 0, 0, 0]))
        let copy = try LedgerState(snapshot: snapshot)
        #expect(copy.contents == state.contents)
        #expect(copy.recordedSpend(try SpendID("x"), account: nil) == spend)
        #expect(copy.balances(for: nil) == ["gems": 70])
        var older = snapshot
        older[0] = 5
        #expect(throws: (any Error).self) { try LedgerState(snapshot: older) }
    }
}
