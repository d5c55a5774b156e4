/// The frames of one group commit, built in one buffer: each record is encoded straight into it
/// (``JournalState/encode(_:into:)``) after its length prefix, and a frame's header is completed
/// (length, checksum) when the frame is closed. A commit whose records must not be written is
/// rolled back to the mark taken before it.
///
/// Frames are numbered on from the sequence number the builder starts after; a frame never holds
/// more than ``maximumPayload`` bytes of payload, so a batch bigger than that is split between
/// commits.
struct FrameBuilder {
    /// The frames so far; the last one is complete only after ``finish()``.
    private(set) var bytes: [UInt8]
    /// The frames begun (an empty one is dropped by ``finish()`` or a roll-back).
    private(set) var frameCount = 0
    /// The records in the frames.
    private(set) var recordCount = 0
    /// The most payload bytes a frame holds.
    let maximumPayload: Int
    private let lastSequence: UInt64
    /// Where the open frame's header starts, or `nil` when no frame is open.
    private var frameStart: Int?
    private var frameRecords = 0

    /// A position in the buffer to roll a commit back to.
    struct Mark {
        fileprivate var offset: Int
        fileprivate var frameCount: Int
        fileprivate var recordCount: Int
        fileprivate var frameStart: Int?
        fileprivate var frameRecords: Int
    }

    /// Starts an empty batch in the storage of `buffer` (taken, emptied, its capacity kept; `buffer`
    /// is left empty) after frame `lastSequence`. Taking the buffer leaves the builder its only
    /// reference, so that emptying it and appending to it happen in place.
    init(reusing buffer: inout [UInt8], after lastSequence: UInt64, maximumPayload: Int = LogFormat.maximumFramePayload)
    {
        bytes = []
        swap(&bytes, &buffer)
        bytes.removeAll(keepingCapacity: true)
        self.lastSequence = lastSequence
        self.maximumPayload = maximumPayload
    }

    var isEmpty: Bool { recordCount == 0 }

    var mark: Mark {
        Mark(
            offset: bytes.count, frameCount: frameCount, recordCount: recordCount, frameStart: frameStart,
            frameRecords: frameRecords)
    }

    /// The payload bytes appended since `mark`: a commit's records with their length prefixes.
    func payloadSize(since mark: Mark) -> Int {
        bytes.count - mark.offset - (mark.frameStart == nil && frameStart != nil ? LogFormat.frameHeaderSize : 0)
    }

    /// Forgets everything appended since `mark`.
    mutating func rollBack(to mark: Mark) {
        bytes.removeSubrange(mark.offset...)
        frameCount = mark.frameCount
        recordCount = mark.recordCount
        frameStart = mark.frameStart
        frameRecords = mark.frameRecords
    }

    /// Appends one record of `State`, opening a frame if none is open.
    mutating func append<State: JournalState>(_ record: State.Record, of state: State.Type) {
        if frameStart == nil { openFrame() }
        let prefix = bytes.count
        LogFormat.append(UInt32(0), to: &bytes)
        State.encode(record, into: &bytes)
        LogFormat.store(UInt32(bytes.count - prefix - 4), at: prefix, in: &bytes)
        frameRecords += 1
        recordCount += 1
    }

    /// Makes sure the commit appended since `mark` shares no frame whose payload would pass
    /// ``maximumPayload``: when it would, the frame is closed before the commit and
    /// the commit moves to a frame of its own. The commit itself must fit in one frame.
    mutating func keepFramesWithinLimit(since mark: Mark) {
        guard let start = frameStart, bytes.count - start - LogFormat.frameHeaderSize > maximumPayload,
            mark.offset > start + LogFormat.frameHeaderSize
        else { return }
        let commit = Array(bytes[mark.offset...])
        let commitRecords = frameRecords - mark.frameRecords
        bytes.removeSubrange(mark.offset...)
        frameRecords = mark.frameRecords
        closeFrame()
        openFrame()
        bytes.append(contentsOf: commit)
        frameRecords = commitRecords
    }

    /// Completes the open frame; the bytes are then ready to write.
    mutating func finish() {
        closeFrame()
    }

    private mutating func openFrame() {
        frameCount += 1
        frameStart = bytes.count
        frameRecords = 0
        LogFormat.append(UInt32(0), to: &bytes)  // payload length
        LogFormat.append(UInt32(0), to: &bytes)  // checksum
        LogFormat.append(lastSequence + UInt64(frameCount), to: &bytes)
    }

    private mutating func closeFrame() {
        guard let start = frameStart else { return }
        frameStart = nil
        if frameRecords == 0 {
            bytes.removeSubrange(start...)
            frameCount -= 1
            return
        }
        LogFormat.store(UInt32(bytes.count - start - LogFormat.frameHeaderSize), at: start, in: &bytes)
        let checksum = bytes.withUnsafeBytes { LogFormat.frameChecksum(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        LogFormat.store(checksum, at: start + 4, in: &bytes)
    }
}
