import Foundation
import PurchaseCore
import PurchaseKit
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Exactly once under faults: several `purchasekit-server` processes on one PostgreSQL database take
/// the same signed transactions and App Store notifications, duplicated and shuffled, from concurrent
/// clients that retry every failure, while a server is SIGKILLed and started again and PostgreSQL is
/// restarted as a crash would (`pg_ctl restart -m immediate`). Afterwards the ledger, read through the
/// registry, holds every acknowledged request once, and the balances add up: spends sent with an
/// `Idempotency-Key` (to every server, each retried with its key) are taken exactly once per key.
///
/// Runs against the server `Scripts/with-postgres.sh` starts; skipped without one, failing under
/// `CI=true`. `PURCHASEKIT_SOAK=1` adds a longer run; `PURCHASEKIT_FAULT_SEED` replays an order.
@Suite(.serialized, .enabled(if: FaultDatabase.runs, FaultDatabase.skipReason))
struct ServerFaultTests {
    /// The shape of one run.
    struct Shape: Sendable {
        var name: String
        var accounts: Int
        /// How often each transaction, notification and spend with a key is posted to each server.
        var copies: Int
        var servers: Int
        var clients: Int
        /// The faults, each at a fraction of the requests completed.
        var faults: [(fraction: Double, fault: Fault)]
        var timeLimit: Duration

        static let standard = Shape(
            name: "standard", accounts: 4, copies: 2, servers: 2, clients: 8,
            faults: [(0.25, .killServer(1)), (0.5, .restartDatabase)],
            timeLimit: .seconds(240))

        static let soak = Shape(
            name: "soak", accounts: 16, copies: 3, servers: 3, clients: 16,
            faults: [
                (0.08, .killServer(1)), (0.16, .restartDatabase),
                (0.28, .killServer(2)), (0.4, .killServer(0)),
                (0.5, .restartDatabase), (0.62, .killServer(1)),
                (0.72, .restartDatabase), (0.8, .killServer(2)),
            ],
            timeLimit: .seconds(900))
    }

    @Test func everyAcknowledgedRequestIsInTheLedgerOnceThroughKillsAndADatabaseRestart() async throws {
        try await Self.run(.standard)
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["PURCHASEKIT_SOAK"] == "1", "PURCHASEKIT_SOAK=1 runs it"))
    func soakWithRepeatedKillsAndRestarts() async throws {
        try await Self.run(.soak)
    }

    static func run(_ shape: Shape) async throws {
        let seed =
            ProcessInfo.processInfo.environment["PURCHASEKIT_FAULT_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 0...UInt64.max)
        var generator = SeededGenerator(state: seed)
        let workload = try FaultWorkload.make(accounts: shape.accounts, using: &generator)
        var plan: [(item: Int, server: Int)] = []
        for (index, item) in workload.items.enumerated() {
            if item.kind == .spend, item.spendKey == nil {
                plan.append((index, Int.random(in: 0..<shape.servers, using: &generator)))
            } else {
                for server in 0..<shape.servers {
                    for _ in 0..<shape.copies { plan.append((index, server)) }
                }
            }
        }
        plan.shuffle(using: &generator)

        try await FaultDatabase.withFreshDatabase { databaseURL in
            let cluster = try FaultCluster(databaseURL: databaseURL, servers: shape.servers)
            defer {
                cluster.killRemaining()
                cluster.removeFolder()
            }
            for index in 0..<shape.servers { try await cluster.start(index) }
            let faults = shape.faults.map { (after: Int(Double(plan.count) * $0.fraction), fault: $0.fault) }
            let run = FaultRun(
                workload: workload, cluster: cluster, plan: plan, maximumAttempts: 400,
                deadline: .now + shape.timeLimit)
            await run.run(clients: shape.clients, faults: faults)

            let counts = run.counts
            print(
                "ServerFaultTests \(shape.name) (seed \(seed), \(shape.servers) servers, \(shape.clients) clients): \(counts)"
            )
            #expect(run.faultFailures.isEmpty, "\(run.faultFailures)")
            #expect(counts.kills == faults.filter { $0.fault != .restartDatabase }.count)
            #expect(counts.databaseRestarts == faults.count - counts.kills)
            #expect(counts.requests == plan.count && run.outcomes.count == plan.count)
            #expect(counts.gaveUp == 0)
            #expect(cluster.unexpectedEnds().isEmpty, "\(cluster.unexpectedEnds())\n\(cluster.logTail())")

            // The ledger, through the registry, as any deployment on the same catalog opens it.
            setenv(cluster.ledgerVariable, databaseURL, 1)
            defer { unsetenv(cluster.ledgerVariable) }
            let deployment = try PurchaseDeployment.open(
                catalogPath: cluster.catalogPath, stateDirectory: cluster.folder.appendingPathComponent("verify"))
            let contents: LedgerContents
            let notifications: [String: Date]
            do {
                contents = try await deployment.ledger.contents()
                notifications =
                    try await (deployment.ledger as? any NotificationListing)?.recordedNotifications() ?? [:]
            } catch {
                await deployment.close()
                throw error
            }
            await deployment.close()

            let checks = FaultChecks(
                workload: workload, outcomes: run.outcomes, contents: contents, notifications: notifications)
            checks.everyRequestGotADefiniteAnswer()
            checks.everyAcknowledgedTransactionIsDeliveredOnce()
            checks.everyAcknowledgedNotificationIsAppliedOnce()
            let keyedSpends = checks.everySpendKeyIsTakenOnce()
            let retriedWithKey = run.outcomes.filter {
                workload.items[$0.item].spendKey != nil && $0.ambiguous > 0
            }.count
            let (balances, spentUnacknowledged) = checks.balancesEqualPayoutsLessRefundsAndSpends()

            // Every server answers the same entitlements.
            for server in 0..<shape.servers {
                for account in workload.accounts {
                    let (answer, _) = await run.send(
                        to: server, method: "GET", path: "/v1/accounts/\(account.uuidString)/entitlements", body: nil,
                        key: FaultCluster.apiKey)
                    let json = try #require(answer, "server \(server) did not answer").json
                    let gems = (json["balances"] as? [String: Any])?["gems"] as? Int ?? 0
                    #expect(gems == balances[account], "server \(server), account \(account): \(json)")
                    #expect((json["entitlements"] as? [String])?.contains("pro") == true, "\(json)")
                }
            }
            let uncertain = run.outcomes.filter {
                workload.items[$0.item].kind == .spend && workload.items[$0.item].spendKey == nil && $0.ambiguous > 0
            }
            let uncertainSpends = uncertain.count
            for outcome in uncertain {
                let item = workload.items[outcome.item]
                print(
                    "ServerFaultTests \(shape.name): a spend of \(item.quantity) gems by \(item.account) answered "
                        + "\(outcome.status.map(String.init) ?? "nothing") after \(outcome.uncertainFailures)")
            }
            let endings = await cluster.stop()
            #expect(endings.allSatisfy { $0 == .exit(0) }, "\(endings)\n\(cluster.logTail())")
            print(
                "ServerFaultTests \(shape.name): ledger holds \(contents.deliveries.count) deliveries, "
                    + "\(contents.revocations.count) revocations, \(notifications.count) notifications; "
                    + "spends with an uncertain attempt \(uncertainSpends), gems spent beyond the 200s \(spentUnacknowledged); "
                    + "spend keys taken \(keyedSpends.taken), answered as replays \(keyedSpends.replays), "
                    + "requests with a key retried after an uncertain attempt \(retriedWithKey)"
            )
        }
    }
}
