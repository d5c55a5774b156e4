import Foundation
import Journal

/// A counter whose records each carry the next value: a record that repeats or skips a value is
/// rejected, so replay proves that no commit was lost, duplicated or reordered.
struct CounterState: JournalState {
    enum Failure: Error {
        case badSnapshot
        case badRecord
        case outOfOrder(expected: UInt64, got: UInt64)
    }

    var count: UInt64 = 0

    init() {}

    init(snapshot: Data) throws {
        guard snapshot.count == 8 else { throw Failure.badSnapshot }
        count = Self.decode(snapshot)
    }

    mutating func apply(_ record: Data) throws {
        guard record.count >= 8 else { throw Failure.badRecord }
        let value = Self.decode(record)
        guard value == count + 1 else { throw Failure.outOfOrder(expected: count + 1, got: value) }
        count = value
    }

    func snapshot() throws -> Data {
        Self.encode(count, padding: 0)
    }

    static func encode(_ value: UInt64, padding: Int) -> Data {
        var data = withUnsafeBytes(of: value.littleEndian) { Data($0) }
        if padding > 0 { data.append(Data(repeating: UInt8(truncatingIfNeeded: value), count: padding)) }
        return data
    }

    static func decode(_ data: Data) -> UInt64 {
        data.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
    }
}
