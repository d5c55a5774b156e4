import Foundation
import Journal
import PurchaseCore
import Testing

@testable import FileStore

/// The file ledger's record of applied notifications (record tag 9, snapshot version 5): recorded
/// once whoever races, durable across reopening and compaction, and older logs and snapshots read
/// as before.
struct LedgerNotificationTests {
    private let later = TestCatalog.start.addingTimeInterval(3_600)

    @Test func theRecordRoundTrips() throws {
        let record = LedgerRecord.notification("3d8f2c1e-0000-4000-8000-000000000001", TestCatalog.start)
        #expect(try LedgerRecord(record.data) == record)
        #expect(record.data.first == 9)
        #expect(throws: (any Error).self) { try LedgerRecord(record.data.dropLast()) }
    }

    @Test func aNotificationIsRecordedOnce() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        #expect(try await ledger.notificationRecorded("a") == nil)
        #expect(try await ledger.recordNotification("a", at: TestCatalog.start))
        #expect(try await !ledger.recordNotification("a", at: later), "idempotent")
        #expect(try await ledger.notificationRecorded("a") == TestCatalog.start, "the first date stays")
        #expect(try await ledger.notificationRecorded("b") == nil)
        await #expect(throws: PurchaseError.self) { try await ledger.recordNotification("", at: later) }
        await ledger.close()
    }

    @Test(arguments: [false, true])
    func recordedNotificationsSurviveReopening(compacting: Bool) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        #expect(try await ledger.recordNotification("a", at: TestCatalog.start))
        #expect(try await ledger.recordNotification("b", at: later))
        if compacting { try await ledger.compact() }
        await ledger.close()

        ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        #expect(try await ledger.notificationRecorded("a") == TestCatalog.start)
        #expect(try await ledger.notificationRecorded("b") == later)
        #expect(try await !ledger.recordNotification("a", at: later), "still recorded after reopening")
        #expect(try await ledger.recordNotification("c", at: later))
        #expect(try await ledger.recordedNotifications() == ["a": TestCatalog.start, "b": later, "c": later])
        await ledger.close()
    }

    /// Ledgers opened separately on one folder (as processes do) race to record the same
    /// notifications: each gets exactly one `true`, and every ledger sees it.
    @Test func racersAcrossLedgerInstancesGetExactlyOneTrue() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let own = folder.url.appendingPathComponent("ledger")
        let ledgers = try (0..<3).map { _ in try FileFulfillmentLedger(directory: own) }
        let ids = (0..<4).map { "notification-\($0)" }
        let wins = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<48 {
                let (ledger, id) = (ledgers[index % 3], ids[index % 4])
                group.addTask { try await ledger.recordNotification(id, at: TestCatalog.start) ? id : nil }
            }
            return try await group.reduce(into: [String: Int]()) { wins, id in
                if let id { wins[id, default: 0] += 1 }
            }
        }
        #expect(wins == Dictionary(uniqueKeysWithValues: ids.map { ($0, 1) }))
        for ledger in ledgers {
            for id in ids { #expect(try await ledger.notificationRecorded(id) == TestCatalog.start) }
        }
        for ledger in ledgers { await ledger.close() }
    }

    @Test func snapshotsWithoutNotificationsKeepVersionFourAndOlderOnesLoad() throws {
        var state = LedgerState()
        try state.applyEncoded(LedgerRecord.spend("gems", 3).data)
        let withoutNotifications = try state.snapshot()
        #expect(withoutNotifications.prefix(4) == Data([4, 0, 0, 0]))
        #expect(try LedgerState(snapshot: withoutNotifications).notifications.isEmpty)

        try state.applyEncoded(LedgerRecord.notification("a", TestCatalog.start).data)
        try state.applyEncoded(LedgerRecord.notification("a", later).data)
        #expect(state.notifications == ["a": TestCatalog.start], "a replayed record keeps the first date")
        let snapshot = try state.snapshot()
        #expect(snapshot.prefix(4) == Data([5, 0, 0, 0]))
        let copy = try LedgerState(snapshot: snapshot)
        #expect(copy.notifications == state.notifications)
        #expect(copy.contents == state.contents)
        // The version 5 layout is version 4's with the notifications after it.
        var truncated = snapshot
        truncated[0] = 4
        #expect(throws: (any Error).self) { try LedgerState(snapshot: truncated) }
        #expect(
            try LedgerState(snapshot: Data([4, 0, 0, 0]) + withoutNotifications.dropFirst(4)).contents == copy.contents)
    }

    @Test func theSharedJournalKeepsNotificationsInItsSnapshot() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        #expect(try await ledger.recordNotification("a", at: TestCatalog.start))
        try await ledger.compact()
        await ledger.close()
        ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        #expect(try await ledger.notificationRecorded("a") == TestCatalog.start)
        await ledger.close()
    }
}
