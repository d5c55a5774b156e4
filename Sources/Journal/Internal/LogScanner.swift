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
        /// The frame's length is more than any frame holds (``LogFormat/maximumFramePayload``).
        case oversized
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
        // The offset of the frame larger than a chunk whose checksum was checked in the file.
        var checkedFrame: Int64 = -1

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
            if needed - headerSize > LogFormat.maximumFramePayload {
                outcome.failure = .oversized
                return outcome
            }
            if available < needed {
                // A frame larger than a chunk is checked where it lies before memory is taken for it.
                if needed > chunkSize, checkedFrame != frameOffset {
                    guard try frameChecks(at: frameOffset, payloadLength: needed - headerSize) else {
                        outcome.failure = .checksumMismatch
                        return outcome
                    }
                    checkedFrame = frameOffset
                }
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

    /// Whether the frame with `length` bytes of payload at `offset` checks out, its checksum computed
    /// from the file ``SystemFile/pieceSize`` bytes at a time rather than from memory.
    func frameChecks(at offset: Int64, payloadLength length: Int) throws(JournalError) -> Bool {
        let headerSize = LogFormat.frameHeaderSize
        let header = try SystemFile.readBytes(fd, count: headerSize, at: offset, path: path)
        guard header.count == headerSize else { return false }
        let (seed, expected) = header.withUnsafeBytes { raw in
            (LogFormat.crc32(UnsafeRawBufferPointer(rebasing: raw[0..<4])), LogFormat.loadUInt32(raw, at: 4))
        }
        do {
            let checksum = try SystemFile.checksum(
                fd, from: offset + 8, to: offset + Int64(headerSize + length), seed: seed, path: path)
            return checksum == expected
        } catch {
            // The file ends before the frame does.
            if error.code == .corrupt { return false }
            throw error
        }
    }

    /// The offset of the first frame after `offset` that checks out and is numbered after
    /// `lastSequence`, if any: proof that the damage at `offset` is not a torn tail.
    ///
    /// The candidates are read ``SystemFile/pieceSize`` bytes at a time, and the holes of a sparse
    /// file are skipped (a frame's sequence number is never zero, so no frame header lies in a hole
    /// whole): what it reads follows the data the file holds, and what it keeps is a piece, whatever
    /// the file's size. A candidate frame that runs past the piece is checked where it lies
    /// (``frameChecks(at:payloadLength:)``).
    func findValidFrame(after offset: Int64, to fileSize: Int64, lastSequence: UInt64) throws(JournalError) -> Int64? {
        let headerSize = LogFormat.frameHeaderSize
        var candidate = offset + 1
        guard fileSize - candidate >= Int64(headerSize) else { return nil }
        // A frame of the damaged region is at least a header long, so at most this many follow.
        let maximumSequence = lastSequence &+ 1 &+ UInt64((fileSize - candidate) / Int64(headerSize))
        let lastCandidate = fileSize - Int64(headerSize)
        let piece = SystemFile.pieceSize
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: piece + headerSize - 1, alignment: 16)
        defer { buffer.deallocate() }
        while candidate <= lastCandidate {
            guard let data = try SystemFile.dataRegion(fd, from: candidate, to: fileSize, path: path) else {
                return nil
            }
            // The candidates whose sequence number (bytes 8-15) reaches into this stretch of data.
            let first = max(candidate, data.lowerBound - Int64(headerSize - 1))
            let stop = min(first + Int64(piece), data.upperBound, lastCandidate + 1)
            let readEnd = min(stop + Int64(headerSize - 1), fileSize)
            let count = try SystemFile.read(
                fd, into: buffer.baseAddress!, count: Int(readEnd - first), at: first, path: path)
            let raw = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
            var index = 0
            while first + Int64(index) < stop, index + headerSize <= count {
                defer { index += 1 }
                let sequence = LogFormat.loadUInt64(raw, at: index + 8)
                guard sequence > lastSequence, sequence <= maximumSequence else { continue }
                let length = Int(LogFormat.loadUInt32(raw, at: index))
                let at = first + Int64(index)
                guard length <= LogFormat.maximumFramePayload, Int64(length) <= fileSize - at - Int64(headerSize)
                else { continue }
                let checks: Bool
                if index + headerSize + length <= count {
                    let frame = UnsafeRawBufferPointer(rebasing: raw[index..<(index + headerSize + length)])
                    checks = LogFormat.loadUInt32(frame, at: 4) == LogFormat.frameChecksum(frame)
                } else {
                    checks = try frameChecks(at: at, payloadLength: length)
                }
                if checks { return at }
            }
            candidate = stop
        }
        return nil
    }
}
