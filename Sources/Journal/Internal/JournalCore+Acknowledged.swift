import Glibc

extension JournalCore {
    /// Writes the log's end into the lock file as acknowledged (``AcknowledgedEnd``). Called right
    /// after an fdatasync that made the log durable up to ``endOffset`` (a synced commit's, or a
    /// compaction's new log), so the mark is never ahead of durable data. Once the lock file is
    /// mapped (at the first commit) this is a few memory writes: no system call. A journal whose
    /// lock file cannot be mapped (a full disk) keeps no mark, and a read-only one writes none.
    func recordAcknowledgedEnd() {
        guard let counter = mappedCounter ?? waitCounter() else { return }
        AcknowledgedEnd(generation: logGeneration, end: endOffset, sequence: lastSequence)
            .store(in: UnsafeMutableRawPointer(counter))
    }

    /// The acknowledged end the lock file holds now, or `nil` (no lock file, or no valid mark).
    func acknowledgedEnd() throws(JournalError) -> AcknowledgedEnd? {
        if let counter = mappedCounter {
            return AcknowledgedEnd.load(
                from: UnsafeRawBufferPointer(start: counter, count: AcknowledgedEnd.bytesBefore))
        }
        guard lockFD >= 0 else { return nil }
        let bytes = try SystemFile.readBytes(lockFD, count: AcknowledgedEnd.bytesBefore, at: 0, path: lockPath)
        return bytes.withUnsafeBytes { AcknowledgedEnd.load(from: $0) }
    }

    /// Fails when the state read so far (up to ``lastSequence``, whose frames end at `validEnd` in
    /// the log, `nil` when the log is not read) lacks records the lock file says were acknowledged
    /// as durable: they were cut off the log, damaged, or the files were replaced by older copies
    /// or removed. Called before anything is repaired, so nothing is changed.
    ///
    /// - Throws: ``JournalError/Code/recordsLost`` naming the log and `validEnd`.
    func checkNothingLost(validEnd: Int64?) throws(JournalError) {
        guard let mark = try acknowledgedEnd(), mark.sequence > lastSequence else { return }
        let place =
            mark.generation == logGeneration
            ? "up to byte \(mark.end) of this log"
            : "in log generation \(mark.generation), while the files hold generation \(logGeneration)"
        let found =
            validEnd == nil
            ? "the journal's files hold records up to \(lastSequence)"
            : "the log's records end here, after record \(lastSequence)"
        throw JournalError(
            .recordsLost, path: logPath, offset: validEnd,
            message: "\(found), but records up to \(mark.sequence) were acknowledged "
                + "as durable (\(place), as \(lockPath) keeps it): \(mark.sequence - lastSequence) acknowledged "
                + "record(s) were cut off, damaged or replaced by an older copy. Nothing was changed: restore the "
                + "log and its snapshot from a backup, or, to go on without those records, remove \(lockPath) while "
                + "no process uses the journal (the next open then takes what is damaged for a torn tail)")
    }
}
