import Glibc

// Loading: the state is rebuilt from the snapshot and the log on open (and after another process
// compacted), a torn tail is cut, and records the lock file says were acknowledged are never lost
// silently.
extension JournalCore {
    /// Rebuilds the state from the snapshot (if any) and the log, repairing what may be repaired:
    /// a torn tail is cut, a log the snapshot already covers is replaced by an empty one. Records
    /// the lock file says were acknowledged and the files no longer hold fail it with
    /// ``JournalError/Code/recordsLost`` before anything is changed (see ``checkNothingLost(validEnd:)``).
    ///
    /// A read-only journal (``JournalOptions/readOnly``) repairs nothing: a missing folder or log is
    /// the empty state, a torn tail is left where it is (and read as if cut), and a log the snapshot
    /// covers is read as empty.
    func load() throws(JournalError) {
        loaded = false
        upToDate = false
        SystemFile.close(logFD)
        logFD = -1
        let readOnly = options.readOnly
        if readOnly && directoryFD < 0 {
            // The folder did not exist when the journal opened (or still does not).
            directoryFD = try SystemFile.open(directory, flags: O_RDONLY | O_DIRECTORY, missingIsNil: true) ?? -1
            if directoryFD < 0 {
                loadEmpty()
                return
            }
        }
        var fresh = State()
        var snapshotHeader: LogFormat.SnapshotHeader?
        snapshotIdentity = nil
        if let fd = try SystemFile.open(snapshotPath, flags: O_RDONLY, missingIsNil: true) {
            defer { SystemFile.close(fd) }
            let (header, payload) = try SnapshotFile.read(fd, path: snapshotPath)
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
        logGeneration = coveredGeneration + 1
        lastSequence = baseSequence

        var fd = try SystemFile.open(logPath, flags: readOnly ? O_RDONLY : O_RDWR, missingIsNil: true)
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
            // A lock file that kept a mark says records were acknowledged here.
            try checkNothingLost(validEnd: nil)
            if readOnly {
                loadEmpty()
                return
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
            try checkNothingLost(validEnd: nil)
            if readOnly {
                // Read as empty, and as a log that does not grow: the writer that replaces it
                // leaves it without a name, which makes the next catch-up reload.
                state = fresh
                preallocates = false
                endOffset = try SystemFile.size(logFD, path: logPath)
                allocatedEnd = endOffset
                loaded = true
                return
            }
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
        if logSize > endOffset { state.reserveCapacity(forLogBytes: try replayHint(logSize: logSize)) }
        let replayed = try readNewFrames(fileSize: logSize, checkingTail: true).records
        statistics.recordsReplayed += replayed
        try syncIfUnsynced()
        if !readOnly {
            // Leftovers of an interrupted compaction, removed once the open has succeeded (an open
            // that fails changes nothing); the lock makes sure nobody is writing them.
            unlink(logTempPath)
            unlink(snapshotTempPath)
        }
        loaded = true
    }

    /// The most bytes of log a state is told to make room for (256 MiB, about a million records of
    /// the stores'): a log the state needs more room for grows its tables as it replays.
    static var largestReplayHint: Int64 { 256 << 20 }

    /// What ``JournalState/reserveCapacity(forLogBytes:)`` is told replaying the log of `logSize`
    /// bytes brings: the bytes after its header up to the first hole (the zeros a sparse file
    /// claims hold no records and take no space), at most ``largestReplayHint``. A file's size
    /// alone never makes the state reserve memory.
    private func replayHint(logSize: Int64) throws(JournalError) -> Int {
        let data = try SystemFile.dataRegion(logFD, from: endOffset, to: logSize, path: logPath)
        let dataEnd = data.map { $0.lowerBound == endOffset ? $0.upperBound : endOffset } ?? endOffset
        return Int(min(dataEnd - endOffset, Self.largestReplayHint))
    }

    /// The state of a read-only journal where there is none yet: empty, with no log open (the
    /// next catch-up looks again).
    private func loadEmpty() {
        state = State()
        logGeneration = 1
        lastSequence = 0
        endOffset = Int64(LogFormat.logHeaderSize)
        preallocates = false
        allocatedEnd = 0
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
    func readNewFrames(fileSize knownSize: Int64? = nil, checkingTail: Bool = false) throws(JournalError)
        -> (records: Int, retired: Bool)
    {
        let fileSize: Int64
        if let knownSize { fileSize = knownSize } else { fileSize = try SystemFile.size(logFD, path: logPath) }
        allocatedEnd = fileSize
        guard fileSize > endOffset else {
            try checkNothingLost(validEnd: endOffset)
            return (0, false)
        }
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
        var tornTail: String?
        if let failure = outcome.failure {
            tornTail = try tornTailReason(after: failure, scanner: scanner, fileSize: fileSize)
        } else if checkingTail, outcome.reachedEndMarker || outcome.reachedRetirementMark {
            // Zeros follow the end (after a mark left by a compaction that did not happen).
            let zerosStart = endOffset + (outcome.reachedRetirementMark ? Int64(LogFormat.frameHeaderSize) : 0)
            if try SystemFile.firstNonZeroByte(logFD, from: zerosStart, to: fileSize, path: logPath) != nil {
                tornTail = try tornTailReason(after: .strayBytes, scanner: scanner, fileSize: fileSize)
            }
        }
        // Before any repair: what ends below the acknowledged end is no torn tail. A log retired by
        // another process's compaction (seen when catching up) is not the end of the journal: the
        // reload that follows checks the new one.
        if checkingTail || !outcome.reachedRetirementMark { try checkNothingLost(validEnd: endOffset) }
        if let tornTail { try cutTornTail(reason: tornTail, fileSize: fileSize) }
        if outcome.frames > 0 { readUnsynced = true }
        return (outcome.records, outcome.reachedRetirementMark)
    }

    /// Why the bytes after ``endOffset``, where scanning stopped with `failure`, are a torn tail.
    ///
    /// - Throws: ``JournalError/Code/corrupt`` when they are not: a frame that checks out but
    ///   cannot be right, or damage followed by a valid frame.
    func tornTailReason(after failure: LogScanner.Failure, scanner: LogScanner, fileSize: Int64)
        throws(JournalError) -> String
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
        case .oversized: reason = "a record longer than any the journal writes"
        }
        if let valid = try scanner.findValidFrame(after: endOffset, to: fileSize, lastSequence: lastSequence) {
            throw JournalError(
                .corrupt, path: logPath, offset: endOffset,
                message: "the record here is damaged (\(reason)) but a valid record follows at byte \(valid), so "
                    + "this is not a torn tail; nothing was changed: restore the file from a backup")
        }
        return reason
    }

    /// Cuts the torn tail after ``endOffset`` (and makes the cut durable) and reports it in
    /// ``recoveries``. A read-only journal leaves it: the next writer cuts it.
    func cutTornTail(reason: String, fileSize: Int64) throws(JournalError) {
        guard !options.readOnly else { return }
        try SystemFile.truncate(logFD, to: endOffset, path: logPath)
        try SystemFile.syncData(logFD, path: logPath)
        allocatedEnd = endOffset
        recoveries.append(
            JournalRecovery(path: logPath, offset: endOffset, bytesCut: fileSize - endOffset, reason: reason))
    }
}
