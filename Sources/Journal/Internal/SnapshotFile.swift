import Foundation

/// Reads a snapshot file so that what it claims costs nothing before it is checked.
enum SnapshotFile {
    /// Reads the snapshot open as `fd`: its header first, whose payload length must be what the
    /// file holds after it (else ``JournalError/Code/corrupt`` at byte 32), then its checksum over
    /// header and payload, computed ``SystemFile/pieceSize`` bytes at a time (the holes of a sparse
    /// file folded in without being read), and only then the payload, into memory asked of the
    /// system first. A damaged snapshot, however large the file, is refused before its payload takes
    /// any memory; a valid one too large for memory is a ``JournalError`` (`ENOMEM`), not a crash.
    ///
    /// - Throws: ``JournalError`` naming `path`: ``JournalError/Code/unsupportedVersion`` for a file
    ///   that is not a snapshot or of another version, ``JournalError/Code/corrupt`` with the byte
    ///   offset for a damaged one, ``JournalError/Code/io`` when reading fails.
    static func read(_ fd: Int32, path: String) throws(JournalError) -> (
        header: LogFormat.SnapshotHeader, payload: Data
    ) {
        let size = try SystemFile.size(fd, path: path)
        let bytes = try SystemFile.readBytes(fd, count: LogFormat.snapshotHeaderSize, at: 0, path: path)
        let header = try LogFormat.decodeSnapshotHeader(bytes, fileSize: size, path: path)
        let start = Int64(LogFormat.snapshotHeaderSize)
        let checksum = try SystemFile.checksum(
            fd, from: start, to: size, seed: LogFormat.snapshotHeaderChecksum(bytes), path: path)
        try LogFormat.checkSnapshotChecksum(bytes, computed: checksum, path: path)
        let length = Int(header.payloadLength)
        let payload = try SystemFile.readData(fd, count: length, at: start, path: path)
        guard payload.count == length else {
            throw JournalError(
                .corrupt, path: path, offset: start + Int64(payload.count),
                message: "the snapshot ends here, before the \(length) bytes of payload it holds, while it was being "
                    + "read; restore it from a backup")
        }
        return (header, payload)
    }
}
