import Foundation
import PurchaseCore

/// One record of the fulfillment ledger's journal. The first byte is the tag; the layout of each is
/// in README.md in this folder.
enum LedgerRecord: Sendable, Hashable {
    /// Tag 1: a delivery to the default account; tag 7: a delivery to another account (the tag-1
    /// fields, then the app account token).
    case delivery(Delivery)
    /// Tag 2: the provider finished a transaction.
    case finished(TransactionID)
    /// Tag 3: a delivered purchase was taken back.
    case revocation(TransactionID, Date)
    /// Tag 4: units the default account spent from a balance; tag 8: units another account spent
    /// (its app account token, then the tag-4 fields).
    case spend(String, Int, account: UUID? = nil)
    /// Tag 5: a delivered transaction now ends earlier (the store ended its period early).
    case expiration(TransactionID, Date)
    /// Tag 6: a delivered consumable was refunded, with the units taken back from each balance (what
    /// it credited is its delivery's; see `RevokedPayout`).
    case refund(TransactionID, Date, RefundedConsumables, debited: [String: Int])
    /// Tag 9: a store notification was applied (its identity, then when).
    case notification(String, Date)
    /// Tag 10: units an account spent with an identifier (see `IdempotentSpending`), with the
    /// balance the spend left.
    case identifiedSpend(SpendID, RecordedSpend, account: UUID?)

    var data: Data {
        var writer = ByteWriter(capacity: 128)
        encode(into: &writer)
        return writer.data
    }

    /// Appends the record's bytes (tag first) to `writer`.
    func encode(into writer: inout ByteWriter) {
        switch self {
        case .delivery(let delivery):
            writer.u8(delivery.appAccountToken == nil ? 1 : 7)
            Self.encode(delivery, into: &writer)
            if let token = delivery.appAccountToken { writer.uuid(token) }
        case .finished(let id):
            writer.u8(2)
            writer.string(id.store)
            writer.string(id.id)
        case .revocation(let id, let date):
            writer.u8(3)
            writer.string(id.store)
            writer.string(id.id)
            writer.date(date)
        case .spend(let name, let quantity, let account):
            if let account {
                writer.u8(8)
                writer.uuid(account)
            } else {
                writer.u8(4)
            }
            writer.string(name)
            writer.int(quantity)
        case .expiration(let id, let date):
            writer.u8(5)
            writer.string(id.store)
            writer.string(id.id)
            writer.date(date)
        case .refund(let id, let date, let treatment, let debited):
            writer.u8(6)
            writer.string(id.store)
            writer.string(id.id)
            writer.date(date)
            writer.u8(treatment.code)
            Self.encode(amounts: debited, into: &writer)
        case .notification(let id, let date):
            writer.u8(9)
            writer.string(id)
            writer.date(date)
        case .identifiedSpend(let id, let spend, let account):
            writer.u8(10)
            Self.encode(id, spend, account: account, into: &writer)
        }
    }

    /// A count `u32`, then (name string, amount i64) sorted by name.
    static func encode(amounts: [String: Int], into writer: inout ByteWriter) {
        writer.u32(UInt32(amounts.count))
        amounts.forEachInOrder(by: { $0.key < $1.key }) { name, amount in
            writer.string(name)
            writer.int(amount)
        }
    }

    static func decodeAmounts(from reader: inout ByteReader) throws -> [String: Int] {
        let count = Int(try reader.u32())
        guard count <= reader.remaining else { throw RecordFormatError(description: "bad amount count") }
        var amounts: [String: Int] = Dictionary(minimumCapacity: count)
        for _ in 0..<count {
            let name = try reader.string()
            amounts[name] = try reader.int()
        }
        return amounts
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
            let record: LedgerRecord
            switch tag {
            case 1: record = .delivery(try Self.decodeDelivery(from: &reader, interner: &interner))
            case 2: record = .finished(TransactionID(store: try reader.string(), id: try reader.string()))
            case 3:
                record = .revocation(
                    TransactionID(store: try reader.string(), id: try reader.string()), try reader.date())
            case 4: record = .spend(try reader.string(interning: &interner), try reader.int(), account: nil)
            case 5:
                record = .expiration(
                    TransactionID(store: try reader.string(), id: try reader.string()), try reader.date())
            case 6:
                record = .refund(
                    TransactionID(store: try reader.string(), id: try reader.string()), try reader.date(),
                    try RefundedConsumables(code: try reader.u8()), debited: try Self.decodeAmounts(from: &reader))
            case 7:
                var delivery = try Self.decodeDelivery(from: &reader, interner: &interner)
                delivery.appAccountToken = try reader.uuid()
                record = .delivery(delivery)
            case 8:
                let account = try reader.uuid()
                record = .spend(try reader.string(interning: &interner), try reader.int(), account: account)
            case 9: record = .notification(try reader.string(), try reader.date())
            case 10:
                let (id, spend, account) = try Self.decodeIdentifiedSpend(from: &reader, interner: &interner)
                record = .identifiedSpend(id, spend, account: account)
            default:
                throw RecordFormatError(description: "unknown ledger record tag \(tag) (written by a newer version?)")
            }
            try reader.expectEnd("ledger")
            return record
        }
    }

    static func encode(_ delivery: Delivery, into writer: inout ByteWriter) {
        writer.string(delivery.transactionID.store)
        writer.string(delivery.transactionID.id)
        writer.string(delivery.originalTransactionID.store)
        writer.string(delivery.originalTransactionID.id)
        writer.string(delivery.productID)
        writer.u8(delivery.productType.code)
        writer.int(delivery.quantity)
        writer.u32(UInt32(delivery.entitlements.count))
        for name in delivery.entitlements { writer.string(name) }
        writer.u32(UInt32(delivery.credits.count))
        delivery.credits.forEachInOrder(by: { $0.key < $1.key }) { name, amount in
            writer.string(name)
            writer.int(amount)
        }
        writer.optionalDate(delivery.expirationDate)
        writer.date(delivery.purchaseDate)
        writer.date(delivery.deliveredAt)
    }

    static func decodeDelivery(from reader: inout ByteReader, interner: inout StringInterner) throws -> Delivery {
        let transactionID = TransactionID(store: try reader.string(interning: &interner), id: try reader.string())
        let originalID = TransactionID(store: try reader.string(interning: &interner), id: try reader.string())
        let productID = try reader.string(interning: &interner)
        let type = try ProductType(code: try reader.u8())
        let quantity = try reader.int()
        let entitlementCount = Int(try reader.u32())
        guard entitlementCount <= reader.remaining else {
            throw RecordFormatError(description: "bad entitlement count")
        }
        var entitlements: [String] = []
        entitlements.reserveCapacity(entitlementCount)
        for _ in 0..<entitlementCount { entitlements.append(try reader.string(interning: &interner)) }
        let creditCount = Int(try reader.u32())
        guard creditCount <= reader.remaining else { throw RecordFormatError(description: "bad credit count") }
        var credits: [String: Int] = Dictionary(minimumCapacity: creditCount)
        for _ in 0..<creditCount {
            let name = try reader.string(interning: &interner)
            credits[name] = try reader.int()
        }
        return Delivery(
            transactionID: transactionID, originalTransactionID: originalID, productID: productID, productType: type,
            quantity: quantity, entitlements: entitlements, credits: credits, expirationDate: try reader.optionalDate(),
            purchaseDate: try reader.date(), deliveredAt: try reader.date())
    }
}

extension LedgerRecord {
    /// The record with its dates as the log gives them back (see `Date.asRecorded`).
    var asRecorded: LedgerRecord {
        switch self {
        case .delivery(var delivery):
            delivery.purchaseDate = delivery.purchaseDate.asRecorded
            delivery.deliveredAt = delivery.deliveredAt.asRecorded
            delivery.expirationDate = delivery.expirationDate?.asRecorded
            return .delivery(delivery)
        case .revocation(let id, let date):
            return .revocation(id, date.asRecorded)
        case .expiration(let id, let date):
            return .expiration(id, date.asRecorded)
        case .refund(let id, let date, let treatment, let debited):
            return .refund(id, date.asRecorded, treatment, debited: debited)
        case .notification(let id, let date):
            return .notification(id, date.asRecorded)
        case .finished, .spend, .identifiedSpend:
            return self
        }
    }
}

extension RefundedConsumables {
    /// The byte a ledger record stores: 0 debit, 1 keep.
    var code: UInt8 {
        switch self {
        case .debit: 0
        case .keep: 1
        }
    }

    init(code: UInt8) throws {
        switch code {
        case 0: self = .debit
        case 1: self = .keep
        default: throw RecordFormatError(description: "unknown refunded-consumables code \(code)")
        }
    }
}
