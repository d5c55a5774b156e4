import Foundation
import Journal
import PurchaseCore
import Testing

@testable import FileStore

/// The file ledger's consumable refunds (record tag 6, snapshot section of version 3): the
/// revocation and its payout recorded once, as the in-memory ledger records them, replayed from the
/// log and from snapshots; version 2 snapshots still load.
struct LedgerRefundTests {
    private func id(_ value: String) -> TransactionID { TransactionID(store: "file", id: value) }

    private func gems(_ id: String, _ units: Int) -> Delivery {
        Delivery(
            transactionID: self.id(id), originalTransactionID: self.id(id), productID: "gems",
            productType: .consumable, quantity: 1, entitlements: [], credits: ["gems": units], expirationDate: nil,
            purchaseDate: TestCatalog.start, deliveredAt: TestCatalog.start)
    }

    @Test func theRecordRoundTrips() throws {
        let record = LedgerRecord.refund(
            id("12"), TestCatalog.start.addingTimeInterval(0.5), .keep, debited: ["gems": 3, "coins": 9])
        #expect(try LedgerRecord(record.data) == record)
        #expect(record.data.first == 6)
        #expect(throws: (any Error).self) { try LedgerRecord(record.data.dropLast()) }
    }

    @Test(arguments: [RefundedConsumables.debit, .keep], [false, true])
    func aRefundIsRecordedWithItsPayoutOnceAsInMemory(_ treatment: RefundedConsumables, compacting: Bool)
        async throws
    {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        let memory = InMemoryFulfillmentLedger()
        for delivery in [gems("1", 100), gems("2", 100)] {
            #expect(try await ledger.recordDelivery(delivery))
            #expect(await memory.recordDelivery(delivery))
        }
        _ = try await ledger.spend("gems", quantity: 170)
        _ = try await memory.spend("gems", quantity: 170)
        let payout = try await ledger.recordRevocation(id("2"), at: TestCatalog.start, refundedConsumables: treatment)
        #expect(
            payout == (await memory.recordRevocation(id("2"), at: TestCatalog.start, refundedConsumables: treatment)))
        #expect(payout?.debited == (treatment == .debit ? ["gems": 30] : [:]))
        #expect(payout?.shortfall == (treatment == .debit ? ["gems": 70] : [:]))
        #expect(
            try await ledger.recordRevocation(id("2"), at: TestCatalog.start, refundedConsumables: treatment) == nil)
        #expect(try await !ledger.recordRevocation(id("2"), at: TestCatalog.start))
        #expect(
            try await ledger.recordRevocation(id("9"), at: TestCatalog.start, refundedConsumables: treatment) == nil)
        let expected = await memory.contents()
        #expect(try await ledger.contents() == expected)
        #expect(try await ledger.balances()["gems"] == (treatment == .debit ? nil : 30))
        if compacting { try await ledger.compact() }
        await ledger.close()

        ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        #expect(try await ledger.contents() == expected)
        #expect(try await ledger.contents().balances["gems"] == (treatment == .debit ? 0 : 30))
        #expect(
            try await ledger.recordRevocation(id("2"), at: TestCatalog.start, refundedConsumables: treatment) == nil)
        await ledger.close()
    }

    @Test func replayingARefundOfARevokedDeliveryChangesNothing() throws {
        var state = LedgerState()
        try state.applyEncoded(LedgerRecord.refund(id("1"), TestCatalog.start, .debit, debited: ["gems": 5]).data)
        #expect(state.contents.revocations.isEmpty, "before its delivery")
        try state.applyEncoded(LedgerRecord.delivery(gems("1", 100)).data)
        try state.applyEncoded(LedgerRecord.refund(id("1"), TestCatalog.start, .debit, debited: ["gems": 100]).data)
        let once = state.contents
        try state.applyEncoded(LedgerRecord.refund(id("1"), TestCatalog.start, .debit, debited: ["gems": 100]).data)
        try state.applyEncoded(LedgerRecord.revocation(id("1"), TestCatalog.start).data)
        #expect(state.contents == once)
        #expect(state.balances["gems"] == 0)
    }

    @Test func snapshotsOfVersionTwoStillLoad() throws {
        var state = LedgerState()
        try state.applyEncoded(LedgerRecord.delivery(gems("1", 100)).data)
        try state.applyEncoded(LedgerRecord.delivery(gems("2", 100)).data)
        try state.applyEncoded(LedgerRecord.revocation(id("1"), TestCatalog.start).data)
        let current = try state.versionThreeSnapshot()
        // Version 2 is version 3 without the refunds section (here: a count of zero).
        let old = Data([2, 0, 0, 0]) + current.dropFirst(4).dropLast(8)
        #expect(try LedgerState(snapshot: old).contents == state.contents)

        try state.applyEncoded(LedgerRecord.spend("gems", 60).data)
        try state.applyEncoded(LedgerRecord.refund(id("2"), TestCatalog.start, .debit, debited: ["gems": 40]).data)
        let copy = try LedgerState(snapshot: try state.snapshot())
        #expect(copy.contents == state.contents)
        #expect(copy.balances == state.balances)
        #expect(copy.contents.revokedPayouts.count == 1)
        #expect(copy.contents.balances["gems"] == 0)
    }
}
