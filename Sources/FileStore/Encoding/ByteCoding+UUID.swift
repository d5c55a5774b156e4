import Foundation

// A UUID in a record: its 16 bytes, in the order of its textual form.

extension ByteWriter {
    /// The 16 bytes of `value`.
    mutating func uuid(_ value: UUID) {
        withUnsafeBytes(of: value.uuid) { raw in
            for byte in raw { u8(byte) }
        }
    }
}

extension ByteReader {
    /// 16 bytes as a UUID.
    mutating func uuid() throws -> UUID {
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        try withUnsafeMutableBytes(of: &value) { raw in
            for index in raw.indices { raw[index] = try u8() }
        }
        return UUID(uuid: value)
    }
}
