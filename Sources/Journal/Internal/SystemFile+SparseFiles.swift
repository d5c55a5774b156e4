import CFileStatus
import Glibc

// Scanning a file for data and checksumming it, its holes skipped or folded in without being read,
// so that the time and memory these take follow the data a file holds, not the size it claims.
extension SystemFile {
    /// The most bytes one read of ``firstNonZeroByte(_:from:to:path:)`` and ``checksum(_:from:to:seed:path:)``
    /// holds: what they keep in memory whatever the size of the file.
    static let pieceSize = 1 << 20

    /// The first stretch of `[start, end)` of `fd` that holds data, or `nil` when nothing but holes
    /// is left there (see `pk_file_data_region`): the parts of a sparse file that take no space and
    /// read as zeros are skipped without being read, so a file's size says nothing of how much of it
    /// is read. A file system that keeps no holes reports all of it as data.
    static func dataRegion(_ fd: Int32, from start: Int64, to end: Int64, path: String) throws(JournalError)
        -> Range<Int64>?
    {
        guard end > start else { return nil }
        var first: Int64 = 0
        var last: Int64 = 0
        let found = pk_file_data_region(fd, start, &first, &last)
        if found < 0 { throw ioError("lseek", path: path, errno: errno) }
        let lower = max(first, start)
        let upper = min(last, end)
        guard found == 1, lower < upper else { return nil }
        return lower..<upper
    }

    /// The offset of the first byte in `[start, end)` that is not zero, or `nil`. Holes are skipped
    /// (see ``dataRegion(_:from:to:path:)``); the data is read ``pieceSize`` bytes at a time.
    static func firstNonZeroByte(_ fd: Int32, from start: Int64, to end: Int64, path: String) throws(JournalError)
        -> Int64?
    {
        guard end > start else { return nil }
        let buffer = UnsafeMutableRawBufferPointer.allocate(
            byteCount: Int(min(end - start, Int64(pieceSize))), alignment: 16)
        defer { buffer.deallocate() }
        var offset = start
        while let region = try dataRegion(fd, from: offset, to: end, path: path) {
            offset = region.lowerBound
            while offset < region.upperBound {
                let want = Int(min(region.upperBound - offset, Int64(buffer.count)))
                let count = try read(fd, into: buffer.baseAddress!, count: want, at: offset, path: path)
                if count == 0 { return nil }
                if let index = UnsafeRawBufferPointer(rebasing: buffer[0..<count]).firstIndex(where: { $0 != 0 }) {
                    return offset + Int64(index)
                }
                offset += Int64(count)
            }
        }
        return nil
    }

    /// The CRC-32 of the bytes `[start, end)` of `fd` continuing `seed`, as ``LogFormat/crc32(_:seed:)``
    /// gives it for the same bytes in memory. The data is read ``pieceSize`` bytes at a time and
    /// holes are folded in without being read (``LogFormat/crc32(zeros:seed:)``), so the time it
    /// takes follows the data the file holds, not its size.
    ///
    /// - Throws: ``JournalError/Code/corrupt`` when the file ends before `end`.
    static func checksum(_ fd: Int32, from start: Int64, to end: Int64, seed: UInt32, path: String)
        throws(JournalError) -> UInt32
    {
        guard end > start else { return seed }
        let buffer = UnsafeMutableRawBufferPointer.allocate(
            byteCount: Int(min(end - start, Int64(pieceSize))), alignment: 16)
        defer { buffer.deallocate() }
        var crc = seed
        var offset = start
        while offset < end {
            guard let region = try dataRegion(fd, from: offset, to: end, path: path) else {
                // Only a hole is left, unless the file is shorter than `end`.
                let fileSize = try size(fd, path: path)
                if fileSize < end {
                    offset = fileSize
                    break
                }
                return LogFormat.crc32(zeros: end - offset, seed: crc)
            }
            crc = LogFormat.crc32(zeros: region.lowerBound - offset, seed: crc)
            offset = region.lowerBound
            while offset < region.upperBound {
                let want = Int(min(region.upperBound - offset, Int64(buffer.count)))
                let count = try read(fd, into: buffer.baseAddress!, count: want, at: offset, path: path)
                if count == 0 { break }
                crc = LogFormat.crc32(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), seed: crc)
                offset += Int64(count)
            }
            if offset < region.upperBound { break }
        }
        guard offset >= end else {
            throw JournalError(
                .corrupt, path: path, offset: offset,
                message: "the file ends here, before byte \(end), while it was being read; restore it from a backup")
        }
        return crc
    }
}
