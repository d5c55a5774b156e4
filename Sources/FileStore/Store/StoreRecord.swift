import Foundation
import PurchaseCore

/// One record of the file store's journal. The first byte is the tag; the layout of each is in
/// README.md in this folder.
enum StoreRecord: Sendable, Hashable {
    /// Tag 1: a new transaction (a purchase, a deferred purchase or a renewal); tag 8: one that
    /// carries an app account token (the tag-1 fields, then the token).
    case transaction(StoredTransaction)
    /// Tag 2: the store finished the transaction.
    case finish(id: UInt64)
    /// Tag 6: the store was told the transaction was revoked.
    case acknowledgeRevocation(id: UInt64)
    /// Tag 3: the purchase was refunded or revoked.
    case revoke(id: UInt64, date: Date, reason: RevocationReason)
    /// Tag 4: auto-renew turned on or off for the chain starting at `originalID`.
    case setAutoRenew(originalID: UInt64, on: Bool)
    /// Tag 5: a deferred purchase was approved (then charged at `date`, until `expiration`) or declined.
    case resolve(id: UInt64, approved: Bool, date: Date, expiration: Date?)
    /// Tag 7: a subscription period ends at `date`, before its expiration, because another
    /// subscription of its group replaced it (an upgrade or crossgrade); the transaction is handed
    /// back again so that the ledger records the earlier end.
    case endEarly(id: UInt64, date: Date)

    var data: Data {
        var writer = ByteWriter()
        encode(into: &writer)
        return writer.data
    }

    /// Appends the record's bytes (tag first) to `writer`.
    func encode(into writer: inout ByteWriter) {
        switch self {
        case .transaction(let transaction):
            writer.u8(transaction.appAccountToken == nil ? 1 : 8)
            transaction.encode(into: &writer)
            if let token = transaction.appAccountToken { writer.uuid(token) }
        case .finish(let id):
            writer.u8(2)
            writer.u64(id)
        case .revoke(let id, let date, let reason):
            writer.u8(3)
            writer.u64(id)
            writer.date(date)
            writer.u8(reason.code)
        case .setAutoRenew(let originalID, let on):
            writer.u8(4)
            writer.u64(originalID)
            writer.bool(on)
        case .acknowledgeRevocation(let id):
            writer.u8(6)
            writer.u64(id)
        case .resolve(let id, let approved, let date, let expiration):
            writer.u8(5)
            writer.u64(id)
            writer.bool(approved)
            writer.date(date)
            writer.optionalDate(expiration)
        case .endEarly(let id, let date):
            writer.u8(7)
            writer.u64(id)
            writer.date(date)
        }
    }

    init(_ data: Data) throws {
        var interner = StringInterner()
        try self.init(data, interner: &interner)
    }

    init(_ data: Data, interner: inout StringInterner) throws {
        self = try data.withUnsafeBytes { bytes in try Self(bytes: bytes, interner: &interner) }
    }

    /// Decodes a record straight from a buffer (the journal's, while opening).
    init(bytes: UnsafeRawBufferPointer, interner: inout StringInterner) throws {
        self = try ByteReader.read(bytes: bytes) { reader in
            let tag = try reader.u8()
            let record: StoreRecord
            switch tag {
            case 1: record = .transaction(try StoredTransaction.decode(from: &reader, interner: &interner))
            case 2: record = .finish(id: try reader.u64())
            case 3:
                record = .revoke(
                    id: try reader.u64(), date: try reader.date(), reason: try RevocationReason(code: try reader.u8()))
            case 4: record = .setAutoRenew(originalID: try reader.u64(), on: try reader.bool())
            case 5:
                record = .resolve(
                    id: try reader.u64(), approved: try reader.bool(), date: try reader.date(),
                    expiration: try reader.optionalDate())
            case 6: record = .acknowledgeRevocation(id: try reader.u64())
            case 7: record = .endEarly(id: try reader.u64(), date: try reader.date())
            case 8:
                var transaction = try StoredTransaction.decode(from: &reader, interner: &interner)
                transaction.appAccountToken = try reader.uuid()
                record = .transaction(transaction)
            default:
                throw RecordFormatError(
                    description: "unknown file-store record tag \(tag) (written by a newer version?)")
            }
            try reader.expectEnd("file-store")
            return record
        }
    }
}

extension StoreRecord {
    /// The record with its dates as the log gives them back (see `Date.asRecorded`).
    var asRecorded: StoreRecord {
        switch self {
        case .transaction(var transaction):
            transaction.purchaseDate = transaction.purchaseDate.asRecorded
            transaction.originalPurchaseDate = transaction.originalPurchaseDate.asRecorded
            transaction.expirationDate = transaction.expirationDate?.asRecorded
            transaction.revocationDate = transaction.revocationDate?.asRecorded
            return .transaction(transaction)
        case .revoke(let id, let date, let reason):
            return .revoke(id: id, date: date.asRecorded, reason: reason)
        case .resolve(let id, let approved, let date, let expiration):
            return .resolve(id: id, approved: approved, date: date.asRecorded, expiration: expiration?.asRecorded)
        case .endEarly(let id, let date):
            return .endEarly(id: id, date: date.asRecorded)
        case .finish, .acknowledgeRevocation, .setAutoRenew:
            return self
        }
    }
}
