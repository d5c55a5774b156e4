import CustomStore
import Foundation
import PurchaseKit
import Testing

/// The SQLite ledger against the `FulfillmentLedger` implementation requirements, with two
/// connections on one file standing for two processes.
struct SQLiteLedgerTests {
    private static let date = Date(timeIntervalSinceReferenceDate: 820_000_000.123_456)

    private func delivery(
        _ id: String, original: String? = nil, type: ProductType = .consumable, credits: [String: Int] = [:],
        expiration: Date? = nil
    ) -> Delivery {
        Delivery(
            transactionID: TransactionID(store: "web-checkout", id: id),
            originalTransactionID: TransactionID(store: "web-checkout", id: original ?? id),
            productID: "com.example.\(id)", productType: type, quantity: 1, entitlements: ["a", "b"],
            credits: credits, expirationDate: expiration, purchaseDate: Self.date, deliveredAt: Self.date)
    }

    private func id(_ id: String) -> TransactionID { TransactionID(store: "web-checkout", id: id) }

    @Test func aDeliveryIsRecordedOnceWhateverRacesForIt() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("ledger.sqlite")
            let ledgers = [
                try SQLiteFulfillmentLedger(databaseURL: file), try SQLiteFulfillmentLedger(databaseURL: file),
            ]
            let premium = delivery("t1", type: .nonConsumable)
            let recorded = try await withThrowingTaskGroup(of: Bool.self) { group in
                for attempt in 0..<16 {
                    group.addTask { try await ledgers[attempt % 2].recordDelivery(premium) }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(recorded == 1)
            // A restore of the same original purchase, under a new identifier, is the same fulfilment.
            #expect(try await !ledgers[1].recordDelivery(delivery("t2", original: "t1", type: .nonConsumable)))
            // A consumable is delivered per transaction.
            #expect(try await ledgers[1].recordDelivery(delivery("t3", original: "t1")))
            #expect(try await ledgers[0].contents().deliveries.map(\.transactionID.id) == ["t1", "t3"])
            #expect(try await ledgers[0].delivery(for: id("t1")) == premium)
            #expect(try await ledgers[0].delivery(for: id("t2")) == nil)
            for ledger in ledgers { await ledger.close() }
        }
    }

    @Test func concurrentSpendsNeverTakeABalanceBelowZero() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("ledger.sqlite")
            let ledgers = [
                try SQLiteFulfillmentLedger(databaseURL: file), try SQLiteFulfillmentLedger(databaseURL: file),
            ]
            #expect(try await ledgers[0].recordDelivery(delivery("gems", credits: ["gems": 100])))
            let outcomes = try await withThrowingTaskGroup(of: Result<Int, PurchaseError>.self) { group in
                for attempt in 0..<40 {
                    group.addTask {
                        do {
                            return .success(try await ledgers[attempt % 2].spend("gems", quantity: 7))
                        } catch let error as PurchaseError {
                            return .failure(error)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let left = outcomes.compactMap { try? $0.get() }
            #expect(left.count == 14)
            #expect(left.allSatisfy { $0 >= 0 })
            #expect(Set(left).count == 14)
            #expect(outcomes.allSatisfy { outcome in (try? outcome.get()) != nil || isInsufficient(outcome) })
            let contents = try await ledgers[1].contents()
            #expect(contents.balances["gems"] == 2)
            #expect(contents.spent == ["gems": 98])
            let zero = await #expect(throws: PurchaseError.self) { try await ledgers[0].spend("gems", quantity: 0) }
            #expect(zero?.code == .clientInvalid)
            let never = await #expect(throws: PurchaseError.self) { try await ledgers[0].spend("coins", quantity: 1) }
            #expect(never?.code == .insufficientBalance)
            for ledger in ledgers { await ledger.close() }
        }
    }

    private func isInsufficient(_ outcome: Result<Int, PurchaseError>) -> Bool {
        if case .failure(let error) = outcome { return error.code == .insufficientBalance }
        return false
    }

    @Test func aRevocationIsRecordedOnceAndTakesBackWhatWasCredited() async throws {
        try await withTemporaryFolder { folder in
            let ledger = try SQLiteFulfillmentLedger(databaseURL: folder.appendingPathComponent("ledger.sqlite"))
            #expect(try await ledger.recordDelivery(delivery("a", credits: ["gems": 100, "coins": 5])))
            #expect(try await ledger.recordDelivery(delivery("b", credits: ["gems": 50])))
            #expect(try await ledger.spend("gems", quantity: 120) == 30)
            #expect(try await ledger.recordRevocation(id("a"), at: Self.date))
            #expect(try await !ledger.recordRevocation(id("a"), at: Self.date))
            #expect(try await !ledger.recordRevocation(id("never-delivered"), at: Self.date))
            let contents = try await ledger.contents()
            #expect(contents.revocations == [id("a"): Self.date])
            // Refunding units already spent leaves the balance below zero; spending cannot.
            #expect(contents.balances == ["gems": -70])
            let error = await #expect(throws: PurchaseError.self) { try await ledger.spend("gems", quantity: 1) }
            #expect(error?.code == .insufficientBalance)
            await ledger.close()
        }
    }

    @Test func anExpirationOnlyEverMovesADeliveredEndEarlier() async throws {
        try await withTemporaryFolder { folder in
            let ledger = try SQLiteFulfillmentLedger(databaseURL: folder.appendingPathComponent("ledger.sqlite"))
            let end = Self.date.addingTimeInterval(30 * 86_400)
            #expect(try await ledger.recordDelivery(delivery("sub", type: .autoRenewable, expiration: end)))
            #expect(try await ledger.recordDelivery(delivery("forever", type: .nonConsumable)))
            #expect(try await !ledger.recordExpiration(id("sub"), at: end.addingTimeInterval(1)))
            #expect(try await !ledger.recordExpiration(id("sub"), at: end))
            let earlier = end.addingTimeInterval(-86_400)
            #expect(try await ledger.recordExpiration(id("sub"), at: earlier))
            #expect(try await !ledger.recordExpiration(id("sub"), at: earlier))
            #expect(try await !ledger.recordExpiration(id("sub"), at: earlier.addingTimeInterval(10)))
            #expect(try await !ledger.recordExpiration(id("forever"), at: earlier))
            #expect(try await !ledger.recordExpiration(id("never-delivered"), at: earlier))
            #expect(try await ledger.contents().expirations == [id("sub"): earlier])
            await ledger.close()
        }
    }

    @Test func itHoldsWhatTheInMemoryLedgerHoldsAfterTheSameCalls() async throws {
        try await withTemporaryFolder { folder in
            let sqlite = try SQLiteFulfillmentLedger(databaseURL: folder.appendingPathComponent("ledger.sqlite"))
            let memory = InMemoryFulfillmentLedger()
            let end = Self.date.addingTimeInterval(86_400)
            let ledgers: [any FulfillmentLedger] = [sqlite, memory]
            var answers: [[String]] = [[], []]
            for (index, ledger) in ledgers.enumerated() {
                func note(_ value: some Sendable) { answers[index].append("\(value)") }
                note(try await ledger.recordDelivery(delivery("a", credits: ["gems": 10])))
                note(try await ledger.recordDelivery(delivery("a", credits: ["gems": 10])))
                note(try await ledger.recordDelivery(delivery("n", type: .nonConsumable)))
                note(try await ledger.recordDelivery(delivery("r", original: "n", type: .nonConsumable)))
                note(try await ledger.recordDelivery(delivery("s", type: .autoRenewable, expiration: end)))
                note(try await ledger.recordExpiration(id("s"), at: Self.date))
                note(try await ledger.recordExpiration(id("a"), at: Self.date))
                note(try await ledger.spend("gems", quantity: 4))
                note(try await ledger.recordRevocation(id("a"), at: end))
                note(try await ledger.recordRevocation(id("r"), at: end))
                try await ledger.markFinished(id("a"))
                try await ledger.markFinished(id("n"))
                try await ledger.flush()
            }
            #expect(answers[0] == answers[1])
            #expect(try await sqlite.contents() == memory.contents())
            await sqlite.close()
        }
    }

    @Test func finishedMarksWaitForTheNextWriteOrAFlush() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("ledger.sqlite")
            let writer = try SQLiteFulfillmentLedger(databaseURL: file)
            let reader = try SQLiteFulfillmentLedger(databaseURL: file)
            #expect(try await writer.recordDelivery(delivery("a")))
            try await writer.markFinished(id("a"))
            #expect(try await writer.contents().finished == [id("a")])
            #expect(try await reader.contents().finished.isEmpty)
            try await writer.flush()
            #expect(try await reader.contents().finished == [id("a")])
            try await writer.markFinished(id("b"))
            #expect(try await writer.recordDelivery(delivery("b")))
            #expect(try await reader.contents().finished == [id("a"), id("b")])
            await writer.close()
            await reader.close()
        }
    }

    @Test func whatIsRecordedComesBackExactlyAfterReopening() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("nested/ledger.sqlite")
            let ledger = try SQLiteFulfillmentLedger(databaseURL: file)
            let subscription = delivery("s", type: .autoRenewable, credits: ["gems": 3], expiration: Self.date)
            #expect(try await ledger.recordDelivery(subscription))
            #expect(try await ledger.recordDelivery(delivery("", credits: ["": 1])))
            _ = try await ledger.spend("gems", quantity: 2)
            // WAL mode: commits go to the write-ahead log beside the database.
            #expect(FileManager.default.fileExists(atPath: file.path + "-wal"))
            let before = try await ledger.contents()
            await ledger.close()
            let closed = await #expect(throws: PurchaseError.self) { try await ledger.contents() }
            #expect(closed?.code == .ledgerIOFailed)

            let reopened = try SQLiteFulfillmentLedger(databaseURL: file)
            let after = try await reopened.contents()
            #expect(after == before)
            #expect(after.deliveries.first == subscription)
            #expect(after.balances == ["gems": 1, "": 1])
            await reopened.close()
        }
    }

    @Test func aDeliveryNoBalanceCanHoldIsRefusedWhole() async throws {
        try await withTemporaryFolder { folder in
            let ledger = try SQLiteFulfillmentLedger(databaseURL: folder.appendingPathComponent("ledger.sqlite"))
            #expect(try await ledger.recordDelivery(delivery("a", credits: ["gems": Int.max])))
            let error = await #expect(throws: PurchaseError.self) {
                try await ledger.recordDelivery(delivery("b", credits: ["coins": 1, "gems": 1]))
            }
            #expect(error?.code == .paymentInvalid)
            let contents = try await ledger.contents()
            #expect(contents.deliveries.map(\.transactionID.id) == ["a"])
            #expect(contents.balances == ["gems": Int.max])
            await ledger.close()
        }
    }

    @Test func aReadOnlyLedgerCreatesNothingAndRefusesChanges() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("state/ledger.sqlite")
            let missing = try SQLiteFulfillmentLedger(databaseURL: file, readOnly: true)
            #expect(try await missing.contents() == LedgerContents())
            let error = await #expect(throws: PurchaseError.self) {
                try await missing.recordDelivery(delivery("a"))
            }
            #expect(error?.code == .ledgerIOFailed)
            #expect(contentsOfFolder(folder).isEmpty)

            let writer = try SQLiteFulfillmentLedger(databaseURL: file)
            #expect(try await writer.recordDelivery(delivery("a")))
            let reader = try SQLiteFulfillmentLedger(databaseURL: file, readOnly: true)
            #expect(try await reader.contents().deliveries.count == 1)
            let refused = await #expect(throws: PurchaseError.self) { try await reader.spend("gems", quantity: 1) }
            #expect(refused?.code == .ledgerIOFailed)
            await reader.close()
            await writer.close()
        }
    }
}
