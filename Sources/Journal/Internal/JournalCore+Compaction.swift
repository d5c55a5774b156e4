import Foundation
import Glibc

// Compaction: the state is written as the new snapshot and the log restarts as an empty, preallocated
// generation, in an order that loses no committed record and applies none twice at whatever point
// a crash stops it (see Compaction in the FileFormat article).
extension JournalCore {
    /// Whether the log has grown past ``JournalOptions/compactionThreshold``.
    var needsCompaction: Bool {
        guard let threshold = options.compactionThreshold else { return false }
        return endOffset > threshold
    }

    /// Counts a compaction that failed (an automatic one reports nothing else).
    func countCompactionFailure() {
        statistics.compactionFailures += 1
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

    /// Writes an empty, preallocated log of `generation` to a temporary file and renames it over the log.
    func createLog(generation: UInt64, baseSequence: UInt64, hooked: Bool) throws(JournalError) {
        let fd = try SystemFile.create(logTempPath, flags: O_RDWR)
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

    /// Calls the test hook of `step` (``JournalOptions/compactionStepHook``), if any.
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
