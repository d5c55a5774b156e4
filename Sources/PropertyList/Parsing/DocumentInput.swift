import Foundation

/// The bytes of one document, handed out a chunk at a time: slices of a buffer in memory, or reads
/// from an open input (a file, a device, a pipe) into one reused buffer.
///
/// Reading an input this way keeps only one chunk of it in memory at a time (libxml2's pull parser
/// keeps what it has not consumed yet), instead of the whole file next to the value tree being
/// built. The input's size limit holds while reading (``BoundedInput``): one that goes on past it is
/// refused.
struct DocumentInput {
    /// Bytes per chunk: bounds libxml2's own buffer whatever the document size.
    static let chunkSize = 256 * 1024

    private enum Origin {
        case memory(UnsafeRawBufferPointer)
        case input(BoundedInput)
    }

    private var origin: Origin
    private var offset = 0
    /// The buffer input chunks are read into, allocated on the first read.
    private var buffer: UnsafeMutableRawBufferPointer?
    /// Why reading stopped early, if it did.
    private(set) var failure: (kind: PropertyListError.Kind, reason: PropertyListError.Reason)?

    /// Hands out slices of `bytes`, which must stay valid while the input is used.
    init(bytes: UnsafeRawBufferPointer) {
        origin = .memory(bytes)
    }

    /// Reads `input` (which the caller closes) within its limit.
    init(_ input: BoundedInput) {
        origin = .input(input)
    }

    /// The next chunk, valid until the next call; `nil` at the end or after a failure. A chunk read
    /// from an input is full unless it is the last, so the first chunk holds the document's first
    /// bytes whenever the document has that many.
    mutating func next() -> UnsafeRawBufferPointer? {
        guard failure == nil else { return nil }
        switch origin {
        case .memory(let bytes):
            guard offset < bytes.count else { return nil }
            let length = min(Self.chunkSize, bytes.count - offset)
            defer { offset += length }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length])
        case .input(var input):
            let storage = buffer ?? .allocate(byteCount: Self.chunkSize, alignment: 16)
            buffer = storage
            let filled: Int
            do {
                filled = try input.read(into: storage)
            } catch {
                failure = (error.kind, error.reason)
                return nil
            }
            origin = .input(input)
            return filled == 0 ? nil : UnsafeRawBufferPointer(rebasing: storage[0..<filled])
        }
    }

    /// Frees the read buffer; the input must not be used afterwards.
    func release() {
        buffer?.deallocate()
    }
}
