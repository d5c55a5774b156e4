/// Reads the frames of a log file in growing chunks and hands every record of every valid frame to
/// a callback, stopping at the end of the log (the end of the file, or an all-zero frame header in
/// a preallocated log) or at the first frame that is incomplete or does not check out.
struct LogScanner {
    enum Failure: Equatable {
        /// The frame runs past the end of the file.
        case incomplete
        /// The frame's checksum does not match.
        case checksumMismatch
        /// The frame checks out but cannot be right (wrong sequence number, bad inner lengths):
        /// never a torn write.
        case invalid(String)
        /// Bytes other than zeros after the end of a preallocated log (found by the open's check).
        case strayBytes
    }

    struct Outcome {
        /// The end of the last valid frame.
        var validEnd: Int64
        var lastSequence: UInt64
        var frames = 0
        var records = 0
        /// Why scanning stopped before the end of the file, at ``validEnd``.
        var failure: Failure?
        /// Set when scanning stopped at an all-zero frame header (the end of a preallocated log).
        var reachedEndMarker = false
        /// Set when scanning stopped at a compaction's retirement mark.
        var reachedRetirementMark = false
    }

    let fd: Int32
    let path: String
    /// The first read's size: a catch-up usually finds a frame or two.
    var firstChunkSize = 64 << 10
    /// The largest read, reached by doubling while the frames go on.
    var chunkSize = 4 << 20

    /// Scans `[start, fileSize)`, expecting frames numbered from `lastSequence + 1`; `onRecord`
    /// gets each record with its frame's sequence number and file offset.
    func scan(
        from start: Int64, to fileSize: Int64, lastSequence: UInt64,
        onRecord: (UnsafeRawBufferPointer, _ sequence: UInt64, _ frameOffset: Int64) throws(JournalError) -> Void
    ) throws(JournalError) -> Outcome {
        var outcome = Outcome(validEnd: start, lastSequence: lastSequence)
        guard start < fileSize else { return outcome }
        var capacity = Int(min(Int64(firstChunkSize), fileSize - start))
        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(capacity, 64), alignment: 16)
        capacity = buffer.count
        defer { buffer.deallocate() }
        var bufferOffset = start  // file offset of buffer[0]
        var filled = 0
        var position = 0
        let headerSize = LogFormat.frameHeaderSize

        while true {
            let available = filled - position
            let frameOffset = bufferOffset + Int64(position)
            var needed = headerSize
            if available >= headerSize {
                if LogFormat.isEndOfLog(UnsafeRawBufferPointer(buffer), at: position) {
                    outcome.reachedEndMarker = true
                    return outcome
                }
                if LogFormat.isRetirementMark(UnsafeRawBufferPointer(buffer), at: position) {
                    outcome.reachedRetirementMark = true
                    return outcome
                }
                let length = Int(LogFormat.loadUInt32(UnsafeRawBufferPointer(buffer), at: position))
                needed = headerSize + length
            }
            if Int64(needed) > fileSize - frameOffset {
                if frameOffset < fileSize { outcome.failure = .incomplete }
                return outcome
            }
            if available < needed {
                // Move the partial frame to the front, grow if it cannot fit, and read more.
                if position > 0 {
                    if available > 0 {
                        buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + position, byteCount: available)
                    }
                    bufferOffset += Int64(position)
                    filled = available
                    position = 0
                }
                let remaining = fileSize - bufferOffset
                let grown = min(Int64(max(needed, min(capacity * 2, chunkSize))), remaining)
                if grown > Int64(capacity) {
                    let size = Int(grown)
                    let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
                    if filled > 0 { bigger.baseAddress!.copyMemory(from: buffer.baseAddress!, byteCount: filled) }
                    buffer.deallocate()
                    buffer = bigger
                    capacity = size
                }
                let want = Int(min(Int64(capacity - filled), fileSize - (bufferOffset + Int64(filled))))
                let got = try SystemFile.read(
                    fd, into: buffer.baseAddress! + filled, count: want, at: bufferOffset + Int64(filled), path: path)
                if got == 0 {
                    outcome.failure = .incomplete
                    return outcome
                }
                filled += got
                continue
            }
            let frame = UnsafeRawBufferPointer(rebasing: buffer[position..<(position + needed)])
            guard LogFormat.loadUInt32(frame, at: 4) == LogFormat.frameChecksum(frame) else {
                outcome.failure = .checksumMismatch
                return outcome
            }
            let sequence = LogFormat.loadUInt64(frame, at: 8)
            guard sequence == outcome.lastSequence &+ 1 else {
                outcome.failure = .invalid(
                    "record \(sequence) is out of order (expected \(outcome.lastSequence &+ 1))")
                return outcome
            }
            let payload = UnsafeRawBufferPointer(rebasing: frame[headerSize...])
            guard let count = Self.countRecords(payload) else {
                outcome.failure = .invalid("record \(sequence) checks out but its inner lengths do not add up")
                return outcome
            }
            var cursor = 0
            while cursor < payload.count {
                let length = Int(LogFormat.loadUInt32(payload, at: cursor))
                try onRecord(
                    UnsafeRawBufferPointer(rebasing: payload[(cursor + 4)..<(cursor + 4 + length)]), sequence,
                    frameOffset)
                cursor += 4 + length
            }
            outcome.records += count
            outcome.frames += 1
            outcome.lastSequence = sequence
            position += needed
            outcome.validEnd = bufferOffset + Int64(position)
        }
    }

    /// The number of records in a frame payload, or `nil` when the lengths overrun it.
    static func countRecords(_ payload: UnsafeRawBufferPointer) -> Int? {
        var cursor = 0
        var count = 0
        while cursor < payload.count {
            guard payload.count - cursor >= 4 else { return nil }
            let length = Int(LogFormat.loadUInt32(payload, at: cursor))
            guard length <= payload.count - cursor - 4 else { return nil }
            cursor += 4 + length
            count += 1
        }
        return count
    }

    /// The offset of the first frame after `offset` that checks out and is numbered after
    /// `lastSequence`, if any: proof that the damage at `offset` is not a torn tail.
    func findValidFrame(after offset: Int64, to fileSize: Int64, lastSequence: UInt64) throws(JournalError) -> Int64? {
        let start = offset + 1
        guard fileSize - start >= Int64(LogFormat.frameHeaderSize) else { return nil }
        let bytes = try SystemFile.readBytes(fd, count: Int(fileSize - start), at: start, path: path)
        let headerSize = LogFormat.frameHeaderSize
        // A frame of the damaged region is at least a header long, so at most this many follow.
        let maximumSequence = lastSequence &+ 1 &+ UInt64(bytes.count / headerSize)
        return bytes.withUnsafeBytes { raw -> Int64? in
            var candidate = 0
            while candidate + headerSize <= raw.count {
                defer { candidate += 1 }
                let sequence = LogFormat.loadUInt64(raw, at: candidate + 8)
                guard sequence > lastSequence, sequence <= maximumSequence else { continue }
                let length = Int(LogFormat.loadUInt32(raw, at: candidate))
                guard length <= raw.count - candidate - headerSize else { continue }
                let frame = UnsafeRawBufferPointer(rebasing: raw[candidate..<(candidate + headerSize + length)])
                if LogFormat.loadUInt32(frame, at: 4) == LogFormat.frameChecksum(frame) {
                    return start + Int64(candidate)
                }
            }
            return nil
        }
    }
}
