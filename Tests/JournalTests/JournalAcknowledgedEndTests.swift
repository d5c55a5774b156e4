import Foundation
import Glibc
import Journal
import Testing

/// Records that were acknowledged as durable and are gone from the log (a cut, a log replaced by an
/// older copy) are reported with the file and byte offset, and nothing is changed; a torn tail past
/// the acknowledged end is still cut.
struct JournalAcknowledgedEndTests {
    /// The files of `directory`'s journal, byte for byte.
    private func files(_ directory: TemporaryDirectory) throws -> [String: [UInt8]] {
        var contents: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.url.path) {
            contents[name] = try directory.read(directory.url.appendingPathComponent(name))
        }
        return contents
    }

    private var lockName: String { "journal.lock" }

    /// A closed journal of `count` commits of one record each; returns the log's bytes.
    private func makeJournal(_ directory: TemporaryDirectory, count: Int) async throws -> [UInt8] {
        let journal = try Journal<ListState>.open(directory: directory.url)
        for index in 0..<count { try await journal.append("purchase \(index)") }
        journal.close()
        return try directory.read(directory.logURL)
    }

    @Test(arguments: [false, true])
    func aLogCutToHalfIsReportedAndLeftAlone(readOnly: Bool) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes = try await makeJournal(directory, count: 24)
        let cut = Array(bytes[..<(bytes.count / 2)])
        try directory.write(cut, to: directory.logURL)
        let before = try files(directory)
        let error = #expect(throws: JournalError.self) {
            try Journal<ListState>.open(directory: directory.url, options: JournalOptions(readOnly: readOnly))
        }
        #expect(error?.code == .recordsLost)
        #expect(error?.path == directory.logURL.path)
        #expect(error?.offset == Int64(LogLayout(cut).end))
        #expect(error?.message.contains("records up to 24 were acknowledged") == true)
        #expect(try files(directory) == before, "a journal that lost acknowledged records was changed")
    }

    /// A cut exactly between two frames leaves no torn bytes at all: only the acknowledged end tells.
    @Test func aCutBetweenTwoRecordsIsReported() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes = try await makeJournal(directory, count: 5)
        let layout = LogLayout(bytes)
        try directory.write(Array(bytes[..<layout.frames[3]]), to: directory.logURL)
        let error = #expect(throws: JournalError.self) { try Journal<ListState>.open(directory: directory.url) }
        #expect(error?.code == .recordsLost)
        #expect(error?.offset == Int64(layout.frames[3]))
        #expect(error?.description.contains("at byte \(layout.frames[3])") == true)
    }

    /// An acknowledged record whose bytes no longer check out is not a torn tail either.
    @Test func aDamagedAcknowledgedLastRecordIsReported() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var bytes = try await makeJournal(directory, count: 3)
        bytes[LogLayout(bytes).end - 1] ^= 0x40
        try directory.write(bytes, to: directory.logURL)
        let error = #expect(throws: JournalError.self) { try Journal<ListState>.open(directory: directory.url) }
        #expect(error?.code == .recordsLost)
        #expect(error?.offset == Int64(LogLayout(bytes).frames[2]))
        #expect(try directory.read(directory.logURL) == bytes)
    }

    /// The log and the snapshot replaced by an older copy of both (a backup restored over a
    /// folder that went on): the records since are missing.
    @Test func anOlderCopyOfTheFilesIsReported() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        try await journal.append("one")
        try await journal.compact()
        try await journal.append("two")
        let oldLog = try directory.read(directory.logURL)
        let oldSnapshot = try directory.read(directory.snapshotURL)
        try await journal.append("three")
        try await journal.compact()
        try await journal.append("four")
        journal.close()
        try directory.write(oldLog, to: directory.logURL)
        try directory.write(oldSnapshot, to: directory.snapshotURL)
        let error = #expect(throws: JournalError.self) { try Journal<ListState>.open(directory: directory.url) }
        #expect(error?.code == .recordsLost)
        #expect(error?.message.contains("in log generation 3, while the files hold generation 2") == true)
    }

    /// The log and snapshot removed, the lock file left: nothing is created in their place.
    @Test func removedFilesAreReportedAndNotRecreated() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try await makeJournal(directory, count: 2)
        try FileManager.default.removeItem(at: directory.logURL)
        let before = try files(directory)
        let error = #expect(throws: JournalError.self) { try Journal<ListState>.open(directory: directory.url) }
        #expect(error?.code == .recordsLost)
        #expect(error?.path == directory.logURL.path)
        #expect(error?.offset == nil)
        #expect(try files(directory) == before)
    }

    /// Another instance (as another process would) cut the log while this one was open: this one
    /// finds it when it catches up, and stops rather than cut the log itself.
    @Test func aCutFoundWhileCatchingUpStopsTheJournal() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let reader = try Journal<ListState>.open(directory: directory.url)
        defer { reader.close() }
        let writer = try Journal<ListState>.open(directory: directory.url)
        for index in 0..<5 { try await writer.append("purchase \(index)") }
        writer.close()
        var bytes = try directory.read(directory.logURL)
        bytes = Array(bytes[..<(LogLayout(bytes).frames[2] + 10)])
        try directory.write(bytes, to: directory.logURL)
        let error = await #expect(throws: JournalError.self) { try await reader.currentState() }
        #expect(error?.code == .recordsLost)
        #expect(try directory.read(directory.logURL) == bytes)
    }

    /// Without the lock file there is no acknowledged end: the cut is taken for a torn tail (the
    /// way out the error message gives).
    @Test func withoutTheLockFileACutIsATornTail() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes = try await makeJournal(directory, count: 4)
        let layout = LogLayout(bytes)
        try directory.write(Array(bytes[..<(layout.frames[3] + 5)]), to: directory.logURL)
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent(lockName))
        let journal = try Journal<ListState>.open(directory: directory.url)
        defer { journal.close() }
        #expect(try await journal.currentState().entries.count == 3)
        #expect(journal.recoveries.map(\.offset) == [Int64(layout.frames[3])])
    }

    /// A lock file whose mark does not check out (damaged, or half written by a process killed in
    /// the middle) is no mark: the journal opens.
    @Test func aDamagedMarkIsIgnored() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try await makeJournal(directory, count: 3)
        let lock = directory.url.appendingPathComponent(lockName)
        var bytes = try directory.read(lock)
        bytes[24] ^= 0xFF  // the mark's sequence: now far past the log's records
        try directory.write(bytes, to: lock)
        let journal = try Journal<ListState>.open(directory: directory.url)
        defer { journal.close() }
        #expect(try await journal.currentState().entries.count == 3)
    }

    /// Commits after a compaction move the mark into the new log generation, which a cut then
    /// gives away as well.
    @Test func theMarkFollowsCompaction() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        for index in 0..<3 { try await journal.append("before \(index)") }
        try await journal.compact()
        for index in 0..<3 { try await journal.append("after \(index)") }
        journal.close()
        let bytes = try directory.read(directory.logURL)
        try directory.write(Array(bytes[..<LogLayout(bytes).frames[1]]), to: directory.logURL)
        let error = #expect(throws: JournalError.self) { try Journal<ListState>.open(directory: directory.url) }
        #expect(error?.code == .recordsLost)
        #expect(error?.message.contains("records up to 6 were acknowledged") == true)
    }
}
