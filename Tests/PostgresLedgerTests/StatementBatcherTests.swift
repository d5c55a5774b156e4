import Foundation
import PurchaseCore
import Testing

@testable import PostgresLedger

/// The batcher's rules without a database: every caller answered from its own request's batch,
/// every request taken once, never more runners than allowed, and none left waiting when runners
/// cannot get a connection.
@Suite struct StatementBatcherTests {
    struct ConnectionRefused: Error {}
    struct RequestRefused: Error { var input: Int }

    /// Connections lent one body at a time each, at most `limit` at once, every `failEvery`-th lending
    /// refused (0: none); counts what it sees.
    actor Connections {
        let limit: Int
        let failEvery: Int
        private var lent = 0
        private var calls = 0
        private var waiting: [CheckedContinuation<Void, Never>] = []
        private(set) var mostAtOnce = 0

        init(limit: Int, failEvery: Int) {
            self.limit = limit
            self.failEvery = failEvery
        }

        func with(_ body: @Sendable (Int) -> Void) async throws {
            calls += 1
            if failEvery > 0, calls % failEvery == 0 { throw ConnectionRefused() }
            if lent == limit { await withCheckedContinuation { waiting.append($0) } } else { lent += 1 }
            mostAtOnce = max(mostAtOnce, lent)
            await Task.yield()
            body(calls)
            if waiting.isEmpty { lent -= 1 } else { waiting.removeFirst().resume() }
        }
    }

    /// What the runners took: each input once, and the largest batch.
    final class Taken: Sendable {
        private let state = Locked((inputs: [Int](), largest: 0))
        func record(_ batch: [Int]) {
            state.withLock { state in
                state.inputs += batch
                state.largest = max(state.largest, batch.count)
            }
        }
        var inputs: [Int] { state.withLock { $0.inputs } }
        var largest: Int { state.withLock { $0.largest } }
    }

    func runCallers(count: Int, runners: Int, batch: Int, failEvery: Int) async throws -> (
        outcomes: [Int: Result<Int, any Error>], taken: Taken, connections: Connections
    ) {
        let batcher = StatementBatcher<Int, Int>(maximumBatch: batch, maximumRunners: runners)
        let connections = Connections(limit: runners, failEvery: failEvery)
        let taken = Taken()
        let outcomes = await withTaskGroup(of: (Int, Result<Int, any Error>).self) { group in
            for input in 0..<count {
                group.addTask {
                    do {
                        let output = try await batcher.outcome(
                            of: input, withConnection: { body in try await connections.with(body) },
                            run: { batch, _ in
                                taken.record(batch.map(\.input))
                                for pending in batch {
                                    pending.finish(
                                        pending.input % 7 == 3
                                            ? .failure(RequestRefused(input: pending.input))
                                            : .success(pending.input * 2))
                                }
                            })
                        return (input, .success(output))
                    } catch {
                        return (input, .failure(error))
                    }
                }
            }
            return await group.reduce(into: [Int: Result<Int, any Error>]()) { $0[$1.0] = $1.1 }
        }
        return (outcomes, taken, connections)
    }

    @Test(arguments: [(1, 1), (2, 4), (4, 32)])
    func everyCallerIsAnsweredFromItsOwnRequest(runners: Int, batch: Int) async throws {
        let (outcomes, taken, connections) = try await runCallers(
            count: 300, runners: runners, batch: batch, failEvery: 0)
        #expect(outcomes.count == 300)
        #expect(taken.inputs.sorted() == Array(0..<300))
        #expect(taken.largest <= batch)
        #expect(await connections.mostAtOnce <= runners)
        for (input, outcome) in outcomes {
            switch outcome {
            case .success(let output): #expect(output == input * 2 && input % 7 != 3)
            case .failure(let error): #expect((error as? RequestRefused)?.input == input)
            }
        }
    }

    @Test func aRunnerWithoutAConnectionFailsOnlyItsOwnQueuedRequestAndPassesItsTurnOn() async throws {
        // One runner at a time: a runner refused a connection always still has its own request queued.
        let (outcomes, taken, _) = try await runCallers(count: 300, runners: 1, batch: 8, failEvery: 5)
        #expect(outcomes.count == 300)
        let takenInputs = taken.inputs
        #expect(Set(takenInputs).count == takenInputs.count)
        var refusedConnections = 0
        for (input, outcome) in outcomes {
            switch outcome {
            case .success(let output):
                #expect(output == input * 2 && takenInputs.contains(input))
            case .failure(let error as RequestRefused):
                #expect(error.input == input && takenInputs.contains(input))
            case .failure(let error):
                // Refused a connection while its own request was queued: never taken, never run.
                #expect(error is ConnectionRefused && !takenInputs.contains(input))
                refusedConnections += 1
            }
        }
        #expect(refusedConnections > 0)
        #expect(takenInputs.count + refusedConnections == 300)
    }
}
