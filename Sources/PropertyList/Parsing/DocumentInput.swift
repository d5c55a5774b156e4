import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of one document, handed out a chunk at a time: slices of a buffer in memory, or reads
/// from an open file into one reused buffer.
///
/// Reading a file this way keeps only one chunk of it in memory at a time (libxml2's push parser
/// keeps what it has not consumed yet), instead of the whole file next to the value tree being
/// built. The file's size limit still holds while reading: a file that grows past it is refused.
struct DocumentInput {
    /// Bytes per chunk: bounds libxml2's own buffer whatever the document size.
    static let chunkSize = 256 * 1024

    private enum Origin {
        case memory(UnsafeRawBufferPointer)
        case file(descriptor: Int32, limit: Int)
    }

    private let origin: Origin
    private var offset = 0
    /// The buffer file chunks are read into, allocated on the first read.
    private var buffer: UnsafeMutableRawBufferPointer?
    /// Why reading stopped early, if it did.
    private(set) var failure: (kind: PropertyListError.Kind, reason: PropertyListError.Reason)?

    /// Hands out slices of `bytes`, which must stay valid while the input is used.
    init(bytes: UnsafeRawBufferPointer) {
        origin = .memory(bytes)
    }

    /// Reads the open file `descriptor` (which the caller closes) and fails once more than `limit`
    /// bytes come.
    init(descriptor: Int32, limit: Int) {
        origin = .file(descriptor: descriptor, limit: limit)
    }

    /// The next chunk, valid until the next call; `nil` at the end or after a failure. A file chunk
    /// is full unless it is the last, so the first chunk holds the document's first bytes whenever
    /// the document has that many.
    mutating func next() -> UnsafeRawBufferPointer? {
        guard failure == nil else { return nil }
        switch origin {
        case .memory(let bytes):
            guard offset < bytes.count else { return nil }
            let length = min(Self.chunkSize, bytes.count - offset)
            defer { offset += length }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length])
        case .file(let descriptor, let limit):
            let storage = buffer ?? .allocate(byteCount: Self.chunkSize, alignment: 16)
            buffer = storage
            var filled = 0
            while filled < storage.count {
                let count = read(descriptor, storage.baseAddress! + filled, storage.count - filled)
                if count == 0 { break }
                if count < 0 {
                    if errno == EINTR { continue }
                    let number = errno
                    failure = (.io, .readFailed(errorNumber: number, description: String(cString: strerror(number))))
                    return nil
                }
                filled += count
            }
            offset += filled
            if offset > limit {
                failure = (.refused, .fileGrewPastLimit(limit: limit))
                return nil
            }
            return filled == 0 ? nil : UnsafeRawBufferPointer(rebasing: storage[0..<filled])
        }
    }

    /// Frees the read buffer; the input must not be used afterwards.
    func release() {
        buffer?.deallocate()
    }
}
