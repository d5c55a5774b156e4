import Dispatch
import Foundation
import PurchaseCore
import TestSupport
import Testing

@testable import PostgresLedger

extension PostgresServerTests {
    /// Opening (migrations, several servers at once) and losing connections: a connection the server
    /// closed while idle is made again before the next call; a call whose connection breaks fails
    /// retryably having changed nothing, and the next call reconnects.
    @Suite struct PostgresLedgerConnectionTests {
        @Test func manyLedgersOpeningOneFreshDatabaseMigrateItOnce() async throws {
            try await TestDatabase.with { database in
                let ledgers = try await withThrowingTaskGroup(of: PostgresFulfillmentLedger.self) { group in
                    for _ in 0..<12 { group.addTask { try await database.ledger(poolSize: 1) } }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(ledgers.count == 12)
                // Every one works on the same tables.
                let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for (index, ledger) in ledgers.enumerated() {
                        group.addTask { try await ledger.recordDelivery(Deliveries.gems("m\(index % 4)")) }
                    }
                    return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
                }
                #expect(wins == 4)
                let versions = try await PostgresConnection(connectionString: database.connectionString, label: "test")
                    .run { session in try session.execute("SELECT version FROM purchasekit_schema_versions").rows }
                #expect(versions == (1...PostgresLedgerSchema.latestVersion).map { [String($0)] })
                for ledger in ledgers { await ledger.close() }
                // Opening again migrates nothing and keeps the data.
                let reopened = try await database.ledger()
                #expect(try await reopened.contents().deliveries.count == 4)
                await reopened.close()
            }
        }

        @Test func aSessionTheServerEndedWhileIdleIsMadeAgainBeforeTheNextCall() async throws {
            try await TestDatabase.with { database in
                let ledger = try await database.ledger(poolSize: 1)
                #expect(try await ledger.recordDelivery(Deliveries.gems("l1")))
                try await database.terminateSessions()
                #expect(
                    try await TestServer.waitUntil(
                        "SELECT count(*) = 0 FROM pg_stat_activity WHERE datname = $1", [database.name]))
                // The connection is known gone before the call: nothing fails.
                #expect(try await ledger.recordDelivery(Deliveries.gems("l2")))
                #expect(try await ledger.contents().deliveries.map(\.transactionID.id) == ["l1", "l2"])
                await ledger.close()
            }
        }

        @Test func aSessionEndedDuringACallFailsItRetryablyHavingChangedNothing() async throws {
            try await TestDatabase.with { database in
                let ledger = try await database.ledger(poolSize: 1)
                #expect(try await ledger.recordDelivery(Deliveries.gems("l1")))
                // Another session inserts the same transaction and keeps its transaction open, so the
                // ledger's insert waits for it; the server then ends the waiting session.
                let blocker = PostgresConnection(connectionString: database.connectionString, label: "blocker")
                try await blocker.run { session in
                    try session.execute("BEGIN")
                    _ = try PostgresFulfillmentLedger.insert(Deliveries.gems("l2"), session)
                }
                let call = Task { try await ledger.recordDelivery(Deliveries.gems("l2")) }
                let waiting = """
                    SELECT count(*) = 1 FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'
                    """
                #expect(try await TestServer.waitUntil(waiting, [database.name]))
                try await TestServer.administer(
                    """
                    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                    WHERE datname = $1 AND wait_event_type = 'Lock'
                    """, [database.name])
                let lost = await #expect(throws: PurchaseError.self) { try await call.value }
                #expect(lost?.code == .ledgerIOFailed)
                #expect(lost?.isRetryable == true)
                #expect((lost?.underlyingError as? PostgresLedgerError)?.kind == .connectionLost)
                _ = try await blocker.run { session in try session.execute("ROLLBACK") }
                await blocker.close()
                // The failed call changed nothing: the retry records it, once.
                #expect(try await ledger.recordDelivery(Deliveries.gems("l2")))
                #expect(try await !ledger.recordDelivery(Deliveries.gems("l2")))
                #expect(try await ledger.contents().deliveries.map(\.transactionID.id) == ["l1", "l2"])
                #expect(try await ledger.contents().balances["gems"] == 200)
                await ledger.close()
            }
        }

        @Test(
            .enabled(
                if: TestServer.control != nil, "PURCHASEKIT_POSTGRES_CTL is not set (Scripts/with-postgres.sh sets it)")
        )
        func aServerRestartIsMetByReconnectingBeforeTheNextCall() async throws {
            try await TestDatabase.with { database in
                let ledger = try await database.ledger(poolSize: 2)
                #expect(try await ledger.recordDelivery(Deliveries.gems("r1", units: 10)))
                #expect(try await ledger.spend("gems", quantity: 1) == 9)
                try await Self.restartServer()
                // The pooled connections were closed by the restart while idle: each is made again
                // before its next call, and no call fails.
                #expect(try await ledger.recordDelivery(Deliveries.gems("r2", units: 10)))
                #expect(try await ledger.spend("gems", quantity: 19) == 0)
                #expect(try await ledger.contents().deliveries.map(\.transactionID.id) == ["r1", "r2"])
                await ledger.close()
            }
        }

        @Test func aReadOnlyLedgerReadsWithoutCreatingOrChangingAnything() async throws {
            try await TestDatabase.with { database in
                // A database never migrated reads as empty, and stays without tables.
                let empty = try await PostgresFulfillmentLedger.open(
                    connectionString: database.connectionString, readOnly: true)
                #expect(try await empty.contents() == LedgerContents())
                #expect(try await empty.recordedNotifications().isEmpty)
                let refused = await #expect(throws: PurchaseError.self) {
                    try await empty.recordDelivery(Deliveries.gems("ro1"))
                }
                #expect(refused?.code == .ledgerIOFailed)
                await empty.close()
                let tables = try await PostgresConnection(connectionString: database.connectionString, label: "test")
                    .run { session in try session.execute("SELECT to_regclass('purchasekit_deliveries')").first }
                #expect(tables == nil)

                let writer = try await database.ledger()
                #expect(try await writer.recordDelivery(Deliveries.gems("ro2")))
                await writer.close()
                let reader = try await PostgresFulfillmentLedger.open(
                    connectionString: database.connectionString, readOnly: true)
                #expect(try await reader.contents().deliveries == [Deliveries.gems("ro2")])
                await #expect(throws: PurchaseError.self) { try await reader.spend("gems", quantity: 1) }
                #expect(try await reader.contents().balances["gems"] == 100)
                await reader.close()
            }
        }

        @Test func anUnreachableServerIsARetryableLedgerFailure() async throws {
            let error = await #expect(throws: PurchaseError.self) {
                try await PostgresFulfillmentLedger.open(
                    connectionString: "postgresql:///postgres?host=/nonexistent-purchasekit&port=1&connect_timeout=2")
            }
            #expect(error?.code == .ledgerIOFailed)
            #expect((error?.underlyingError as? PostgresLedgerError)?.kind == .connectionFailed)
        }

        /// `pg_ctl restart -m immediate` as the server's owner, waited for on a thread outside the
        /// cooperative pool.
        static func restartServer() async throws {
            let control = try #require(TestServer.control)
            let termination = await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    do {
                        let child = try ChildProcess(
                            control, ["restart", "-m", "immediate"], standardOutput: .file("/dev/null"))
                        continuation.resume(returning: child.wait())
                    } catch {
                        continuation.resume(returning: ChildProcess.Termination.exit(-1))
                    }
                }
            }
            #expect(termination == .exit(0), "\(control) restart -m immediate")
        }
    }
}
