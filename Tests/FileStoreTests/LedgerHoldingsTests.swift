import Foundation
import PurchaseCore
import TestSupport
import Testing

@testable import FileStore

/// The file ledger's holdings (`FulfillmentLedger.holdings(for:)`), read from its per-account index
/// and running balances: the account's contents folded, with the same balances, after any sequence
/// of calls, after reopening and after compaction; and the answers of those calls are the in-memory
/// ledger's.
struct FileLedgerHoldingsTests {
    /// What a holdings view holds, without dates (the file ledger gives dates back as its log
    /// records them, to the microsecond).
    struct Shape: Equatable {
        var deliveries: [TransactionID]
        var revoked: Set<TransactionID>
        var payouts: [TransactionID: RevokedPayout]
        var ended: Set<TransactionID>
        var spent: [String: Int]
        var folded: [String: Int]
        var balances: [String: Int]
    }

    static func shape(_ holdings: LedgerContents) -> Shape {
        Shape(
            deliveries: holdings.deliveries.map(\.transactionID), revoked: Set(holdings.revocations.keys),
            payouts: holdings.revokedPayouts, ended: Set(holdings.expirations.keys), spent: holdings.spent,
            folded: holdings.foldedCredits, balances: holdings.balances)
    }

    @Test(arguments: [21, 22, 23] as [UInt64])
    func holdingsAreTheFoldedContentsAcrossReopeningAndCompaction(seed: UInt64) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        let memory = InMemoryFulfillmentLedger()
        var random = LedgerCalls.SeededGenerator(state: seed)
        for step in 0..<160 {
            let call = LedgerCalls.randomCall(&random)
            let expected = await LedgerCalls.answer { try await call(memory) }
            let actual = await LedgerCalls.answer { try await call(ledger) }
            #expect(actual == expected, "seed \(seed), step \(step)")
            if step % 40 == 39 {
                for account in LedgerCalls.accounts + [UUID()] {
                    let disagreement = try await LedgerCalls.holdingsDisagreement(of: ledger, account: account)
                    #expect(disagreement == nil, "seed \(seed), step \(step)")
                    #expect(
                        Self.shape(try await ledger.holdings(for: account))
                            == Self.shape(try await memory.holdings(for: account)))
                }
            }
            if step == 80 { try await ledger.compact() }
            if step % 50 == 49 {
                await ledger.close()
                ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
            }
        }
        for account in LedgerCalls.accounts {
            #expect(
                Self.shape(try await ledger.holdings(for: account))
                    == Self.shape(try await memory.holdings(for: account)))
            #expect(try await ledger.holdings(for: account).balances == memory.contents(for: account).balances)
        }
        let delivered = try await ledger.contents().deliveries
        #expect(delivered.contains { LedgerContents.countsForBalancesOnly($0) })
        await ledger.close()
    }

    @Test func aHoldingsViewLeavesOutOnlyUnrevokedConsumablesThatGrantNothing() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let ledger = try FileFulfillmentLedger(stateDirectory: folder.url)
        defer { Task { await ledger.close() } }
        #expect(try await ledger.recordDelivery(Deliveries.gems("g1", units: 30)))
        #expect(try await ledger.recordDelivery(Deliveries.gems("g2", units: 12)))
        #expect(try await ledger.recordDelivery(Deliveries.removeAds("r1")))
        #expect(try await ledger.spend("gems", quantity: 5) == 37)
        var holdings = try await ledger.holdings(for: nil)
        #expect(holdings.deliveries.map(\.transactionID.id) == ["r1"])
        #expect(holdings.foldedCredits == ["gems": 42])
        #expect(holdings.balances == ["gems": 37])
        // A refunded consumable is held again, with its payout.
        let payout = try await ledger.recordRevocation(
            Deliveries.id("g1"), at: Deliveries.start, refundedConsumables: .debit)
        #expect(payout?.debited == ["gems": 30])
        holdings = try await ledger.holdings(for: nil)
        #expect(holdings.deliveries.map(\.transactionID.id) == ["g1", "r1"])
        #expect(holdings.foldedCredits == ["gems": 12])
        #expect(holdings.balances == ["gems": 7])
        #expect(holdings.balances == (try await ledger.contents(for: nil)).balances)
    }
}
