import Foundation
import Testing

@testable import PurchaseCore

/// The in-memory ledger's record of applied notifications: once per identity, whoever races.
struct InMemoryNotificationLogTests {
    private let start = Date(timeIntervalSince1970: 1_767_225_600)

    @Test func aNotificationIsRecordedOnce() async throws {
        let ledger = InMemoryFulfillmentLedger()
        #expect(await ledger.notificationRecorded("a") == nil)
        #expect(try await ledger.recordNotification("a", at: start))
        #expect(try await !ledger.recordNotification("a", at: start.addingTimeInterval(60)))
        #expect(await ledger.notificationRecorded("a") == start)
        #expect(await ledger.notificationRecorded("b") == nil)
        await #expect(throws: PurchaseError.self) { try await ledger.recordNotification("", at: start) }
    }

    @Test func concurrentRacersGetExactlyOneTrue() async throws {
        let ledger: any NotificationLog = InMemoryFulfillmentLedger()
        let start = start
        let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<32 { group.addTask { try await ledger.recordNotification("same", at: start) } }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(wins == 1)
    }
}
