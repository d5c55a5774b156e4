import Foundation
import Journal
import TestSupport
import Testing

struct JournalMultiProcessTests {
    /// Set `JOURNAL_SOAK=1` to run the crash test for many more rounds.
    private static let soak = ProcessInfo.processInfo.environment["JOURNAL_SOAK"] == "1"

    @Test func processesIncrementingOneCounterCountExactly() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.url.appendingPathComponent("state")
        let processes = 4
        let each = 150
        let children = try (0..<processes).map { _ in
            try TortureChild(["increment", state.path, "\(each)", "3", "2048"], outputDirectory: directory.url)
        }
        var acknowledged: [UInt64] = []
        for child in children {
            let lines = try child.finish()
            #expect(child.process.termination == .exit(0))
            #expect(lines.last == "done")
            acknowledged += TortureChild.values(lines)
        }
        // Every read-check-increment saw every earlier one, whatever process made it.
        #expect(acknowledged.sorted() == Array(1...UInt64(processes * each)))
        let journal = try Journal<CounterState>.open(directory: state)
        defer { journal.close() }
        #expect(try await journal.currentState().count == UInt64(processes * each))
    }

    /// Children committing (and compacting often) are killed with SIGKILL at random moments:
    /// every acknowledged commit survives, none is applied twice, and the journal opens.
    @Test func killedProcessesLoseNoAcknowledgedCommit() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.url.appendingPathComponent("state")
        var generator = SystemRandomNumberGenerator()
        var acknowledged: [UInt64] = []
        let rounds = Self.soak ? 60 : 4
        for _ in 0..<rounds {
            // Three writers, a small compaction threshold and records of random size up to 3 KB.
            let children = try (0..<3).map { _ in
                try TortureChild(["increment", state.path, "0", "4", "16384", "3000"], outputDirectory: directory.url)
            }
            for child in children.shuffled(using: &generator) {
                try await Task.sleep(for: .milliseconds(Int.random(in: 20...150, using: &generator)))
                child.kill()
            }
            for child in children {
                acknowledged += TortureChild.values(try child.finish())
                #expect(child.process.termination == .signal(SIGKILL))
            }
            // The state applies only the next value, so a replay that succeeds proves no record was
            // lost in the middle or duplicated.
            let journal = try Journal<CounterState>.open(directory: state)
            let count = try await journal.currentState().count
            journal.close()
            #expect(count >= acknowledged.max() ?? 0)
        }
        #expect(!acknowledged.isEmpty)
        #expect(Set(acknowledged).count == acknowledged.count)
    }
}
