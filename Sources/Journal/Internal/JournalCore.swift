import CFileStatus
import Foundation
import Glibc

/// The files of one journal and the state rebuilt from them.
///
/// Not thread-safe by itself: ``Journal`` touches it only while it holds the right to (its `draining`
/// flag: on its serial queue, on a caller's thread for an inline commit, or in its lease timer), and
/// from `open` before the journal is shared, which is why it may be `@unchecked Sendable`. Every method that
/// reads or changes the files expects the caller to hold the cross-process lock.
///
/// Its jobs are split between files: this one (opening, closing, catching up, appending,
/// compacting), `JournalCore+Lock.swift` (the lock and its lease) and `JournalCore+Loading.swift`
/// (rebuilding the state from the files and repairing a torn tail). Its stored properties are
/// internal so that those extensions reach them; nothing but the core's own methods changes them.
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

    /// Cuts the zeros after the last frame, so that a log at rest is as long as its frames (and
    /// tools and people looking at the file see where it ends). Done only when the lock is free at
    /// once and nothing follows this journal's end: a process that wrote after it trims at its own
    /// close. The next commit preallocates again. The cut needs no sync: zeros or not, the log reads
    /// the same.
    func trimPreallocation() {
        guard preallocates, !options.readOnly, loaded, stopped == nil, logFD >= 0, lockFD >= 0,
            (try? tryLock()) == true
        else { return }
        defer { unlock() }
        guard
            let next = try? SystemFile.readBytes(logFD, count: LogFormat.frameHeaderSize, at: endOffset, path: logPath),
            next.count == LogFormat.frameHeaderSize, next.withUnsafeBytes({ LogFormat.isEndOfLog($0, at: 0) })
        else { return }
        if (try? SystemFile.truncate(logFD, to: endOffset, path: logPath)) != nil { allocatedEnd = endOffset }
    }

    // MARK: - Catching up, appending, compacting

    /// Brings the state up to date with what other processes committed since this one last looked.
    ///
    /// In a preallocated log this is one read when nothing changed: the frame header where the log
    /// ended is still zeros. Another process's frames are read from there; a compaction first
    /// leaves a retirement mark there (``LogFormat/retirementMark``), which makes this journal
    /// reload. A version 1 log is checked by its link count and size (a compaction renames a new
    /// log over it, leaving it no name) and the snapshot's identity (a compaction interrupted
    /// between its two renames has replaced only the snapshot). Nothing asks for the log's
    /// timestamps (see `SystemFile.status`).
    func catchUp() throws(JournalError) {
        if upToDate { return }
        try catchUpFromFiles()
        upToDate = holdsLock
    }

    private func catchUpFromFiles() throws(JournalError) {
        if logFD < 0 {
            // A read-only journal that found no journal: look again.
            try load()
            return
        }
        if preallocates {
            try catchUpPreallocated()
            return
        }
        let log = try SystemFile.status(of: logFD, path: logPath)
        let currentSnapshot = try SystemFile.identity(of: snapshotName, in: directoryFD, path: snapshotPath)
        if log.links == 0 || currentSnapshot != snapshotIdentity {
            // Another process compacted (or repaired an interrupted compaction): start over.
            let before = statistics.recordsReplayed
            try load()
            statistics.reloads += 1
            statistics.recordsCaughtUp += statistics.recordsReplayed - before
            statistics.recordsReplayed = before
            return
        }
        if log.size == endOffset { return }
        if log.size < endOffset {
            try load()
            statistics.reloads += 1
            return
        }
        statistics.recordsCaughtUp += try readNewFrames(fileSize: log.size).records
    }

    private func catchUpPreallocated() throws(JournalError) {
        var header = (UInt64(0), UInt64(0))
        let got = try withUnsafeMutableBytes(of: &header) { (raw) throws(JournalError) -> Int in
            try SystemFile.read(logFD, into: raw.baseAddress!, count: raw.count, at: endOffset, path: logPath)
        }
        if got == LogFormat.frameHeaderSize {
            let (end, retirement) = withUnsafeBytes(of: header) {
                (LogFormat.isEndOfLog($0, at: 0), LogFormat.isRetirementMark($0, at: 0))
            }
            if end { return }
            if !retirement {
                let (records, retired) = try readNewFrames()
                statistics.recordsCaughtUp += records
                if !retired { return }
            }
        } else {
            // The file ends here: another process cut a torn tail at this point, or below it.
            let size = try SystemFile.size(logFD, path: logPath)
            allocatedEnd = size
            if size >= endOffset { return }
        }
        try reload()
    }

    /// Rebuilds everything from the files: another process compacted, or repaired what this
    /// journal had read.
    private func reload() throws(JournalError) {
        let before = statistics.recordsReplayed
        try load()
        statistics.reloads += 1
        statistics.recordsCaughtUp += statistics.recordsReplayed - before
        statistics.recordsReplayed = before
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

    /// An empty batch of frames following the log's last one, in the buffer the last batch used.
    func makeFrameBuilder() -> FrameBuilder {
        FrameBuilder(reusing: &frameBuffer, after: lastSequence, maximumPayload: options.maximumFramePayload)
    }

    /// Writes the batch `frames` built (one frame, unless it exceeds the size of a frame) with one
    /// write and, when `sync` is set, makes them (and everything before them) durable with one
    /// fdatasync. Keeps the batch's buffer for the next one.
    ///
    /// The caller passes `sync: false` only when ``hasUnsyncedFrames`` is false, so at most the last
    /// frame of the log is ever unsynced: a crash can then only damage the tail, which opening cuts.
    func append(_ frames: inout FrameBuilder, sync: Bool = true) throws(JournalError) {
        frames.finish()
        let size = Int64(frames.bytes.count)
        defer {
            // A buffer that held a huge batch is not kept.
            if frames.bytes.capacity <= 1 << 20 { frameBuffer = frames.bytes }
        }
        if preallocates { try allocate(through: endOffset + size) }
        do {
            try SystemFile.write(logFD, frames.bytes, at: endOffset, path: logPath)
        } catch {
            // The journal stops; leave the log ending at its last good frame.
            try? SystemFile.truncate(logFD, to: endOffset, path: logPath)
            allocatedEnd = endOffset
            throw error
        }
        // The counters are changed in a copy: each change of a class's property is an access check.
        var counted = statistics
        if sync {
            try SystemFile.syncData(logFD, path: logPath)
            readUnsynced = false
            writtenUnsynced = false
            counted.logSyncs += 1
        } else {
            writtenUnsynced = true
            counted.deferredGroupCommits += 1
        }
        endOffset += size
        lastSequence += UInt64(frames.frameCount)
        if sync { recordAcknowledgedEnd() }
        counted.groupCommits += 1
        counted.recordsAppended += frames.recordCount
        counted.bytesAppended += size
        statistics = counted
    }

    func countCommits(_ count: Int) {
        statistics.commits += count
    }

    func countCompactionFailure() {
        statistics.compactionFailures += 1
    }

    var needsCompaction: Bool {
        guard let threshold = options.compactionThreshold else { return false }
        return endOffset > threshold
    }

    /// Replaces the snapshot by the current state and starts a new, empty log generation.
    ///
    /// A failure before the new snapshot is in place changes nothing; a failure after it stops the
    /// journal (``stopped``), since this process's view of the files is then out of date.
    func compact() throws(JournalError) {
        // The next operation reads the new log's first frame header before trusting the state.
        upToDate = false
        let payload: Data
        do {
            payload = try state.snapshot()
        } catch {
            throw JournalError(
                .stateRejected, path: snapshotPath, message: "the owner could not serialize its state: \(error)",
                underlying: String(describing: error))
        }
        try hook(.willWriteSnapshot)
        let bytes = LogFormat.encodeSnapshot(payload, generation: logGeneration, lastSequence: lastSequence)
        let fd = try SystemFile.create(snapshotTempPath, flags: O_WRONLY)
        do {
            defer { SystemFile.close(fd) }
            try SystemFile.write(fd, bytes, at: 0, path: snapshotTempPath)
            try hook(.didWriteSnapshotTemp)
            try SystemFile.sync(fd, path: snapshotTempPath)
            if preallocates {
                // Tell the other processes to reload (they would otherwise go on with this log). It
                // needs no sync: after a machine crash every process opens the files afresh.
                try SystemFile.write(logFD, LogFormat.retirementMark, at: endOffset, path: logPath)
            }
            try hook(.didSyncSnapshotTemp)
        }
        try SystemFile.rename(snapshotTempPath, to: snapshotPath)
        do {
            try hook(.didRenameSnapshot)
            snapshotIdentity = try SystemFile.identity(of: snapshotPath)
            try SystemFile.syncDirectory(directory)
            try hook(.didSyncDirectoryAfterSnapshot)
            try createLog(generation: logGeneration + 1, baseSequence: lastSequence, hooked: true)
            recordAcknowledgedEnd()
            statistics.compactions += 1
            try hook(.didFinish)
        } catch {
            stopped = JournalError(
                .closed, path: logPath,
                message: "a compaction failed halfway (\(error)); the files are consistent but this journal "
                    + "stopped: reopen it")
            throw error
        }
    }

    func hook(_ step: CompactionStep) throws(JournalError) {
        guard let hook = options.compactionStepHook else { return }
        do {
            try hook(step)
        } catch {
            throw JournalError(
                .io, path: snapshotPath, message: "injected failure at \(step.rawValue)",
                underlying: String(describing: error))
        }
    }
}
