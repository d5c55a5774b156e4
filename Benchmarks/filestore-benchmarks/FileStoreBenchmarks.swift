// filestore-benchmarks: durable purchases per second through the whole flow (Store +
// FileStoreProvider + FileFulfillmentLedger) with 1, 8 and 64 concurrent buyers, SQLite (WAL,
// synchronous=FULL, one row per commit, through Python's sqlite3) on the same disk as the
// reference, reopening journals of 1,000,000 records, and restore with 100,000 transactions.
//
//     swift run -c release filestore-benchmarks [--dir DIR] [--seconds S] [--rounds N] [--records N] [--restore N]
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
import Journal
import PurchaseKit

struct Options {
    var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        .appendingPathComponent(".build/filestore-benchmarks")
    /// Seconds of buying per throughput configuration (and of SQLite), in ``rounds`` slices.
    var seconds = 3.0
    var rounds = 6
    var records = 1_000_000
    var restoreTransactions = 100_000
    var catalogPath = "Catalog/Default.plist"
    var throughput = true
    /// The buyer counts of the throughput runs; 0 is one buyer in the previous layout.
    var buyerCounts = [0, 1, 8, 64]
    var reopenAndRestore = true
    /// Purchases for `--flow-cpu`: one buyer alone, CPU time per purchase; 0 when not asked for.
    var flowCPUPurchases = 0

    init() {
        var arguments = CommandLine.arguments.dropFirst().makeIterator()
        while let word = arguments.next() {
            if word == "--skip-throughput" {
                throughput = false
                continue
            }
            if word == "--throughput-only" {
                reopenAndRestore = false
                continue
            }
            let value = arguments.next() ?? ""
            switch word {
            case "--buyers":
                buyerCounts = value.split(separator: ",").compactMap { Int($0) }.filter { $0 >= 0 }
            case "--dir": directory = URL(fileURLWithPath: value)
            case "--seconds": seconds = Self.number(value, of: word, atLeast: 0.001)
            case "--rounds": rounds = Int(Self.number(value, of: word, atLeast: 1))
            case "--records": records = Int(Self.number(value, of: word, atLeast: 4))
            // The restore history ends with the three owned products.
            case "--restore": restoreTransactions = Int(Self.number(value, of: word, atLeast: 3))
            case "--catalog": catalogPath = value
            case "--flow-cpu": flowCPUPurchases = Int(Self.number(value, of: word, atLeast: 1))
            default: Self.usage()
            }
        }
    }

    private static func number(_ text: String, of option: String, atLeast minimum: Double) -> Double {
        guard let value = Double(text), value >= minimum, value <= 1e12 else {
            print("filestore-benchmarks: \(option) takes a number of at least \(minimum), not '\(text)'")
            usage()
        }
        return value
    }

    private static func usage() -> Never {
        print(
            "usage: filestore-benchmarks [--dir DIR] [--seconds S] [--rounds N] [--records N] [--restore N] "
                + "[--catalog FILE] [--buyers 0,1,8,64] [--skip-throughput] [--throughput-only] [--flow-cpu N]")
        exit(64)
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

/// Times SQLite and every buyer configuration in `options.rounds` rounds of interleaved slices
/// and prints a line for each; returns purchases per second by buyer count and SQLite's rows per
/// second.
func throughput(catalog: Catalog, options: Options) async throws -> (rates: [Int: Double], sqlite: Double?) {
    let slice = options.seconds / Double(options.rounds)
    let sqliteFolder = fresh("sqlite", in: options)
    defer { try? FileManager.default.removeItem(at: sqliteFolder) }
    let reference = SQLiteReference(folder: sqliteFolder)
    let flows = try options.buyerCounts.map { buyers in
        try FlowMeasurement(
            buyers: max(1, buyers), separateStore: buyers == 0, catalog: catalog,
            state: fresh("flow-\(buyers)", in: options))
    }
    var sqliteSlices: [Slice] = []
    var flowSlices = Array(repeating: [Slice](), count: flows.count)
    for round in 0..<options.rounds {
        BenchmarkProgress.show("Throughput round \(round + 1) of \(options.rounds): SQLite, then each configuration")
        if let measured = reference?.measure(seconds: slice) { sqliteSlices.append(measured) }
        for (index, flow) in flows.enumerated() {
            flowSlices[index].append(try await flow.measure(seconds: slice))
        }
    }
    reference?.close()
    BenchmarkProgress.clear()
    func total(_ slices: [Slice]) -> Double {
        Double(slices.reduce(0) { $0 + $1.count }) / slices.reduce(0) { $0 + $1.elapsed }
    }
    func cpuPerOperation(_ slices: [Slice]) -> Double {
        1e6 * slices.reduce(0) { $0 + $1.cpu } / Double(max(1, slices.reduce(0) { $0 + $1.count }))
    }
    let sqlite = sqliteSlices.count == options.rounds ? total(sqliteSlices) : nil
    if let sqlite {
        print(String(format: "SQLite WAL synchronous=FULL, one row per commit: %8.0f rows/s", sqlite))
    } else {
        print("SQLite reference: python3 not found")
    }
    var rates: [Int: Double] = [:]
    for (index, flow) in flows.enumerated() {
        let rate = total(flowSlices[index])
        if !flow.separateStore { rates[flow.buyers] = rate }
        let detail = try await flow.finish()
        var line = String(
            format: "whole flow, %2d buyer%@: %8.0f durable purchases/s (%@)", flow.buyers,
            flow.buyers == 1 ? " " : "s", rate, detail)
        if let sqlite {
            // The same ratio slice by slice (each next to its own SQLite slice): how steady it is.
            let ratios = zip(flowSlices[index], sqliteSlices).map { $0.rate / $1.rate }.sorted()
            line += String(
                format: ", %.2fx SQLite (slices %.2f-%.2f, median %.2f)", rate / sqlite, ratios.first ?? 0,
                ratios.last ?? 0, ratios[ratios.count / 2])
            // CPU per operation moves much less with the disk than a rate does: a steadier comparison.
            line += String(
                format: "; CPU %.0f µs a purchase, SQLite %.0f µs a commit", cpuPerOperation(flowSlices[index]),
                cpuPerOperation(sqliteSlices))
        }
        print(line)
    }
    return (rates, sqlite)
}

/// The process's CPU time so far, in seconds: in user mode and in the kernel.
func processCPUSeconds() -> (user: Double, system: Double) {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return (seconds(usage.ru_utime), seconds(usage.ru_stime))
}

/// `--flow-cpu N`: N purchases by one buyer with nothing else running, after a warm-up of a tenth
/// of them; prints the wall time and the process's CPU time per purchase. On a RAM disk
/// (`--dir /dev/shm/...`) the fsync costs next to nothing, so this is the CPU the whole flow adds
/// to each purchase's fsync: the figure to compare builds by (it moves less than a rate does).
func flowCPU(purchases: Int, catalog: Catalog, options: Options) async throws {
    let flow = try FlowMeasurement(
        buyers: 1, separateStore: false, catalog: catalog, state: fresh("flow-cpu", in: options))
    _ = try await flow.measure(purchases: max(1, purchases / 10))
    let cpuStart = processCPUSeconds()
    let slice = try await flow.measure(purchases: purchases)
    let cpuEnd = processCPUSeconds()
    _ = try await flow.finish()
    let perPurchase = 1e6 / Double(purchases)
    print(
        String(
            format: "one buyer, %d purchases in %@: %.1f µs wall, CPU %.1f µs user + %.1f µs system per purchase",
            purchases, options.directory.path, slice.elapsed * perPurchase, (cpuEnd.user - cpuStart.user) * perPurchase,
            (cpuEnd.system - cpuStart.system) * perPurchase))
    // SQLite's loop on the same folder, for scale (wall time: on a RAM disk it is its CPU time).
    let folder = fresh("sqlite", in: options)
    defer { try? FileManager.default.removeItem(at: folder) }
    if let reference = SQLiteReference(folder: folder), let rows = reference.measure(seconds: 2) {
        reference.close()
        print(String(format: "SQLite, one row per commit, same folder: %.1f µs wall per commit", 1e6 / rows.rate))
    }
}

@main
struct FileStoreBenchmarks {
    static func main() async throws {
        let options = Options()
        try FileManager.default.createDirectory(at: options.directory, withIntermediateDirectories: true)
        let catalog: Catalog
        do {
            catalog = try CatalogLoader().load(contentsOfFile: options.catalogPath).get()
        } catch {
            // Run from the package's root, or name the catalog with --catalog.
            FileHandle.standardError.write(Data("filestore-benchmarks: \(error)\n".utf8))
            exit(66)
        }
        let date = Date(timeIntervalSince1970: 1_767_225_600)
        let clock = ContinuousClock()
        if options.flowCPUPurchases > 0 {
            try await flowCPU(purchases: options.flowCPUPurchases, catalog: catalog, options: options)
            return
        }
        print(
            "filestore-benchmarks: folder \(options.directory.path), \(options.seconds) s per throughput "
                + "configuration in \(options.rounds) slices, interleaved with SQLite's")
        print(MachineReference.describe())

        var rates: [Int: Double] = [:]
        var sqlite: Double?
        if options.throughput {
            let measured = try await throughput(catalog: catalog, options: options)
            rates = measured.rates
            sqlite = measured.sqlite
        }

        func printRatios() {
            if let sqlite, let one = rates[1], let many = rates[64] {
                print(
                    String(
                        format: "ratios: 1 buyer / SQLite %.2f (goal >= 1); 64 buyers / SQLite %.2f (goal >= 5)",
                        one / sqlite, many / sqlite))
            }
        }
        guard options.reopenAndRestore else {
            printRatios()
            return
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
            // The bytes in frames: a preallocated log's file also holds the zeros after them.
            Double((try? LogInspection.endOfFrames(ofLogAt: url.path)) ?? 0) / 1e6
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
        await compactingLedger.close()
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
        printRatios()
    }
}
