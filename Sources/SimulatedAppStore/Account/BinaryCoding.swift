import Foundation

/// Appends the simulated account's records in a compact binary form: unsigned LEB128 varints,
/// doubles as 8 little-endian bytes, strings as a varint length and UTF-8.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 64) {
        bytes.reserveCapacity(capacity)
    }

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// A signed value, zig-zag encoded so small negatives stay small.
    mutating func signed(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func double(_ value: Double) {
        var bits = value.bitPattern.littleEndian
        withUnsafeBytes(of: &bits) { bytes.append(contentsOf: $0) }
    }

    /// `0` for `nil`, else `1` and the value.
    mutating func optionalDouble(_ value: Double?) {
        if let value {
            byte(1)
            double(value)
        } else {
            byte(0)
        }
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            varint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func optionalString(_ value: String?) {
        if let value {
            byte(1)
            string(value)
        } else {
            byte(0)
        }
    }

    var data: Data { Data(bytes) }
}

/// Why a record of the simulated account could not be read.
struct AccountDecodingError: Error, CustomStringConvertible {
    var description: String
}

/// Reads what ``BinaryWriter`` wrote, refusing truncated or oversized input instead of trapping.
struct BinaryReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ data: Data) {
        bytes = [UInt8](data)
    }

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func byte() throws -> UInt8 {
        guard offset < bytes.count else { throw AccountDecodingError(description: "record ends early") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func varint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64 else { throw AccountDecodingError(description: "varint too long") }
            result |= UInt64(next & 0x7f) << shift
            if next & 0x80 == 0 { return result }
            shift += 7
        }
    }

    mutating func signed() throws -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    mutating func int() throws -> Int {
        let value = try signed()
        guard let result = Int(exactly: value) else { throw AccountDecodingError(description: "integer out of range") }
        return result
    }

    mutating func double() throws -> Double {
        guard bytes.count - offset >= 8 else { throw AccountDecodingError(description: "record ends early") }
        var bits: UInt64 = 0
        for index in 0..<8 {
            bits |= UInt64(bytes[offset + index]) << (8 * UInt64(index))
        }
        offset += 8
        return Double(bitPattern: bits)
    }

    mutating func optionalDouble() throws -> Double? {
        try byte() == 0 ? nil : try double()
    }

    mutating func string() throws -> String {
        let count = try varint()
        guard count <= UInt64(bytes.count - offset) else {
            throw AccountDecodingError(description: "string longer than its record")
        }
        let end = offset + Int(count)
        defer { offset = end }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    mutating func optionalString() throws -> String? {
        try byte() == 0 ? nil : try string()
    }
}
