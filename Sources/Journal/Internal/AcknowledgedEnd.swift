import Glibc

/// How far the log was acknowledged as durable: kept in the lock file (bytes 8-39, after the wait
/// counter), where a cut of the log cannot take it along, so that an open tells records cut off
/// from a torn tail (see "The acknowledged end" in the FileFormat article).
///
/// A journal stores it through the lock file's shared mapping after each fdatasync that makes
/// the log durable up to its end (a commit's), so it is never ahead of durable data; the store is
/// a few plain memory writes, no system call. Only the holder of the lock writes it, and it is read
/// under the lock. The lock file is never synced: after a machine crash it may hold an older mark
/// (or none), which finds less, never more.
struct AcknowledgedEnd: Equatable {
    /// The log generation the mark was written in.
    var generation: UInt64
    /// The end of the last frame acknowledged as durable, in that generation's log.
    var end: Int64
    /// That frame's sequence number (sequence numbers go on across generations).
    var sequence: UInt64

    /// Where the mark starts in the lock file.
    static let offset = 8
    /// The mark's size: generation, end and sequence, a CRC-32 of them, four zero bytes.
    static let size = 32
    /// The lock file bytes to read to find it: the counter and the mark.
    static let bytesBefore = offset + size

    /// Writes the mark at its offset of `page` (the lock file's first bytes, mapped): the three
    /// fields, then their checksum. A process killed between the two leaves a mark whose checksum
    /// does not match, which reads as none.
    func store(in page: UnsafeMutableRawPointer) {
        let mark = page + Self.offset
        mark.storeBytes(of: generation.littleEndian, toByteOffset: 0, as: UInt64.self)
        mark.storeBytes(of: UInt64(bitPattern: end).littleEndian, toByteOffset: 8, as: UInt64.self)
        mark.storeBytes(of: sequence.littleEndian, toByteOffset: 16, as: UInt64.self)
        let checksum = LogFormat.crc32(UnsafeRawBufferPointer(start: mark, count: 24))
        mark.storeBytes(of: checksum.littleEndian, toByteOffset: 24, as: UInt32.self)
        mark.storeBytes(of: UInt32(0), toByteOffset: 28, as: UInt32.self)
    }

    /// The mark in `bytes` (the lock file's first ``bytesBefore`` bytes, or fewer when it is
    /// shorter), or `nil` when there is none: a lock file too short, all zeros there (a lock file
    /// written before the mark existed), or a checksum that does not match.
    static func load(from bytes: UnsafeRawBufferPointer) -> AcknowledgedEnd? {
        guard bytes.count >= bytesBefore else { return nil }
        let mark = UnsafeRawBufferPointer(rebasing: bytes[offset..<bytesBefore])
        let fields = UnsafeRawBufferPointer(rebasing: mark[0..<24])
        guard fields.contains(where: { $0 != 0 }), LogFormat.loadUInt32(mark, at: 24) == LogFormat.crc32(fields)
        else { return nil }
        return AcknowledgedEnd(
            generation: LogFormat.loadUInt64(mark, at: 0), end: Int64(bitPattern: LogFormat.loadUInt64(mark, at: 8)),
            sequence: LogFormat.loadUInt64(mark, at: 16))
    }
}
