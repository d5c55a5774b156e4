import Glibc

/// Reads where a log's frames end without opening the journal or changing the file, for this
/// package's tests and tools (a crash test builds what a disk may hold after a machine crash from it).
package enum LogInspection {
    /// The byte offset just past the last valid frame of the log file at `path`: the point where
    /// the next commit goes (the start of the zeros of a preallocated log).
    ///
    /// - Throws: ``JournalError`` when the file cannot be read or is not a journal log.
    package static func endOfFrames(ofLogAt path: String) throws(JournalError) -> Int64 {
        guard let fd = try SystemFile.open(path, flags: O_RDONLY) else { return 0 }
        defer { SystemFile.close(fd) }
        let header = try SystemFile.readBytes(fd, count: LogFormat.logHeaderSize, at: 0, path: path)
        let decoded = try LogFormat.decodeLogHeader(header, path: path)
        let size = try SystemFile.size(fd, path: path)
        let outcome = try LogScanner(fd: fd, path: path).scan(
            from: Int64(LogFormat.logHeaderSize), to: size, lastSequence: decoded.baseSequence
        ) { _, _, _ throws(JournalError) in }
        return outcome.validEnd
    }
}
