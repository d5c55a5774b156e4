import Foundation
import Journal
import PurchaseCore
import Testing

@testable import FileStore

/// The file ledger's expirations (record tag 5, snapshot section of version 2): recorded only when
/// they move a delivery earlier, replayed from the log and from snapshots, old snapshots still load.
struct LedgerExpirationTests {
    private let day: TimeInterval = 86_400

    private func subscription(_ id: String, ending end: Date?) -> Delivery {
        Delivery(
            transactionID: TransactionID(store: "file", id: id),
            originalTransactionID: TransactionID(store: "file", id: id),
            productID: "pro", productType: end == nil ? .nonConsumable : .autoRenewable, quantity: 1,
            entitlements: ["pro"], credits: [:], expirationDate: end, purchaseDate: TestCatalog.start,
            deliveredAt: TestCatalog.start)
    }

    private func id(_ value: String) -> TransactionID { TransactionID(store: "file", id: value) }

    @Test func theRecordRoundTrips() throws {
        let record = LedgerRecord.expiration(id("12"), TestCatalog.start.addingTimeInterval(0.5))
        #expect(try LedgerRecord(record.data) == record)
        #expect(record.data.first == 5)
        #expect(throws: (any Error).self) { try LedgerRecord(record.data.dropLast()) }
    }

    @Test(arguments: [false, true])
    func anExpirationIsRecordedOnceAndSurvivesReopening(compacting: Bool) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let end = TestCatalog.start.addingTimeInterval(30 * day)
        let earlier = TestCatalog.start.addingTimeInterval(4 * day)
        var ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        #expect(try await !ledger.recordExpiration(id("1"), at: earlier), "not delivered")
        #expect(try await ledger.recordDelivery(subscription("1", ending: end)))
        #expect(try await ledger.recordDelivery(subscription("2", ending: nil)))
        #expect(try await !ledger.recordExpiration(id("2"), at: earlier), "does not expire")
        #expect(try await !ledger.recordExpiration(id("1"), at: end.addingTimeInterval(day)), "never extends")
        #expect(try await ledger.recordExpiration(id("1"), at: earlier))
        #expect(try await !ledger.recordExpiration(id("1"), at: earlier), "idempotent")
        if compacting { try await ledger.compact() }
        await ledger.close()

        ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        var contents = try await ledger.contents()
        #expect(contents.expirations == [id("1"): earlier])
        #expect(contents.deliveries.first?.expirationDate == end)
        #expect(try await !ledger.recordExpiration(id("1"), at: earlier), "still idempotent after reopening")
        let earliest = earlier.addingTimeInterval(-day)
        #expect(try await ledger.recordExpiration(id("1"), at: earliest))
        await ledger.close()

        ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        contents = try await ledger.contents()
        #expect(contents.expirations == [id("1"): earliest])
        await ledger.close()
    }

    @Test func anotherProcessSeesTheExpiration() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let own = folder.url.appendingPathComponent("ledger")
        let first = try FileFulfillmentLedger(directory: own)
        let second = try FileFulfillmentLedger(directory: own)
        let earlier = TestCatalog.start.addingTimeInterval(day)
        #expect(
            try await first.recordDelivery(subscription("1", ending: TestCatalog.start.addingTimeInterval(9 * day))))
        #expect(try await first.recordExpiration(id("1"), at: earlier))
        #expect(try await second.contents().expirations == [id("1"): earlier])
        #expect(try await !second.recordExpiration(id("1"), at: earlier))
        await first.close()
        await second.close()
    }

    @Test func replayingAnExpirationThatIsNotEarlierChangesNothing() throws {
        var state = LedgerState()
        let end = TestCatalog.start.addingTimeInterval(30 * day)
        let earlier = TestCatalog.start.addingTimeInterval(day)
        try state.applyEncoded(LedgerRecord.expiration(id("1"), earlier).data)
        #expect(state.contents.expirations.isEmpty, "before its delivery")
        try state.applyEncoded(LedgerRecord.delivery(subscription("1", ending: end)).data)
        try state.applyEncoded(LedgerRecord.expiration(id("1"), earlier).data)
        try state.applyEncoded(LedgerRecord.expiration(id("1"), end).data)
        #expect(state.contents.expirations == [id("1"): earlier])
    }

    @Test func snapshotsOfVersionOneStillLoad() throws {
        var state = LedgerState()
        let end = TestCatalog.start.addingTimeInterval(30 * day)
        try state.applyEncoded(LedgerRecord.delivery(subscription("1", ending: end)).data)
        try state.applyEncoded(LedgerRecord.revocation(id("1"), TestCatalog.start).data)
        try state.applyEncoded(LedgerRecord.spend("gems", 3).data)
        #expect(try state.snapshot().prefix(4) == Data([4, 0, 0, 0]))
        let current = try state.versionThreeSnapshot()

        // Version 1 is version 3 without the expirations and refunds sections (here: counts of zero).
        var old = Data([1, 0, 0, 0]) + current.dropFirst(4).dropLast(16)
        let loaded = try LedgerState(snapshot: old)
        #expect(loaded.contents == state.contents)
        old[0] = 5
        #expect(throws: (any Error).self) { try LedgerState(snapshot: old) }

        try state.applyEncoded(LedgerRecord.expiration(id("1"), TestCatalog.start.addingTimeInterval(day)).data)
        let copy = try LedgerState(snapshot: try state.snapshot())
        #expect(copy.contents == state.contents)
        #expect(copy.contents.expirations.count == 1)
        let shared = try PurchaseJournalState(snapshot: try PurchaseJournalState().snapshot())
        #expect(shared.ledger.contents.expirations.isEmpty)
    }
}
