import Foundation
import Journal
import Testing

/// Deferred commits: written and acknowledged without an fsync of their own, made durable by the
/// next synced commit, read, compaction or close; never two unsynced frames in a row.
struct JournalDeferredTests {
    private func add(
        _ journal: Journal<ListState>, _ text: String, _ durability: JournalDurability
    ) async throws {
        try await journal.perform(durability: durability) { _ in ([Data(text.utf8)], ()) }
    }

    @Test func aDeferredCommitThenASyncedOneCostOneSync() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        defer { journal.close() }
        let before = journal.statistics
        try await add(journal, "charge", .deferred)
        let afterDeferred = journal.statistics
        #expect(afterDeferred.logSyncs == before.logSyncs)
        #expect(afterDeferred.deferredGroupCommits == before.deferredGroupCommits + 1)
        #expect(afterDeferred.groupCommits == before.groupCommits + 1)
        try await add(journal, "delivery", .synced)
        let afterSynced = journal.statistics
        #expect(afterSynced.logSyncs == before.logSyncs + 1)
        #expect(afterSynced.deferredGroupCommits == afterDeferred.deferredGroupCommits)
        #expect(try await journal.currentState().entries == ["charge", "delivery"])
        // The read found nothing unsynced: no extra sync.
        #expect(journal.statistics.logSyncs == afterSynced.logSyncs)
    }

    @Test func aSecondDeferredCommitIsSyncedSoOnlyTheLastFrameIsEverUnsynced() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        defer { journal.close() }
        let before = journal.statistics
        try await add(journal, "a", .deferred)
        try await add(journal, "b", .deferred)
        let after = journal.statistics
        #expect(after.deferredGroupCommits == before.deferredGroupCommits + 1)
        #expect(after.logSyncs == before.logSyncs + 1)
        try await add(journal, "c", .deferred)
        #expect(journal.statistics.deferredGroupCommits == after.deferredGroupCommits + 1)
    }

    @Test func aReadAfterADeferredCommitSyncsFirst() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        defer { journal.close() }
        try await add(journal, "a", .deferred)
        let before = journal.statistics.logSyncs
        #expect(try await journal.currentState().entries == ["a"])
        #expect(journal.statistics.logSyncs == before + 1)
    }

    /// Another opener (as another process would, killed or not) sees the deferred record, and
    /// syncs it before acknowledging anything.
    @Test func anotherOpenerSeesADeferredRecordAndSyncsIt() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let writer = try Journal<ListState>.open(directory: directory.url)
        try await add(writer, "a", .synced)
        let reader = try Journal<ListState>.open(directory: directory.url)
        defer { reader.close() }
        try await add(writer, "b", .deferred)
        let before = reader.statistics.logSyncs
        #expect(try await reader.currentState().entries == ["a", "b"])
        #expect(reader.statistics.logSyncs == before + 1)
        // The reader's own deferred commit is synced, since it read a frame it did not sync itself.
        try await add(writer, "c", .deferred)
        try await add(reader, "d", .deferred)
        #expect(try await reader.currentState().entries == ["a", "b", "c", "d"])
        #expect(reader.statistics.deferredGroupCommits == 0)
        writer.close()
    }

    @Test func closeMakesADeferredCommitDurableAndItSurvivesReopening() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        try await add(journal, "a", .deferred)
        journal.close()
        let reopened = try Journal<ListState>.open(directory: directory.url)
        defer { reopened.close() }
        #expect(try await reopened.currentState().entries == ["a"])
        #expect(reopened.recoveries.isEmpty)
    }

    /// Commits "synced", then "deferred" deferred, and closes; returns where the synced frames end
    /// and the log's bytes after both.
    private func syncedThenDeferred(in directory: TemporaryDirectory) async throws -> (synced: Int, written: [UInt8]) {
        let journal = try Journal<ListState>.open(directory: directory.url)
        defer { journal.close() }
        try await add(journal, "synced", .synced)
        let synced = LogLayout(try directory.read(directory.logURL)).end
        try await add(journal, "deferred", .deferred)
        return (synced, try directory.read(directory.logURL))
    }

    /// A machine crash before the sync keeps some prefix of the deferred frame: it is the log's last
    /// frame, so opening cuts it as a torn tail and keeps everything synced before it.
    @Test(arguments: [0, 1, 7, 16, 20])
    func aMachineCrashBeforeTheSyncLosesOnlyTheDeferredCommit(kept: Int) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (synced, written) = try await syncedThenDeferred(in: directory)
        let end = LogLayout(written).end
        // What the disk may hold if the machine stopped before the deferred frame was synced.
        try directory.write(LogLayout.lostAfter(synced + kept, upTo: end, in: written), to: directory.logURL)
        let reopened = try Journal<ListState>.open(directory: directory.url)
        defer { reopened.close() }
        #expect(try await reopened.currentState().entries == ["synced"])
        #expect(reopened.recoveries.count == (kept == 0 ? 0 : 1))
    }

    /// The disk may also have kept a later part of the deferred frame and lost its header.
    @Test func aMachineCrashThatKeptTheDeferredFrameButItsHeaderLosesIt() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var (synced, written) = try await syncedThenDeferred(in: directory)
        for index in synced..<(synced + 16) { written[index] = 0 }
        try directory.write(written, to: directory.logURL)
        let reopened = try Journal<ListState>.open(directory: directory.url)
        defer { reopened.close() }
        #expect(try await reopened.currentState().entries == ["synced"])
        #expect(reopened.recoveries.map(\.reason) == ["stray bytes after the last record"])
        try await add(reopened, "next", .synced)
        #expect(try await reopened.currentState().entries == ["synced", "next"])
    }

    @Test func compactionAfterADeferredCommitKeepsIt() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        try await add(journal, "a", .deferred)
        try await journal.compact()
        journal.close()
        let reopened = try Journal<ListState>.open(directory: directory.url)
        defer { reopened.close() }
        #expect(try await reopened.currentState().entries == ["a"])
    }
}
