import Foundation
import PostgresLedger
import PurchaseCore

/// Deliveries recorded straight through `PostgresFulfillmentLedger.recordDelivery` by `clients`
/// concurrent callers in this process (no HTTP, no signature to verify, no entitlements answered):
/// the ledger's own rate, next to pgbench's single-row insert at the same concurrency.
enum LedgerAlone {
    /// Records up to `count` distinct consumable deliveries over `accounts` accounts from `clients`
    /// concurrent tasks, for at most `seconds`.
    static func run(
        connectionString: String, clients: Int, poolSize: Int, seconds: Double, count: Int, accounts: [UUID]
    ) async throws -> LoadResult {
        let ledger = try await PostgresFulfillmentLedger.open(connectionString: connectionString, poolSize: poolSize)
        let run = UUID().uuidString.prefix(8)
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + .milliseconds(Int(seconds * 1000))
        let results = await withTaskGroup(of: (Int, Int, [Double], String?).self) { group in
            for client in 0..<clients {
                group.addTask {
                    var succeeded = 0
                    var failed = 0
                    var latencies: [Double] = []
                    var failure: String?
                    var index = client
                    while index < count, clock.now < deadline {
                        let id = TransactionID(store: "bench", id: "\(run)-\(index)")
                        let delivery = Delivery(
                            transactionID: id, originalTransactionID: id, productID: "gems", productType: .consumable,
                            quantity: 1, entitlements: [], credits: ["gems": 100], expirationDate: nil,
                            purchaseDate: Date(), deliveredAt: Date(), appAccountToken: accounts[index % accounts.count]
                        )
                        let began = clock.now
                        do {
                            if try await ledger.recordDelivery(delivery) { succeeded += 1 } else { failed += 1 }
                        } catch {
                            failed += 1
                            failure = failure ?? "\(error)"
                        }
                        let took = began.duration(to: clock.now).components
                        latencies.append(Double(took.seconds) * 1e6 + Double(took.attoseconds) / 1e12)
                        index += clients
                    }
                    return (succeeded, failed, latencies, failure)
                }
            }
            var all: [(Int, Int, [Double], String?)] = []
            for await result in group { all.append(result) }
            return all
        }
        let elapsed = start.duration(to: clock.now).components
        await ledger.close()
        return LoadResult(
            succeeded: results.reduce(0) { $0 + $1.0 }, failed: results.reduce(0) { $0 + $1.1 },
            seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18,
            latencies: results.flatMap(\.2).sorted(), firstFailure: results.compactMap(\.3).first)
    }
}

extension LedgerAlone {
    /// ``run(connectionString:clients:poolSize:seconds:count:accounts:)`` from synchronous code: the
    /// calling thread (not one of Swift's cooperative pool) waits for it.
    static func runBlocking(
        connectionString: String, clients: Int, poolSize: Int, seconds: Double, count: Int, accounts: [UUID]
    ) throws -> LoadResult {
        final class Outcome: @unchecked Sendable {
            var value: Result<LoadResult, any Error>?
        }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                outcome.value = .success(
                    try await run(
                        connectionString: connectionString, clients: clients, poolSize: poolSize, seconds: seconds,
                        count: count, accounts: accounts))
            } catch {
                outcome.value = .failure(error)
            }
            done.signal()
        }
        done.wait()
        return try outcome.value!.get()
    }
}
