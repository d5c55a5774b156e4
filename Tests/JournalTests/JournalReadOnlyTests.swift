import Foundation
import Glibc
import Journal
import Testing

/// A journal opened with `JournalOptions.readOnly` reads without writing, creating, extending or
/// repairing anything, and refuses commits and compactions.
struct JournalReadOnlyTests {
    private let readOnly = JournalOptions(readOnly: true)

    /// Every file under `folder` (names relative to it), byte for byte; folders as empty entries.
    private func tree(_ folder: URL) throws -> [String: [UInt8]] {
        var contents: [String: [UInt8]] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return contents }
        for case let name as String in walker {
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            contents[name] = isFolder.boolValue ? [] : [UInt8](try Data(contentsOf: url))
        }
        return contents
    }

    @Test func aMissingJournalIsEmptyAndNothingIsCreated() async throws {
        let parent = try TemporaryDirectory()
        defer { parent.remove() }
        let folder = parent.url.appendingPathComponent("state/nested")
        let journal = try Journal<ListState>.open(directory: folder, options: readOnly)
        defer { journal.close() }
        #expect(try await journal.currentState().entries.isEmpty)
        #expect(try tree(parent.url).isEmpty)
        // A writer creates the journal later: the reader catches up with it.
        let writer = try Journal<ListState>.open(directory: folder)
        try await writer.append("one")
        writer.close()
        #expect(try await journal.currentState().entries == ["one"])
    }

    @Test func commitsAndCompactionsAreRefused() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let writer = try Journal<ListState>.open(directory: directory.url)
        try await writer.append("one")
        writer.close()
        let before = try tree(directory.url)
        let journal = try Journal<ListState>.open(directory: directory.url, options: readOnly)
        defer { journal.close() }
        struct BodyRan: Error {}
        // A body that ran would throw its own error instead of the journal's.
        let refused = await #expect(throws: JournalError.self) {
            try await journal.perform { _ -> (records: [Data], result: Void) in throw BodyRan() }
        }
        #expect(refused?.code == .readOnly)
        let compaction = await #expect(throws: JournalError.self) { try await journal.compact() }
        #expect(compaction?.code == .readOnly)
        #expect(try await journal.currentState().entries == ["one"])
        #expect(try tree(directory.url) == before)
    }

    /// A journal in use (its log preallocated, its lock file extended) and one with a torn tail:
    /// reading leaves every byte as it was; the torn tail is read as if cut and left for the next
    /// writer to cut.
    @Test func readingChangesNoByte() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let writer = try Journal<ListState>.open(directory: directory.url)
        try await writer.append("one")
        try await writer.append("two")
        // Written deferred, so not acknowledged: damage to it is a torn tail.
        _ = try await writer.perform(durability: .deferred) { _ in (records: [Data("torn".utf8)], result: ()) }
        var log = try directory.read(directory.logURL)
        log[LogLayout(log).end - 1] ^= 0x20
        try directory.write(log, to: directory.logURL)
        let before = try tree(directory.url)
        let journal = try Journal<ListState>.open(directory: directory.url, options: readOnly)
        #expect(try await journal.currentState().entries == ["one", "two"])
        #expect(journal.recoveries.isEmpty)
        journal.close()
        #expect(try tree(directory.url) == before)
        writer.close()
        let repaired = try Journal<ListState>.open(directory: directory.url)
        defer { repaired.close() }
        #expect(repaired.recoveries.map(\.reason) == ["checksum mismatch"])
    }

    /// A compaction stopped after its snapshot replaced the old one: the reader takes the snapshot
    /// and leaves the old log for the next writer to replace.
    @Test func anInterruptedCompactionIsReadWithoutRepair() async throws {
        struct Injected: Error {}
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var options = JournalOptions()
        options.compactionStepHook = { if $0 == .didRenameSnapshot { throw Injected() } }
        let writer = try Journal<ListState>.open(directory: directory.url, options: options)
        try await writer.append("a", "b")
        await #expect(throws: JournalError.self) { try await writer.compact() }
        writer.close()
        let before = try tree(directory.url)
        let journal = try Journal<ListState>.open(directory: directory.url, options: readOnly)
        #expect(try await journal.currentState().entries == ["a", "b"])
        #expect(try tree(directory.url) == before)
        // A writer repairs it (a new, empty log); the reader reloads and sees its commit.
        let repairer = try Journal<ListState>.open(directory: directory.url)
        try await repairer.append("c")
        repairer.close()
        #expect(try await journal.currentState().entries == ["a", "b", "c"])
        journal.close()
    }

    /// No lock file (removed, or a folder copied without it): the reader reads without the lock
    /// and creates none.
    @Test func aFolderWithoutALockFileIsReadWithoutCreatingOne() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let writer = try Journal<ListState>.open(directory: directory.url)
        try await writer.append("one")
        writer.close()
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("journal.lock"))
        let before = try tree(directory.url)
        let journal = try Journal<ListState>.open(directory: directory.url, options: readOnly)
        #expect(try await journal.currentState().entries == ["one"])
        journal.close()
        #expect(try tree(directory.url) == before)
    }
}
