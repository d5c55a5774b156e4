public import Foundation
public import PurchaseKit

/// The SQLite ledger records spends with an identifier in its `spends` table (schema version 4): the
/// identifier's row is looked up, the balance updated and the row inserted in one transaction holding
/// the write lock, so the units of an identifier are taken once across every connection and process,
/// and a spend that does not fit writes nothing.
extension SQLiteFulfillmentLedger: SpendIDListing {
    /// Takes `quantity` units from a balance of one account once for `spendID`; a replay answers the
    /// first spend's result and changes nothing.
    ///
    /// - Throws: `PurchaseError.Code.clientInvalid` for a quantity that is not positive;
    ///   `insufficientBalance` when the balance holds fewer units; `spendIDConflict` when `spendID`
    ///   names a spend of another balance or quantity; `ledgerIOFailed` when the database cannot be written.
    public func spend(_ balance: String, quantity: Int, account token: UUID?, spendID: SpendID) async throws
        -> SpendResult
    {
        guard quantity > 0 else {
            throw PurchaseError(.clientInvalid, detail: "spend quantity must be positive, got \(quantity)")
        }
        let now = clock.now.timeIntervalSinceReferenceDate
        let account = SQLiteLedgerSchema.account(token)
        return try await write("the ledger cannot record a spend") { session in
            var recorded: RecordedSpend?
            try session.query(
                "SELECT balance, quantity, balance_after FROM spends WHERE account = ?1 AND spend_id = ?2",
                [.text(account), .text(spendID.rawValue)]
            ) { row in
                recorded = RecordedSpend(
                    balance: row.text(0), quantity: Int(row.integer(1)), balanceAfter: Int(row.integer(2)))
            }
            if let recorded { return try recorded.replay(balance, quantity: quantity, spendID: spendID) }
            let taken = try session.execute(
                "UPDATE balances SET spent = spent + ?1 WHERE account = ?3 AND name = ?2 AND credited - spent >= ?1",
                [.int(quantity), .text(balance), .text(account)])
            let left = try SQLiteLedgerRows.balance(balance, account: account, session).available
            guard taken == 1 else {
                throw PurchaseError(.insufficientBalance, detail: "\(balance): have \(left), need \(quantity)")
            }
            try session.execute(
                """
                INSERT INTO spends (balance, quantity, spent_at, account, spend_id, balance_after)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                """,
                [.text(balance), .int(quantity), .real(now), .text(account), .text(spendID.rawValue), .int(left)])
            return SpendResult(balance: left, replayed: false)
        }
    }

    /// Every spend recorded with an identifier.
    public func recordedSpends() async throws -> [IdentifiedSpend] {
        try await read("the ledger cannot read its spend identifiers", ifEmpty: []) { session in
            var spends: [IdentifiedSpend] = []
            try session.query(
                "SELECT account, spend_id, balance, quantity, balance_after FROM spends WHERE spend_id IS NOT NULL"
            ) { row in
                guard let id = try? SpendID(row.text(1)) else { return }
                spends.append(
                    IdentifiedSpend(
                        account: SQLiteLedgerSchema.token(row.text(0)), spendID: id,
                        spend: RecordedSpend(
                            balance: row.text(2), quantity: Int(row.integer(3)), balanceAfter: Int(row.integer(4)))))
            }
            return spends
        }
    }
}
