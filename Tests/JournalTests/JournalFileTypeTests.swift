import Foundation
import Glibc
import Journal
import Testing

/// Every file of a journal's folder is opened without following a symbolic link and only when it
/// is a regular file; the files a journal creates are its owner's alone (0600).
struct JournalFileTypeTests {
    /// The journal's files, by name.
    enum JournalFile: String, CaseIterable {
        case log = "journal.log"
        case snapshot = "journal.snapshot"
        case lock = "journal.lock"
    }

    /// A journal with a commit and a snapshot (so that all three files exist), closed.
    private func makeJournal(in directory: TemporaryDirectory) async throws {
        let journal = try Journal<ListState>.open(directory: directory.url)
        try await journal.append("first")
        try await journal.compact()
        try await journal.append("second")
        journal.close()
    }

    /// Opens the journal and, if it opens, commits and closes it; returns the open's error.
    private func openAndCommit(_ directory: TemporaryDirectory) async -> JournalError? {
        do {
            let journal = try Journal<ListState>.open(directory: directory.url)
            _ = try? await journal.append("through the link")
            journal.close()
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: JournalFile.allCases)
    func aSymbolicLinkIsNeverFollowed(_ file: JournalFile) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let elsewhere = try TemporaryDirectory()
        defer { elsewhere.remove() }
        try await makeJournal(in: directory)
        let path = directory.url.appendingPathComponent(file.rawValue).path
        // The real file moves elsewhere and a link to it takes its place.
        let target = elsewhere.url.appendingPathComponent("target").path
        try #require(rename(path, target) == 0)
        try #require(symlink(target, path) == 0)
        let before = try elsewhere.read(URL(fileURLWithPath: target))
        let error = await openAndCommit(directory)
        #expect(error?.code == .notRegularFile)
        #expect(error?.path == path)
        #expect(try elsewhere.read(URL(fileURLWithPath: target)) == before, "the link's target was changed")
    }

    /// A dangling link at the lock file's name: the journal neither follows it nor creates its
    /// target outside the folder.
    @Test func aDanglingLinkAtTheLockCreatesNothing() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let elsewhere = try TemporaryDirectory()
        defer { elsewhere.remove() }
        let target = elsewhere.url.appendingPathComponent("created-through-the-link").path
        let lock = directory.url.appendingPathComponent(JournalFile.lock.rawValue).path
        try #require(symlink(target, lock) == 0)
        let error = await openAndCommit(directory)
        #expect(error?.code == .notRegularFile)
        #expect(error?.path == lock)
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    /// A FIFO at the snapshot's name is not opened for reading (which waits for a writer for
    /// ever) nor read. The test keeps a writer on it, so that an open that does read it fails
    /// instead of hanging.
    @Test func aFIFOAtTheSnapshotIsRefused() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        try await journal.append("first")
        journal.close()
        let snapshot = directory.snapshotURL.path
        try #require(mkfifo(snapshot, 0o600) == 0)
        let writer = open(snapshot, O_RDWR | O_NONBLOCK)
        try #require(writer >= 0)
        defer { close(writer) }
        let error = #expect(throws: JournalError.self) { try Journal<ListState>.open(directory: directory.url) }
        #expect(error?.code == .notRegularFile)
        #expect(error?.path == snapshot)
        #expect(error?.message.contains("FIFO") == true)
    }

    /// The same without a writer: the open returns at once, with the same error.
    @Test(.timeLimit(.minutes(1))) func aFIFOWithoutAWriterDoesNotHangTheOpen() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for name in [JournalFile.snapshot, .log, .lock] {
            let path = directory.url.appendingPathComponent(name.rawValue).path
            try #require(mkfifo(path, 0o600) == 0)
            let error = #expect(throws: JournalError.self) { try Journal<ListState>.open(directory: directory.url) }
            #expect(error?.code == .notRegularFile, "\(name)")
            #expect(error?.path == path)
            for file in JournalFile.allCases { unlink(directory.url.appendingPathComponent(file.rawValue).path) }
        }
    }

    /// What was put at a temporary file's name (a link here) is removed, not written through.
    @Test func aLinkAtATemporaryFileIsReplacedNotFollowed() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let elsewhere = try TemporaryDirectory()
        defer { elsewhere.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        defer { journal.close() }
        try await journal.append("first")
        var targets: [String] = []
        for name in ["journal.snapshot.tmp", "journal.log.tmp"] {
            let target = elsewhere.url.appendingPathComponent(name).path
            try Data("outside".utf8).write(to: URL(fileURLWithPath: target))
            try #require(symlink(target, directory.url.appendingPathComponent(name).path) == 0)
            targets.append(target)
        }
        try await journal.compact()
        for target in targets {
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "outside", "\(target)")
        }
        try await journal.append("second")
        #expect(try await journal.currentState().entries == ["first", "second"])
    }

    @Test func theFilesAJournalCreatesAreTheOwnersAlone() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let saved = umask(0o022)
        defer { umask(saved) }
        try await makeJournal(in: directory)
        for file in JournalFile.allCases {
            var status = stat()
            try #require(stat(directory.url.appendingPathComponent(file.rawValue).path, &status) == 0)
            #expect(status.st_mode & 0o777 == 0o600, "\(file)")
        }
    }

    @Test func stateFileReadsOnlyARegularFileWithinItsLimit() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("key").path
        #expect(try StateFile.contents(of: file, limit: 16) == nil)
        try Data("0123456789".utf8).write(to: URL(fileURLWithPath: file))
        #expect(try StateFile.contents(of: file, limit: 16) == Array("0123456789".utf8))
        let tooBig = #expect(throws: JournalError.self) { try StateFile.contents(of: file, limit: 9) }
        #expect(tooBig?.code == .corrupt)
        #expect(tooBig?.path == file)
        let link = directory.url.appendingPathComponent("link").path
        try #require(symlink(file, link) == 0)
        let linked = #expect(throws: JournalError.self) { try StateFile.contents(of: link, limit: 16) }
        #expect(linked?.code == .notRegularFile)
        let fifo = directory.url.appendingPathComponent("fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let piped = #expect(throws: JournalError.self) { try StateFile.contents(of: fifo, limit: 16) }
        #expect(piped?.code == .notRegularFile)
        let created = directory.url.appendingPathComponent("created").path
        let fd = try #require(try StateFile.open(created, flags: O_WRONLY | O_CREAT))
        close(fd)
        var status = stat()
        try #require(stat(created, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
    }
}
