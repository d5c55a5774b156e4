// Simulated purchases through the whole flow, in memory: PurchaseCore's Store (verify, deliver once,
// finish) over the SimulatedAppStore provider adapter over a PaymentQueue, with an in-memory ledger.
//
// Usage: simulated-store-benchmarks [--queue-only | --baseline] [--lean-ledger] [--journal] [SIZES...]   (default sizes: 10000 100000 1000000)
import BenchmarkSupport
import Foundation
import PurchaseCore
import PurchaseTesting
import SimulatedAppStore

let arguments = Array(CommandLine.arguments.dropFirst())
let queueOnly = arguments.contains("--queue-only")
let leanLedger = arguments.contains("--lean-ledger")
let baseline = arguments.contains("--baseline")
let journaled = arguments.contains("--journal")
let sizes = arguments.compactMap(Int.init).isEmpty ? [10_000, 100_000, 1_000_000] : arguments.compactMap(Int.init)

let productID = "com.example.gems"
let catalog = Catalog(
    deployment: Deployment(
        name: "benchmark", providers: [ProviderConfiguration(kind: .simulatedAppStore)], storefront: "USA",
        locale: "en_US"),
    storefronts: ["USA": Storefront(code: "USA", currencyCode: "USD")],
    products: [
        Product(
            productID: productID, type: .consumable,
            prices: ["USA": Price(amount: Decimal(string: "0.99") ?? 1, currencyCode: "USD")],
            localizations: ["en": ProductLocalization(displayName: "Gems", description: "Gems")],
            payouts: [Payout(kind: .currency, name: "gems", quantity: 10)])
    ])

func runStore(_ count: Int) async throws -> (seconds: Double, check: String) {
    var persistence = PaymentQueue.Persistence.inMemory
    var folder: URL?
    if journaled {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("simulated-store-benchmark-\(UUID().uuidString)", isDirectory: true)
        folder = url
        persistence = .journal(directory: url)
    }
    defer { if let folder { try? FileManager.default.removeItem(at: folder) } }
    let queue = try PaymentQueue(catalog: catalog, persistence: persistence)
    let provider: any StoreProvider =
        baseline ? InMemoryStoreProvider(catalog: catalog) : SimulatedAppStoreProvider(queue: queue)
    let ledger: any FulfillmentLedger = leanLedger ? LeanLedger() : InMemoryFulfillmentLedger()
    let store = Store(catalog: catalog, providers: [provider], ledger: ledger)
    await store.start()
    let start = ContinuousClock.now
    var failures = 0
    for _ in 0..<count {
        if case .purchased = await store.purchase(productID) {} else { failures += 1 }
    }
    let elapsed = ContinuousClock.now - start
    let contents = try await ledger.contents()
    let unfinished = await queue.transactions.count
    let gems = contents.balances["gems"] ?? 0
    let check =
        "deliveries \(contents.deliveries.count), gems \(gems), failures \(failures), unfinished \(unfinished)"
    return (seconds(elapsed), check)
}

/// A ledger that keeps only what exactly-once needs (identifiers and balances), to tell the cost of
/// the simulated store apart from the cost of keeping a million full delivery records.
actor LeanLedger: FulfillmentLedger {
    private var delivered = Set<TransactionID>()
    private var credits: [String: Int] = [:]

    func recordDelivery(_ delivery: Delivery) -> Bool {
        guard delivered.insert(delivery.fulfillmentKey).inserted else { return false }
        for (name, amount) in delivery.credits { credits[name, default: 0] += amount }
        return true
    }
    func delivery(for transactionID: TransactionID) -> Delivery? { nil }
    func markFinished(_ transactionID: TransactionID) {}
    func recordRevocation(_ transactionID: TransactionID, at date: Date) -> Bool { false }
    func recordExpiration(_ transactionID: TransactionID, at date: Date) -> Bool { false }
    func spend(_ balance: String, quantity: Int, account: UUID?) throws -> Int {
        throw PurchaseError(.unsupported, detail: "the benchmark ledger does not spend")
    }
    func contents() -> LedgerContents {
        var contents = LedgerContents()
        contents.spent = credits.mapValues { -$0 }  // balances = -spent: the credited totals
        contents.finished = []
        return contents
    }
    var count: Int { delivered.count }
}

func runQueue(_ count: Int) async throws -> (seconds: Double, check: String) {
    let queue = try PaymentQueue(catalog: catalog)
    let start = ContinuousClock.now
    for _ in 0..<count {
        let transaction = await queue.add(Payment(productIdentifier: productID))
        await queue.finishTransaction(withIdentifier: transaction.id)
    }
    await queue.waitForCallbacks()
    let elapsed = ContinuousClock.now - start
    return (seconds(elapsed), "unfinished \(await queue.transactions.count)")
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

print(
    queueOnly
        ? "PaymentQueue only: add + finish per purchase"
        : "Store + \(baseline ? "InMemoryStoreProvider (baseline)" : "SimulatedAppStoreProvider + PaymentQueue")"
            + (journaled ? " (account journaled, fsync per commit)" : "") + " + "
            + (leanLedger ? "LeanLedger" : "InMemoryFulfillmentLedger")
)
print(MachineReference.describe())
print("purchases    seconds   purchases/s   µs/purchase   check")
var perPurchase: [Double] = []
for (index, size) in sizes.enumerated() {
    BenchmarkProgress.show("Run \(index + 1) of \(sizes.count): \(size) purchases")
    let (elapsed, check) = try await (queueOnly ? runQueue(size) : runStore(size))
    BenchmarkProgress.clear()
    let micro = elapsed / Double(size) * 1e6
    perPurchase.append(micro)
    let line = [
        String(size).padding(toLength: 12, withPad: " ", startingAt: 0),
        String(format: "%7.3f", elapsed), String(format: "%13.0f", Double(size) / elapsed),
        String(format: "%13.2f", micro), "  " + check,
    ]
    print(line.joined(separator: " "))
}
if let first = perPurchase.first, let last = perPurchase.last, perPurchase.count > 1 {
    let ratio = last / first
    print(
        String(
            format: "time per purchase, largest vs smallest run: %.2fx (%@)", ratio,
            ratio < 1.5 ? "linear" : "grows faster than linear"))
}
