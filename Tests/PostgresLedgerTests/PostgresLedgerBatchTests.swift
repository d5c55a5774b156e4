import Foundation
import PurchaseCore
import TestSupport
import Testing

@testable import PostgresLedger

extension PostgresServerTests {
    /// Deliveries recorded together (group commit): one statement for the deliveries waiting for a
    /// connection, each answered as if it had been recorded alone.
    @Suite struct PostgresLedgerBatchTests {
        @Test func aBatchInsertsEachNewDeliveryOnceAndSumsTheCredits() async throws {
            try await TestDatabase.with { database in
                let ledger = try await database.ledger(poolSize: 1)
                let alice = UUID()
                let bob = UUID()
                #expect(try await ledger.recordDelivery(Deliveries.gems("held", units: 1, account: alice)))
                #expect(try await ledger.recordDelivery(Deliveries.removeAds("r1", account: bob)))
                let batch = [
                    Deliveries.gems("a", units: 3, account: alice),
                    Deliveries.gems("b", units: 4, account: bob),
                    Deliveries.gems("a", units: 3, account: alice),  // the same transaction again
                    Deliveries.gems("held", units: 1, account: alice),  // recorded before
                    Deliveries.removeAds("r2", original: "r1", account: bob),  // the same purchase restored
                    Deliveries.gems("c", units: 5, account: alice),
                    Deliveries.removeAds("r3", account: alice),
                    Deliveries.removeAds("r4", original: "r3", account: alice),  // restored within the batch
                ]
                let inserted = try await ledger.pool.withConnection { session in
                    try PostgresFulfillmentLedger.insertBatch(batch, session)
                }
                #expect(inserted == [true, true, false, false, false, true, true, false])
                let aliceHolds = try await ledger.holdings(for: alice)
                #expect(aliceHolds.balances["gems"] == 1 + 3 + 5)
                #expect(aliceHolds.deliveries.map(\.transactionID) == [Deliveries.id("r3")])
                #expect(try await ledger.holdings(for: bob).balances["gems"] == 4)
                #expect(try await ledger.delivery(for: Deliveries.id("a")) == batch[0])
                #expect(try await ledger.delivery(for: Deliveries.id("r2")) == nil)
                #expect(try await ledger.contents().deliveries.count == 6)
            }
        }

        @Test func copiesOfATransactionForTwoAccountsAnswerTrueOnlyForTheAccountCredited() async throws {
            try await TestDatabase.with { database in
                let ledger = try await database.ledger(poolSize: 1)
                let (alice, bob) = (UUID(), UUID())
                let batch = [
                    Deliveries.gems("shared", units: 5, account: alice),
                    Deliveries.gems("shared", units: 5, account: bob),
                    Deliveries.gems("shared", units: 5, account: alice),
                ]
                let inserted = try await ledger.pool.withConnection { session in
                    try PostgresFulfillmentLedger.insertBatch(batch, session)
                }
                #expect(inserted.filter { $0 }.count == 1)
                let credited = try #require(try await ledger.delivery(for: Deliveries.id("shared"))?.appAccountToken)
                let winner = try #require(inserted.firstIndex(of: true))
                #expect(batch[winner].appAccountToken == credited)
                #expect(try await ledger.holdings(for: credited).balances["gems"] == 5)
                #expect(try await ledger.holdings(for: credited == alice ? bob : alice).balances["gems"] == nil)
            }
        }

        @Test func concurrentCallersOnOneConnectionAreEachAnsweredForTheirOwnDelivery() async throws {
            try await TestDatabase.with { database in
                // One connection for 80 callers on each of two ledgers: most wait, and are taken in batches.
                let ledgers = [try await database.ledger(poolSize: 1), try await database.ledger(poolSize: 1)]
                let account = UUID()
                let wins = try await withThrowingTaskGroup(of: (String, Bool).self) { group in
                    for caller in 0..<160 {
                        let id = "t\(caller % 40)"
                        let ledger = ledgers[caller % 2]
                        group.addTask {
                            (id, try await ledger.recordDelivery(Deliveries.gems(id, units: 2, account: account)))
                        }
                    }
                    var wins: [String: Int] = [:]
                    for try await (id, won) in group { wins[id, default: 0] += won ? 1 : 0 }
                    return wins
                }
                #expect(wins.count == 40)
                #expect(wins.values.allSatisfy { $0 == 1 })
                #expect(try await ledgers[0].holdings(for: account).balances["gems"] == 40 * 2)
                #expect(try await ledgers[1].contents().deliveries.count == 40)
            }
        }

        @Test func aDeliveryThatCannotBeCreditedFailsAloneAndTheRestOfItsBatchIsRecorded() async throws {
            try await TestDatabase.with { database in
                let ledger = try await database.ledger(poolSize: 1)
                let full = UUID()
                #expect(try await ledger.recordDelivery(Deliveries.gems("big", units: Int.max - 10, account: full)))
                let batch = [
                    Deliveries.gems("x1", units: 1),
                    Deliveries.gems("overflow", units: 100, account: full),
                    Deliveries.gems("x2", units: 1),
                ]
                // As one statement the batch fails whole, and changes nothing.
                await #expect(throws: PostgresLedgerError.self) {
                    try await ledger.pool.withConnection { session in
                        try PostgresFulfillmentLedger.insertBatch(batch, session)
                    }
                }
                #expect(try await ledger.delivery(for: Deliveries.id("x1")) == nil)
                // Through recordDelivery, waiting callers share batches; only the one at fault fails.
                let outcomes = await withTaskGroup(of: (String, Result<Bool, PurchaseError>).self) { group in
                    for caller in 0..<30 {
                        let delivery = caller == 15 ? batch[1] : Deliveries.gems("y\(caller)", units: 1)
                        group.addTask {
                            do {
                                return (delivery.transactionID.id, .success(try await ledger.recordDelivery(delivery)))
                            } catch {
                                return (delivery.transactionID.id, .failure(error as! PurchaseError))
                            }
                        }
                    }
                    var outcomes: [String: Result<Bool, PurchaseError>] = [:]
                    for await (id, outcome) in group { outcomes[id] = outcome }
                    return outcomes
                }
                #expect(outcomes.count == 30)
                for (id, outcome) in outcomes {
                    switch outcome {
                    case .success(let new): #expect(new && id != "overflow")
                    case .failure(let error): #expect(id == "overflow" && error.code == .paymentInvalid)
                    }
                }
                #expect(try await ledger.delivery(for: Deliveries.id("overflow")) == nil)
                #expect(try await ledger.holdings(for: nil).balances["gems"] == 29)
                #expect(try await ledger.holdings(for: full).balances["gems"] == Int.max - 10)
            }
        }

        @Test func accountsReadTogetherHoldWhatEachHoldsReadAlone() async throws {
            try await TestDatabase.with { database in
                let ledger = try await database.ledger(poolSize: 1)
                let (alice, bob, carol, nobody) = (UUID(), UUID(), UUID(), UUID())
                let renews = Deliveries.start.addingTimeInterval(30 * 86_400)
                for delivery in [
                    Deliveries.gems("a1", units: 10, account: alice), Deliveries.gems("a2", units: 4, account: alice),
                    Deliveries.removeAds("a3", account: alice),
                    Deliveries.subscription("a4", original: "a4", expires: renews, account: alice),
                    Deliveries.gems("b1", units: 7, account: bob), Deliveries.removeAds("b2", account: bob),
                    Deliveries.subscription("c1", original: "c1", expires: renews, account: carol),
                    Deliveries.gems("d1", units: 2),
                ] {
                    #expect(try await ledger.recordDelivery(delivery))
                }
                #expect(try await ledger.spend("gems", quantity: 5, account: alice) == 9)
                _ = try await ledger.recordRevocation(
                    Deliveries.id("a1"), at: Deliveries.start, refundedConsumables: .debit)
                _ = try await ledger.recordRevocation(
                    Deliveries.id("b2"), at: Deliveries.start, refundedConsumables: .keep)
                #expect(
                    try await ledger.recordExpiration(Deliveries.id("a4"), at: Deliveries.start.addingTimeInterval(60)))
                let tokens: [UUID?] = [alice, bob, nil, carol, nobody, alice]
                var alone: [LedgerContents] = []
                for token in tokens { alone.append(try await ledger.holdings(for: token)) }
                let together = try await ledger.pool.withConnection { session in
                    try PostgresFulfillmentLedger.readHoldings(of: tokens, session)
                }
                #expect(together.count == 5)
                for (token, holdings) in zip(tokens, alone) {
                    #expect(together[token?.uuidString ?? ""] == holdings)
                }
                #expect(alone[0].revocations.keys.contains(Deliveries.id("a1")))
                #expect(alone[0].expirations.keys.contains(Deliveries.id("a4")))
                #expect(alone[1].revocations.keys.contains(Deliveries.id("b2")))
                #expect(alone[4] == LedgerContents().view(for: nobody))
                // Callers waiting for the one connection are read in batches, each its own account's.
                let concurrent = try await withThrowingTaskGroup(of: (Int, LedgerContents).self) { group in
                    for caller in 0..<60 {
                        let token = tokens[caller % tokens.count]
                        group.addTask { (caller, try await ledger.holdings(for: token)) }
                    }
                    return try await group.reduce(into: [Int: LedgerContents]()) { $0[$1.0] = $1.1 }
                }
                for (caller, holdings) in concurrent { #expect(holdings == alone[caller % tokens.count]) }
            }
        }

        @Test func aTextArrayParameterComesBackElementForElement() async throws {
            try await TestDatabase.with { database in
                let ledger = try await database.ledger(poolSize: 1)
                let values = ["", "plain", "a \"quoted\" word", "back\\slash", "comma, brace }{", "NULL", "é"]
                let found = try await ledger.pool.withConnection { session in
                    try session.execute("SELECT unnest($1::text[])", [PostgresLedgerRows.textArray(values)]).rows
                }
                #expect(found == values.map { [$0] })
            }
        }

        @Test func aClosedLedgerAnswersEveryWaitingCaller() async throws {
            try await TestDatabase.with { database in
                let ledger = try await database.ledger(poolSize: 1)
                await ledger.close()
                for id in ["after1", "after2"] {
                    await #expect(throws: PurchaseError.self) {
                        try await ledger.recordDelivery(Deliveries.gems(id))
                    }
                }
            }
        }
    }
}
