// Durable commits per second with 1, 8 and 64 concurrent callers, the time to reopen a journal of
// 1,000,000 records, and the same machine's SQLite (WAL, synchronous=FULL, one row per commit) as
// the reference, all in one run. Build in release:
//
//   swift run -c release journal-benchmarks [seconds-per-measure] [directory]
import Foundation
import Journal

/// Counts records and their bytes: the cheapest `apply`, so the figures are the journal's own.
struct BenchmarkState: JournalState {
    var count = 0
    var bytes = 0

    init() {}

    init(snapshot: Data) throws {
        count = snapshot.withUnsafeBytes { Int(Int64(littleEndian: $0.loadUnaligned(as: Int64.self))) }
    }

    mutating func apply(_ record: Data) throws {
        count += 1
        bytes += record.count
    }

    func snapshot() throws -> Data {
        withUnsafeBytes(of: Int64(count).littleEndian) { Data($0) }
    }
}

let arguments = CommandLine.arguments
let seconds = arguments.count > 1 ? (Double(arguments[1]) ?? 3) : 3
let root = URL(
    fileURLWithPath: arguments.count > 2 ? arguments[2] : NSTemporaryDirectory() + "/journal-benchmarks-\(getpid())")
try? FileManager.default.removeItem(at: root)
try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: root) }

let payload = Data(repeating: 0x78, count: 32)

/// Commits per second with `callers` tasks each committing one 32-byte record at a time.
func measureCommits(callers: Int) async throws -> (rate: Double, perSync: Double) {
    let directory = root.appendingPathComponent("commits-\(callers)")
    let journal = try Journal<BenchmarkState>.open(
        directory: directory, options: JournalOptions(compactionThreshold: nil))
    defer { journal.close() }
    let clock = ContinuousClock()
    let start = clock.now
    let deadline = start.advanced(by: .milliseconds(Int(seconds * 1000)))
    let total = try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<callers {
            group.addTask {
                var done = 0
                while clock.now < deadline {
                    _ = try await journal.perform { _ in (records: [payload], result: ()) }
                    done += 1
                }
                return done
            }
        }
        return try await group.reduce(0, +)
    }
    let elapsed = start.duration(to: clock.now)
    let statistics = journal.statistics
    precondition(statistics.commits == total)
    let rate = Double(total) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    return (rate, Double(statistics.commits) / Double(max(1, statistics.logSyncs)))
}

/// Median time to open a journal of `records` 16-byte records (no snapshot: a full replay).
func measureReopen(records: Int) async throws -> (milliseconds: Double, bytes: Int) {
    let directory = root.appendingPathComponent("reopen")
    let journal = try Journal<BenchmarkState>.open(
        directory: directory, options: JournalOptions(compactionThreshold: nil))
    let record = Data(repeating: 0x2A, count: 16)
    let perCommit = 10_000
    for _ in 0..<(records / perCommit) {
        _ = try await journal.perform { _ in (records: Array(repeating: record, count: perCommit), result: ()) }
    }
    journal.close()
    let size =
        (try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("journal.log").path)[
            .size] as? Int) ?? 0
    var times: [Double] = []
    for _ in 0..<5 {
        let clock = ContinuousClock()
        let start = clock.now
        let reopened = try Journal<BenchmarkState>.open(directory: directory)
        let elapsed = start.duration(to: clock.now)
        let state = try await reopened.currentState()
        precondition(state.count == records)
        reopened.close()
        times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
    }
    return (times.sorted()[times.count / 2], size)
}

/// SQLite through Python: WAL, synchronous=FULL, one 32-byte row per transaction.
func measureSQLite() throws -> Double {
    let script = """
        import sqlite3, sys, time
        con = sqlite3.connect(sys.argv[1], isolation_level=None)
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("PRAGMA synchronous=FULL")
        con.execute("CREATE TABLE IF NOT EXISTS t(id INTEGER PRIMARY KEY, payload BLOB)")
        payload = b"x" * 32
        n = 0
        start = time.perf_counter()
        end = start + float(sys.argv[2])
        while True:
            con.execute("BEGIN")
            con.execute("INSERT INTO t(payload) VALUES (?)", (payload,))
            con.execute("COMMIT")
            n += 1
            if n % 16 == 0 and time.perf_counter() >= end:
                break
        print(n / (time.perf_counter() - start))
        """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, root.appendingPathComponent("reference.sqlite").path, "\(seconds)"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard let rate = Double(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw CocoaError(.featureUnsupported) }
    return rate
}

func format(_ value: Double) -> String {
    String(format: "%.0f", value)
}

print("journal-benchmarks: \(seconds) s per measure, files in \(root.path)")
let sqlite = try measureSQLite()
print("SQLite WAL synchronous=FULL, 1 row per commit: \(format(sqlite)) commits/s")
for callers in [1, 8, 64] {
    let (rate, perSync) = try await measureCommits(callers: callers)
    print(
        "journal, \(callers) concurrent caller(s): \(format(rate)) durable commits/s "
            + "(\(String(format: "%.1f", perSync)) commits per fsync) = \(String(format: "%.2f", rate / sqlite))x SQLite"
    )
}
let reopen = try await measureReopen(records: 1_000_000)
print(
    "reopen of 1,000,000 records (\(reopen.bytes / 1_000_000) MB log, full replay): "
        + "\(String(format: "%.1f", reopen.milliseconds)) ms median of 5")
