import Foundation
import PostgresLedger
import PurchaseCore
import TestSupport
import Testing

extension PostgresServerTests {
    /// Spends with an identifier in `purchasekit_spends`: once per identifier and account, whichever
    /// server races; a replay answers the first spend's result, a conflict is refused, and a spend that
    /// does not fit records nothing.
    @Suite struct PostgresLedgerSpendIDTests {
        static let alice = UUID(uuidString: "A11CE000-0000-4000-8000-000000000001")!

        @Test func aReplayAnswersTheFirstSpendAndAConflictIsRefused() async throws {
            try await TestDatabase.with { database in
                let ledger = try await database.ledger()
                let id = try SpendID("order-1")
                let short = await #expect(throws: PurchaseError.self) {
                    try await ledger.spend("gems", quantity: 30, account: Self.alice, spendID: id)
                }
                #expect(short?.code == .insufficientBalance, "no balance row yet: nothing recorded")
                #expect(try await ledger.recordDelivery(Deliveries.gems("1", units: 100, account: Self.alice)))
                let first = try await ledger.spend("gems", quantity: 30, account: Self.alice, spendID: id)
                #expect(first == SpendResult(balance: 70, replayed: false))
                #expect(try await ledger.spend("gems", quantity: 5, account: Self.alice) == 65)
                let again = try await ledger.spend("gems", quantity: 30, account: Self.alice, spendID: id)
                #expect(again == SpendResult(balance: 70, replayed: true))
                for (name, quantity) in [("gems", 31), ("coins", 30)] {
                    let conflict = await #expect(throws: PurchaseError.self) {
                        try await ledger.spend(name, quantity: quantity, account: Self.alice, spendID: id)
                    }
                    #expect(conflict?.code == .spendIDConflict)
                }
                // Too much for the balance now, with a new identifier: refused, recorded nowhere.
                let tooMuch = try SpendID("order-2")
                await #expect(throws: PurchaseError.self) {
                    try await ledger.spend("gems", quantity: 66, account: Self.alice, spendID: tooMuch)
                }
                let later = try await ledger.spend("gems", quantity: 65, account: Self.alice, spendID: tooMuch)
                #expect(later == SpendResult(balance: 0, replayed: false))
                // The default account's identifiers are its own.
                await #expect(throws: PurchaseError.self) {
                    try await ledger.spend("gems", quantity: 30, account: nil, spendID: id)
                }
                #expect(try await ledger.contents().spentByAccount == [Self.alice: ["gems": 100]])
                await ledger.close()
            }
        }

        /// Two ledgers on one database (two servers) race many tasks over a few identifiers, some of
        /// them replays of one another and some too large to fit: each identifier takes its units at
        /// most once, every answer for it carries the balance its one spend left, and the balance is
        /// what the identifiers answered `replayed: false` took.
        @Test func twoLedgersRacingOneIdentifierTakeTheUnitsOnce() async throws {
            try await TestDatabase.with { database in
                let first = try await database.ledger(poolSize: 4)
                let second = try await database.ledger(poolSize: 3)
                let ledgers = [first, second]
                #expect(try await first.recordDelivery(Deliveries.gems("1", units: 100)))
                // Eight identifiers of 20 units each: at most five fit in 100.
                let ids = try (0..<8).map { try SpendID("race-\($0)") }
                let answers = try await withThrowingTaskGroup(of: (Int, SpendResult?).self) { group in
                    for caller in 0..<96 {
                        let (ledger, index) = (ledgers[caller % 2], caller % ids.count)
                        group.addTask {
                            do {
                                return (
                                    index,
                                    try await ledger.spend("gems", quantity: 20, account: nil, spendID: ids[index])
                                )
                            } catch let error as PurchaseError where error.code == .insufficientBalance {
                                return (index, nil)
                            }
                        }
                    }
                    return try await group.reduce(into: [Int: [SpendResult?]]()) { $0[$1.0, default: []].append($1.1) }
                }
                var taken = 0
                for (index, results) in answers {
                    let succeeded = results.compactMap { $0 }
                    #expect(succeeded.filter { !$0.replayed }.count <= 1, "\(ids[index]): \(results)")
                    #expect(Set(succeeded.map(\.balance)).count <= 1, "\(ids[index]): \(results)")
                    if !succeeded.isEmpty {
                        #expect(
                            succeeded.filter { !$0.replayed }.count == 1, "\(ids[index]) replayed a spend never made")
                        #expect(succeeded.count == results.count, "\(ids[index]) refused after its units were taken")
                        taken += 20
                    }
                }
                #expect(taken == 100, "five of the identifiers fit")
                let contents = try await second.contents()
                #expect(contents.spent == ["gems": taken])
                #expect(contents.balances["gems"] == 0)
                for ledger in ledgers { await ledger.close() }
            }
        }
    }
}
