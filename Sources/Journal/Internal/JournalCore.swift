import CFileStatus
import Foundation
import Glibc

/// The files of one journal and the state rebuilt from them.
///
/// Not thread-safe by itself: ``Journal`` touches it only while it holds the right to (its `draining`
/// flag: on its serial queue, on a caller's thread for an inline commit, or in its lease timer), and
/// from `open` before the journal is shared, which is why it may be `@unchecked Sendable`. Every method that
/// reads or changes the files expects the caller to hold the cross-process lock.
final class JournalCore<State: JournalState>: @unchecked Sendable {
    let directory: String
    let logPath: String
    let snapshotPath: String
    let lockPath: String
    let logTempPath: String
    let snapshotTempPath: String
    let options: JournalOptions

    private(set) var state = State()
    private var lockFD: Int32 = -1
    private var logFD: Int32 = -1
    /// The journal's directory, open so that the snapshot's identity is looked up by one name.
    private var directoryFD: Int32 = -1
    private let snapshotName: String
    private var snapshotIdentity: FileIdentity?
    private var logGeneration: UInt64 = 0
    private(set) var lastSequence: UInt64 = 0
    private(set) var endOffset: Int64 = 0
    /// Whether the log is preallocated (format version 2): zeros follow its last frame up to
    /// ``allocatedEnd``, so that a commit overwrites bytes already in the file and its fdatasync
    /// has no file size to make durable (on ext4 that halves its cost). Version 1 logs grow by
    /// appending until the next compaction replaces them.
    private var preallocates = false
    /// The size of the log file as this journal last saw or made it.
    private var allocatedEnd: Int64 = 0
    private(set) var statistics = JournalStatistics()
    private(set) var recoveries: [JournalRecovery] = []
    /// Set when frames were read that this journal has not synced since (see ``syncIfUnsynced()``).
    private var readUnsynced = false
    /// Set when this journal wrote a frame without syncing it (a ``JournalDurability/deferred`` batch).
    private var writtenUnsynced = false
    /// Set when memory and disk may disagree; every later operation fails with it.
    var stopped: JournalError? {
        didSet { isStopped = stopped != nil }
    }
    /// Whether ``stopped`` is set, for the checks every commit makes (reading the optional error
    /// copies it).
    private(set) var isStopped = false
    /// Whether the last ``load()`` finished: files a load refused are never trimmed.
    private var loaded = false
    /// The buffer the last batch of frames was built in, kept to build the next one.
    private var frameBuffer: [UInt8] = []
    /// Whether this journal holds the lock file's `flock` (during an operation, or kept between
    /// operations, see ``endOperation()``).
    private(set) var holdsLock = false
    /// Set once the state caught up while the lock was held, cleared when the lock is let go of: no
    /// other process can have written in between, so catching up again has nothing to read.
    private var upToDate = false
    /// The lock file's first 8 bytes, mapped shared: a counter a process moves each time it finds
    /// the lock taken (see ``endOperation()``).
    private(set) var mappedCounter: UnsafeMutablePointer<UInt64>?
    private var mappingFailed = false
    /// The wait counter as this journal last saw it.
    private(set) var waitCountSeen: UInt64 = 0
    /// Until when (monotonic nanoseconds) the lock is not kept between operations: another process
    /// waited; 0 when none did lately.
    private var contendedUntil: UInt64 = 0
    /// ``JournalOptions/keepsLockBetweenCommits``, read once.
    private let keepsLock: Bool
    /// Operations (batches, compactions) begun under the lock: the lease timer's sign of activity.
    private(set) var operations = 0
    /// Operations that ended with the lock kept since this journal last took it.
    private var leasedOperations = 0

    init(directory: String, name: String, options: JournalOptions) throws(JournalError) {
        self.directory = directory
        self.logPath = directory + "/" + name + ".log"
        self.snapshotPath = directory + "/" + name + ".snapshot"
        self.lockPath = directory + "/" + name + ".lock"
        self.logTempPath = logPath + ".tmp"
        self.snapshotTempPath = snapshotPath + ".tmp"
        self.snapshotName = name + ".snapshot"
        self.options = options
        self.keepsLock = options.keepsLockBetweenCommits
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
    private func trimPreallocation() {
        guard preallocates, loaded, stopped == nil, logFD >= 0, lockFD >= 0, (try? tryLock()) == true else { return }
        defer { unlock() }
        guard
            let next = try? SystemFile.readBytes(logFD, count: LogFormat.frameHeaderSize, at: endOffset, path: logPath),
            next.count == LogFormat.frameHeaderSize, next.withUnsafeBytes({ LogFormat.isEndOfLog($0, at: 0) })
        else { return }
        if (try? SystemFile.truncate(logFD, to: endOffset, path: logPath)) != nil { allocatedEnd = endOffset }
    }

    // MARK: - Lock

    /// Takes the exclusive `flock` on the lock file if no other process holds it; never waits.
    ///
    /// - Returns: whether the lock is now held (also when this journal kept it, see ``endOperation()``).
    func tryLock() throws(JournalError) -> Bool {
        operations &+= 1
        if holdsLock { return true }
        if flock(lockFD, LOCK_EX | LOCK_NB) == 0 {
            tookLock()
            return true
        }
        guard errno == EWOULDBLOCK || errno == EINTR else {
            throw SystemFile.ioError("flock", path: lockPath, errno: errno)
        }
        return false
    }

    /// Takes the exclusive `flock` on the lock file, waiting at most `options.lockTimeout` (`nil`:
    /// for ever). While it waits it tries again after pauses growing to 2 ms and, with `announcing`,
    /// moves the lock file's wait counter before each try, so that a process keeping the lock
    /// between commits lets go of it at its next look. Opening does not announce: an open that
    /// fails leaves the lock file as it was.
    func lock(announcing: Bool = true) throws(JournalError) {
        if try tryLock() { return }
        let clock = ContinuousClock()
        let deadline = options.lockTimeout.map { clock.now.advanced(by: $0) }
        var pause = Duration.microseconds(20)
        while true {
            if announcing { announceWaiting() }
            if try tryLock() { return }
            let now = clock.now
            if let deadline, let timeout = options.lockTimeout, now >= deadline {
                throw JournalError(
                    .lockTimeout, path: lockPath,
                    message: "another process has held the journal's lock for more than \(timeout); "
                        + "find it (fuser \(lockPath)) or raise JournalOptions.lockTimeout")
            }
            let wait = deadline.map { min(pause, $0 - now) } ?? pause
            let micros = wait.components.seconds * 1_000_000 + wait.components.attoseconds / 1_000_000_000_000
            usleep(useconds_t(max(1, micros)))
            pause = min(pause * 2, .milliseconds(2))
        }
    }

    /// Lets go of the lock (when held), whatever the lease.
    func unlock() {
        guard holdsLock else { return }
        holdsLock = false
        upToDate = false
        _ = flock(lockFD, LOCK_UN)
    }

    /// Ends an operation done under the lock: keeps the lock for the next one (a lease) when
    /// ``JournalOptions/keepsLockBetweenCommits`` is set and no other process asked for it since
    /// this journal took it or last looked, otherwise lets go of it.
    ///
    /// A process that waited is seen by the lock file's wait counter: it moved. The lock is then
    /// let go of, and not kept again for ``contentionPause``, so that the waiting process, which
    /// polls, finds it free between this journal's commits as it did before the lease. The lock is
    /// also let go of after ``operationsPerLease`` operations in a row.
    ///
    /// - Returns: whether the lock is still held (the owner then lets go of it once idle).
    func endOperation() -> Bool {
        guard holdsLock else { return false }
        let firstMapping = mappedCounter == nil
        guard keepsLock, !isStopped, loaded, let counter = mappedCounter ?? waitCounter() else {
            unlock()
            return false
        }
        let seen = pk_shared_counter_load(counter)
        if firstMapping { waitCountSeen = seen }
        leasedOperations &+= 1
        // Let go now and then even when nobody announced: a process that does not move the counter
        // (a `flock(1)` in a script) gets the lock between two commits, as it would without the lease.
        if leasedOperations >= Self.operationsPerLease {
            unlock()
            return false
        }
        if seen != waitCountSeen {
            waitCountSeen = seen
            contendedUntil = Self.monotonicNanoseconds() &+ Self.contentionPause
            unlock()
            return false
        }
        // The clock is read only in the 10 ms after another process waited.
        if contendedUntil != 0 {
            if Self.monotonicNanoseconds() < contendedUntil {
                unlock()
                return false
            }
            contendedUntil = 0
        }
        return true
    }

    /// Counts a batch that began on the lock kept from the operation before.
    func countLeasedBatch() {
        statistics.leasedBatches += 1
    }

    /// The bytes of the lock file mapped for the wait counter (one page; the counter is its first 8).
    private static var counterMappingSize: Int { 4096 }

    /// The most operations one taking of the lock serves before the lock is let go of at the end
    /// of one (and taken again by the next): a few milliseconds of back-to-back purchases.
    private static var operationsPerLease: Int { 64 }

    /// How long, after seeing another process wait, the lock is let go of after every operation:
    /// 10 ms, five times the longest pause of a waiting process between two tries.
    private static var contentionPause: UInt64 { 10_000_000 }

    private func tookLock() {
        holdsLock = true
        upToDate = false
        leasedOperations = 0
        // Not mapped yet: mapped (and the count taken) after the first operation, so that an open
        // that fails leaves the lock file as it was.
        if let mappedCounter { waitCountSeen = pk_shared_counter_load(mappedCounter) }
    }

    /// Moves the wait counter: a process keeping the lock lets go of it at its next check.
    private func announceWaiting() {
        if let counter = waitCounter() { pk_shared_counter_increment(counter) }
    }

    /// The lock file's wait counter (its first 8 bytes, mapped shared), mapping it on first use and
    /// extending an empty lock file to one allocated page first; `nil` when that fails (the lock is then let
    /// go of after every operation, as without a lease).
    private func waitCounter() -> UnsafeMutablePointer<UInt64>? {
        if let mappedCounter { return mappedCounter }
        if mappingFailed || lockFD < 0 { return nil }
        // Blocks are allocated first (an empty lock file is extended): a store through the mapping
        // into a hole of a full disk would kill the process with SIGBUS.
        guard posix_fallocate(lockFD, 0, off_t(Self.counterMappingSize)) == 0,
            let address = mmap(nil, Self.counterMappingSize, PROT_READ | PROT_WRITE, MAP_SHARED, lockFD, 0),
            address != UnsafeMutableRawPointer(bitPattern: -1)
        else {
            mappingFailed = true
            return nil
        }
        mappedCounter = address.bindMemory(to: UInt64.self, capacity: 1)
        return mappedCounter
    }

    private static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }

    // MARK: - Loading

    /// Rebuilds the state from the snapshot (if any) and the log, repairing what may be repaired:
    /// a torn tail is cut, a log the snapshot already covers is replaced by an empty one.
    func load() throws(JournalError) {
        loaded = false
        upToDate = false
        SystemFile.close(logFD)
        logFD = -1
        var fresh = State()
        var snapshotHeader: LogFormat.SnapshotHeader?
        snapshotIdentity = nil
        if let fd = try SystemFile.open(snapshotPath, flags: O_RDONLY, missingIsNil: true) {
            defer { SystemFile.close(fd) }
            let size = try SystemFile.size(fd, path: snapshotPath)
            let bytes = try SystemFile.readBytes(fd, count: Int(size), at: 0, path: snapshotPath)
            let (header, payload) = try LogFormat.decodeSnapshot(bytes, path: snapshotPath)
            do {
                fresh = try State(snapshot: payload)
            } catch {
                throw JournalError(
                    .stateRejected, path: snapshotPath, offset: Int64(LogFormat.snapshotHeaderSize),
                    message: "the owner could not rebuild its state from the snapshot: \(error)",
                    underlying: String(describing: error))
            }
            snapshotHeader = header
            snapshotIdentity = try SystemFile.identity(fd, path: snapshotPath)
        }
        let coveredGeneration = snapshotHeader?.generation ?? 0
        let baseSequence = snapshotHeader?.lastSequence ?? 0

        var fd = try SystemFile.open(logPath, flags: O_RDWR, missingIsNil: true)
        if fd == nil {
            guard snapshotHeader == nil else {
                throw JournalError(
                    .corrupt, path: logPath,
                    message: "the log is missing although a snapshot exists, so the purchases recorded after the "
                        + "snapshot cannot be read; restore the log from a backup (nothing was changed; do not remove "
                        + "the snapshot: it holds everything recorded before it)")
            }
            guard options.createIfMissing else {
                throw JournalError(
                    .io, path: logPath, message: "there is no journal here; open with createIfMissing to create one",
                    errno: ENOENT)
            }
            try createLog(generation: 1, baseSequence: 0, hooked: false)
            fd = logFD
        }
        logFD = fd!
        let headerBytes = try SystemFile.readBytes(logFD, count: LogFormat.logHeaderSize, at: 0, path: logPath)
        let header = try LogFormat.decodeLogHeader(headerBytes, path: logPath)
        if snapshotHeader != nil && header.generation == coveredGeneration {
            // A compaction was interrupted after its snapshot replaced the old one: the snapshot holds
            // every record of this log, so the log is replaced by the next, empty generation.
            try createLog(generation: coveredGeneration + 1, baseSequence: baseSequence, hooked: false)
        } else if header.generation != coveredGeneration + 1 || header.baseSequence != baseSequence {
            throw JournalError(
                .corrupt, path: logPath, offset: 16,
                message: "the log (generation \(header.generation), after record \(header.baseSequence)) does not "
                    + "follow the snapshot (generation \(coveredGeneration), up to record \(baseSequence)); "
                    + "the files come from different journals or a backup mixed them: restore both together")
        }
        logGeneration = coveredGeneration + 1
        lastSequence = baseSequence
        endOffset = Int64(LogFormat.logHeaderSize)
        if header.generation == logGeneration { preallocates = header.version >= 2 }
        state = fresh
        let logSize = try SystemFile.size(logFD, path: logPath)
        if logSize > endOffset { state.reserveCapacity(forLogBytes: Int(logSize - endOffset)) }
        let replayed = try readNewFrames(fileSize: logSize, checkingTail: true).records
        statistics.recordsReplayed += replayed
        try syncIfUnsynced()
        // Leftovers of an interrupted compaction, removed once the open has succeeded (an open that
        // fails changes nothing); the lock makes sure nobody is writing them.
        unlink(logTempPath)
        unlink(snapshotTempPath)
        loaded = true
    }

    /// Applies the frames appended after ``endOffset`` (by another process), cutting a torn tail.
    /// Returns the number of records applied.
    ///
    /// With `checkingTail` (on open) it also checks that nothing but zeros follows the end of a
    /// preallocated log: stray bytes there (a write the machine lost halfway) are cut like a torn
    /// tail, unless a valid frame follows them (then it is damage, and the open fails).
    ///
    /// - Returns: the number of records applied, and whether scanning ended at a retirement mark
    ///   (see ``LogFormat/retirementMark``): then another process compacted (or tried to) and the
    ///   caller must reload, except on open, where a mark is the end of a log that stayed current.
    private func readNewFrames(fileSize knownSize: Int64? = nil, checkingTail: Bool = false) throws(JournalError)
        -> (records: Int, retired: Bool)
    {
        let fileSize: Int64
        if let knownSize { fileSize = knownSize } else { fileSize = try SystemFile.size(logFD, path: logPath) }
        allocatedEnd = fileSize
        guard fileSize > endOffset else { return (0, false) }
        let scanner = LogScanner(fd: logFD, path: logPath)
        let outcome = try scanner.scan(from: endOffset, to: fileSize, lastSequence: lastSequence) {
            (record, sequence, frameOffset) throws(JournalError) in
            do {
                try state.apply(bytes: record)
            } catch {
                throw JournalError(
                    .stateRejected, path: logPath, offset: frameOffset,
                    message: "the owner could not apply record \(sequence): \(error); nothing was changed",
                    underlying: String(describing: error))
            }
        }
        lastSequence = outcome.lastSequence
        endOffset = outcome.validEnd
        if let failure = outcome.failure {
            try repairTail(after: failure, scanner: scanner, fileSize: fileSize)
        } else if checkingTail, outcome.reachedEndMarker || outcome.reachedRetirementMark {
            // Zeros follow the end (after a mark left by a compaction that did not happen).
            let zerosStart = endOffset + (outcome.reachedRetirementMark ? Int64(LogFormat.frameHeaderSize) : 0)
            if try SystemFile.firstNonZeroByte(logFD, from: zerosStart, to: fileSize, path: logPath) != nil {
                try repairTail(after: .strayBytes, scanner: scanner, fileSize: fileSize)
            }
        }
        if outcome.frames > 0 { readUnsynced = true }
        return (outcome.records, outcome.reachedRetirementMark)
    }

    /// Whether some frame before ``endOffset`` may not be durable yet: one this journal wrote
    /// deferred, or one it read from another process (which may have been killed between its write
    /// and its fsync, or wrote it deferred).
    var hasUnsyncedFrames: Bool { readUnsynced || writtenUnsynced }

    /// Makes every frame up to ``endOffset`` durable: nothing may be acknowledged on top of a frame
    /// that only the page cache holds.
    func syncIfUnsynced() throws(JournalError) {
        guard hasUnsyncedFrames else { return }
        try SystemFile.syncData(logFD, path: logPath)
        readUnsynced = false
        writtenUnsynced = false
        statistics.logSyncs += 1
    }

    private func repairTail(after failure: LogScanner.Failure, scanner: LogScanner, fileSize: Int64)
        throws(JournalError)
    {
        let reason: String
        switch failure {
        case .invalid(let message):
            throw JournalError(
                .corrupt, path: logPath, offset: endOffset,
                message: "\(message); nothing was changed: restore the file from a backup")
        case .incomplete: reason = "incomplete record"
        case .checksumMismatch: reason = "checksum mismatch"
        case .strayBytes: reason = "stray bytes after the last record"
        }
        if let valid = try scanner.findValidFrame(after: endOffset, to: fileSize, lastSequence: lastSequence) {
            throw JournalError(
                .corrupt, path: logPath, offset: endOffset,
                message: "the record here is damaged (\(reason)) but a valid record follows at byte \(valid), so "
                    + "this is not a torn tail; nothing was changed: restore the file from a backup")
        }
        try SystemFile.truncate(logFD, to: endOffset, path: logPath)
        try SystemFile.syncData(logFD, path: logPath)
        allocatedEnd = endOffset
        recoveries.append(
            JournalRecovery(path: logPath, offset: endOffset, bytesCut: fileSize - endOffset, reason: reason))
    }

    /// Writes an empty, preallocated log of `generation` to a temporary file and renames it over the log.
    private func createLog(generation: UInt64, baseSequence: UInt64, hooked: Bool) throws(JournalError) {
        guard let fd = try SystemFile.open(logTempPath, flags: O_RDWR | O_CREAT | O_TRUNC) else { return }
        let size = Int64(LogFormat.logHeaderSize) + LogFormat.firstAllocation
        do {
            let header = LogFormat.encode(LogFormat.LogHeader(generation: generation, baseSequence: baseSequence))
            try SystemFile.write(fd, header, at: 0, path: logTempPath)
            try SystemFile.writeZeros(fd, from: Int64(header.count), to: size, path: logTempPath)
            try SystemFile.sync(fd, path: logTempPath)
            if hooked { try hook(.didWriteLogTemp) }
            try SystemFile.rename(logTempPath, to: logPath)
            if hooked { try hook(.didRenameLog) }
            try SystemFile.syncDirectory(directory)
        } catch {
            SystemFile.close(fd)
            throw error
        }
        SystemFile.close(logFD)
        logFD = fd
        readUnsynced = false
        writtenUnsynced = false
        logGeneration = generation
        lastSequence = baseSequence
        endOffset = Int64(LogFormat.logHeaderSize)
        preallocates = true
        allocatedEnd = size
    }

    /// Makes sure zeros reach at least a frame header past `end` (so the log's end is always an
    /// all-zero header), adding a quarter of the log's size (between `LogFormat.firstAllocation`
    /// and `LogFormat.largestAllocation`) and syncing the zeros and the new size before any frame goes there.
    private func allocate(through end: Int64) throws(JournalError) {
        let needed = end + Int64(LogFormat.frameHeaderSize)
        if needed <= allocatedEnd { return }
        // Start from the file's real size: another process may have extended it.
        let size = try SystemFile.size(logFD, path: logPath)
        allocatedEnd = max(allocatedEnd, size)
        if needed <= allocatedEnd { return }
        let growth = min(max(allocatedEnd / 4, LogFormat.firstAllocation), LogFormat.largestAllocation)
        let target = max(needed, allocatedEnd + growth)
        do {
            try SystemFile.writeZeros(logFD, from: allocatedEnd, to: target, path: logPath)
            try SystemFile.sync(logFD, path: logPath)
        } catch {
            try? SystemFile.truncate(logFD, to: allocatedEnd, path: logPath)
            throw error
        }
        allocatedEnd = target
        // That fsync covered every frame written before it.
        readUnsynced = false
        writtenUnsynced = false
        statistics.logSyncs += 1
        statistics.logExtensions += 1
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
        guard let fd = try SystemFile.open(snapshotTempPath, flags: O_WRONLY | O_CREAT | O_TRUNC) else { return }
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

    private func hook(_ step: CompactionStep) throws(JournalError) {
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
