import Foundation
import Glibc
import Journal
import Testing

/// The lock kept between commits (``JournalOptions/keepsLockBetweenCommits``): commits in a row
/// take no `flock` and read nothing to catch up, and another process (here another open of the
/// same files, which holds its own lock as a process does) still gets the lock and sees every record.
struct JournalLeaseTests {
    @Test func commitsInARowKeepTheLock() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        defer { journal.close() }
        for index in 0..<200 { try await journal.append("entry \(index)") }
        // The first commit takes the lock; most others find it kept (unless a test machine paused
        // this test for longer than the idle release between two of them), but not all: the lock
        // is let go of after every 64 operations, so it is taken again at least three times.
        let leased = journal.statistics.leasedBatches
        #expect(leased >= 100)
        #expect(leased <= 196)
        #expect(try await journal.currentState().entries.count == 200)
    }

    @Test func turnedOffTheLockIsTakenForEveryCommit() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(
            directory: directory.url, options: JournalOptions(keepsLockBetweenCommits: false))
        defer { journal.close() }
        for index in 0..<5 { try await journal.append("entry \(index)") }
        #expect(journal.statistics.leasedBatches == 0)
        // Nothing keeps the lock: another holder takes it at once.
        let fd = open(directory.url.appendingPathComponent("journal.lock").path, O_RDWR)
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
    }

    @Test func anIdleJournalLetsGoOfTheLock() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        defer { journal.close() }
        try await journal.append("kept")
        let fd = open(directory.url.appendingPathComponent("journal.lock").path, O_RDWR)
        try #require(fd >= 0)
        defer { close(fd) }
        // Another holder that asks without moving the counter (a plain flock) waits only until the
        // journal has been idle for a tick of its timer.
        var acquired = false
        for _ in 0..<3000 where !acquired {
            acquired = flock(fd, LOCK_EX | LOCK_NB) == 0
            if !acquired { try await Task.sleep(for: .milliseconds(1)) }
        }
        #expect(acquired)
        flock(fd, LOCK_UN)
    }

    @Test func anotherJournalOnTheFilesGetsTheLockAndEachSeesTheOther() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try Journal<ListState>.open(directory: directory.url)
        defer { first.close() }
        let second = try Journal<ListState>.open(directory: directory.url)
        defer { second.close() }
        try await first.append("first 1")
        #expect(try await second.append("second 1") == 2)
        // The first journal let go of the lock, so it catches up before its next commit.
        #expect(try await first.append("first 2") == 3)
        #expect(try await second.currentState().entries == ["first 1", "second 1", "first 2"])
        #expect(try await first.currentState().entries == ["first 1", "second 1", "first 2"])
    }

    @Test func twoJournalsCommittingAtOnceBothFinishAndCountExactly() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journals = try (0..<2).map { _ in
            try Journal<CounterState>.open(directory: directory.url)
        }
        defer { journals.forEach { $0.close() } }
        let each = 60
        let values = try await withThrowingTaskGroup(of: [UInt64].self) { group in
            for journal in journals {
                group.addTask {
                    var values: [UInt64] = []
                    for _ in 0..<each { values.append(try await journal.increment()) }
                    return values
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        // Every read-check-increment saw every earlier one, whichever journal made it.
        #expect(values.sorted() == Array(1...UInt64(2 * each)))
        for journal in journals { #expect(try await journal.currentState().count == UInt64(2 * each)) }
    }

    @Test func theLockFileHoldsTheWaitCounter() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let lockPath = directory.url.appendingPathComponent("journal.lock").path
        let journal = try Journal<ListState>.open(directory: directory.url)
        defer { journal.close() }
        try await journal.append("one")
        // The lock file holds the counter in its first 8 bytes (extended from empty on first use).
        let attributes = try FileManager.default.attributesOfItem(atPath: lockPath)
        #expect((attributes[.size] as? NSNumber)?.intValue == 4096)
        let other = try Journal<ListState>.open(directory: directory.url)
        defer { other.close() }
        #expect(try await other.append("two") == 2)
        #expect(try await journal.append("three") == 3)
    }
}

extension Journal where State == CounterState {
    /// Commits the next value and returns it.
    fileprivate func increment() async throws -> UInt64 {
        try await perform { state in
            let next = state.count + 1
            return (records: [withUnsafeBytes(of: next.littleEndian) { Data($0) }], result: next)
        }
    }
}
