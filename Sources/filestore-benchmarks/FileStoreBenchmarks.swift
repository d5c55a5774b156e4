// filestore-benchmarks: durable purchases per second through the whole flow (Store +
// FileStoreProvider + FileFulfillmentLedger) with 1, 8 and 64 concurrent buyers, SQLite (WAL,
// synchronous=FULL, one row per commit, through Python's sqlite3) on the same disk as the
// reference, reopening journals of 1,000,000 records, and restore with 100,000 transactions.
//
//     swift run -c release filestore-benchmarks [--dir DIR] [--seconds S] [--records N] [--restore N]
//
// Concurrent buyers are separate `Store` instances (one per buyer: a Store runs one purchase at a
// time by design) sharing one FileStoreProvider and one FileFulfillmentLedger, as the sessions of
// one server process would. The provider and the ledger share the state folder's journal
// (`purchases.log`): a charge is written deferred and the delivery's fsync covers it, and the
// commits of all buyers share fsyncs (group commit). One 1-buyer run uses the previous layout (the
// store in its own journal: two fsyncs per purchase) for comparison.
import BenchmarkSupport
import FileStore
import Foundation
import PurchaseKit

struct Options {
    var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        .appendingPathComponent(".build/filestore-benchmarks")
    var seconds = 2.0
    var records = 1_000_000
    var restoreTransactions = 100_000
    var catalogPath = "Catalog/Default.plist"
    var throughput = true

    init() {
        var arguments = CommandLine.arguments.dropFirst().makeIterator()
        while let word = arguments.next() {
            if word == "--skip-throughput" {
                throughput = false
                continue
            }
            let value = arguments.next() ?? ""
            switch word {
            case "--dir": directory = URL(fileURLWithPath: value)
            case "--seconds": seconds = Double(value) ?? seconds
            case "--records": records = Int(value) ?? records
            case "--restore": restoreTransactions = Int(value) ?? restoreTransactions
            case "--catalog": catalogPath = value
            default:
                print(
                    "usage: filestore-benchmarks [--dir DIR] [--seconds S] [--records N] [--restore N] [--catalog FILE] [--skip-throughput]"
                )
                exit(64)
            }
        }
    }
}

func fresh(_ name: String, in options: Options) -> URL {
    let url = options.directory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

/// Purchases per second with `buyers` Stores sharing one provider and ledger on a fresh state folder.
func wholeFlow(buyers: Int, catalog: Catalog, options: Options, separateStore: Bool = false) async throws -> (
    rate: Double, fsyncsPerPurchase: String
) {
    let state = fresh("flow-\(buyers)", in: options)
    defer { try? FileManager.default.removeItem(at: state) }
    let settings = separateStore ? FileStoreSettings(stateFolder: "own-store") : FileStoreSettings()
    let provider = try FileStoreProvider(catalog: catalog, settings: settings, stateDirectory: state)
    let ledger = try FileFulfillmentLedger(stateDirectory: state)
    let shared = try PurchaseJournal.open(stateDirectory: state)
    defer { shared.close() }
    let before = shared.statistics
    let stores = (0..<buyers).map { _ in Store(catalog: catalog, providers: [provider], ledger: ledger) }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(options.seconds))
    let start = clock.now
    let bought = try await withThrowingTaskGroup(of: Int.self) { group in
        for store in stores {
            group.addTask {
                var count = 0
                while clock.now < deadline {
                    guard case .purchased = await store.purchase("com.example.gems.100") else {
                        throw PurchaseError(.unknown, detail: "a benchmark purchase failed")
                    }
                    count += 1
                }
                return count
            }
        }
        return try await group.reduce(0, +)
    }
    let elapsed = seconds(clock.now - start)
    let contents = try await ledger.contents()
    guard contents.deliveries.count == bought, contents.balances["gems"] == 100 * bought else {
        fatalError("ledger holds \(contents.deliveries.count) deliveries for \(bought) purchases")
    }
    let syncs = shared.statistics.logSyncs - before.logSyncs
    provider.close()
    ledger.close()
    let detail =
        separateStore
        ? "\(bought) purchases, store in its own journal"
        : String(format: "%d purchases, %.2f fsyncs each", bought, Double(syncs) / Double(max(1, bought)))
    return (Double(bought) / elapsed, detail)
}

/// SQLite's durable single-row commits per second on the same disk, through Python's sqlite3.
func sqliteRate(options: Options) throws -> Double? {
    let folder = fresh("sqlite", in: options)
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = """
        import sqlite3, sys, time
        db = sqlite3.connect(sys.argv[1], isolation_level=None)
        db.execute("pragma journal_mode=wal")
        db.execute("pragma synchronous=full")
        db.execute("create table purchases(id integer primary key, product text, quantity integer, date real)")
        n = 0
        start = time.perf_counter()
        end = start + float(sys.argv[2])
        while time.perf_counter() < end:
            db.execute("insert into purchases(product, quantity, date) values (?, ?, ?)", ("com.example.gems.100", 1, time.time()))
            n += 1
        print(n / (time.perf_counter() - start))
        """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "python3", "-c", script, folder.appendingPathComponent("bench.db").path, String(options.seconds),
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    do {
        try process.run()
    } catch {
        return nil
    }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Double(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
}

@main
struct FileStoreBenchmarks {
    static func main() async throws {
        let options = Options()
        try FileManager.default.createDirectory(at: options.directory, withIntermediateDirectories: true)
        let catalog = try CatalogLoader().load(contentsOfFile: options.catalogPath).get()
        let date = Date(timeIntervalSince1970: 1_767_225_600)
        let clock = ContinuousClock()
        print("filestore-benchmarks: folder \(options.directory.path), \(options.seconds) s per throughput run")

        if options.throughput { BenchmarkProgress.show("Timing SQLite for reference") }
        let sqlite = options.throughput ? try sqliteRate(options: options) : nil
        BenchmarkProgress.clear()
        if let sqlite {
            print(String(format: "SQLite WAL synchronous=FULL, one row per commit: %8.0f rows/s", sqlite))
        } else {
            print("SQLite reference: python3 not found")
        }
        var rates: [Int: Double] = [:]
        let buyerCounts = options.throughput ? [0, 1, 8, 64] : []
        for (index, buyers) in buyerCounts.enumerated() {
            BenchmarkProgress.show(
                "Throughput run \(index + 1) of \(buyerCounts.count): \(max(1, buyers)) buyer\(buyers > 1 ? "s" : ""), \(options.seconds) s"
            )
            let (rate, detail) = try await wholeFlow(
                buyers: max(1, buyers), catalog: catalog, options: options, separateStore: buyers == 0)
            BenchmarkProgress.clear()
            if buyers > 0 { rates[buyers] = rate }
            var line = String(
                format: "whole flow, %2d buyer%@: %8.0f durable purchases/s (%@)", max(1, buyers),
                buyers <= 1 ? " " : "s", rate, detail)
            if let sqlite { line += String(format: ", %.2fx SQLite", rate / sqlite) }
            print(line)
        }

        // Reopen journals of `records` records: the deployment's shared journal, and the ledger alone.
        let reopenFolder = fresh("reopen", in: options)
        defer { try? FileManager.default.removeItem(at: reopenFolder) }
        let consumables = [
            "com.example.gems.100", "com.example.gems.550", "com.example.gems.1200", "com.example.bundle.starter",
        ]
        BenchmarkProgress.show("Writing journals of \(options.records) records to reopen")
        let sharedPurchases = (0..<(options.records / 4)).map { consumables[$0 % consumables.count] }
        try await FileStoreSynthesis.writeSharedHistory(
            stateDirectory: reopenFolder, catalog: catalog, productIDs: sharedPurchases, date: date)
        let ledgerFolder = reopenFolder.appendingPathComponent("ledger-alone")
        let ledgerPurchases = (0..<(options.records / 2)).map { consumables[$0 % consumables.count] }
        try await FileStoreSynthesis.writeLedgerHistory(
            directory: ledgerFolder, catalog: catalog, productIDs: ledgerPurchases, date: date)
        func reopenShared() throws -> Double {
            let start = clock.now
            let journal = try PurchaseJournal.open(stateDirectory: reopenFolder)
            let time = seconds(clock.now - start)
            journal.close()
            return time
        }
        func reopenLedger() throws -> Double {
            let start = clock.now
            let ledger = try FileFulfillmentLedger(directory: ledgerFolder)
            let time = seconds(clock.now - start)
            ledger.close()
            return time
        }
        BenchmarkProgress.show("Reopening the journals")
        let sharedTimes = try (0..<3).map { _ in try reopenShared() }
        let ledgerTimes = try (0..<3).map { _ in try reopenLedger() }
        func size(_ url: URL) -> Double {
            Double((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0) / 1e6
        }
        BenchmarkProgress.clear()
        print(
            String(
                format:
                    "reopen shared journal, %d records (%d purchases, %.0f MB log): %6.0f ms median of 3 (goal < 1000 ms)",
                sharedPurchases.count * 4, sharedPurchases.count,
                size(reopenFolder.appendingPathComponent("purchases.log")), median(sharedTimes) * 1000))
        print(
            String(
                format:
                    "reopen ledger alone,   %d records (%d purchases, %.0f MB log): %6.0f ms median of 3 (goal < 1000 ms)",
                ledgerPurchases.count * 2, ledgerPurchases.count,
                size(ledgerFolder.appendingPathComponent("ledger.log")), median(ledgerTimes) * 1000))
        BenchmarkProgress.show("Compacting the journals and reopening them")
        let compacting = try PurchaseJournal.open(stateDirectory: reopenFolder)
        try await compacting.compact()
        compacting.close()
        let compactingLedger = try FileFulfillmentLedger(directory: ledgerFolder)
        try await compactingLedger.compact()
        compactingLedger.close()
        let sharedSnapshotTimes = try (0..<3).map { _ in try reopenShared() }
        let ledgerSnapshotTimes = try (0..<3).map { _ in try reopenLedger() }
        BenchmarkProgress.clear()
        print(
            String(
                format:
                    "reopen after compaction (snapshots of the same records): shared %6.0f ms, ledger alone %6.0f ms",
                median(sharedSnapshotTimes) * 1000, median(ledgerSnapshotTimes) * 1000))

        // Restore with `restoreTransactions` transactions: consumables and a few owned items.
        let restoreFolder = fresh("restore", in: options)
        defer { try? FileManager.default.removeItem(at: restoreFolder) }
        BenchmarkProgress.show("Writing \(options.restoreTransactions) transactions to restore, then restoring")
        let owned = ["com.example.removeads", "com.example.levels.premium", "com.example.pro.yearly"]
        let history =
            (0..<(options.restoreTransactions - owned.count)).map { consumables[$0 % consumables.count] } + owned
        try await FileStoreSynthesis.writeSharedHistory(
            stateDirectory: restoreFolder, catalog: catalog, productIDs: history, date: date)
        var start = clock.now
        let deployment = try PurchaseDeployment.open(catalog: catalog, stateDirectory: restoreFolder)
        await deployment.store.start()
        let openTime = seconds(clock.now - start)
        var restoreTimes: [Double] = []
        var restored = 0
        for _ in 0..<5 {
            start = clock.now
            let outcome = await deployment.store.restore()
            restoreTimes.append(seconds(clock.now - start))
            restored = outcome.restoredProductIDs.count
        }
        await deployment.close()
        BenchmarkProgress.clear()
        print(
            String(
                format:
                    "restore, %d transactions (%d restored): %6.1f ms median of 5 (goal < 100 ms: %.2fx of budget); opening that deployment: %.0f ms",
                history.count, restored, median(restoreTimes) * 1000, median(restoreTimes) / 0.1, openTime * 1000))
        if let sqlite, let one = rates[1], let many = rates[64] {
            print(
                String(
                    format: "ratios: 1 buyer / SQLite %.2f (goal >= 1); 64 buyers / SQLite %.2f (goal >= 5)",
                    one / sqlite, many / sqlite))
        }
    }
}
