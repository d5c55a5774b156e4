// Catching up: before each batch, the state takes in what other processes committed since this
// journal last looked, reading only the new frames, or reloading after another process compacted.
extension JournalCore {
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
}
