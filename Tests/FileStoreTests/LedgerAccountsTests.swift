import Foundation
import Journal
import PurchaseCore
import Testing

@testable import FileStore

/// The file ledger's accounts (records 7 and 8, snapshot version 4): deliveries, balances and
/// spends per app account token, exactly once across accounts, kept across reopening and
/// compaction; logs and snapshots written before accounts read as the default account.
struct FileLedgerAccountsTests {
    static let alice = UUID(uuidString: "A11CE000-0000-4000-8000-000000000001")!
    static let bob = UUID(uuidString: "B0B00000-0000-4000-8000-000000000002")!

    private func gems(_ id: String, _ units: Int, for account: UUID?) -> Delivery {
        let transactionID = TransactionID(store: "file", id: id)
        return Delivery(
            transactionID: transactionID, originalTransactionID: transactionID, productID: "gems",
            productType: .consumable, quantity: 1, entitlements: [], credits: ["gems": units], expirationDate: nil,
            purchaseDate: TestCatalog.start, deliveredAt: TestCatalog.start, appAccountToken: account)
    }

    @Test func theRecordsRoundTrip() throws {
        let delivery = LedgerRecord.delivery(gems("1", 100, for: Self.alice))
        #expect(delivery.data.first == 7)
        #expect(try LedgerRecord(delivery.data) == delivery)
        #expect(throws: (any Error).self) { try LedgerRecord(delivery.data.dropLast()) }
        let spend = LedgerRecord.spend("gems", 3, account: Self.bob)
        #expect(spend.data.first == 8)
        #expect(try LedgerRecord(spend.data) == spend)
        // The default account's records keep the tags written before accounts.
        #expect(LedgerRecord.delivery(gems("2", 100, for: nil)).data.first == 1)
        #expect(LedgerRecord.spend("gems", 3).data.first == 4)
    }

    @Test(arguments: [false, true])
    func twoAccountsKeepTheirBalancesAcrossReopening(compacting: Bool) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        #expect(try await ledger.recordDelivery(gems("1", 100, for: Self.alice)))
        #expect(try await ledger.recordDelivery(gems("2", 50, for: Self.bob)))
        #expect(try await ledger.recordDelivery(gems("3", 10, for: nil)))
        // Exactly once across accounts: the same transaction for another account is refused.
        #expect(try await !ledger.recordDelivery(gems("1", 100, for: Self.bob)))
        #expect(try await !ledger.recordDelivery(gems("1", 100, for: nil)))

        #expect(try await ledger.spend("gems", quantity: 40, account: Self.alice) == 60)
        do {
            _ = try await ledger.spend("gems", quantity: 51, account: Self.bob)
            Issue.record("Bob spent more than his balance")
        } catch let error as PurchaseError {
            #expect(error.code == .insufficientBalance)
        }
        #expect(try await ledger.spend("gems", quantity: 10) == 0)
        if compacting { try await ledger.compact() }
        await ledger.close()

        let reopened = try FileFulfillmentLedger(stateDirectory: folder.url)
        let contents = try await reopened.contents()
        #expect(contents.accounts == [Self.alice, Self.bob])
        #expect(contents.balances(for: Self.alice) == ["gems": 60])
        #expect(contents.balances(for: Self.bob) == ["gems": 50])
        #expect(contents.balances == ["gems": 0])
        #expect(contents.spentByAccount == [Self.alice: ["gems": 40]])
        #expect(contents.deliveries(for: Self.bob).map(\.transactionID.id) == ["2"])
        #expect(try await reopened.balances(for: Self.alice) == ["gems": 60])
        #expect(try await reopened.balances().isEmpty)
        #expect(try await !reopened.recordDelivery(gems("2", 50, for: Self.alice)))
        await reopened.close()
    }

    /// Instances racing to deliver one transaction, each to another account: one wins, and only its
    /// account is credited.
    @Test func oneTransactionRacedForByManyAccountsIsDeliveredOnce() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let ledgers = try (0..<3).map { _ in try FileFulfillmentLedger(stateDirectory: folder.url) }
        let accounts: [UUID?] = [Self.alice, Self.bob, nil]
        let winners = try await withThrowingTaskGroup(of: UUID??.self) { group in
            for index in 0..<30 {
                let (ledger, account) = (ledgers[index % 3], accounts[index % 3])
                group.addTask {
                    try await ledger.recordDelivery(gems("7", 100, for: account)) ? .some(account) : .none
                }
            }
            return try await group.reduce(into: [UUID?]()) { winners, won in
                if let account = won { winners.append(account) }
            }
        }
        #expect(winners.count == 1)
        let contents = try await ledgers[0].contents()
        #expect(contents.deliveries.count == 1)
        let winner = try #require(winners.first)
        for account in accounts {
            #expect(contents.balances(for: account) == (account == winner ? ["gems": 100] : [:]))
        }
        ledgers.forEach { $0.close() }
    }

    @Test func aRefundDebitsTheAccountItWasDeliveredTo() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        _ = try await ledger.recordDelivery(gems("1", 100, for: Self.alice))
        _ = try await ledger.recordDelivery(gems("2", 100, for: nil))
        _ = try await ledger.spend("gems", quantity: 70, account: Self.alice)
        let payout = try #require(
            try await ledger.recordRevocation(
                TransactionID(store: "file", id: "1"), at: TestCatalog.start, refundedConsumables: .debit))
        // Alice had 30 left: the refund takes those, not the default account's 100.
        #expect(payout.debited == ["gems": 30])
        #expect(payout.shortfall == ["gems": 70])
        #expect(try await ledger.balances(for: Self.alice).isEmpty)
        #expect(try await ledger.balances() == ["gems": 100])
        await ledger.close()
    }

    @Test func logsAndSnapshotsWrittenBeforeAccountsReadAsTheDefaultAccount() throws {
        // A log of tag-1 and tag-4 records, as written before accounts.
        var logged = LedgerState()
        try logged.applyEncoded(LedgerRecord.delivery(gems("1", 100, for: nil)).data)
        try logged.applyEncoded(LedgerRecord.spend("gems", 30).data)
        #expect(logged.contents.accounts.isEmpty)
        #expect(logged.contents.balances == ["gems": 70])
        #expect(logged.contents.view(for: nil) == logged.contents)

        // A version 3 snapshot of the same state.
        let old = try logged.versionThreeSnapshot()
        #expect(old.prefix(4) == Data([3, 0, 0, 0]))
        let loaded = try LedgerState(snapshot: old)
        #expect(loaded.contents == logged.contents)
        #expect(loaded.balances == ["gems": 70])

        // And a version 4 snapshot with accounts comes back whole.
        var state = loaded
        try state.applyEncoded(LedgerRecord.delivery(gems("2", 5, for: Self.bob)).data)
        try state.applyEncoded(LedgerRecord.spend("gems", 2, account: Self.bob).data)
        let copy = try LedgerState(snapshot: try state.snapshot())
        #expect(copy.contents == state.contents)
        #expect(copy.balances(for: Self.bob) == ["gems": 3])
        #expect(copy.balances == ["gems": 70])
    }
}

extension LedgerState {
    /// The snapshot as version 3 wrote it, before accounts: each delivery without its account byte,
    /// and no section of the accounts' spends. Only for a state of the default account alone.
    func versionThreeSnapshot() throws -> Data {
        precondition(contents.accounts.isEmpty, "version 3 holds the default account only")
        let current = try snapshot()
        var old = Data([3, 0, 0, 0]) + current[4..<12]
        var offset = 12
        for delivery in contents.deliveries {
            var one = ByteWriter()
            LedgerRecord.encode(delivery, into: &one)
            let length = one.data.count
            old += current[offset..<(offset + length)]
            // The account byte of a default-account delivery, 0, is left out.
            offset += length + 1
        }
        old += current[offset..<(current.count - 8)]
        return old
    }
}
