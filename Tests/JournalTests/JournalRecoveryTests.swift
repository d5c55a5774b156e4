import Foundation
import Journal
import Testing

struct JournalRecoveryTests {
    /// Writes three commits of one record each and returns the log's bytes as they are while the
    /// journal is in use (its frames, then zeros: closing trims them) and each frame's offset.
    ///
    /// With `lastUnacknowledged` the third commit is written deferred: the lock file's
    /// acknowledged end stays after the second, as when a process dies before its last commit's
    /// fsync, so that damage to the third is a torn tail.
    private func makeThreeFrameLog(
        in directory: TemporaryDirectory, lastUnacknowledged: Bool = false
    ) async throws -> (bytes: [UInt8], frames: [Int]) {
        let journal = try Journal<ListState>.open(directory: directory.url)
        try await journal.append("first")
        try await journal.append("second")
        _ = try await journal.perform(durability: lastUnacknowledged ? .deferred : .synced) { _ in
            (records: [Data("third".utf8)], result: ())
        }
        journal.close()
        let trimmed = try directory.read(directory.logURL)
        let layout = LogLayout(trimmed)
        #expect(layout.frames.count == 3)
        #expect(layout.end == trimmed.count, "closing leaves the log as long as its frames")
        return (trimmed + [UInt8](repeating: 0, count: 4096), layout.frames)
    }

    /// A write that stopped halfway keeps a prefix of the last frame; the zeros after it stay.
    @Test func tornTailIsCutAtEveryOffsetOfTheLastRecord() async throws {
        let source = try TemporaryDirectory()
        defer { source.remove() }
        let (bytes, frames) = try await makeThreeFrameLog(in: source)
        let lastFrame = frames[2]
        let end = LogLayout(bytes).end
        for cut in lastFrame..<end {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write(LogLayout.lostAfter(cut, upTo: end, in: bytes), to: directory.logURL)
            let journal = try Journal<ListState>.open(directory: directory.url)
            #expect(try await journal.currentState().entries == ["first", "second"])
            // A kept prefix that is all zeros is no frame at all: nothing to cut.
            let tornBytes = bytes[lastFrame..<cut].contains { $0 != 0 }
            #expect(journal.recoveries.map(\.offset) == (tornBytes ? [Int64(lastFrame)] : []), "cut at \(cut)")
            #expect(journal.recoveries.allSatisfy { $0.bytesCut == Int64(bytes.count - lastFrame) })
            let repaired = try directory.read(directory.logURL)
            #expect(Array(repaired.prefix(lastFrame)) == Array(bytes[..<lastFrame]))
            #expect(repaired[lastFrame...].allSatisfy { $0 == 0 })
            #expect(tornBytes ? repaired.count == lastFrame : repaired.count == bytes.count)
            // The repaired journal takes new commits where the cut left off.
            try await journal.append("after")
            journal.close()
            let reopened = try Journal<ListState>.open(directory: directory.url)
            #expect(try await reopened.currentState().entries == ["first", "second", "after"])
            #expect(reopened.recoveries.isEmpty)
            reopened.close()
        }
    }

    @Test func badChecksumInTheLastRecordIsCut() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var (bytes, frames) = try await makeThreeFrameLog(in: directory, lastUnacknowledged: true)
        bytes[LogLayout(bytes).end - 1] ^= 0x40
        try directory.write(bytes, to: directory.logURL)
        let journal = try Journal<ListState>.open(directory: directory.url)
        defer { journal.close() }
        #expect(try await journal.currentState().entries == ["first", "second"])
        #expect(journal.recoveries.map(\.reason) == ["checksum mismatch"])
        #expect(journal.recoveries.map(\.offset) == [Int64(frames[2])])
        #expect(try directory.read(directory.logURL).count == frames[2])
    }

    /// The machine wrote a later sector of a frame but not its first: a zero header with bytes
    /// after it. Nothing valid follows, so it is a torn tail.
    @Test func strayBytesAfterTheLastRecordAreCut() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var (bytes, _) = try await makeThreeFrameLog(in: directory)
        let end = LogLayout(bytes).end
        bytes[end + 100] = 0x77
        try directory.write(bytes, to: directory.logURL)
        let journal = try Journal<ListState>.open(directory: directory.url)
        #expect(try await journal.currentState().entries == ["first", "second", "third"])
        #expect(journal.recoveries.map(\.reason) == ["stray bytes after the last record"])
        #expect(journal.recoveries.map(\.offset) == [Int64(end)])
        #expect(try directory.read(directory.logURL) == Array(bytes[..<end]))
        try await journal.append("fourth")
        journal.close()
        let reopened = try Journal<ListState>.open(directory: directory.url)
        defer { reopened.close() }
        #expect(try await reopened.currentState().entries == ["first", "second", "third", "fourth"])
        #expect(reopened.recoveries.isEmpty)
    }

    /// A zeroed frame header looks like the end of the log, but the frame after it checks out:
    /// that is damage, not a tail.
    @Test func zeroedHeaderBeforeAValidRecordIsCorrupt() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var (bytes, frames) = try await makeThreeFrameLog(in: directory)
        for index in frames[1]..<(frames[1] + 16) { bytes[index] = 0 }
        try directory.write(bytes, to: directory.logURL)
        let error = #expect(throws: JournalError.self) {
            try Journal<ListState>.open(directory: directory.url)
        }
        #expect(error?.code == .corrupt)
        #expect(error?.offset == Int64(frames[1]))
        #expect(error?.message.contains("valid record follows at byte \(frames[2])") == true)
        #expect(try directory.read(directory.logURL) == bytes)
    }

    /// Logs written before preallocation (format version 1, ending at the end of the file) open,
    /// have their torn tails cut, and keep growing by appending.
    @Test func versionOneLogOpensAndKeepsAppending() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (bytes, frames) = try await makeThreeFrameLog(in: directory)
        let old = LogLayout.versionOne(bytes)
        try directory.write(old + [0x10, 0, 0], to: directory.logURL)
        let journal = try Journal<ListState>.open(directory: directory.url)
        #expect(try await journal.currentState().entries == ["first", "second", "third"])
        #expect(journal.recoveries.map(\.reason) == ["incomplete record"])
        try await journal.append("fourth")
        journal.close()
        let grown = try directory.read(directory.logURL)
        #expect(grown[8] == 1)
        #expect(LogLayout(grown).end == grown.count)
        #expect(LogLayout(grown).frames == frames + [old.count])
        let reopened = try Journal<ListState>.open(directory: directory.url)
        #expect(try await reopened.currentState().entries == ["first", "second", "third", "fourth"])
        // Its next compaction starts a preallocated log of the current version.
        try await reopened.compact()
        let compacted = try directory.read(directory.logURL)
        reopened.close()
        #expect(compacted[8] == 2)
        #expect(compacted.count > 32 && LogLayout(compacted).end == 32)
    }

    /// A log in use is preallocated; closing trims it to its frames when nothing follows them, and
    /// leaves it alone when another process (here another instance) wrote after this one.
    @Test func closingTrimsTheZerosUnlessAnotherWriterFollows() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try Journal<ListState>.open(directory: directory.url)
        let second = try Journal<ListState>.open(directory: directory.url)
        try await first.append("one")
        try await second.append("two")
        let inUse = try directory.read(directory.logURL)
        #expect(inUse.count > LogLayout(inUse).end, "preallocated while in use")
        first.close()
        #expect(try directory.read(directory.logURL) == inUse, "the first instance did not write last")
        second.close()
        let closed = try directory.read(directory.logURL)
        #expect(closed.count == LogLayout(closed).end)
        #expect(closed == Array(inUse[..<closed.count]))
        let reopened = try Journal<ListState>.open(directory: directory.url)
        defer { reopened.close() }
        #expect(try await reopened.currentState().entries == ["one", "two"])
        try await reopened.append("three")
        #expect(try directory.read(directory.logURL).count > LogLayout(try directory.read(directory.logURL)).end)
        #expect(reopened.recoveries.isEmpty)
    }

    /// Commits past the first allocation extend the log with zeros; every record survives.
    @Test func logGrowsPastItsFirstAllocation() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        let initialSize = try directory.read(directory.logURL).count
        let big = String(repeating: "x", count: 40_000)
        for index in 0..<20 { try await journal.append("\(index) \(big)") }
        #expect(journal.statistics.logExtensions >= 2)
        let bytes = try directory.read(directory.logURL)
        journal.close()
        let layout = LogLayout(bytes)
        #expect(initialSize < layout.end && layout.end + 16 <= bytes.count)
        #expect(layout.frames.count == 20)
        #expect(bytes[layout.end...].allSatisfy { $0 == 0 })
        let reopened = try Journal<ListState>.open(directory: directory.url)
        defer { reopened.close() }
        #expect(try await reopened.currentState().entries == (0..<20).map { "\($0) \(big)" })
        #expect(reopened.recoveries.isEmpty)
    }

    /// Damage in the middle record at these distances from its start: length, checksum, sequence, payload.
    @Test(arguments: [0, 1, 5, 9, 17, 22])
    func corruptMiddleRecordFailsTheOpenAndChangesNothing(_ position: Int) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var (bytes, frames) = try await makeThreeFrameLog(in: directory)
        bytes[frames[1] + position] ^= 0x5A
        try directory.write(bytes, to: directory.logURL)
        let error = #expect(throws: JournalError.self) {
            try Journal<ListState>.open(directory: directory.url)
        }
        #expect(error?.code == .corrupt)
        #expect(error?.path == directory.logURL.path)
        #expect(error?.offset == Int64(frames[1]))
        #expect(error?.description.contains("at byte \(frames[1])") == true)
        #expect(try directory.read(directory.logURL) == bytes)
    }

    @Test func wrongMagicIsRefusedAndLeftAlone() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes = Array("this is not a journal at all, just some text\n".utf8)
        try directory.write(bytes, to: directory.logURL)
        let error = #expect(throws: JournalError.self) {
            try Journal<ListState>.open(directory: directory.url)
        }
        #expect(error?.code == .unsupportedVersion)
        #expect(error?.path == directory.logURL.path)
        #expect(error?.message.contains("not a journal log file") == true)
        #expect(try directory.read(directory.logURL) == bytes)
    }

    @Test func unsupportedVersionIsRefusedAndLeftAlone() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var (bytes, _) = try await makeThreeFrameLog(in: directory)
        bytes[8] = 3
        try directory.write(bytes, to: directory.logURL)
        let error = #expect(throws: JournalError.self) {
            try Journal<ListState>.open(directory: directory.url)
        }
        #expect(error?.code == .unsupportedVersion)
        #expect(error?.message.contains("format version 3 but this build reads versions 1 to 2") == true)
        #expect(try directory.read(directory.logURL) == bytes)
    }

    @Test func damagedHeaderIsCorrupt() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var (bytes, _) = try await makeThreeFrameLog(in: directory)
        bytes[20] ^= 1
        try directory.write(bytes, to: directory.logURL)
        let error = #expect(throws: JournalError.self) {
            try Journal<ListState>.open(directory: directory.url)
        }
        #expect(error?.code == .corrupt)
        #expect(error?.offset == 0)
        #expect(try directory.read(directory.logURL) == bytes)
    }

    @Test func damagedSnapshotIsCorruptAndLeftAlone() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        try await journal.append("one", "two")
        try await journal.compact()
        journal.close()
        var bytes = try directory.read(directory.snapshotURL)
        bytes[bytes.count - 2] ^= 0x01
        try directory.write(bytes, to: directory.snapshotURL)
        let log = try directory.read(directory.logURL)
        let error = #expect(throws: JournalError.self) {
            try Journal<ListState>.open(directory: directory.url)
        }
        #expect(error?.code == .corrupt)
        #expect(error?.path == directory.snapshotURL.path)
        #expect(try directory.read(directory.snapshotURL) == bytes)
        #expect(try directory.read(directory.logURL) == log)
    }
}
