/// A log file's frames as the FileFormat article documents them, read independently of the
/// journal's own code: a 32-byte header, then frames (4-byte length, 4-byte checksum, 8-byte
/// sequence, payload) up to the end of the file or, in a preallocated (version 2) log, up to the
/// first all-zero frame header.
struct LogLayout {
    /// The offset of each complete frame, in order.
    var frames: [Int] = []
    /// The offset just past the last complete frame: where the next commit goes.
    var end: Int

    init(_ bytes: [UInt8]) {
        var offset = 32
        while offset + 16 <= bytes.count, !bytes[offset..<(offset + 16)].allSatisfy({ $0 == 0 }) {
            let length = (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
            guard offset + 16 + length <= bytes.count else { break }
            frames.append(offset)
            offset += 16 + length
        }
        end = offset
    }

    /// What a disk may hold after the machine stopped while the bytes from `kept` to `end` were
    /// not yet durable: those bytes are back to the zeros the log was preallocated with.
    static func lostAfter(_ kept: Int, upTo end: Int, in bytes: [UInt8]) -> [UInt8] {
        var image = bytes
        for index in kept..<end { image[index] = 0 }
        return image
    }

    /// The same log in format version 1 (no preallocation): the zeros after the frames removed and
    /// the header's version and checksum rewritten, as an older PurchaseKit wrote it.
    static func versionOne(_ bytes: [UInt8]) -> [UInt8] {
        var image = Array(bytes[..<LogLayout(bytes).end])
        image[8] = 1
        let checksum = CRC32.checksum(image[0..<12] + image[16..<32])
        for index in 0..<4 { image[12 + index] = UInt8(truncatingIfNeeded: checksum >> (8 * UInt32(index))) }
        return image
    }
}

/// CRC-32 (the IEEE 802.3 polynomial, as zlib computes it), bit by bit: slow and obviously right.
enum CRC32 {
    static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
