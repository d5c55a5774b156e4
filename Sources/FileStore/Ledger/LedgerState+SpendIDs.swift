import Foundation
import PurchaseCore

/// The spends made with an identifier (record tag 10, the snapshot's section of version 6): each takes
/// its units as a spend does and keeps what its replays answer.
extension LedgerState {
    /// The spend `id` names in `account`, or `nil`.
    func recordedSpend(_ id: SpendID, account: UUID?) -> RecordedSpend? {
        spendIDs[account]?[id]
    }

    /// Applies a tag-10 record: the spend, and its identifier's record. A second record of an
    /// identifier (the ledger never writes one) changes nothing, so an identifier takes units once.
    mutating func applyIdentifiedSpend(_ id: SpendID, _ spend: RecordedSpend, account: UUID?) throws {
        guard spendIDs[account]?[id] == nil else { return }
        try applyRecorded(.spend(spend.balance, spend.quantity, account: account))
        spendIDs[account, default: [:]][id] = spend
    }

    /// Reads the snapshot's spend identifiers section (count `u64`, each as the tag-10 fields); their
    /// units are in the snapshot's spent balances already.
    mutating func readSpendIDs(from reader: inout ByteReader) throws {
        let count = Int(try reader.u64())
        guard count <= reader.remaining else { throw RecordFormatError(description: "bad spend identifier count") }
        var interner = StringInterner()
        for _ in 0..<count {
            let (id, spend, account) = try LedgerRecord.decodeIdentifiedSpend(from: &reader, interner: &interner)
            guard spendIDs[account]?[id] == nil else {
                throw RecordFormatError(description: "spend identifier '\(id)' twice in the snapshot")
            }
            spendIDs[account, default: [:]][id] = spend
        }
    }

    /// Writes the spend identifiers section: the default account's first, then by app account token,
    /// each account's by identifier.
    func writeSpendIDs(into writer: inout ByteWriter) {
        writer.u64(UInt64(spendIDs.reduce(0) { $0 + $1.value.count }))
        let accounts = spendIDs.sorted { ($0.key?.uuidString ?? "") < ($1.key?.uuidString ?? "") }
        for (account, spends) in accounts {
            for (id, spend) in spends.sorted(by: { $0.key < $1.key }) {
                LedgerRecord.encode(id, spend, account: account, into: &writer)
            }
        }
    }
}
