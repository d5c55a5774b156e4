/// Why a journal operation failed, where, and what to do about it.
///
/// ``code`` is stable: switch on it (with a `default`, since new codes may be added). ``path``
/// names the file involved, ``offset`` the byte in it where that matters (corruption), and
/// ``message`` is one English sentence saying what happened and what to do.
public struct JournalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable classification of failures; new codes may be added, none is ever reused.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: Int, Sendable, Hashable {
            case io = 1
            case corrupt = 2
            case unsupportedVersion = 3
            case lockTimeout = 4
            case closed = 5
            case stateRejected = 6
            case invalidArgument = 7
            case recordsLost = 8
            case notRegularFile = 9
            case readOnly = 10
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// A system call failed (open, read, write, fsync, rename...); ``JournalError/errno`` says why.
        public static let io = Code(.io)
        /// A file is damaged somewhere other than a torn tail: a bad header, a checksum mismatch
        /// followed by valid records, a missing file, or generations that do not follow.
        public static let corrupt = Code(.corrupt)
        /// The file is not a journal file, or was written by a format version this code does not read.
        public static let unsupportedVersion = Code(.unsupportedVersion)
        /// Another process held the journal's lock for longer than ``JournalOptions/lockTimeout``.
        public static let lockTimeout = Code(.lockTimeout)
        /// The journal was closed, or stopped after a failure that left memory and disk apart.
        public static let closed = Code(.closed)
        /// The owner's ``JournalState`` threw while rebuilding, applying or snapshotting.
        public static let stateRejected = Code(.stateRejected)
        /// An argument is unusable (for instance a journal name containing a slash).
        public static let invalidArgument = Code(.invalidArgument)
        /// The log no longer holds records that were acknowledged as durable: it was cut (or damaged,
        /// or replaced by an older copy) below the acknowledged end the lock file keeps. ``JournalError/offset``
        /// is where the log's valid records end now; nothing was changed.
        public static let recordsLost = Code(.recordsLost)
        /// A file of the journal is not a regular file: a symbolic link (never followed), a FIFO, a
        /// device, a socket or a folder. It was not read or written.
        public static let notRegularFile = Code(.notRegularFile)
        /// A commit or compaction was asked of a journal opened with ``JournalOptions/readOnly``.
        public static let readOnly = Code(.readOnly)

        /// The code's name, for instance `corrupt`.
        public var description: String {
            switch value {
            case .io: "io"
            case .corrupt: "corrupt"
            case .unsupportedVersion: "unsupportedVersion"
            case .lockTimeout: "lockTimeout"
            case .closed: "closed"
            case .stateRejected: "stateRejected"
            case .invalidArgument: "invalidArgument"
            case .recordsLost: "recordsLost"
            case .notRegularFile: "notRegularFile"
            case .readOnly: "readOnly"
            }
        }
    }

    /// The stable classification.
    public var code: Code
    /// The file (or directory) involved.
    public var path: String
    /// The byte offset in ``path`` where the problem is, when it is about a place in a file.
    public var offset: Int64?
    /// What happened and what to do, in English.
    public var message: String
    /// The system error number, for ``Code/io``.
    public var errno: Int32?
    /// A description of the owner's error, for ``Code/stateRejected``.
    public var underlying: String?

    /// Creates an error.
    public init(
        _ code: Code, path: String, offset: Int64? = nil, message: String, errno: Int32? = nil,
        underlying: String? = nil
    ) {
        self.code = code
        self.path = path
        self.offset = offset
        self.message = message
        self.errno = errno
        self.underlying = underlying
    }

    /// `path: error: [at byte N: ]message`, the shape of a compiler diagnostic.
    public var description: String {
        if let offset {
            return "\(path): error: at byte \(offset): \(message)"
        }
        return "\(path): error: \(message)"
    }
}
