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

    private(set) var store = FileStoreState()
    private(set) var ledger = LedgerState()

    init() {}

    /// A record of `stream` as the shared log holds it.
    static func record(_ stream: Stream, _ data: Data) -> Data {
        var bytes = Data(capacity: data.count + 1)
        bytes.append(stream.rawValue)
        bytes.append(data)
        return bytes
    }

    mutating func apply(_ record: Data) throws {
        try record.withUnsafeBytes { bytes in try apply(bytes: bytes) }
    }

    mutating func apply(bytes record: UnsafeRawBufferPointer) throws {
        guard let tag = record.first else {
            throw RecordFormatError(description: "an empty record in the shared journal")
        }
        let body = UnsafeRawBufferPointer(rebasing: record.dropFirst())
        switch tag {
        case Stream.store.rawValue: try store.apply(bytes: body)
        case Stream.ledger.rawValue: try ledger.apply(bytes: body)
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
