import Foundation
import PostgresLedger
import PurchaseCore
import TestSupport
import Testing

extension PostgresServerTests {
    /// Spends under concurrency, refunds with their payouts, and expirations.
    @Suite struct PostgresLedgerBalanceTests {
        @Test func concurrentSpendsOnTwoLedgersNeverGoBelowZero() async throws {
            try await TestDatabase.with { database in
                let first = try await database.ledger(poolSize: 4)
                let second = try await database.ledger(poolSize: 3)
                let ledgers = [first, second]
                #expect(try await first.recordDelivery(Deliveries.gems("s1", units: 50)))
                let alice = UUID()
                #expect(try await first.recordDelivery(Deliveries.gems("s2", units: 9, account: alice)))
                // 80 spends of 2 from 50 units: exactly 25 succeed, whatever the interleaving.
                let (succeeded, refused, lefts) = try await withThrowingTaskGroup(of: Int?.self) { group in
                    for caller in 0..<80 {
                        let ledger = ledgers[caller % 2]
                        group.addTask {
                            do {
                                return try await ledger.spend("gems", quantity: 2)
                            } catch let error as PurchaseError where error.code == .insufficientBalance {
                                return nil
                            }
                        }
                        // Alice's spends at the same time touch her balance only.
                        if caller < 6 {
                            group.addTask {
                                do {
                                    return try await ledger.spend("gems", quantity: 2, account: alice) + 1000
                                } catch let error as PurchaseError where error.code == .insufficientBalance {
                                    return -1
                                }
                            }
                        }
                    }
                    var (succeeded, refused, lefts) = (0, 0, Set<Int>())
                    for try await left in group {
                        switch left {
                        case .some(let value) where value >= 1000 || value == -1: continue
                        case .some(let value):
                            succeeded += 1
                            lefts.insert(value)
                        case .none: refused += 1
                        }
                    }
                    return (succeeded, refused, lefts)
                }
                #expect(succeeded == 25)
                #expect(refused == 55)
                // Each success saw a different balance after it: 48, 46, ... 0.
                #expect(lefts == Set(stride(from: 0, through: 48, by: 2)))
                let contents = try await second.contents()
                #expect(contents.balances["gems"] == 0)
                #expect(contents.spent == ["gems": 50])
                #expect(contents.balances(for: alice) == ["gems": 1])
                #expect(contents.spentByAccount[alice] == ["gems": 8])
                let zero = await #expect(throws: PurchaseError.self) { try await first.spend("gems", quantity: 0) }
                #expect(zero?.code == .clientInvalid)
                await first.close()
                await second.close()
            }
        }

        @Test func aRefundTakesBackWhatIsLeftOrKeepsIt() async throws {
            try await TestDatabase.with { database in
                let ledger = try await database.ledger()
                #expect(try await ledger.recordDelivery(Deliveries.gems("p1", units: 10)))
                #expect(try await ledger.recordDelivery(Deliveries.gems("p2", units: 10)))
                #expect(try await ledger.spend("gems", quantity: 17) == 3)
                // Debit: the 3 units left are taken back, 7 were already spent.
                let debit = try #require(
                    try await ledger.recordRevocation(
                        Deliveries.id("p1"), at: Deliveries.start, refundedConsumables: .debit))
                #expect(debit.debited == ["gems": 3])
                #expect(debit.shortfall == ["gems": 7])
                #expect(
                    try await ledger.recordRevocation(Deliveries.id("p1"), at: .now, refundedConsumables: .debit) == nil
                )
                #expect(try await !ledger.recordRevocation(Deliveries.id("p1"), at: .now))
                // Keep: nothing taken back.
                #expect(try await ledger.recordDelivery(Deliveries.gems("p3", units: 5)))
                let keep = try #require(
                    try await ledger.recordRevocation(
                        Deliveries.id("p3"), at: Deliveries.start, refundedConsumables: .keep))
                #expect(keep.debited.isEmpty)
                #expect(keep.retained == ["gems": 5])
                // Never delivered: nothing recorded.
                #expect(
                    try await ledger.recordRevocation(Deliveries.id("nope"), at: .now, refundedConsumables: .debit)
                        == nil)
                let contents = try await ledger.contents()
                #expect(contents.balances["gems"] == 5)
                #expect(contents.revokedPayouts == [Deliveries.id("p1"): debit, Deliveries.id("p3"): keep])
                #expect(
                    contents.revocations == [
                        Deliveries.id("p1"): Deliveries.start, Deliveries.id("p3"): Deliveries.start,
                    ])
                // A revocation without a payout takes back everything its delivery credited.
                #expect(try await ledger.recordRevocation(Deliveries.id("p2"), at: Deliveries.start))
                #expect(try await ledger.contents().balances["gems"] == -5)
                await ledger.close()
            }
        }

        @Test func concurrentRefundsOfOneDeliveryRecordOnePayout() async throws {
            try await TestDatabase.with { database in
                let first = try await database.ledger()
                let second = try await database.ledger()
                #expect(try await first.recordDelivery(Deliveries.gems("c1", units: 10)))
                let ledgers = [first, second]
                let payouts = try await withThrowingTaskGroup(of: RevokedPayout?.self) { group in
                    for caller in 0..<20 {
                        let ledger = ledgers[caller % 2]
                        group.addTask {
                            try await ledger.recordRevocation(
                                Deliveries.id("c1"), at: .now, refundedConsumables: .debit)
                        }
                    }
                    return try await group.compactMap { $0 }.reduce(into: []) { $0.append($1) }
                }
                #expect(payouts.count == 1)
                #expect(payouts.first?.debited == ["gems": 10])
                #expect(try await second.contents().balances["gems", default: 0] == 0)
                await first.close()
                await second.close()
            }
        }

        @Test func anExpirationOnlyEverMovesEarlier() async throws {
            try await TestDatabase.with { database in
                let ledger = try await database.ledger()
                let end = Deliveries.start.addingTimeInterval(30 * 86_400)
                #expect(try await ledger.recordDelivery(Deliveries.subscription("m1", original: "m1", expires: end)))
                #expect(try await !ledger.recordExpiration(Deliveries.id("m1"), at: end.addingTimeInterval(1)))
                #expect(try await !ledger.recordExpiration(Deliveries.id("m1"), at: end))
                let earlier = end.addingTimeInterval(-86_400.25)
                #expect(try await ledger.recordExpiration(Deliveries.id("m1"), at: earlier))
                #expect(try await !ledger.recordExpiration(Deliveries.id("m1"), at: earlier))
                #expect(try await !ledger.recordExpiration(Deliveries.id("m1"), at: earlier.addingTimeInterval(10)))
                let earliest = earlier.addingTimeInterval(-10)
                #expect(try await ledger.recordExpiration(Deliveries.id("m1"), at: earliest))
                // Neither an undelivered transaction nor one that does not expire.
                #expect(try await !ledger.recordExpiration(Deliveries.id("none"), at: earliest))
                #expect(try await ledger.recordDelivery(Deliveries.removeAds("x1")))
                #expect(try await !ledger.recordExpiration(Deliveries.id("x1"), at: earliest))
                let contents = try await ledger.contents()
                #expect(contents.expirations == [Deliveries.id("m1"): earliest])
                #expect(contents.expirationDate(of: contents.deliveries[0]) == earliest)
                await ledger.close()
            }
        }

        @Test func aDeliveryThatWouldOverflowABalanceIsRefusedWhole() async throws {
            try await TestDatabase.with { database in
                let ledger = try await database.ledger()
                #expect(try await ledger.recordDelivery(Deliveries.gems("o1", units: .max - 5)))
                let error = await #expect(throws: PurchaseError.self) {
                    try await ledger.recordDelivery(Deliveries.gems("o2", units: 10))
                }
                #expect(error?.code == .paymentInvalid)
                #expect(try await ledger.delivery(for: Deliveries.id("o2")) == nil)
                #expect(try await ledger.contents().balances["gems"] == .max - 5)
                await ledger.close()
            }
        }
    }
}
