import CLibXML2
import Foundation

/// Feeds libxml2's pull parser through its read callback: hands out the chunks of a
/// ``DocumentInput`` (the first one given), turning lone CRs into LFs when asked.
struct ChunkFeed {
    private let input: UnsafeMutablePointer<DocumentInput>
    private let normalizesLineBreaks: Bool
    private var lineBreaks = LineBreakNormalizer()
    private var current: UnsafeRawBufferPointer
    private var offset = 0
    private var finished = false
    /// Where a chunk with normalized line breaks is kept while it is handed out.
    private var normalized: UnsafeMutableRawBufferPointer?

    init(input: UnsafeMutablePointer<DocumentInput>, first: UnsafeRawBufferPointer, normalizesLineBreaks: Bool) {
        self.input = input
        self.normalizesLineBreaks = normalizesLineBreaks
        current = first
        if normalizesLineBreaks, lineBreaks.isNeeded(for: first) { current = normalize(first) }
    }

    private mutating func normalize(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        let storage = normalized ?? .allocate(byteCount: DocumentInput.chunkSize + 1, alignment: 16)
        normalized = storage
        var count = 0
        lineBreaks.normalize(bytes) { piece in
            storage.baseAddress!.copyMemory(from: piece.baseAddress!, byteCount: piece.count)
            count = piece.count
        }
        return UnsafeRawBufferPointer(rebasing: storage[0..<count])
    }

    /// Copies up to `count` bytes into `buffer`; 0 at the end, -1 when reading failed.
    mutating func read(into buffer: UnsafeMutablePointer<CChar>, count: Int) -> Int32 {
        while offset == current.count {
            guard !finished else { return 0 }
            offset = 0
            if let next = input.pointee.next() {
                current = normalizesLineBreaks && lineBreaks.isNeeded(for: next) ? normalize(next) : next
            } else {
                if input.pointee.failure != nil { return -1 }
                finished = true
                current = UnsafeRawBufferPointer(start: nil, count: 0)
                lineBreaks.finish { piece in
                    let storage = normalized ?? .allocate(byteCount: DocumentInput.chunkSize + 1, alignment: 16)
                    normalized = storage
                    storage.baseAddress!.copyMemory(from: piece.baseAddress!, byteCount: piece.count)
                    current = UnsafeRawBufferPointer(rebasing: storage[0..<piece.count])
                }
            }
        }
        let length = min(count, current.count - offset)
        UnsafeMutableRawPointer(buffer).copyMemory(from: current.baseAddress! + offset, byteCount: length)
        offset += length
        return Int32(length)
    }

    /// Frees the normalization buffer.
    func release() {
        normalized?.deallocate()
    }
}
