// Appending: a batch's frames are written into the zeros preallocated after the log's last frame,
// with one write and at most one fdatasync; the log grows by preallocating more zeros, and a log at
// rest is trimmed to its frames.
extension JournalCore {
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

    /// Whether some frame before ``endOffset`` may not be durable yet: one this journal wrote
    /// deferred, or one it read from another process (which may have been killed between its write
    /// and its fsync, or wrote it deferred).
    var hasUnsyncedFrames: Bool { readUnsynced || writtenUnsynced }

    /// Makes every frame up to ``endOffset`` durable: nothing may be acknowledged on top of a frame
    /// that only the page cache holds.
    /// A read-only journal does not (it acknowledges nothing).
    func syncIfUnsynced() throws(JournalError) {
        guard hasUnsyncedFrames, !options.readOnly else { return }
        try SystemFile.syncData(logFD, path: logPath)
        readUnsynced = false
        writtenUnsynced = false
        statistics.logSyncs += 1
    }

    /// Makes sure zeros reach at least a frame header past `end` (so the log's end is always an
    /// all-zero header), adding a quarter of the log's size (between `LogFormat.firstAllocation`
    /// and `LogFormat.largestAllocation`) and syncing the zeros and the new size before any frame goes there.
    func allocate(through end: Int64) throws(JournalError) {
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
}
