import Glibc

/// The files of one journal and the state rebuilt from them.
///
/// Not thread-safe by itself: ``Journal`` touches it only while it holds the right to (its `draining`
/// flag: on its serial queue, on a caller's thread for a batch run there, or in its lease timer), and
/// from `open` before the journal is shared, which is why it may be `@unchecked Sendable`. Every method that
/// reads or changes the files expects the caller to hold the cross-process lock.
///
/// Its jobs are split between files: this one (its state, opening and closing the files, lending
/// the state to a body), `JournalCore+Lock.swift` (the lock and its lease),
/// `JournalCore+Loading.swift` (rebuilding the state from the files and repairing a torn tail),
/// `JournalCore+CatchUp.swift` (reading what other processes committed),
/// `JournalCore+Appending.swift` (writing and syncing frames in the preallocated log),
/// `JournalCore+Compaction.swift` (writing the snapshot and starting a new log generation) and
/// `JournalCore+Acknowledged.swift` (the acknowledged end the lock file keeps). Its stored properties
/// are internal so that those extensions reach them; nothing but the core's own methods changes them.
final class JournalCore<State: JournalState>: @unchecked Sendable {
    let directory: String
    let logPath: String
    let snapshotPath: String
    let lockPath: String
    let logTempPath: String
    let snapshotTempPath: String
    let options: JournalOptions

    var state = State()
    var lockFD: Int32 = -1
    var logFD: Int32 = -1
    /// The journal's directory, open so that the snapshot's identity is looked up by one name.
    var directoryFD: Int32 = -1
    let snapshotName: String
    var snapshotIdentity: FileIdentity?
    var logGeneration: UInt64 = 0
    var lastSequence: UInt64 = 0
    var endOffset: Int64 = 0
    /// Whether the log is preallocated (format version 2): zeros follow its last frame up to
    /// ``allocatedEnd``, so that a commit overwrites bytes already in the file and its fdatasync
    /// has no file size to make durable (on ext4 that halves its cost). Version 1 logs grow by
    /// appending until the next compaction replaces them.
    var preallocates = false
    /// The size of the log file as this journal last saw or made it.
    var allocatedEnd: Int64 = 0
    var statistics = JournalStatistics()
    var recoveries: [JournalRecovery] = []
    /// Set when frames were read that this journal has not synced since (see ``syncIfUnsynced()``).
    var readUnsynced = false
    /// Set when this journal wrote a frame without syncing it (a ``JournalDurability/deferred`` batch).
    var writtenUnsynced = false
    /// Set when memory and disk may disagree; every later operation fails with it.
    var stopped: JournalError? {
        didSet { isStopped = stopped != nil }
    }
    /// Whether ``stopped`` is set, for the checks every commit makes (reading the optional error
    /// copies it).
    var isStopped = false
    /// Whether the last ``load()`` finished: files a load refused are never trimmed.
    var loaded = false
    /// The buffer the last batch of frames was built in, kept to build the next one.
    var frameBuffer: [UInt8] = []
    /// Whether this journal holds the lock file's `flock` (during an operation, or kept between
    /// operations, see ``endOperation()``).
    var holdsLock = false
    /// Set once the state caught up while the lock was held, cleared when the lock is let go of: no
    /// other process can have written in between, so catching up again has nothing to read.
    var upToDate = false
    /// The lock file's first 8 bytes, mapped shared: a counter a process moves each time it finds
    /// the lock taken (see ``endOperation()``).
    var mappedCounter: UnsafeMutablePointer<UInt64>?
    var mappingFailed = false
    /// The wait counter as this journal last saw it.
    var waitCountSeen: UInt64 = 0
    /// Until when (monotonic nanoseconds) the lock is not kept between operations: another process
    /// waited; 0 when none did lately.
    var contendedUntil: UInt64 = 0
    /// ``JournalOptions/keepsLockBetweenCommits``, read once.
    let keepsLock: Bool
    /// Operations (batches, compactions) begun under the lock: the lease timer's sign of activity.
    var operations = 0
    /// Operations that ended with the lock kept since this journal last took it.
    var leasedOperations = 0

    init(directory: String, name: String, options: JournalOptions) throws(JournalError) {
        self.directory = directory
        self.logPath = directory + "/" + name + ".log"
        self.snapshotPath = directory + "/" + name + ".snapshot"
        self.lockPath = directory + "/" + name + ".lock"
        self.logTempPath = logPath + ".tmp"
        self.snapshotTempPath = snapshotPath + ".tmp"
        self.snapshotName = name + ".snapshot"
        self.options = options
        self.keepsLock = options.keepsLockBetweenCommits && !options.readOnly
        if options.readOnly {
            try openReadOnly()
            return
        }
        if options.createIfMissing { try SystemFile.makeDirectories(directory) }
        let flags = O_RDWR | (options.createIfMissing ? O_CREAT : 0)
        guard let fd = try SystemFile.open(lockPath, flags: flags, missingIsNil: !options.createIfMissing) else {
            throw JournalError(
                .io, path: logPath, message: "there is no journal here; create it by opening with createIfMissing",
                errno: ENOENT)
        }
        lockFD = fd
        do {
            guard let directory = try SystemFile.open(directory, flags: O_RDONLY | O_DIRECTORY) else { return }
            directoryFD = directory
            try lock(announcing: false)
            defer { unlock() }
            try load()
        } catch {
            closeFiles()
            throw error
        }
    }

    /// Opens a read-only journal: no folder or file is created, the lock file (when there is one)
    /// is opened for reading and locked shared, and a missing folder or log is the empty state.
    private func openReadOnly() throws(JournalError) {
        do throws(JournalError) {
            directoryFD = try SystemFile.open(directory, flags: O_RDONLY | O_DIRECTORY, missingIsNil: true) ?? -1
            if directoryFD < 0 && !options.createIfMissing {
                throw JournalError(
                    .io, path: logPath, message: "there is no journal here; create it by opening with createIfMissing",
                    errno: ENOENT)
            }
            if directoryFD >= 0 { lockFD = try SystemFile.open(lockPath, flags: O_RDONLY, missingIsNil: true) ?? -1 }
            try lock(announcing: false)
            defer { unlock() }
            try load()
        } catch {
            closeFiles()
            throw error
        }
    }

    deinit { closeFiles() }

    func closeFiles() {
        // A deferred commit was acknowledged: make it durable before letting go of the file.
        if writtenUnsynced, logFD >= 0 {
            _ = fdatasync(logFD)
            writtenUnsynced = false
        }
        trimPreallocation()
        unlock()
        if let mappedCounter { munmap(mappedCounter, Self.counterMappingSize) }
        mappedCounter = nil
        SystemFile.close(logFD)
        SystemFile.close(lockFD)
        SystemFile.close(directoryFD)
        logFD = -1
        lockFD = -1
        directoryFD = -1
    }

    /// Calls `body` with the state lent, not copied (a copy retains every collection the state
    /// holds): the state is moved out for the call and back, the core holding an empty one meanwhile.
    /// `body` must not reach the core; a commit's body, which may not call the journal, runs this way.
    func withState<R>(_ body: (State) throws -> R) rethrows -> R {
        var lent = State()
        swap(&lent, &state)
        defer { swap(&lent, &state) }
        return try body(lent)
    }

    /// Applies `record` to the in-memory state only (the caller writes it afterwards).
    func applyInMemory(_ record: State.Record) throws {
        try state.apply(record)
    }

    /// Counts commits a batch acknowledged.
    func countCommits(_ count: Int) {
        statistics.commits += count
    }

    /// The error a read-only journal answers a commit or a compaction with.
    var readOnlyError: JournalError {
        JournalError(
            .readOnly, path: logPath,
            message: "the journal was opened read-only (JournalOptions.readOnly); open it without that option to "
                + "commit or compact")
    }
}
