import Foundation
import PurchaseCore
import PurchaseTesting
import Testing

/// A refunded consumable: the store records the revocation with the payout it takes back, as the
/// deployment's `refundedConsumables` says.
struct ConsumableRefundTests {
    private static func harness(_ treatment: RefundedConsumables) -> StoreTestHarness {
        var catalog = SampleCatalog.make()
        catalog.deployment.refundedConsumables = treatment
        return StoreTestHarness(catalog: catalog)
    }

    /// Buys `gems.100` `times` times, spends `spent` gems, refunds the last purchase and waits for it.
    private static func refundAfterBuying(
        _ harness: StoreTestHarness, times: Int, spent: Int
    ) async throws -> StoreTransaction? {
        let observer = RecordingEventObserver()
        await observer.start(observing: harness.store)
        await harness.store.start()
        var last: StoreTransaction?
        for _ in 0..<times {
            guard case .purchased(let transaction) = await harness.store.purchase("gems.100") else { return nil }
            last = transaction
        }
        if spent > 0 { _ = try await harness.store.spend("gems", quantity: spent) }
        guard let last else { return nil }
        await harness.provider.refund(last.id)
        let events = await observer.waitForEvents(count: times + 1)
        #expect(events.last?.name == "revoked")
        return last
    }

    @Test func debitTakesTheRefundedUnitsBack() async throws {
        let harness = Self.harness(.debit)
        let refunded = try #require(try await Self.refundAfterBuying(harness, times: 2, spent: 0))
        #expect(try await harness.store.entitlements().balances["gems"] == 100)
        let contents = await harness.ledger.contents()
        let payout = try #require(contents.revokedPayouts[refunded.transactionID])
        #expect(payout == RevokedPayout(treatment: .debit, credited: ["gems": 100], debited: ["gems": 100]))
        #expect(payout.shortfall.isEmpty)
        #expect(contents.revocations[refunded.transactionID] != nil)
        await harness.store.stop()
    }

    @Test func debitNeverGoesBelowZeroAndRecordsTheShortfall() async throws {
        let harness = Self.harness(.debit)
        let refunded = try #require(try await Self.refundAfterBuying(harness, times: 1, spent: 70))
        #expect(try await harness.store.entitlements().balances["gems"] == 0)
        let payout = try #require(await harness.ledger.contents().revokedPayouts[refunded.transactionID])
        #expect(payout.debited == ["gems": 30])
        #expect(payout.shortfall == ["gems": 70])
        await harness.store.stop()
    }

    @Test func keepLeavesTheBalance() async throws {
        let harness = Self.harness(.keep)
        let refunded = try #require(try await Self.refundAfterBuying(harness, times: 1, spent: 40))
        #expect(try await harness.store.entitlements().balances["gems"] == 60)
        let payout = try #require(await harness.ledger.contents().revokedPayouts[refunded.transactionID])
        #expect(payout.treatment == .keep)
        #expect(payout.debited.isEmpty)
        #expect(payout.shortfall.isEmpty)
        await harness.store.stop()
    }

    @Test func aReplayedRefundChangesNothing() async throws {
        let harness = Self.harness(.debit)
        let observer = RecordingEventObserver()
        await observer.start(observing: harness.store)
        let refunded = try #require(try await Self.refundAfterBuying(harness, times: 2, spent: 0))
        let before = await harness.ledger.contents()
        var replayed = refunded
        let revoked: Date = try #require(before.revocations[refunded.transactionID])
        replayed.revocationDate = revoked
        replayed.revocationReason = .other
        await harness.provider.redeliver(replayed)
        let events = await observer.waitForEvents(count: 4)
        #expect(events.map(\.name) == ["delivered", "delivered", "revoked", "revoked"])
        #expect(await harness.ledger.contents() == before)
        #expect(try await harness.store.entitlements().balances["gems"] == 100)
        await harness.store.stop()
    }

    @Test(arguments: [RefundedConsumables.debit, .keep])
    func theInMemoryLedgerRecordsTheRevocationWithItsPayoutOnce(_ treatment: RefundedConsumables) async throws {
        let ledger = InMemoryFulfillmentLedger()
        let id = TransactionID(store: "memory", id: "1")
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        let delivery = Delivery(
            transactionID: id, originalTransactionID: id, productID: "gems.100", productType: .consumable,
            quantity: 2, entitlements: [], credits: ["gems": 200], expirationDate: nil, purchaseDate: date,
            deliveredAt: date)
        #expect(await ledger.recordDelivery(delivery))
        let left = try await ledger.spend("gems", quantity: 150)
        #expect(left == 50)
        let payout = await ledger.recordRevocation(id, at: date, refundedConsumables: treatment)
        let expected = RevokedPayout(
            treatment: treatment, credited: ["gems": 200], debited: treatment == .debit ? ["gems": 50] : [:])
        #expect(payout == expected)
        #expect(payout?.shortfall == (treatment == .debit ? ["gems": 150] : [:]))
        let after = await ledger.contents()
        #expect(after.balances["gems"] == (treatment == .debit ? 0 : 50))
        #expect(await ledger.recordRevocation(id, at: date, refundedConsumables: treatment) == nil)
        #expect(await !ledger.recordRevocation(id, at: date))
        #expect(await ledger.contents() == after)
        let unknown = TransactionID(store: "memory", id: "2")
        #expect(await ledger.recordRevocation(unknown, at: date, refundedConsumables: treatment) == nil)
    }

    @Test func aRevocationWithoutAPayoutTakesBackEverythingItsDeliveryCredited() {
        let id = TransactionID(store: "memory", id: "1")
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        let delivery = Delivery(
            transactionID: id, originalTransactionID: id, productID: "gems.100", productType: .consumable,
            quantity: 1, entitlements: [], credits: ["gems": 100], expirationDate: nil, purchaseDate: date,
            deliveredAt: date)
        let legacy = LedgerContents(deliveries: [delivery], revocations: [id: date], spent: ["gems": 30])
        #expect(legacy.balances["gems"] == -30)
        var recorded = legacy
        recorded.revokedPayouts[id] = RevokedPayout(revoking: ["gems": 100], from: ["gems": 70], treatment: .debit)
        #expect(recorded.balances["gems"] == 0)
    }
}
