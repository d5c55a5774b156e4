import Foundation
import PurchaseKit
import Testing

@testable import CustomStore

/// The SQLite ledger as a `NotificationLog` (schema version 3): an identity recorded once whoever
/// races, kept when the file is opened again, and a version 2 database brought to version 3.
struct SQLiteLedgerNotificationTests {
    private static let date = Date(timeIntervalSinceReferenceDate: 820_000_000.25)

    @Test func aNotificationIsRecordedOnceAndKept() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("ledger.sqlite")
            var ledger = try SQLiteFulfillmentLedger(databaseURL: file)
            #expect(try await ledger.notificationRecorded("a") == nil)
            #expect(try await ledger.recordNotification("a", at: Self.date))
            #expect(try await !ledger.recordNotification("a", at: Self.date.addingTimeInterval(60)))
            await #expect(throws: PurchaseError.self) { try await ledger.recordNotification("", at: Self.date) }
            await ledger.close()
            ledger = try SQLiteFulfillmentLedger(databaseURL: file)
            #expect(try await ledger.notificationRecorded("a") == Self.date)
            #expect(try await ledger.notificationRecorded("b") == nil)
            await ledger.close()
        }
    }

    @Test func racersOnTwoConnectionsGetExactlyOneTrue() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("ledger.sqlite")
            let ledgers = [
                try SQLiteFulfillmentLedger(databaseURL: file), try SQLiteFulfillmentLedger(databaseURL: file),
            ]
            let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
                for attempt in 0..<16 {
                    group.addTask { try await ledgers[attempt % 2].recordNotification("same", at: Self.date) }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(wins == 1)
            for ledger in ledgers { await ledger.close() }
        }
    }

    @Test func aVersionTwoDatabaseGainsTheNotificationsTable() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("ledger.sqlite")
            let old = try SQLiteConnection(path: file.path, readOnly: false, busyTimeout: 1000)
            try old.runNow { session in
                for table in SQLiteLedgerSchema.tables { _ = try session.execute(table) }
                for statement in SQLiteLedgerSchema.accountsMigration { _ = try session.execute(statement) }
                _ = try session.execute("PRAGMA user_version = 2")
            }
            await old.close()
            let ledger = try SQLiteFulfillmentLedger(databaseURL: file)
            #expect(try await ledger.recordNotification("a", at: Self.date))
            #expect(try await ledger.notificationRecorded("a") == Self.date)
            await ledger.close()
        }
    }
}
