import Foundation
import Journal
import PurchaseCore
import Testing

@testable import FileStore

struct FileFulfillmentLedgerTests {
    private func delivery(_ id: String, credits: [String: Int] = ["gems": 100]) -> Delivery {
        Delivery(
            transactionID: TransactionID(store: "file", id: id),
            originalTransactionID: TransactionID(store: "file", id: id),
            productID: "gems", productType: .consumable, quantity: 1, entitlements: ["a", "b"], credits: credits,
            expirationDate: nil, purchaseDate: TestCatalog.start, deliveredAt: TestCatalog.start)
    }

    @Test func recordDeliveryIsExactlyOnceAcrossInstances() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let ledgers = try (0..<3).map { _ in try FileFulfillmentLedger(stateDirectory: folder.url) }
        let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<60 {
                let ledger = ledgers[index % 3]
                group.addTask { try await ledger.recordDelivery(delivery("7")) }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(wins == 1)
        #expect(try await ledgers[2].contents().deliveries.count == 1)
        ledgers.forEach { $0.close() }
    }

    /// A non-consumable restored under a new transaction identifier is the original purchase again:
    /// the ledger records it once, across instances and reopenings; a log written before (holding
    /// both) replays as it was written.
    @Test func aRestoredNonConsumableIsRecordedOncePerOriginalPurchase() async throws {
        func restored(_ id: String) -> Delivery {
            Delivery(
                transactionID: TransactionID(store: "sim", id: id),
                originalTransactionID: TransactionID(store: "sim", id: "1"),
                productID: "no.ads", productType: .nonConsumable, quantity: 1, entitlements: ["no-ads"], credits: [:],
                expirationDate: nil, purchaseDate: TestCatalog.start, deliveredAt: TestCatalog.start)
        }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let first = try FileFulfillmentLedger(stateDirectory: folder.url)
        let second = try FileFulfillmentLedger(stateDirectory: folder.url)
        #expect(try await first.recordDelivery(restored("2")))
        #expect(try await !second.recordDelivery(restored("3")))
        await first.close()
        await second.close()
        let reopened = try FileFulfillmentLedger(stateDirectory: folder.url)
        #expect(try await !reopened.recordDelivery(restored("4")))
        #expect(try await reopened.contents().deliveries.map(\.transactionID.id) == ["2"])
        await reopened.close()

        var written = LedgerState()
        try written.applyRecorded(.delivery(restored("2")))
        try written.applyRecorded(.delivery(restored("3")))
        #expect(written.contents.deliveries.count == 2)
        #expect(
            written.isDelivered(TransactionID(store: "sim", id: "5"), fulfilling: TransactionID(store: "sim", id: "1")))
    }

    /// A delivery whose units a balance cannot hold is refused before anything is written, and the
    /// ledger (which used to trap on the sum, at every open after) stays usable.
    @Test func aDeliveryThatWouldOverflowABalanceIsRefused() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        #expect(try await ledger.recordDelivery(delivery("1", credits: ["gems": Int.max - 10])))
        let error = await #expect(throws: PurchaseError.self) {
            try await ledger.recordDelivery(delivery("2", credits: ["gems": 11]))
        }
        #expect(error?.code == .paymentInvalid)
        #expect(try await ledger.recordDelivery(delivery("3", credits: ["gems": 10])))
        await ledger.close()
        let reopened = try FileFulfillmentLedger(stateDirectory: folder.url)
        let contents = try await reopened.contents()
        #expect(contents.deliveries.map(\.transactionID.id) == ["1", "3"])
        #expect(contents.balances["gems"] == Int.max)
        await reopened.close()
    }

    /// A log holding such a delivery anyway (another version wrote it) fails to open with the
    /// record named, instead of trapping.
    @Test func replayingADeliveryThatOverflowsFailsTheOpen() throws {
        var state = LedgerState()
        try state.applyRecorded(.delivery(delivery("1", credits: ["gems": Int.max])))
        #expect(throws: (any Error).self) { try state.applyRecorded(.delivery(delivery("2", credits: ["gems": 1]))) }
        #expect(state.contents.deliveries.count == 1)
        #expect(state.delivery(for: TransactionID(store: "file", id: "2")) == nil)
    }

    @Test func spendingNeverGoesBelowZero() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        _ = try await ledger.recordDelivery(delivery("1"))
        let successes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<30 {
                group.addTask { (try? await ledger.spend("gems", quantity: 7)) != nil }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(successes == 14)
        #expect(try await ledger.balances()["gems"] == 2)
        #expect(try await ledger.contents().balances["gems"] == 2)
        await ledger.close()
    }

    @Test func contentsSurviveReopenAndCompaction() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        for index in 1...5 { _ = try await ledger.recordDelivery(delivery("\(index)")) }
        try await ledger.markFinished(TransactionID(store: "file", id: "1"))
        #expect(try await ledger.recordRevocation(TransactionID(store: "file", id: "2"), at: TestCatalog.start))
        #expect(try await !ledger.recordRevocation(TransactionID(store: "file", id: "99"), at: TestCatalog.start))
        _ = try await ledger.spend("gems", quantity: 50)
        let before = try await ledger.contents()
        try await ledger.compact()
        _ = try await ledger.recordDelivery(delivery("6", credits: [:]))
        await ledger.close()
        ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        var after = try await ledger.contents()
        #expect(after.deliveries.count == 6)
        after.deliveries.removeLast()
        #expect(after == before)
        #expect(after.balances["gems"] == 350)
        await ledger.close()
    }

    @Test func finishedMarksAreWrittenByFlushOrTheNextCommit() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        _ = try await ledger.recordDelivery(delivery("1"))
        try await ledger.markFinished(TransactionID(store: "file", id: "1"))
        #expect(try await ledger.contents().finished.count == 1)
        await ledger.close()
        ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        #expect(try await ledger.contents().finished.isEmpty)
        try await ledger.markFinished(TransactionID(store: "file", id: "1"))
        try await ledger.flush()
        await ledger.close()
        ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        #expect(try await ledger.contents().finished == [TransactionID(store: "file", id: "1")])
        await ledger.close()
    }

    @Test(arguments: [false, true])
    func corruptionBeforeTheTailFailsWithFileAndOffset(shared: Bool) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let own = folder.url.appendingPathComponent("ledger")
        func open() throws(PurchaseError) -> FileFulfillmentLedger {
            shared ? try FileFulfillmentLedger(stateDirectory: folder.url) : try FileFulfillmentLedger(directory: own)
        }
        let ledger = try open()
        for index in 1...3 { _ = try await ledger.recordDelivery(delivery("\(index)")) }
        await ledger.close()
        let log = shared ? folder.url.appendingPathComponent("purchases.log") : own.appendingPathComponent("ledger.log")
        var bytes = try Data(contentsOf: log)
        bytes[32 + 20] ^= 0xFF  // inside the first frame's payload
        try bytes.write(to: log)
        do {
            _ = try open()
            Issue.record("a corrupt ledger opened")
        } catch {
            #expect(error.code == .ledgerIOFailed)
            let journal = try #require(error.underlyingError as? JournalError)
            #expect(journal.code == .corrupt)
            #expect(journal.offset == 32)
            #expect(journal.path == log.path)
        }
    }

    @Test func recordsAndSnapshotsRoundTrip() throws {
        let record = LedgerRecord.delivery(delivery("42", credits: ["gems": 5, "energy": 9]))
        #expect(try LedgerRecord(record.data) == record)
        for other in [
            LedgerRecord.finished(TransactionID(store: "s", id: "1")),
            .revocation(TransactionID(store: "s", id: "2"), TestCatalog.start), .spend("gems", 3),
        ] {
            #expect(try LedgerRecord(other.data) == other)
        }
        #expect(throws: (any Error).self) { try LedgerRecord(Data([9])) }
        #expect(throws: (any Error).self) { try LedgerRecord(record.data.dropLast()) }

        let transaction = StoredTransaction(
            id: 1, originalID: 1, productID: "pro", productType: .autoRenewable, quantity: 1,
            purchaseDate: TestCatalog.start, originalPurchaseDate: TestCatalog.start, expirationDate: nil,
            state: .purchased, autoRenew: true)
        let records: [StoreRecord] = [
            .transaction(transaction), .finish(id: 1), .revoke(id: 1, date: TestCatalog.start, reason: .other),
            .acknowledgeRevocation(id: 1), .setAutoRenew(originalID: 1, on: false),
            .resolve(id: 1, approved: true, date: TestCatalog.start, expiration: nil),
        ]
        var state = FileStoreState()
        for record in records {
            #expect(try StoreRecord(record.data) == record)
            try state.applyEncoded(FileStoreState.encode(record))
        }
        let copy = try FileStoreState(snapshot: try state.snapshot())
        #expect(copy.transactions == state.transactions)
        #expect(copy.unfinished == state.unfinished)
        #expect(throws: (any Error).self) { try state.applyEncoded(StoreRecord.finish(id: 5).data) }
        #expect(throws: (any Error).self) { try state.apply(StoreRecord.finish(id: 5)) }
    }
}
