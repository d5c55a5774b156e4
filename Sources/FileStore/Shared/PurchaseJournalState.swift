import Foundation
import Journal

/// The state of the journal a file store and a fulfillment ledger share (``PurchaseJournal``): the
/// store's state and the ledger's, each rebuilt from its own stream of records.
///
/// A record is one byte naming its stream (`1` store, `2` ledger) followed by a record of that
/// stream, exactly as the store's or the ledger's own journal would hold it.
struct PurchaseJournalState: JournalState {
    /// The snapshot format version this code writes and reads.
    static let snapshotVersion: UInt32 = 1

    /// The two record streams of the shared log.
    enum Stream: UInt8 {
        case store = 1
        case ledger = 2
    }

    /// A record of one of the two streams.
    enum Record: Sendable, Hashable {
        case store(StoreRecord)
        case ledger(LedgerRecord)

        /// One stream's records as records of the shared log, in order. Each is moved, not copied
        /// (a delivery holds several strings and collections, and a copy retains each of them).
        static func wrapping<StreamRecord>(
            _ records: consuming [StreamRecord], in wrap: (consuming StreamRecord) -> Record
        )
            -> [Record]
        {
            var wrapped: [Record] = []
            wrapped.reserveCapacity(records.count)
            // Taken from the end, each element is handed over rather than copied out of the array;
            // reversed first through the buffer, whose swaps move elements (the array's own copy them).
            records.withUnsafeMutableBufferPointer { $0.reverse() }
            while let record = records.popLast() { wrapped.append(wrap(record)) }
            return wrapped
        }

        /// The record with its dates as the log gives them back.
        var asRecorded: Record {
            switch self {
            case .store(let record): .store(record.asRecorded)
            case .ledger(let record): .ledger(record.asRecorded)
            }
        }
    }

    private(set) var store = FileStoreState()
    private(set) var ledger = LedgerState()

    init() {}

    /// About how many bytes of the shared log one purchase takes: the store's transaction and
    /// finish, the ledger's delivery and finished mark, and their frames (252 in the durability
    /// benchmark's journal of 250,000 purchases).
    static let logBytesPerPurchase = 240

    /// Makes room in both states for the purchases replaying `bytes` bytes of the log will add.
    mutating func reserveCapacity(forLogBytes bytes: Int) {
        let purchases = bytes / Self.logBytesPerPurchase
        store.reserveCapacity(forTransactions: purchases)
        ledger.reserveCapacity(forDeliveries: purchases)
    }

    /// The stream byte, then the stream's own encoding of the record.
    static func encode(_ record: Record) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(160)
        encode(record, into: &bytes)
        return Data(bytes)
    }

    /// Appends the stream byte and the stream's own encoding of the record to `bytes`.
    static func encode(_ record: Record, into bytes: inout [UInt8]) {
        let start = bytes.count
        ByteWriter.append(to: &bytes) { writer in
            switch record {
            case .store(let record):
                writer.u8(Stream.store.rawValue)
                record.encode(into: &writer)
            case .ledger(let record):
                writer.u8(Stream.ledger.rawValue)
                record.encode(into: &writer)
            }
        }
        assert(
            { () -> Bool in
                var copy = PurchaseJournalState()
                let decoded = bytes.withUnsafeBytes {
                    try? copy.decode(bytes: UnsafeRawBufferPointer(rebasing: $0[start...]))
                }
                return decoded == record.asRecorded
            }(), "a shared-journal record does not survive its encoding")
    }

    mutating func apply(_ record: Record) throws {
        switch record {
        case .store(let record): try store.apply(record)
        case .ledger(let record): try ledger.apply(record)
        }
    }

    mutating func apply(bytes record: UnsafeRawBufferPointer) throws {
        switch try decode(bytes: record) {
        case .store(let record): try store.applyRecorded(record)
        case .ledger(let record): try ledger.applyRecorded(record)
        }
    }

    /// Decodes one record of the shared log (with the states' string interners).
    mutating func decode(bytes record: UnsafeRawBufferPointer) throws -> Record {
        guard let tag = record.first else {
            throw RecordFormatError(description: "an empty record in the shared journal")
        }
        let body = UnsafeRawBufferPointer(rebasing: record.dropFirst())
        switch tag {
        case Stream.store.rawValue: return .store(try store.decode(bytes: body))
        case Stream.ledger.rawValue: return .ledger(try ledger.decode(bytes: body))
        default:
            throw RecordFormatError(description: "unknown shared-journal stream \(tag) (written by a newer version?)")
        }
    }

    init(snapshot: Data) throws {
        self.init()
        let (storeRange, ledgerRange) = try ByteReader.read(snapshot) { reader in
            let version = try reader.u32()
            guard version == Self.snapshotVersion else {
                throw RecordFormatError(description: "shared-journal snapshot version \(version) is not supported")
            }
            let storeRange = try reader.lengthPrefixedRange()
            let ledgerRange = try reader.lengthPrefixedRange()
            try reader.expectEnd("shared-journal snapshot")
            return (storeRange, ledgerRange)
        }
        // Slices share the snapshot's bytes instead of copying them.
        let base = snapshot.startIndex
        store = try FileStoreState(snapshot: snapshot[(base + storeRange.lowerBound)..<(base + storeRange.upperBound)])
        ledger = try LedgerState(
            snapshot: snapshot[(base + ledgerRange.lowerBound)..<(base + ledgerRange.upperBound)])
    }

    func snapshot() throws -> Data {
        let storeBytes = try store.snapshot()
        let ledgerBytes = try ledger.snapshot()
        var writer = ByteWriter(capacity: 20 + storeBytes.count + ledgerBytes.count)
        writer.u32(Self.snapshotVersion)
        writer.lengthPrefixed(storeBytes)
        writer.lengthPrefixed(ledgerBytes)
        return writer.data
    }
}
