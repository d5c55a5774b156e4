import Foundation
import Journal

/// A test state: the list of every record's text, in commit order. A record `reject` is refused.
struct ListState: JournalState, Equatable {
    struct Rejected: Error {}

    var entries: [String] = []

    init() {}

    init(snapshot: Data) throws {
        entries = try JSONDecoder().decode([String].self, from: snapshot)
    }

    mutating func apply(_ record: Data) throws {
        let text = String(decoding: record, as: UTF8.self)
        if text == "reject" { throw Rejected() }
        entries.append(text)
    }

    func snapshot() throws -> Data {
        try JSONEncoder().encode(entries)
    }
}

/// A counter whose records carry the next value; a repeated or skipped value is refused
/// (the same state the `journal-torture` children use).
struct CounterState: JournalState {
    struct OutOfOrder: Error {}

    var count: UInt64 = 0

    init() {}

    init(snapshot: Data) throws {
        count = snapshot.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
    }

    mutating func apply(_ record: Data) throws {
        let value = record.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
        guard value == count + 1 else { throw OutOfOrder() }
        count = value
    }

    func snapshot() throws -> Data {
        withUnsafeBytes(of: count.littleEndian) { Data($0) }
    }
}

extension Journal where State == ListState {
    /// Commits one record per string and returns the number of entries after them.
    @discardableResult
    func append(_ texts: String...) async throws -> Int {
        try await perform { state in
            (records: texts.map { Data($0.utf8) }, result: state.entries.count + texts.count)
        }
    }
}

/// A state that accepts every record, to write what a stricter state would refuse.
struct AnyRecordState: JournalState {
    var count = 0
    init() {}
    init(snapshot: Data) throws {}
    mutating func apply(_ record: Data) throws { count += 1 }
    func snapshot() throws -> Data { Data() }
}

/// A state that remembers the replay hint the journal gave it (``JournalState/reserveCapacity(forLogBytes:)``)
/// and how many records it had applied by then, and takes the room the hint asks for, a byte per
/// byte of log, as the stores' states take room in proportion to it.
struct HintedState: JournalState {
    var count = 0
    var hints: [(bytes: Int, appliedBefore: Int)] = []
    private var room: [UInt8] = []
    init() {}
    init(snapshot: Data) throws {
        count = snapshot.withUnsafeBytes { Int(Int64(littleEndian: $0.loadUnaligned(as: Int64.self))) }
    }
    mutating func apply(_ record: Data) throws { count += 1 }
    mutating func reserveCapacity(forLogBytes bytes: Int) {
        hints.append((bytes, count))
        room.reserveCapacity(bytes)
    }
    func snapshot() throws -> Data { withUnsafeBytes(of: Int64(count).littleEndian) { Data($0) } }
}
