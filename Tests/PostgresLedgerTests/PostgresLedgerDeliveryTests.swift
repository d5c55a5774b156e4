import Foundation
import PostgresLedger
import PurchaseCore
import TestSupport
import Testing

extension PostgresServerTests {
    /// Deliveries exactly once across connections and ledger instances (several servers on one
    /// database), restores, accounts and notifications.
    @Suite struct PostgresLedgerDeliveryTests {
        @Test func aRaceOfManyCallersOnTwoLedgersDeliversOnce() async throws {
            try await TestDatabase.with { database in
                let first = try await database.ledger()
                let second = try await database.ledger()
                let ledgers = [first, second]
                let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for caller in 0..<40 {
                        let ledger = ledgers[caller % 2]
                        group.addTask { try await ledger.recordDelivery(Deliveries.gems("t1")) }
                    }
                    return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
                }
                #expect(wins == 1)
                // Many transactions at once: each delivered once, whichever ledger took it.
                let perTransaction = try await withThrowingTaskGroup(of: (String, Bool).self) { group in
                    for caller in 0..<60 {
                        let id = "t\(2 + caller % 20)"
                        let ledger = ledgers[caller % 2]
                        group.addTask { (id, try await ledger.recordDelivery(Deliveries.gems(id, units: 3))) }
                    }
                    var wins: [String: Int] = [:]
                    for try await (id, won) in group where won { wins[id, default: 0] += 1 }
                    return wins
                }
                #expect(perTransaction.count == 20)
                #expect(perTransaction.values.allSatisfy { $0 == 1 })
                let contents = try await second.contents()
                #expect(contents.deliveries.count == 21)
                #expect(contents.balances["gems"] == 100 + 20 * 3)
                #expect(try await first.delivery(for: Deliveries.id("t1")) == Deliveries.gems("t1"))
                await first.close()
                await second.close()
            }
        }

        @Test func aRestoreOfANonConsumableByAnotherTransactionIsRefused() async throws {
            try await TestDatabase.with { database in
                let ledger = try await database.ledger()
                #expect(try await ledger.recordDelivery(Deliveries.removeAds("r1")))
                // The store hands the same purchase back under a new identifier: not delivered again, to
                // any account.
                #expect(try await !ledger.recordDelivery(Deliveries.removeAds("r2", original: "r1")))
                #expect(try await !ledger.recordDelivery(Deliveries.removeAds("r3", original: "r1", account: UUID())))
                // The same transaction identifier is refused even under another product's key.
                #expect(try await !ledger.recordDelivery(Deliveries.gems("r1")))
                #expect(try await ledger.delivery(for: Deliveries.id("r2")) == nil)
                #expect(try await ledger.contents().deliveries == [Deliveries.removeAds("r1")])
                await ledger.close()
            }
        }

        @Test func accountsKeepTheirOwnDeliveriesAndBalances() async throws {
            try await TestDatabase.with { database in
                let ledger = try await database.ledger()
                let alice = UUID()
                let bob = UUID()
                #expect(try await ledger.recordDelivery(Deliveries.gems("a1", units: 10, account: alice)))
                #expect(try await ledger.recordDelivery(Deliveries.gems("d1", units: 4)))
                // A transaction goes to one account only.
                #expect(try await !ledger.recordDelivery(Deliveries.gems("a1", units: 10, account: bob)))
                // Bob has nothing; the default account's units never make up his shortfall.
                let refused = await #expect(throws: PurchaseError.self) {
                    try await ledger.spend("gems", quantity: 1, account: bob)
                }
                #expect(refused?.code == .insufficientBalance)
                #expect(try await ledger.spend("gems", quantity: 6, account: alice) == 4)
                #expect(try await ledger.spend("gems", quantity: 4) == 0)
                let contents = try await ledger.contents()
                #expect(contents.balances(for: alice) == ["gems": 4])
                #expect(contents.balances(for: nil) == ["gems": 0])
                #expect(contents.balances(for: bob).isEmpty)
                #expect(contents.spentByAccount == [alice: ["gems": 6]])
                #expect(contents.spent == ["gems": 4])
                #expect(contents.accounts == [alice])
                #expect(contents.view(for: alice).deliveries.map(\.transactionID) == [Deliveries.id("a1")])
                await ledger.close()
            }
        }

        @Test func aNotificationIsRecordedOnceAndKeepsItsFirstDate() async throws {
            try await TestDatabase.with { database in
                let first = try await database.ledger()
                let second = try await database.ledger()
                let ledgers = [first, second]
                let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for caller in 0..<30 {
                        let ledger = ledgers[caller % 2]
                        let date = Deliveries.start.addingTimeInterval(Double(caller))
                        group.addTask { try await ledger.recordNotification("n-1", at: date) }
                    }
                    return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
                }
                #expect(wins == 1)
                let recorded = try #require(try await second.notificationRecorded("n-1"))
                #expect(try await !first.recordNotification("n-1", at: .distantFuture))
                #expect(try await first.notificationRecorded("n-1") == recorded)
                #expect(try await first.notificationRecorded("n-2") == nil)
                let empty = await #expect(throws: PurchaseError.self) {
                    try await first.recordNotification("", at: .now)
                }
                #expect(empty?.code == .clientInvalid)
                // Kept across opening again.
                await first.close()
                let reopened = try await database.ledger()
                #expect(try await reopened.notificationRecorded("n-1") == recorded)
                await reopened.close()
                await second.close()
            }
        }

        @Test func finishMarksAreKeptOnce() async throws {
            try await TestDatabase.with { database in
                let ledger = try await database.ledger()
                #expect(try await ledger.recordDelivery(Deliveries.gems("f1")))
                try await ledger.markFinished(Deliveries.id("f1"))
                try await ledger.markFinished(Deliveries.id("f1"))
                try await ledger.markFinished(Deliveries.id("never-delivered"))
                try await ledger.flush()
                #expect(
                    try await ledger.contents().finished == [Deliveries.id("f1"), Deliveries.id("never-delivered")])
                await ledger.close()
            }
        }
    }
}
