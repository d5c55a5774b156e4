import Foundation
import Glibc
import Journal
import Testing

/// What a journal's files claim costs nothing before it is checked: a snapshot or a log made
/// 100 GB long with `ftruncate` (a sparse file: cheap to make, all holes) is neither read into
/// memory nor gone through byte by byte. A damaged one is refused with the file and byte offset and
/// left as it is; zeros after a log's records are its preallocated end.
struct JournalSparseFileTests {
    /// The size the tests give a file: far more than the machine's memory.
    private static let hundredGigabytes: Int64 = 100 << 30

    /// What the tests compare to tell that a file did not change: its size, its first 64 KiB and
    /// the 64 KiB at each of `offsets` (a sparse file of 100 GB is not read whole).
    private struct Fingerprint: Equatable {
        var size: Int64
        var pieces: [[UInt8]]
    }

    private func fingerprints(_ directory: TemporaryDirectory, at offsets: [Int64] = []) throws -> [String: Fingerprint]
    {
        var result: [String: Fingerprint] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.url.path) {
            let path = directory.url.appendingPathComponent(name).path
            let fd = open(path, O_RDONLY)
            try #require(fd >= 0)
            defer { close(fd) }
            var status = stat()
            try #require(fstat(fd, &status) == 0)
            let pieces = ([0] + offsets).map { offset -> [UInt8] in
                var bytes = [UInt8](repeating: 0, count: 64 << 10)
                let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(offset)) }
                return Array(bytes.prefix(max(count, 0)))
            }
            result[name] = Fingerprint(size: Int64(status.st_size), pieces: pieces)
        }
        return result
    }

    /// Makes `file` `size` bytes long; what is added is a hole.
    private func extend(_ file: URL, to size: Int64) throws {
        let fd = open(file.path, O_WRONLY | O_CREAT, 0o600)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(ftruncate(fd, off_t(size)) == 0)
    }

    /// Writes `bytes` into `file` (created when missing) at `offset`.
    private func write(_ bytes: [UInt8], into file: URL, at offset: Int64) throws {
        let fd = open(file.path, O_WRONLY | O_CREAT, 0o600)
        try #require(fd >= 0)
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
        try #require(written == bytes.count)
    }

    private func size(of file: URL) throws -> Int64 {
        var status = stat()
        try #require(stat(file.path, &status) == 0)
        return Int64(status.st_size)
    }

    /// Opens the journal read-only, then writing; returns both errors (`nil` for an open that worked).
    private func openBothWays(_ directory: TemporaryDirectory) -> (readOnly: JournalError?, writing: JournalError?) {
        func attempt(_ options: JournalOptions) -> JournalError? {
            do {
                try Journal<ListState>.open(directory: directory.url, options: options).close()
                return nil
            } catch {
                return error
            }
        }
        return (attempt(JournalOptions(readOnly: true)), attempt(JournalOptions()))
    }

    /// The ways a snapshot can claim 100 GB.
    enum HugeSnapshot: String, CaseIterable {
        /// A valid snapshot made longer: its header says less than the file holds.
        case extended
        /// The same, with its header's length made to match the file: its checksum then does not.
        case extendedWithMatchingLength
        /// No snapshot: a file of zeros at its name, not a snapshot at all.
        case zeros
    }

    @Test(arguments: HugeSnapshot.allCases)
    func aHugeSnapshotIsRefusedWithoutBeingRead(_ kind: HugeSnapshot) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        try await journal.append("first")
        if kind != .zeros { try await journal.compact() }
        try await journal.append("second")
        journal.close()
        try extend(directory.snapshotURL, to: Self.hundredGigabytes)
        if kind == .extendedWithMatchingLength {
            let length = UInt64(Self.hundredGigabytes - 40)
            try write(
                (0..<8).map { UInt8(truncatingIfNeeded: length >> (8 * $0)) }, into: directory.snapshotURL, at: 32)
        }
        let before = try fingerprints(directory)
        let (readOnly, writing) = openBothWays(directory)
        let error = try #require(writing)
        #expect(readOnly == error)
        #expect(error.path == directory.snapshotURL.path)
        switch kind {
        case .extended:
            #expect(error.code == .corrupt)
            #expect(error.offset == 32)
        case .extendedWithMatchingLength:
            #expect(error.code == .corrupt)
            #expect(error.offset == 0)
            #expect(error.message.contains("checksum"))
        case .zeros:
            #expect(error.code == .unsupportedVersion)
            #expect(error.offset == 0)
        }
        #expect(try fingerprints(directory) == before, "a refused journal changed its files")
    }

    /// A state that is its snapshot's bytes.
    private struct PayloadState: JournalState {
        var payload = Data()
        init() {}
        init(snapshot: Data) throws { payload = snapshot }
        mutating func apply(_ record: Data) throws {}
        func snapshot() throws -> Data { payload }
    }

    /// A valid snapshot whose payload has a hole in it (as a copy made with `cp --sparse=always`
    /// may): its checksum, computed with the hole's zeros folded in without reading them, matches,
    /// and the state gets every byte.
    @Test func aValidSnapshotWithAHoleInItsPayloadOpens() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<PayloadState>.open(directory: directory.url)
        try await journal.compact()
        journal.close()
        let first = [UInt8](repeating: 0xA1, count: 100)
        let last = [UInt8](repeating: 0xB2, count: 100)
        let payload = first + [UInt8](repeating: 0, count: 256 << 10) + last
        // The header of the snapshot the compaction wrote (magic, version, generation, last
        // sequence), with this payload's length and checksum.
        var header = Array(try directory.read(directory.snapshotURL).prefix(40))
        for index in 0..<8 { header[32 + index] = UInt8(truncatingIfNeeded: UInt64(payload.count) >> (8 * index)) }
        let checksum = CRC32.checksum(header[0..<12] + header[16..<40] + payload)
        for index in 0..<4 { header[12 + index] = UInt8(truncatingIfNeeded: checksum >> (8 * UInt32(index))) }
        try FileManager.default.removeItem(at: directory.snapshotURL)
        try write(header + first, into: directory.snapshotURL, at: 0)
        try extend(directory.snapshotURL, to: Int64(40 + payload.count))
        try write(last, into: directory.snapshotURL, at: Int64(40 + payload.count - last.count))
        #expect(try directory.read(directory.snapshotURL) == header + payload)

        for options in [JournalOptions(readOnly: true), JournalOptions()] {
            let reopened = try Journal<PayloadState>.open(directory: directory.url, options: options)
            #expect(try await reopened.currentState().payload == Data(payload))
            reopened.close()
        }
    }

    /// Zeros after a log's records are its preallocated end, whatever their length: the open reads
    /// the records and tells the state of them only, not of the 100 GB the file claims.
    @Test func aLogEndingInAHugeHoleOpensWithItsRecords() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<HintedState>.open(directory: directory.url)
        for _ in 0..<3 { try await journal.perform { _ in (records: [Data("record".utf8)], result: ()) } }
        journal.close()
        try extend(directory.logURL, to: Self.hundredGigabytes)
        let before = try fingerprints(directory)

        let reader = try Journal<HintedState>.open(directory: directory.url, options: JournalOptions(readOnly: true))
        let read = try await reader.currentState()
        reader.close()
        #expect(read.count == 3)
        let hint = try #require(read.hints.first?.bytes)
        #expect(hint <= 256 << 20, "the state was told of \(hint) bytes of log")
        #expect(try fingerprints(directory) == before, "a read-only open changed the files")

        let writer = try Journal<HintedState>.open(directory: directory.url)
        #expect(writer.recoveries.isEmpty)
        #expect(try await writer.currentState().count == 3)
        try await writer.perform { _ in (records: [Data("after".utf8)], result: ()) }
        writer.close()
        // The writer took the zeros for preallocated room, and cut them off when it closed.
        #expect(try size(of: directory.logURL) < 1 << 20)
        let reopened = try Journal<HintedState>.open(directory: directory.url)
        defer { reopened.close() }
        #expect(try await reopened.currentState().count == 4)
    }

    /// A damaged frame after the last good one, then 100 GB of holes: a torn tail, found without
    /// reading the holes, whatever length the damaged frame claims (a few bytes, close to the
    /// largest frame, or more than any frame holds).
    @Test(arguments: [UInt32(100), 0x3FFF_0000, 0xFFFF_FF00])
    func aDamagedFrameBeforeAHugeHoleIsATornTail(_ claimedLength: UInt32) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        try await journal.append("one", "two")
        try await journal.append("three")
        journal.close()
        let end = try size(of: directory.logURL)
        // A frame header numbered next, whose checksum is wrong, and a few bytes of payload.
        var damaged = (0..<4).map { UInt8(truncatingIfNeeded: claimedLength >> (8 * $0)) }
        damaged += [0xDE, 0xAD, 0xBE, 0xEF, 3, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]
        try write(damaged, into: directory.logURL, at: end)
        try extend(directory.logURL, to: Self.hundredGigabytes)
        let before = try fingerprints(directory)

        let reader = try Journal<ListState>.open(directory: directory.url, options: JournalOptions(readOnly: true))
        #expect(try await reader.currentState().entries == ["one", "two", "three"])
        reader.close()
        #expect(try fingerprints(directory) == before, "a read-only open changed the files")

        let writer = try Journal<ListState>.open(directory: directory.url)
        defer { writer.close() }
        #expect(try await writer.currentState().entries == ["one", "two", "three"])
        #expect(writer.recoveries.map(\.offset) == [end])
        #expect(try size(of: directory.logURL) == end)
    }

    /// The same damage with a valid frame 50 GB further on, past holes: the damage is not a torn
    /// tail, and the open says where the valid frame is.
    @Test func aValidFrameFarPastTheDamageMakesItCorrupt() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        for text in ["one", "two", "three", "four"] { try await journal.append(text) }
        journal.close()
        let log = try directory.read(directory.logURL)
        let layout = LogLayout(log)
        let last = try #require(layout.frames.last)
        let farAway = Self.hundredGigabytes / 2
        // The last frame, intact, far away; damaged where it was.
        try write(Array(log[last..<layout.end]), into: directory.logURL, at: farAway)
        try write([log[layout.end - 1] ^ 0xFF], into: directory.logURL, at: Int64(layout.end - 1))
        try extend(directory.logURL, to: Self.hundredGigabytes)
        let before = try fingerprints(directory, at: [farAway])

        let (readOnly, writing) = openBothWays(directory)
        let error = try #require(writing)
        #expect(readOnly == error)
        #expect(error.code == .corrupt)
        #expect(error.path == directory.logURL.path)
        #expect(error.offset == Int64(last))
        #expect(error.message.contains("a valid record follows at byte \(farAway)"), "\(error)")
        #expect(try fingerprints(directory, at: [farAway]) == before, "a refused journal changed its files")
    }

    /// Bytes that are not zeros 60 GB after the last record, past holes, are found: stray bytes of a
    /// write that did not complete, cut by a writer, left by a reader.
    @Test func strayBytesFarPastTheEndAreFound() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        try await journal.append("one")
        journal.close()
        let end = try size(of: directory.logURL)
        let stray = Self.hundredGigabytes / 10 * 6
        try write([7, 7, 7], into: directory.logURL, at: stray)
        try extend(directory.logURL, to: Self.hundredGigabytes)
        let before = try fingerprints(directory, at: [stray])

        let reader = try Journal<ListState>.open(directory: directory.url, options: JournalOptions(readOnly: true))
        #expect(try await reader.currentState().entries == ["one"])
        reader.close()
        #expect(try fingerprints(directory, at: [stray]) == before, "a read-only open changed the files")

        let writer = try Journal<ListState>.open(directory: directory.url)
        defer { writer.close() }
        #expect(try await writer.currentState().entries == ["one"])
        #expect(writer.recoveries.map(\.reason) == ["stray bytes after the last record"])
        #expect(try size(of: directory.logURL) == end)
    }
}
