import Foundation
import PurchaseCore

/// What one request, an item posted to one server, ended with after its retries.
struct FaultOutcome: Sendable {
    var item: Int
    var server: Int
    /// The definite answer's status; nil when the request gave up (no definite answer).
    var status: Int?
    /// A transaction's answer: whether this request delivered it.
    var delivered = false
    /// A spend's answer: the balance it left, and whether it replayed a spend made before.
    var balance: Int?
    var replayed: Bool?
    var attempts = 0
    /// Failed attempts the server may have handled (a 5xx, a broken connection, a timeout): a spend
    /// may have been taken by each.
    var ambiguous = 0
    var lastFailure: String?
    /// The first failed attempts that may have reached the server, in order (at most five).
    var uncertainFailures: [String] = []
}

/// The run's counts, printed at the end.
struct FaultCounts: Sendable, CustomStringConvertible {
    var requests = 0
    var attempts = 0
    var ok = 0
    var conflicts = 0
    var otherAnswers = 0
    var retries = 0
    var down = 0
    var refused = 0
    var broken = 0
    var timedOut = 0
    var serverErrors = 0
    var gaveUp = 0
    var kills = 0
    var databaseRestarts = 0

    var description: String {
        "requests \(requests), attempts \(attempts), 200s \(ok), 409s \(conflicts), other answers \(otherAnswers), "
            + "retries \(retries) (server down \(down), refused \(refused), broken \(broken), timed out \(timedOut), "
            + "5xx \(serverErrors)), gave up \(gaveUp), server kills \(kills), PostgreSQL restarts \(databaseRestarts)"
    }
}

/// A fault the driver injects.
enum Fault: Sendable, Equatable {
    /// SIGKILL server `index`, then start it again on a new port.
    case killServer(Int)
    /// `pg_ctl restart -m immediate`.
    case restartDatabase
}

/// Bounded concurrent clients posting a shuffled plan of requests to the cluster's servers, each
/// retried until it gets a definite answer (any status below 500) or runs out of attempts or time,
/// while a driver injects the faults as the clients progress.
final class FaultRun: Sendable {
    let workload: FaultWorkload
    let cluster: FaultCluster
    /// Each request: the item and the server it goes to.
    let plan: [(item: Int, server: Int)]
    let maximumAttempts: Int
    let deadline: ContinuousClock.Instant

    private let cursor = Locked(0)
    private let finished = Locked<[FaultOutcome]>([])
    private let tallies = Locked(FaultCounts())
    private let driverFailures = Locked<[String]>([])

    init(
        workload: FaultWorkload, cluster: FaultCluster, plan: [(item: Int, server: Int)], maximumAttempts: Int,
        deadline: ContinuousClock.Instant
    ) {
        self.workload = workload
        self.cluster = cluster
        self.plan = plan
        self.maximumAttempts = maximumAttempts
        self.deadline = deadline
    }

    var outcomes: [FaultOutcome] { finished.withLock { $0 } }
    var counts: FaultCounts { tallies.withLock { $0 } }
    /// What went wrong injecting faults (a server that did not start again).
    var faultFailures: [String] { driverFailures.withLock { $0 } }

    /// Runs `clients` clients over the plan and the fault driver beside them; returns when every
    /// request has ended and every fault was injected.
    func run(clients: Int, faults: [(after: Int, fault: Fault)]) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.inject(faults) }
            for _ in 0..<clients {
                group.addTask {
                    while let next = self.take() {
                        let outcome = await self.perform(next.item, on: next.server)
                        self.finished.withLock { $0.append(outcome) }
                    }
                }
            }
        }
    }

    private func take() -> (item: Int, server: Int)? {
        cursor.withLock { index in
            guard index < plan.count else { return nil }
            defer { index += 1 }
            return plan[index]
        }
    }

    /// Posts item `index` to server `server` until a definite answer.
    private func perform(_ index: Int, on server: Int) async -> FaultOutcome {
        let item = workload.items[index]
        var outcome = FaultOutcome(item: index, server: server)
        tallies.withLock { $0.requests += 1 }
        let (answer, attempts) = await send(
            to: server, method: "POST", path: item.path, body: item.body,
            key: item.needsKey ? FaultCluster.apiKey : nil,
            headers: item.spendKey.map { ["Idempotency-Key": $0] } ?? [:]
        ) { failure, mayHaveReached in
            if mayHaveReached {
                outcome.ambiguous += 1
                if outcome.uncertainFailures.count < 5 { outcome.uncertainFailures.append(failure) }
            }
            outcome.lastFailure = failure
        }
        outcome.attempts = attempts
        if let answer {
            outcome.status = answer.status
            outcome.delivered = answer.json["delivered"] as? Bool ?? false
            outcome.balance = answer.json["balance"] as? Int
            outcome.replayed = answer.json["replayed"] as? Bool
        }
        tallies.withLock { counts in
            switch answer?.status {
            case 200?: counts.ok += 1
            case 409?: counts.conflicts += 1
            case nil: counts.gaveUp += 1
            default: counts.otherAnswers += 1
            }
        }
        return outcome
    }

    /// Sends one request to server `server` until it gets an answer below 500, within
    /// ``maximumAttempts`` and the ``deadline``; `failed` hears each failed attempt (what failed, and
    /// whether the server may have handled it); every attempt carries `headers`. Returns the answer
    /// (nil: none) and the attempts made.
    func send(
        to server: Int, method: String, path: String, body: Data?, key: String?, headers: [String: String] = [:],
        failed: (String, Bool) -> Void = { _, _ in }
    ) async -> (HTTPExchange.Answer?, Int) {
        var attempts = 0
        while attempts < maximumAttempts, ContinuousClock.now < deadline {
            if attempts > 0 {
                tallies.withLock { $0.retries += 1 }
                try? await Task.sleep(for: .milliseconds(min(200, 10 * attempts)))
            }
            attempts += 1
            tallies.withLock { $0.attempts += 1 }
            guard let port = cluster.port(of: server) else {
                tallies.withLock { $0.down += 1 }
                failed("server \(server) down", false)
                continue
            }
            switch await HTTPExchange.send(
                port: port, method: method, path: path, body: body, key: key, headers: headers)
            {
            case .success(let answer) where answer.status < 500:
                return (answer, attempts)
            case .success(let answer):
                tallies.withLock { $0.serverErrors += 1 }
                failed("\(answer.status) \(String(decoding: answer.body, as: UTF8.self))", true)
            case .failure(let failure):
                tallies.withLock { counts in
                    switch failure {
                    case .refused: counts.refused += 1
                    case .broken: counts.broken += 1
                    case .timedOut: counts.timedOut += 1
                    }
                }
                failed("\(failure)", failure.mayHaveReachedTheServer)
            }
        }
        return (nil, attempts)
    }

    /// Injects each fault once the clients have completed its count of requests.
    private func inject(_ faults: [(after: Int, fault: Fault)]) async {
        for (after, fault) in faults {
            while finished.withLock({ $0.count }) < min(after, plan.count), ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(5))
            }
            do {
                switch fault {
                case .killServer(let index):
                    await cluster.kill(index)
                    tallies.withLock { $0.kills += 1 }
                    try await cluster.start(index)
                case .restartDatabase:
                    try await FaultDatabase.restartImmediately()
                    tallies.withLock { $0.databaseRestarts += 1 }
                }
            } catch {
                driverFailures.withLock { $0.append("\(fault): \(error)") }
            }
        }
    }
}
