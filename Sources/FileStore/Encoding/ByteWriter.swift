import Foundation

/// Appends little-endian fixed-width values and length-prefixed strings to a byte buffer: the
/// encoding of every FileStore record (see README.md in this folder).
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 64) {
        bytes.reserveCapacity(capacity)
    }

    /// Lets `body` append to `bytes` through a writer, without copying them: the writer takes
    /// the buffer for the time of the call and gives it back.
    static func append(to bytes: inout [UInt8], _ body: (inout ByteWriter) -> Void) {
        var writer = ByteWriter(capacity: 0)
        swap(&writer.bytes, &bytes)
        body(&writer)
        swap(&writer.bytes, &bytes)
    }

    mutating func u8(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func u32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func u64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func i64(_ value: Int64) {
        u64(UInt64(bitPattern: value))
    }

    mutating func int(_ value: Int) {
        i64(Int64(value))
    }

    mutating func bool(_ value: Bool) {
        u8(value ? 1 : 0)
    }

    /// A date as the bit pattern of its seconds since 1970.
    mutating func date(_ value: Date) {
        u64(value.timeIntervalSince1970.bitPattern)
    }

    /// An optional date: NaN stands for `nil`.
    mutating func optionalDate(_ value: Date?) {
        u64((value?.timeIntervalSince1970 ?? .nan).bitPattern)
    }

    mutating func string(_ value: String) {
        // Native strings (all but bridged ones) give their UTF-8 without a copy.
        if let done = value.utf8.withContiguousStorageIfAvailable({ utf8 -> Bool in
            u32(UInt32(utf8.count))
            bytes.append(contentsOf: utf8)
            return true
        }), done {
            return
        }
        var value = value
        value.withUTF8 { utf8 in
            u32(UInt32(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// A `u64` byte count and the bytes.
    mutating func lengthPrefixed(_ value: Data) {
        u64(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    var data: Data { Data(bytes) }
}
