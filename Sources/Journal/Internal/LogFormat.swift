import CZlib
import Foundation

/// The on-disk layout of the log and snapshot files (see the FileFormat article).
///
/// All integers are little-endian. Checksums are zlib's CRC-32.
enum LogFormat {
    /// `PKJLOG\r\n`: the first bytes of a log file.
    static let logMagic: [UInt8] = Array("PKJLOG\r\n".utf8)
    /// `PKJSNP\r\n`: the first bytes of a snapshot file.
    static let snapshotMagic: [UInt8] = Array("PKJSNP\r\n".utf8)
    /// The log format version this code writes: `2`, a log preallocated with zeros after its last
    /// frame (its end is the first all-zero frame header).
    static let logVersion: UInt32 = 2
    /// The log format versions this code reads: `1` (the log ends at the end of the file) and `2`.
    static let readableLogVersions: ClosedRange<UInt32> = 1...2
    /// The only snapshot format version this code reads and writes.
    static let snapshotVersion: UInt32 = 1
    /// Size of the log header.
    static let logHeaderSize = 32
    /// Size of the snapshot header before its payload.
    static let snapshotHeaderSize = 40
    /// Size of a frame header: payload length, checksum, sequence.
    static let frameHeaderSize = 16
    /// The zeros a new (version 2) log holds after its header.
    static let firstAllocation: Int64 = 64 << 10
    /// The most zeros one extension of a preallocated log adds.
    static let largestAllocation: Int64 = 16 << 20
    /// The largest frame payload written (1 GiB); a bigger batch is split into several frames.
    static let maximumFramePayload = 1 << 30

    struct LogHeader: Equatable {
        /// The format version: ``logVersion`` for a log this code creates.
        var version: UInt32 = LogFormat.logVersion
        /// The log's generation: 1 for the first log, one more after each compaction.
        var generation: UInt64
        /// The sequence number of the last frame before this log (the snapshot's); frames count on from it.
        var baseSequence: UInt64
    }

    struct SnapshotHeader: Equatable {
        /// The log generation whose every frame the snapshot includes.
        var generation: UInt64
        /// The sequence number of the last frame the snapshot includes.
        var lastSequence: UInt64
        var payloadLength: UInt64
    }

    // MARK: - Checksums

    static func crc32(_ bytes: UnsafeRawBufferPointer, seed: UInt32 = 0) -> UInt32 {
        guard bytes.count > 0, let base = bytes.baseAddress else { return seed }
        return UInt32(CZlib.crc32(uLong(seed), base.assumingMemoryBound(to: Bytef.self), uInt(bytes.count)))
    }

    /// The CRC-32 of `count` zero bytes continuing `seed` (what ``crc32(_:seed:)`` gives for that many
    /// zeros), computed without going through them: in a CRC register, zeros only multiply by a
    /// power of the polynomial's variable, which zlib's `crc32_combine_op` applies in one step.
    static func crc32(zeros count: Int64, seed: UInt32) -> UInt32 {
        guard count > 0 else { return seed }
        let power = crc32_combine_gen(off_t(count))
        return ~UInt32(truncatingIfNeeded: crc32_combine_op(uLong(~seed), 0, power))
    }

    /// The checksum of a header: bytes 0..<12 and 12+4..<end (the checksum field itself skipped).
    static func headerChecksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        let first = crc32(UnsafeRawBufferPointer(rebasing: bytes[0..<12]))
        return crc32(UnsafeRawBufferPointer(rebasing: bytes[16...]), seed: first)
    }

    /// The checksum of a frame whose header starts at `frame`: its length field, then sequence and payload.
    static func frameChecksum(_ frame: UnsafeRawBufferPointer) -> UInt32 {
        let first = crc32(UnsafeRawBufferPointer(rebasing: frame[0..<4]))
        return crc32(UnsafeRawBufferPointer(rebasing: frame[8...]), seed: first)
    }

    // MARK: - Integers

    static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    static func store(_ value: UInt32, at offset: Int, in bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { raw in
            for index in 0..<4 { bytes[offset + index] = raw[index] }
        }
    }

    static func loadUInt32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    static func loadUInt64(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    // MARK: - Log header

    static func encode(_ header: LogHeader) -> [UInt8] {
        var bytes = logMagic
        append(header.version, to: &bytes)
        append(UInt32(0), to: &bytes)
        append(header.generation, to: &bytes)
        append(header.baseSequence, to: &bytes)
        let checksum = bytes.withUnsafeBytes { headerChecksum($0) }
        store(checksum, at: 12, in: &bytes)
        return bytes
    }

    /// Checks the magic and the version first (so a future format is reported as such), then the checksum.
    static func decodeLogHeader(_ bytes: [UInt8], path: String) throws(JournalError) -> LogHeader {
        try checkMagicAndVersion(
            bytes, magic: logMagic, kind: "journal log", readable: readableLogVersions, path: path)
        guard bytes.count >= logHeaderSize else {
            throw JournalError(
                .corrupt, path: path, offset: 0,
                message: "the log header is cut short (\(bytes.count) of \(logHeaderSize) bytes); "
                    + "the file was damaged outside the journal: restore it from a backup")
        }
        let header = bytes.withUnsafeBytes { raw -> LogHeader? in
            guard loadUInt32(raw, at: 12) == headerChecksum(UnsafeRawBufferPointer(rebasing: raw[0..<logHeaderSize]))
            else { return nil }
            return LogHeader(
                version: loadUInt32(raw, at: 8), generation: loadUInt64(raw, at: 16),
                baseSequence: loadUInt64(raw, at: 24))
        }
        guard let header else {
            throw JournalError(
                .corrupt, path: path, offset: 0,
                message: "the log header's checksum does not match; restore the file from a backup")
        }
        return header
    }

    // MARK: - Snapshot

    static func encodeSnapshot(_ payload: Data, generation: UInt64, lastSequence: UInt64) -> [UInt8] {
        var bytes = snapshotMagic
        bytes.reserveCapacity(snapshotHeaderSize + payload.count)
        append(snapshotVersion, to: &bytes)
        append(UInt32(0), to: &bytes)
        append(generation, to: &bytes)
        append(lastSequence, to: &bytes)
        append(UInt64(payload.count), to: &bytes)
        bytes.append(contentsOf: payload)
        let checksum = bytes.withUnsafeBytes { headerChecksum($0) }
        store(checksum, at: 12, in: &bytes)
        return bytes
    }

    /// Decodes a snapshot's header (its first ``snapshotHeaderSize`` bytes, or fewer when the file
    /// is shorter) against the size of the file: magic and version, then the payload length, which
    /// must be what the file holds after the header. Nothing of the payload is read, and its
    /// checksum is not checked yet (see ``checkSnapshotChecksum(_:computed:path:)``).
    static func decodeSnapshotHeader(_ bytes: [UInt8], fileSize: Int64, path: String) throws(JournalError)
        -> SnapshotHeader
    {
        try checkMagicAndVersion(
            bytes, magic: snapshotMagic, kind: "journal snapshot", readable: snapshotVersion...snapshotVersion,
            path: path)
        guard bytes.count >= snapshotHeaderSize, fileSize >= Int64(snapshotHeaderSize) else {
            throw JournalError(
                .corrupt, path: path, offset: 0,
                message: "the snapshot is cut short (\(fileSize) bytes); restore it from a backup")
        }
        let header = bytes.withUnsafeBytes { raw in
            SnapshotHeader(
                generation: loadUInt64(raw, at: 16), lastSequence: loadUInt64(raw, at: 24),
                payloadLength: loadUInt64(raw, at: 32))
        }
        let held = fileSize - Int64(snapshotHeaderSize)
        guard header.payloadLength == UInt64(held) else {
            throw JournalError(
                .corrupt, path: path, offset: 32,
                message: "the snapshot says its payload has \(header.payloadLength) bytes but the file holds "
                    + "\(held); restore it from a backup")
        }
        return header
    }

    /// The start of a snapshot's checksum: the CRC-32 of its header (`bytes`, the first
    /// ``snapshotHeaderSize`` bytes of the file) without the checksum field, to be continued over
    /// the payload.
    static func snapshotHeaderChecksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { headerChecksum(UnsafeRawBufferPointer(rebasing: $0[0..<snapshotHeaderSize])) }
    }

    /// Checks the checksum a snapshot's header (`bytes`) keeps against `checksum`, computed over its
    /// header (``snapshotHeaderChecksum(_:)``) and payload.
    static func checkSnapshotChecksum(_ bytes: [UInt8], computed checksum: UInt32, path: String) throws(JournalError) {
        guard bytes.withUnsafeBytes({ loadUInt32($0, at: 12) }) == checksum else {
            throw JournalError(
                .corrupt, path: path, offset: 0,
                message: "the snapshot's checksum does not match; restore it from a backup")
        }
    }

    private static func checkMagicAndVersion(
        _ bytes: [UInt8], magic: [UInt8], kind: String, readable: ClosedRange<UInt32>, path: String
    ) throws(JournalError) {
        guard bytes.count >= 12, Array(bytes[0..<8]) == magic else {
            throw JournalError(
                .unsupportedVersion, path: path, offset: 0,
                message:
                    "not a \(kind) file (its first bytes are not \"\(String(decoding: magic.prefix(6), as: UTF8.self))\"); "
                    + "point the journal at its own directory or move this file away")
        }
        let version = bytes.withUnsafeBytes { loadUInt32($0, at: 8) }
        guard readable.contains(version) else {
            let known =
                readable.count == 1
                ? "version \(readable.lowerBound)" : "versions \(readable.lowerBound) to \(readable.upperBound)"
            throw JournalError(
                .unsupportedVersion, path: path, offset: 8,
                message: "the \(kind) has format version \(version) but this build reads \(known); "
                    + "open it with the version of PurchaseKit that wrote it")
        }
    }

    // MARK: - Frames

    /// Whether the frame header at `offset` of `bytes` is all zeros: the end of a preallocated log
    /// (a frame's sequence number is never 0, so no frame starts this way).
    static func isEndOfLog(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        loadUInt64(bytes, at: offset) == 0 && loadUInt64(bytes, at: offset + 8) == 0
    }

    /// What a compaction writes where a preallocated log ends, before it replaces the log: a frame
    /// header of all ones (no frame has that length and sequence), telling other processes to
    /// reload. A reader that opens the log finds it only when the compaction did not finish, and
    /// takes it as the end of the log; the next commit writes over it.
    static let retirementMark = [UInt8](repeating: 0xFF, count: frameHeaderSize)

    /// Whether the frame header at `offset` of `bytes` is ``retirementMark``.
    static func isRetirementMark(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        loadUInt64(bytes, at: offset) == .max && loadUInt64(bytes, at: offset + 8) == .max
    }
}
