import Foundation
import Journal
import TestSupport
import Testing

struct JournalCompactionTests {
    @Test func stateIsTheSameAfterCompactionAndReopening() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        for index in 0..<20 { try await journal.append("before \(index)") }
        let before = try await journal.currentState()
        try await journal.compact()
        #expect(try await journal.currentState() == before)
        #expect(LogLayout(try directory.read(directory.logURL)).end == 32)
        try await journal.append("after")
        #expect(journal.statistics.compactions == 1)
        journal.close()

        let reopened = try Journal<ListState>.open(directory: directory.url)
        defer { reopened.close() }
        #expect(try await reopened.currentState().entries == before.entries + ["after"])
        #expect(reopened.statistics.recordsReplayed == 1)
    }

    @Test func compactsWhenTheLogGrowsPastTheThreshold() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let options = JournalOptions(compactionThreshold: 300)
        let journal = try Journal<ListState>.open(directory: directory.url, options: options)
        for index in 0..<40 { try await journal.append("entry \(index)") }
        // Each entry takes 28 bytes: the log compacts after about ten and never grows much past 300.
        #expect(journal.statistics.compactions >= 3)
        #expect(LogLayout(try directory.read(directory.logURL)).end <= 300 + 28)
        journal.close()
        let reopened = try Journal<ListState>.open(directory: directory.url)
        defer { reopened.close() }
        #expect(try await reopened.currentState().entries == (0..<40).map { "entry \($0)" })
    }

    @Test func anotherInstanceSeesTheCompaction() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try Journal<ListState>.open(directory: directory.url)
        let second = try Journal<ListState>.open(directory: directory.url)
        defer {
            first.close()
            second.close()
        }
        try await first.append("one")
        try await second.append("two")
        try await first.compact()
        #expect(try await second.append("three") == 3)
        #expect(second.statistics.reloads == 1)
        #expect(try await first.currentState().entries == ["one", "two", "three"])
    }

    /// A compaction that fails at `step` (as a crash would stop it) loses nothing, applies nothing
    /// twice, and leaves files that open; an instance that was already open keeps working too.
    @Test(arguments: CompactionStep.allCases)
    func failureAtAnyStepOfCompactionLosesNothing(_ step: CompactionStep) async throws {
        struct Injected: Error {}
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bystander = try Journal<ListState>.open(directory: directory.url)
        var options = JournalOptions()
        options.compactionStepHook = { if $0 == step { throw Injected() } }
        let journal = try Journal<ListState>.open(directory: directory.url, options: options)
        try await journal.append("a", "b")
        await #expect(throws: JournalError.self) { try await journal.compact() }
        var expected = ["a", "b"]
        if (try? await journal.append("c")) != nil { expected.append("c") }
        journal.close()

        #expect(try await bystander.append("d") == expected.count + 1)
        expected.append("d")
        bystander.close()

        let reopened = try Journal<ListState>.open(directory: directory.url)
        #expect(try await reopened.currentState().entries == expected)
        try await reopened.append("e")
        try await reopened.compact()
        reopened.close()
        let again = try Journal<ListState>.open(directory: directory.url)
        defer { again.close() }
        #expect(try await again.currentState().entries == expected + ["e"])
    }

    /// A process killed (SIGKILL) at `step` of a compaction loses no acknowledged commit.
    @Test(arguments: CompactionStep.allCases)
    func killAtAnyStepOfCompactionLosesNothing(_ step: CompactionStep) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.url.appendingPathComponent("state")
        let child = try TortureChild(["crash-at", state.path, step.rawValue, "12"], outputDirectory: directory.url)
        let lines = try child.finish()
        #expect(child.process.termination == .signal(SIGKILL))
        #expect(TortureChild.values(lines) == Array(1...12))

        let journal = try Journal<CounterState>.open(directory: state)
        #expect(try await journal.currentState().count == 12)
        let next = try await journal.perform { state in
            (records: [withUnsafeBytes(of: (state.count + 1).littleEndian) { Data($0) }], result: state.count + 1)
        }
        #expect(next == 13)
        journal.close()
        let reopened = try Journal<CounterState>.open(directory: state)
        defer { reopened.close() }
        #expect(try await reopened.currentState().count == 13)
    }
}
