// The throughput part of filestore-benchmarks: SQLite and the whole flow timed in interleaved
// slices, so that both see the same disk. (The fsync latency of this machine's disk drifts by 2x
// within seconds; timing SQLite once and then each configuration after it compared different
// moments as much as different code.)
import FileStore
import Foundation
import PurchaseKit

/// What one slice of a measurement did.
struct Slice {
    var count: Int
    var elapsed: Double
    /// CPU time (user and system, every thread) the measured process spent in the slice, in seconds.
    var cpu: Double = 0

    var rate: Double { Double(count) / max(elapsed, 1e-9) }
}

/// SQLite's durable single-row commits (WAL, `synchronous=FULL`, one row per commit) through
/// Python's `sqlite3`, in one child process that keeps its database open between slices, as an
/// application would.
final class SQLiteReference {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered = Data()

    private static let script = """
        import sqlite3, sys, time
        db = sqlite3.connect(sys.argv[1], isolation_level=None)
        db.execute("pragma journal_mode=wal")
        db.execute("pragma synchronous=full")
        db.execute("create table purchases(id integer primary key, product text, quantity integer, date real)")
        print("ready", flush=True)
        for line in sys.stdin:
            n = 0
            cpu = time.process_time()
            start = time.perf_counter()
            end = start + float(line)
            while time.perf_counter() < end:
                db.execute("insert into purchases(product, quantity, date) values (?, ?, ?)", ("com.example.gems.100", 1, time.time()))
                n += 1
            print(n, time.perf_counter() - start, time.process_time() - cpu, flush=True)
        """

    /// Starts the child on a database in `folder`; `nil` when python3 cannot be run.
    init?(folder: URL) {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script, folder.appendingPathComponent("bench.db").path]
        process.standardInput = input
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return nil
        }
        guard readLine() == "ready" else { return nil }
    }

    /// Commits rows for `seconds` and reports how many.
    func measure(seconds: Double) -> Slice? {
        input.fileHandleForWriting.write(Data("\(seconds)\n".utf8))
        guard let line = readLine() else { return nil }
        let fields = line.split(separator: " ")
        guard fields.count == 3, let count = Int(fields[0]), let elapsed = Double(fields[1]),
            let cpu = Double(fields[2])
        else { return nil }
        return Slice(count: count, elapsed: elapsed, cpu: cpu)
    }

    func close() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    private func readLine() -> String? {
        while true {
            if let newline = buffered.firstIndex(of: 0x0A) {
                let line = String(decoding: buffered[buffered.startIndex..<newline], as: UTF8.self)
                buffered.removeSubrange(buffered.startIndex...newline)
                return line
            }
            let more = output.fileHandleForReading.availableData
            if more.isEmpty { return nil }
            buffered.append(more)
        }
    }
}

/// One state folder with `buyers` Stores sharing one FileStoreProvider and one
/// FileFulfillmentLedger, bought from in slices; every purchase is checked against the ledger at
/// the end.
final class FlowMeasurement {
    let buyers: Int
    let separateStore: Bool
    private let state: URL
    private let provider: FileStoreProvider
    private let ledger: FileFulfillmentLedger
    private let shared: PurchaseJournal
    private let stores: [Store]
    private let before: JournalStatistics
    private var bought = 0

    init(buyers: Int, separateStore: Bool, catalog: Catalog, state: URL) throws {
        self.buyers = buyers
        self.separateStore = separateStore
        self.state = state
        let settings = separateStore ? FileStoreSettings(stateFolder: "own-store") : FileStoreSettings()
        shared = try PurchaseJournal.open(stateDirectory: state)
        provider =
            separateStore
            ? try FileStoreProvider(catalog: catalog, settings: settings, stateDirectory: state)
            : try FileStoreProvider(catalog: catalog, settings: settings, journal: shared)
        ledger = try FileFulfillmentLedger(journal: shared)
        before = shared.statistics
        let (provider, ledger) = (provider, ledger)
        stores = (0..<buyers).map { _ in Store(catalog: catalog, providers: [provider], ledger: ledger) }
    }

    /// Buys gems from every Store at once for `seconds`.
    func measure(seconds: Double) async throws -> Slice {
        let clock = ContinuousClock()
        let cpuStart = processCPUTime()
        let start = clock.now
        let deadline = start.advanced(by: .milliseconds(Int(seconds * 1000)))
        let count = try await withThrowingTaskGroup(of: Int.self) { group in
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
        let elapsed = clock.now - start
        bought += count
        return Slice(
            count: count,
            elapsed: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            cpu: processCPUTime() - cpuStart)
    }

    /// Buys `purchases` gems from the first Store, one after another.
    func measure(purchases: Int) async throws -> Slice {
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<purchases {
            guard case .purchased = await stores[0].purchase("com.example.gems.100") else {
                throw PurchaseError(.unknown, detail: "a benchmark purchase failed")
            }
        }
        let elapsed = clock.now - start
        bought += purchases
        return Slice(
            count: purchases,
            elapsed: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// Checks that the ledger holds exactly the purchases made, closes everything and describes the run.
    func finish() async throws -> String {
        let contents = try await ledger.contents()
        guard contents.deliveries.count == bought, contents.balances["gems"] == 100 * bought else {
            fatalError("ledger holds \(contents.deliveries.count) deliveries for \(bought) purchases")
        }
        let syncs = shared.statistics.logSyncs - before.logSyncs
        await provider.close()
        await ledger.close()
        shared.close()
        try? FileManager.default.removeItem(at: state)
        if separateStore { return "\(bought) purchases, store in its own journal" }
        return String(format: "%d purchases, %.2f fsyncs each", bought, Double(syncs) / Double(max(1, bought)))
    }
}

/// This process's CPU time so far (every thread, user and system), in seconds, to the nanosecond.
func processCPUTime() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
