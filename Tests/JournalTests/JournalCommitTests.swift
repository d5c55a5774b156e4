import Foundation
import Glibc
import Journal
import Synchronization
import TestSupport
import Testing

struct JournalCommitTests {
    @Test func recordsSurviveReopening() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        try await journal.append("a")
        try await journal.append("b", "c")
        try await journal.append()
        journal.close()

        let reopened = try Journal<ListState>.open(directory: directory.url)
        defer { reopened.close() }
        #expect(try await reopened.currentState().entries == ["a", "b", "c"])
        #expect(reopened.recoveries.isEmpty)
        #expect(reopened.statistics.recordsReplayed == 3)
    }

    @Test func concurrentCommitsShareSyncs() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<CounterState>.open(directory: directory.url)
        // A first commit holds the journal until the 199 others have been called (however busy the
        // test machine's threads are), so they queue up behind it and must share group commits.
        let firstIsRunning = SharedCounter()
        // The first commit blocks its thread until the others have called in: a thread of its own.
        let ownThread = OwnThreadExecutor()
        defer { ownThread.shutdown() }
        let othersCalled = SharedCounter()
        let results = try await withThrowingTaskGroup(of: UInt64.self) { group in
            group.addTask(executorPreference: ownThread) {
                try await journal.perform { state in
                    firstIsRunning.add()
                    othersCalled.wait(for: 199)
                    let next = state.count + 1
                    return (records: [withUnsafeBytes(of: next.littleEndian) { Data($0) }], result: next)
                }
            }
            for _ in 1..<200 {
                group.addTask {
                    while firstIsRunning.value == 0 { try await Task.sleep(for: .milliseconds(1)) }
                    othersCalled.add()
                    return try await journal.perform { state in
                        let next = state.count + 1
                        return (records: [withUnsafeBytes(of: next.littleEndian) { Data($0) }], result: next)
                    }
                }
            }
            var all: [UInt64] = []
            for try await value in group { all.append(value) }
            return all
        }
        #expect(results.sorted() == Array(1...200))
        let statistics = journal.statistics
        #expect(statistics.commits == 200)
        #expect(statistics.recordsAppended == 200)
        #expect(statistics.logSyncs == statistics.groupCommits)
        #expect(statistics.groupCommits < 200)
        journal.close()

        let reopened = try Journal<CounterState>.open(directory: directory.url)
        defer { reopened.close() }
        #expect(try await reopened.currentState().count == 200)
    }

    @Test func throwingBodyChangesNothing() async throws {
        struct Refused: Error {}
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        try await journal.append("kept")
        let before = try directory.read(directory.logURL)
        await #expect(throws: Refused.self) {
            try await journal.perform { _ -> (records: [Data], result: Int) in throw Refused() }
        }
        #expect(try directory.read(directory.logURL) == before)
        #expect(try await journal.currentState().entries == ["kept"])
        #expect(journal.statistics.commits == 1)
    }

    @Test func recordTheStateRejectsIsNotCommitted() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        try await journal.append("first")
        let error = await #expect(throws: JournalError.self) {
            try await journal.append("second", "reject")
        }
        #expect(error?.code == .stateRejected)
        try await journal.append("third")
        #expect(try await journal.currentState().entries == ["first", "third"])
        journal.close()
        let reopened = try Journal<ListState>.open(directory: directory.url)
        defer { reopened.close() }
        #expect(try await reopened.read { $0.entries } == ["first", "third"])
    }

    @Test func bodiesInOneBatchSeeEachOther() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        defer { journal.close() }
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<50 {
                group.addTask { try await journal.append("entry \(index)") }
            }
            var all: [Int] = []
            for try await count in group { all.append(count) }
            return all
        }
        #expect(counts.sorted() == Array(1...50))
    }

    @Test func twoInstancesSeeEachOthersCommits() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try Journal<ListState>.open(directory: directory.url)
        let second = try Journal<ListState>.open(directory: directory.url)
        defer {
            first.close()
            second.close()
        }
        try await first.append("from first")
        #expect(try await second.append("from second") == 2)
        #expect(try await first.currentState().entries == ["from first", "from second"])
        #expect(first.statistics.recordsCaughtUp == 1)
    }

    @Test(arguments: [JournalDurability.synced, .deferred])
    func commitsFindingTheLockTakenWaitForIt(_ durability: JournalDurability) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        defer { journal.close() }
        try await journal.append("before")
        // Another holder of the lock (another open file description counts as another process).
        let fd = open(directory.url.appendingPathComponent("journal.lock").path, O_RDWR)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(flock(fd, LOCK_EX) == 0)
        // The first commit finds the journal idle and the lock taken: it goes to the queue, which
        // waits for the lock; the second queues (behind it, unless it came first).
        let first = Task {
            try await journal.perform(durability: durability) { state in
                (records: [Data("first".utf8)], result: state.entries.count + 1)
            }
        }
        try await Task.sleep(for: .milliseconds(20))
        let second = Task { try await journal.append("second") }
        try await Task.sleep(for: .milliseconds(20))
        #expect(journal.statistics.commits == 1)
        flock(fd, LOCK_UN)
        #expect(Set([try await first.value, try await second.value]) == [2, 3])
        let entries = try await journal.currentState().entries
        #expect(entries.first == "before" && entries.dropFirst().sorted() == ["first", "second"])
        #expect(journal.statistics.commits == 3)
    }

    @Test func closedJournalRefusesWork() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        journal.close()
        let error = await #expect(throws: JournalError.self) { try await journal.append("late") }
        #expect(error?.code == .closed)
    }

    @Test(arguments: ["", "a/b", ".hidden", "bad name"])
    func unusableNamesAreRefused(_ name: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let error = #expect(throws: JournalError.self) {
            try Journal<ListState>.open(directory: directory.url, name: name)
        }
        #expect(error?.code == .invalidArgument)
    }

    @Test func missingJournalIsNotCreatedWhenAskedNotTo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let error = #expect(throws: JournalError.self) {
            try Journal<ListState>.open(
                directory: directory.url.appendingPathComponent("absent"),
                options: JournalOptions(createIfMissing: false))
        }
        #expect(error?.code == .io)
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("absent").path))
    }

    @Test func aRejectedCommitInABatchLeavesTheCommitsBeforeItWritten() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        // A first commit holds the journal until the others have been called, so that they are
        // evaluated in one batch: the rejected one is rolled back out of a frame that already holds
        // the commits evaluated before it, and the ones after it go to the next batch.
        let firstIsRunning = SharedCounter()
        // The first commit blocks its thread until the others have called in: a thread of its own.
        let ownThread = OwnThreadExecutor()
        defer { ownThread.shutdown() }
        let othersCalled = SharedCounter()
        let texts = (0..<12).map { "entry \($0)" }
        let rejected = try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask(executorPreference: ownThread) {
                try await journal.perform { _ in
                    firstIsRunning.add()
                    othersCalled.wait(for: 13)
                    return (records: [Data("first".utf8)], result: false)
                }
            }
            for text in texts + ["reject"] {
                group.addTask {
                    while firstIsRunning.value == 0 { try await Task.sleep(for: .milliseconds(1)) }
                    othersCalled.add()
                    do {
                        try await journal.perform { _ in
                            (records: [Data(text.utf8), Data("\(text)'s second".utf8)], result: ())
                        }
                        return false
                    } catch let error as JournalError where error.code == .stateRejected {
                        return true
                    }
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(rejected == 1)
        let expected = Set(["first"] + texts.flatMap { [$0, "\($0)'s second"] })
        let entries = try await journal.currentState().entries
        #expect(Set(entries) == expected)
        #expect(entries.count == expected.count)
        journal.close()
        let reopened = try Journal<ListState>.open(directory: directory.url)
        defer { reopened.close() }
        #expect(try await reopened.currentState().entries == entries)
    }

    /// What a commit came to, as its caller saw it.
    enum CommitAnswer: Equatable, Sendable {
        case committed, tooBig, bodyFailed, other
    }

    struct BodyFailed: Error {}

    /// Commits `records` (or, for `nil`, runs a body that throws) and says what its caller was told.
    static func answer(
        of records: [String]?, in journal: Journal<ListState>, durability: JournalDurability = .synced
    ) async -> CommitAnswer {
        do {
            try await journal.perform(durability: durability) { _ in
                guard let records else { throw BodyFailed() }
                return (records: records.map { Data($0.utf8) }, result: ())
            }
            return .committed
        } catch let error as JournalError where error.code == .invalidArgument {
            return .tooBig
        } catch is BodyFailed {
            return .bodyFailed
        } catch {
            return .other
        }
    }

    @Test func aCommitIsAnsweredAloneTheSameOnItsCallersThreadAndInAQueuedBatch() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var options = JournalOptions()
        options.maximumFramePayload = 48
        let journal = try Journal<ListState>.open(directory: directory.url, options: options)
        defer { journal.close() }
        let tooBig = (0..<4).map { "oversized-\($0)" }
        let commits: [[String]?] = [tooBig, nil, ["alone"]]
        let expected: [CommitAnswer] = [.tooBig, .bodyFailed, .committed]
        // Idle: each runs as a batch of its own on its caller's thread. (A deferred commit does so
        // whatever other journals of the process are doing, as long as the log is synced, which the
        // two failing ones, writing nothing, leave it.)
        var alone: [CommitAnswer] = []
        for records in commits {
            alone.append(await Self.answer(of: records, in: journal, durability: .deferred))
        }
        #expect(alone == expected)
        #expect(journal.statistics.commits == 1)

        // Queued behind a commit that holds the journal: one batch, each still answered alone.
        let firstIsRunning = SharedCounter()
        let ownThread = OwnThreadExecutor()
        defer { ownThread.shutdown() }
        let othersCalled = SharedCounter()
        let queued: [[String]?] = commits.dropLast() + [["queued"]]
        let answers = try await withThrowingTaskGroup(of: (Int, CommitAnswer).self) { group in
            group.addTask(executorPreference: ownThread) {
                try await journal.perform { _ in
                    firstIsRunning.add()
                    othersCalled.wait(for: queued.count)
                    return (records: [Data("first".utf8)], result: ())
                }
                return (-1, .committed)
            }
            for (index, records) in queued.enumerated() {
                group.addTask {
                    while firstIsRunning.value == 0 { try await Task.sleep(for: .milliseconds(1)) }
                    othersCalled.add()
                    return (index, await Self.answer(of: records, in: journal))
                }
            }
            var answers = [CommitAnswer](repeating: .other, count: queued.count)
            for try await (index, answer) in group where index >= 0 { answers[index] = answer }
            return answers
        }
        #expect(answers == expected)
        #expect(journal.statistics.commits == 3)
        #expect(try await journal.currentState().entries.sorted() == ["alone", "first", "queued"])
    }

    @Test func batchesBiggerThanAFrameAreSplitBetweenCommits() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var options = JournalOptions()
        // Three 12-byte records with their 4-byte lengths fill a frame.
        options.maximumFramePayload = 48
        let journal = try Journal<ListState>.open(directory: directory.url, options: options)
        // A first commit holds the journal until the others have been called, so that they are
        // written together: one group commit, several frames.
        let firstIsRunning = SharedCounter()
        // The first commit blocks its thread until the others have called in: a thread of its own.
        let ownThread = OwnThreadExecutor()
        defer { ownThread.shutdown() }
        let othersCalled = SharedCounter()
        let texts = (0...40).map { String(format: "record-%05d", $0) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask(executorPreference: ownThread) {
                try await journal.perform { _ in
                    firstIsRunning.add()
                    othersCalled.wait(for: 20)
                    return (records: [Data(texts[0].utf8)], result: ())
                }
            }
            for pair in 0..<20 {
                group.addTask {
                    while firstIsRunning.value == 0 { try await Task.sleep(for: .milliseconds(1)) }
                    othersCalled.add()
                    // Two records per commit: a commit never straddles two frames.
                    let records = [texts[1 + 2 * pair], texts[2 + 2 * pair]].map { Data($0.utf8) }
                    try await journal.perform { _ in (records: records, result: ()) }
                }
            }
            try await group.waitForAll()
        }
        #expect(journal.statistics.recordsAppended == 41)
        #expect(journal.statistics.groupCommits < 41)
        // A commit bigger than a frame is refused and writes nothing.
        let tooBig = (0..<4).map { Data("oversized-\($0)".utf8) }
        await #expect(throws: JournalError.self) {
            try await journal.perform { _ in (records: tooBig, result: ()) }
        }
        let entries = try await journal.currentState().entries
        journal.close()

        let layout = LogLayout(try directory.read(directory.logURL))
        #expect(layout.frames.count >= 14)
        let reopened = try Journal<ListState>.open(directory: directory.url, options: options)
        defer { reopened.close() }
        #expect(try await reopened.currentState().entries == entries)
        #expect(entries.count == 41)
        #expect(Set(entries) == Set(texts))
        #expect(!entries.contains { $0.hasPrefix("oversized") })
    }
}

/// A counter several tasks and threads share.
final class SharedCounter: Sendable {
    private let count = Atomic<Int>(0)

    var value: Int { count.load(ordering: .acquiring) }

    func add() {
        count.add(1, ordering: .acquiringAndReleasing)
    }

    /// Blocks the calling thread until the count reaches `target`, then 20 ms more: long enough for
    /// the callers counted to have queued their commits. Call it on a thread of its own
    /// (``OwnThreadExecutor``), never on one of the cooperative pool the callers need. It waits up to
    /// 5 minutes: the callers are tasks, and while other suites run in parallel their children can
    /// hold the threads of the cooperative pool for many seconds (a 10-second limit let a CI run's
    /// callers arrive one by one, after the first commit had given up waiting).
    func wait(for target: Int) {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(300))
        while value < target && clock.now < deadline { usleep(1000) }
        if value < target { Issue.record("only \(value) of \(target) callers arrived in 5 minutes") }
        usleep(20_000)
    }
}
