import Foundation
import PostgresLedger
import PurchaseCore
import TestSupport
import Testing

extension PostgresServerTests {
    /// The same random sequences of calls on the in-memory ledger and the PostgreSQL ledger give the
    /// same answers and the same contents.
    @Suite struct PostgresLedgerDifferentialTests {
        typealias SeededGenerator = LedgerCalls.SeededGenerator
        typealias Answer = LedgerCalls.Answer
        static let accounts = LedgerCalls.accounts

        @Test(arguments: [1, 2, 3] as [UInt64])
        func randomSequencesGiveTheSameAnswersAndContents(seed: UInt64) async throws {
            try await TestDatabase.with { database in
                let postgres = try await database.ledger(poolSize: 2)
                let memory = InMemoryFulfillmentLedger()
                var random = SeededGenerator(state: seed)
                for step in 0..<160 {
                    let call = Self.randomCall(&random)
                    let expected = await Self.answer { try await call(memory) }
                    let actual = await Self.answer { try await call(postgres) }
                    #expect(actual == expected, "seed \(seed), step \(step)")
                    if step % 40 == 39 {
                        #expect(try await postgres.contents() == memory.contents(), "seed \(seed), step \(step)")
                        for account in Self.accounts + [UUID()] {
                            let whole = try await postgres.contents().view(for: account)
                            #expect(try await postgres.contents(for: account) == whole, "seed \(seed), step \(step)")
                            let postgresHoldings = try await LedgerCalls.holdingsDisagreement(
                                of: postgres, account: account)
                            #expect(postgresHoldings == nil, "seed \(seed), step \(step)")
                            let memoryHoldings = try await LedgerCalls.holdingsDisagreement(
                                of: memory, account: account)
                            #expect(memoryHoldings == nil, "seed \(seed), step \(step)")
                            #expect(try await postgres.holdings(for: account) == memory.holdings(for: account))
                        }
                    }
                }
                let contents = try await postgres.contents()
                #expect(contents == (await memory.contents()))
                #expect(!contents.deliveries.isEmpty)
                for account in Self.accounts {
                    #expect(contents.balances(for: account) == (await memory.contents()).balances(for: account))
                }
                await postgres.close()
            }
        }

        static func answer(_ call: () async throws -> Answer) async -> Answer { await LedgerCalls.answer(call) }

        static func randomCall(
            _ random: inout SeededGenerator
        ) -> @Sendable (any FulfillmentLedger & NotificationLog) async throws -> Answer {
            LedgerCalls.randomCall(&random)
        }
    }
}
