import Foundation
import Journal
import Testing

struct JournalRecoveryTests {
    /// Writes three commits of one record each and returns the log's bytes and each frame's offset.
    private func makeThreeFrameLog(in directory: TemporaryDirectory) async throws -> (bytes: [UInt8], frames: [Int]) {
        let journal = try Journal<ListState>.open(directory: directory.url)
        var frames: [Int] = []
        for text in ["first", "second", "third"] {
            frames.append(try directory.read(directory.logURL).count)
            try await journal.append(text)
        }
        journal.close()
        return (try directory.read(directory.logURL), frames)
    }

    @Test func tornTailIsCutAtEveryOffsetOfTheLastRecord() async throws {
        let source = try TemporaryDirectory()
        defer { source.remove() }
        let (bytes, frames) = try await makeThreeFrameLog(in: source)
        let lastFrame = frames[2]
        for cut in lastFrame..<bytes.count {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write(Array(bytes[..<cut]), to: directory.logURL)
            let journal = try Journal<ListState>.open(directory: directory.url)
            #expect(try await journal.currentState().entries == ["first", "second"])
            let expected =
                cut == lastFrame
                ? []
                : [
                    JournalRecovery(
                        path: directory.logURL.path, offset: Int64(lastFrame), bytesCut: Int64(cut - lastFrame),
                        reason: "incomplete record")
                ]
            #expect(journal.recoveries == expected)
            #expect(try directory.read(directory.logURL) == Array(bytes[..<lastFrame]))
            // The repaired journal takes new commits where the cut left off.
            try await journal.append("after")
            journal.close()
            let reopened = try Journal<ListState>.open(directory: directory.url)
            #expect(try await reopened.currentState().entries == ["first", "second", "after"])
            reopened.close()
        }
    }

    @Test func badChecksumInTheLastRecordIsCut() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var (bytes, frames) = try await makeThreeFrameLog(in: directory)
        bytes[bytes.count - 1] ^= 0x40
        try directory.write(bytes, to: directory.logURL)
        let journal = try Journal<ListState>.open(directory: directory.url)
        defer { journal.close() }
        #expect(try await journal.currentState().entries == ["first", "second"])
        #expect(journal.recoveries.map(\.reason) == ["checksum mismatch"])
        #expect(journal.recoveries.map(\.offset) == [Int64(frames[2])])
        #expect(try directory.read(directory.logURL).count == frames[2])
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
        bytes[8] = 2
        try directory.write(bytes, to: directory.logURL)
        let error = #expect(throws: JournalError.self) {
            try Journal<ListState>.open(directory: directory.url)
        }
        #expect(error?.code == .unsupportedVersion)
        #expect(error?.message.contains("format version 2") == true)
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
