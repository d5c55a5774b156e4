/// A torn or corrupt tail that a ``Journal`` cut off, found when opening or when catching up
/// after a process died in the middle of a commit.
///
/// Only bytes after the last valid record are ever cut, only when no valid record follows them,
/// and never below the acknowledged end the lock file keeps (a log that lost acknowledged records
/// fails with ``JournalError/Code/recordsLost`` instead); such bytes belong to a commit that was
/// never acknowledged.
public struct JournalRecovery: Sendable, Equatable, CustomStringConvertible {
    /// The log file that was cut.
    public var path: String
    /// The byte offset the file was cut back to (the end of the last valid record).
    public var offset: Int64
    /// How many bytes were removed.
    public var bytesCut: Int64
    /// Why: `incomplete record` or `checksum mismatch`.
    public var reason: String

    /// Creates a report.
    public init(path: String, offset: Int64, bytesCut: Int64, reason: String) {
        self.path = path
        self.offset = offset
        self.bytesCut = bytesCut
        self.reason = reason
    }

    /// `path: cut N bytes at byte M (reason)`.
    public var description: String {
        "\(path): cut \(bytesCut) bytes at byte \(offset) (\(reason))"
    }
}
