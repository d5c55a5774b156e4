import Foundation
import PurchaseKit
import Testing

@testable import CustomStore

/// The SQLite ledger as `IdempotentSpending` (schema version 4): the units of an identifier taken once
/// whoever races, a replay answering the first spend even after the file is opened again, a conflict
/// refused, and a version 3 database brought to version 4.
struct SQLiteLedgerSpendIDTests {
    private static let date = Date(timeIntervalSinceReferenceDate: 820_000_000)
    private static let alice = UUID(uuidString: "A11CE000-0000-4000-8000-000000000001")!

    private func gems(_ id: String, _ units: Int, for account: UUID?) -> Delivery {
        let transactionID = TransactionID(store: "web-checkout", id: id)
        return Delivery(
            transactionID: transactionID, originalTransactionID: transactionID, productID: "com.example.gems",
            productType: .consumable, quantity: 1, entitlements: [], credits: ["gems": units], expirationDate: nil,
            purchaseDate: Self.date, deliveredAt: Self.date, appAccountToken: account)
    }

    @Test func aReplayAnswersTheFirstSpendAfterReopeningAndAConflictIsRefused() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("ledger.sqlite")
            var ledger = try SQLiteFulfillmentLedger(databaseURL: file)
            let id = try SpendID("order-1")
            let short = await #expect(throws: PurchaseError.self) {
                try await ledger.spend("gems", quantity: 30, account: Self.alice, spendID: id)
            }
            #expect(short?.code == .insufficientBalance)
            #expect(try await ledger.recordDelivery(gems("1", 100, for: Self.alice)))
            let first = try await ledger.spend("gems", quantity: 30, account: Self.alice, spendID: id)
            #expect(first == SpendResult(balance: 70, replayed: false))
            #expect(try await ledger.spend("gems", quantity: 5, account: Self.alice) == 65)
            await ledger.close()

            ledger = try SQLiteFulfillmentLedger(databaseURL: file)
            let again = try await ledger.spend("gems", quantity: 30, account: Self.alice, spendID: id)
            #expect(again == SpendResult(balance: 70, replayed: true))
            let conflict = await #expect(throws: PurchaseError.self) {
                try await ledger.spend("gems", quantity: 31, account: Self.alice, spendID: id)
            }
            #expect(conflict?.code == .spendIDConflict)
            #expect(try await ledger.contents().spentByAccount == [Self.alice: ["gems": 35]])
            let recorded = RecordedSpend(balance: "gems", quantity: 30, balanceAfter: 70)
            #expect(
                try await ledger.recordedSpends() == [
                    IdentifiedSpend(account: Self.alice, spendID: id, spend: recorded)
                ])
            await ledger.close()
        }
    }

    @Test func racersOnTwoConnectionsTakeTheUnitsOnce() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("ledger.sqlite")
            let ledgers = [
                try SQLiteFulfillmentLedger(databaseURL: file), try SQLiteFulfillmentLedger(databaseURL: file),
            ]
            #expect(try await ledgers[0].recordDelivery(gems("1", 100, for: nil)))
            let id = try SpendID("same")
            let results = try await withThrowingTaskGroup(of: SpendResult.self) { group in
                for attempt in 0..<16 {
                    group.addTask {
                        try await ledgers[attempt % 2].spend("gems", quantity: 9, account: nil, spendID: id)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.filter { !$0.replayed }.count == 1)
            #expect(results.allSatisfy { $0.balance == 91 })
            #expect(try await ledgers[1].contents().spent == ["gems": 9])
            for ledger in ledgers { await ledger.close() }
        }
    }

    @Test func aVersionThreeDatabaseGainsSpendIdentifiers() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("ledger.sqlite")
            let old = try SQLiteConnection(path: file.path, readOnly: false, busyTimeout: 1000)
            try old.runNow { session in
                for table in SQLiteLedgerSchema.tables { _ = try session.execute(table) }
                for statement in SQLiteLedgerSchema.accountsMigration { _ = try session.execute(statement) }
                for statement in SQLiteLedgerSchema.notificationsMigration { _ = try session.execute(statement) }
                _ = try session.execute("PRAGMA user_version = 3")
            }
            await old.close()
            let ledger = try SQLiteFulfillmentLedger(databaseURL: file)
            #expect(try await ledger.recordDelivery(gems("1", 10, for: nil)))
            #expect(try await ledger.spend("gems", quantity: 4) == 6)
            let id = try SpendID("after-migration")
            #expect(try await ledger.spend("gems", quantity: 2, account: nil, spendID: id).balance == 4)
            #expect(try await ledger.spend("gems", quantity: 2, account: nil, spendID: id).replayed)
            await ledger.close()
        }
    }
}
