// A child process for the journal's multi-process and crash tests.
//
//   journal-torture increment <dir> <count> [concurrency] [threshold] [padding]
//       commits <count> read-check-increment records (0 = for ever) with <concurrency> tasks,
//       printing each acknowledged value on its own line as soon as it is durable.
//   journal-torture crash-at <dir> <step> <commits>
//       commits <commits> increments, then compacts with SIGKILL raised at compaction <step>.
//   journal-torture inspect <dir>
//       prints the counter and any tail the open cut.
import Foundation
import Glibc
import Journal

func emit(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    bytes.withUnsafeBytes { _ = write(1, $0.baseAddress, $0.count) }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("journal-torture: " + message + "\n").utf8))
    exit(2)
}

/// How many commits are left to start; `left` is read and changed only under `lock` (a pthread mutex,
/// which ThreadSanitizer follows).
final class Budget: @unchecked Sendable {
    private let lock = NSLock()
    private var left: Int
    init(_ count: Int) { left = count }
    func take() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard left > 0 else { return false }
        left -= 1
        return true
    }
}

/// Commits `count` increments (for ever when 0) from `concurrency` tasks.
func increment(_ journal: Journal<CounterState>, count: Int, concurrency: Int, padding: Int) async throws {
    let remaining = Budget(count)
    // A child that commits for ever stops when the test that started it is gone.
    let parent = getppid()
    try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<concurrency {
            group.addTask {
                while true {
                    if getppid() != parent { exit(3) }
                    if count > 0 {
                        if !remaining.take() { return }
                    }
                    let pad = padding > 0 ? Int.random(in: 0...padding) : 0
                    let value = try await journal.perform { state in
                        let next = state.count + 1
                        return (records: [CounterState.encode(next, padding: pad)], result: next)
                    }
                    emit(String(value))
                }
            }
        }
        try await group.waitForAll()
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: journal-torture increment|crash-at|inspect <dir> ...") }
let directory = URL(fileURLWithPath: arguments[2])
func argument(_ index: Int, default value: Int) -> Int {
    arguments.count > index ? (Int(arguments[index]) ?? value) : value
}

do {
    switch arguments[1] {
    case "increment":
        let threshold = argument(5, default: 0)
        let options = JournalOptions(compactionThreshold: threshold > 0 ? Int64(threshold) : nil)
        let journal = try Journal<CounterState>.open(directory: directory, options: options)
        try await increment(
            journal, count: argument(3, default: 100), concurrency: argument(4, default: 1),
            padding: argument(6, default: 0))
        journal.close()
        emit("done")
    case "crash-at":
        guard arguments.count >= 4, let step = CompactionStep(rawValue: arguments[3]) else {
            fail("unknown step; one of " + CompactionStep.allCases.map(\.rawValue).joined(separator: ", "))
        }
        var options = JournalOptions(compactionThreshold: nil)
        options.compactionStepHook = { reached in
            if reached == step { kill(getpid(), SIGKILL) }
        }
        let journal = try Journal<CounterState>.open(directory: directory, options: options)
        try await increment(journal, count: argument(4, default: 10), concurrency: 1, padding: 0)
        try await journal.compact()
        emit("compacted")
    case "inspect":
        let journal = try Journal<CounterState>.open(directory: directory)
        let state = try await journal.currentState()
        emit("count \(state.count)")
        for recovery in journal.recoveries { emit("recovered \(recovery)") }
    default:
        fail("unknown mode \(arguments[1])")
    }
} catch {
    fail("\(error)")
}
