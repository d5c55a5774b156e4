import Foundation
import PostgresLedger
import PurchaseCore
import TestSupport
import Testing

extension PostgresServerTests {
    /// Another ledger's contents copied in (`LedgerImporting`): exactly what the source holds, and a
    /// second copy changes nothing.
    @Suite struct PostgresLedgerImportTests {
        typealias Differential = PostgresLedgerDifferentialTests

        /// Runs `count` random calls on `ledger`.
        static func fill(_ ledger: InMemoryFulfillmentLedger, count: Int, random: inout Differential.SeededGenerator)
            async
        {
            for _ in 0..<count {
                let call = Differential.randomCall(&random)
                _ = await Differential.answer { try await call(ledger) }
            }
        }

        @Test(arguments: [11, 12] as [UInt64])
        func aCopyHoldsWhatTheSourceHoldsAndASecondCopyChangesNothing(seed: UInt64) async throws {
            try await TestDatabase.with { database in
                let source = InMemoryFulfillmentLedger()
                var random = Differential.SeededGenerator(state: seed)
                await Self.fill(source, count: 150, random: &random)
                let target = try await database.ledger()
                let importing: any FulfillmentLedger = target
                let importer = try #require(importing as? any LedgerImporting)

                let export = try await LedgerExport.read(from: source)
                #expect(!export.contents.deliveries.isEmpty && !export.notifications.isEmpty)
                let first = try await importer.importLedger(export)
                #expect(first.deliveries == export.contents.deliveries.count)
                #expect(first.revocations == export.contents.revocations.count)
                #expect(first.notifications == export.notifications.count)
                #expect(try await target.contents() == export.contents)
                #expect(try await target.recordedNotifications() == export.notifications)
                #expect(!export.spendIDs.isEmpty)
                #expect(first.spendIDs == export.spendIDs.count)
                #expect(Set(try await target.recordedSpends()) == Set(export.spendIDs))
                // A replay after the copy answers what the source answered, and takes nothing.
                let replayed = try #require(export.spendIDs.first)
                let answer = try await target.spend(
                    replayed.spend.balance, quantity: replayed.spend.quantity, account: replayed.account,
                    spendID: replayed.spendID)
                #expect(answer == SpendResult(balance: replayed.spend.balanceAfter, replayed: true))
                #expect(try await target.contents() == export.contents)

                let second = try await importer.importLedger(export)
                #expect(second.isEmpty, "\(second)")
                #expect(try await target.contents() == export.contents)

                // The source moves on; copying again brings over what is new, once.
                await Self.fill(source, count: 80, random: &random)
                let later = try await LedgerExport.read(from: source)
                #expect(later != export)
                #expect(try await !importer.importLedger(later).isEmpty)
                #expect(try await target.contents() == later.contents)
                #expect(try await importer.importLedger(later).isEmpty)
                await target.close()
            }
        }

        @Test func aCopyKeepsExactlyOnceWithWhatTheTargetHolds() async throws {
            try await TestDatabase.with { database in
                let target = try await database.ledger()
                #expect(try await target.recordDelivery(Deliveries.removeAds("x1")))
                let source = InMemoryFulfillmentLedger()
                // The same purchase restored under another identifier, and a new one.
                #expect(await source.recordDelivery(Deliveries.removeAds("x2", original: "x1")))
                #expect(await source.recordDelivery(Deliveries.gems("g1", units: 7)))
                let summary = try await target.importLedger(LedgerExport.read(from: source))
                #expect(summary == LedgerImportSummary(deliveries: 1))
                #expect(
                    try await target.contents().deliveries.map(\.transactionID) == [
                        Deliveries.id("x1"), Deliveries.id("g1"),
                    ])
                #expect(try await target.spend("gems", quantity: 7) == 0)
                await target.close()
            }
        }
    }
}
