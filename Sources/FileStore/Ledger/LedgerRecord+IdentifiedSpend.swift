import Foundation
import PurchaseCore

/// The fields of a spend with an identifier (record tag 10, and each entry of the snapshot's spend
/// identifiers section): a `u8` 1 and the app account token, or 0 for the default account; the spend
/// identifier string; the balance name string; the quantity `i64`; the balance the spend left `i64`.
extension LedgerRecord {
    static func encode(_ id: SpendID, _ spend: RecordedSpend, account: UUID?, into writer: inout ByteWriter) {
        writer.bool(account != nil)
        if let account { writer.uuid(account) }
        writer.string(id.rawValue)
        writer.string(spend.balance)
        writer.int(spend.quantity)
        writer.int(spend.balanceAfter)
    }

    static func decodeIdentifiedSpend(
        from reader: inout ByteReader, interner: inout StringInterner
    ) throws -> (SpendID, RecordedSpend, account: UUID?) {
        let account = try reader.bool() ? try reader.uuid() : nil
        guard let id = try? SpendID(try reader.string()) else {
            throw RecordFormatError(
                description: "a spend identifier that is empty, too long or holds control characters")
        }
        let balance = try reader.string(interning: &interner)
        let quantity = try reader.int()
        guard quantity > 0 else { throw RecordFormatError(description: "a spend of \(quantity) units") }
        let spend = RecordedSpend(balance: balance, quantity: quantity, balanceAfter: try reader.int())
        return (id, spend, account)
    }
}
