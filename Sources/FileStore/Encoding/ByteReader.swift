import Foundation

/// Why a record or snapshot could not be decoded.
struct RecordFormatError: Error, CustomStringConvertible {
    var description: String
}

/// Reads what ``ByteWriter`` wrote, checking bounds; every read past the end throws.
struct ByteReader: ~Copyable {
    private let buffer: UnsafeRawBufferPointer
    private(set) var offset = 0

    private init(_ buffer: UnsafeRawBufferPointer) {
        self.buffer = buffer
    }

    /// Runs `body` with a reader over `data`.
    static func read<R>(_ data: Data, _ body: (inout ByteReader) throws -> R) throws -> R {
        try data.withUnsafeBytes { raw in
            var reader = ByteReader(raw)
            return try body(&reader)
        }
    }

    /// Runs `body` with a reader over `bytes`.
    static func read<R>(bytes: UnsafeRawBufferPointer, _ body: (inout ByteReader) throws -> R) throws -> R {
        var reader = ByteReader(bytes)
        return try body(&reader)
    }

    var isAtEnd: Bool { offset == buffer.count }

    var remaining: Int { buffer.count - offset }

    private mutating func take(_ count: Int) throws -> Int {
        guard count >= 0, buffer.count - offset >= count else {
            throw RecordFormatError(description: "record ends early at byte \(offset) (wanted \(count) more)")
        }
        defer { offset += count }
        return offset
    }

    mutating func u8() throws -> UInt8 {
        buffer[try take(1)]
    }

    mutating func u32() throws -> UInt32 {
        UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: try take(4), as: UInt32.self))
    }

    mutating func u64() throws -> UInt64 {
        UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: try take(8), as: UInt64.self))
    }

    mutating func i64() throws -> Int64 {
        Int64(bitPattern: try u64())
    }

    mutating func int() throws -> Int {
        Int(try i64())
    }

    mutating func bool() throws -> Bool {
        try u8() != 0
    }

    mutating func date() throws -> Date {
        Date(timeIntervalSince1970: Double(bitPattern: try u64()))
    }

    mutating func optionalDate() throws -> Date? {
        let seconds = Double(bitPattern: try u64())
        return seconds.isNaN ? nil : Date(timeIntervalSince1970: seconds)
    }

    mutating func string() throws -> String {
        let count = Int(try u32())
        let start = try take(count)
        return String(decoding: UnsafeRawBufferPointer(rebasing: buffer[start..<start + count]), as: UTF8.self)
    }

    /// A string, reusing an equal one from `interner` (product and balance names repeat in every
    /// record; reusing them saves an allocation each).
    mutating func string(interning interner: inout StringInterner) throws -> String {
        let count = Int(try u32())
        let start = try take(count)
        return interner.string(for: UnsafeRawBufferPointer(rebasing: buffer[start..<start + count]))
    }

    /// A `u64` byte count, skipping that many bytes: their offsets in the buffer.
    mutating func lengthPrefixedRange() throws -> Range<Int> {
        let count = try u64()
        guard count <= UInt64(remaining) else {
            throw RecordFormatError(description: "a length of \(count) bytes runs past the end at byte \(offset)")
        }
        let start = try take(Int(count))
        return start..<start + Int(count)
    }

    /// Throws unless every byte was read.
    func expectEnd(_ what: String) throws {
        guard isAtEnd else {
            throw RecordFormatError(description: "\(remaining) unexpected bytes after a \(what) record")
        }
    }
}

/// Remembers a few recent strings so that decoding the same bytes again returns the stored string
/// without allocating. Strings of up to 15 bytes are stored inline by Swift and are never cached.
struct StringInterner {
    private var strings: [String] = []
    private var last = 0
    private static let capacity = 16

    mutating func string(for bytes: UnsafeRawBufferPointer) -> String {
        guard bytes.count > 15 else { return String(decoding: bytes, as: UTF8.self) }
        if !strings.isEmpty {
            for step in 0..<strings.count {
                let index = (last + step) % strings.count
                let equal =
                    strings[index].utf8.withContiguousStorageIfAvailable { utf8 in
                        utf8.count == bytes.count && memcmp(utf8.baseAddress!, bytes.baseAddress!, bytes.count) == 0
                    } ?? strings[index].utf8.elementsEqual(bytes)
                if equal {
                    last = index
                    return strings[index]
                }
            }
        }
        let string = String(decoding: bytes, as: UTF8.self)
        if strings.count < Self.capacity {
            strings.append(string)
            last = strings.count - 1
        } else {
            last = (last + 1) % Self.capacity
            strings[last] = string
        }
        return string
    }
}
