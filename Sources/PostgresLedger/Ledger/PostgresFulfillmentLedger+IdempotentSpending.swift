public import Foundation
public import PurchaseCore

/// The PostgreSQL ledger records spends with an identifier in `purchasekit_spends`, keyed by the
/// account and the identifier, in the very statement that takes the units from `purchasekit_balances`:
/// the `UPDATE` takes them only where the balance holds them and the `INSERT` of the identifier's row
/// goes with it, so both are written or neither. When two servers race with one identifier, the
/// second statement either finds the balance row changed and the units gone (it then reads the first
/// one's row, committed before its `UPDATE` went on), or fails on the primary key and so takes
/// nothing; either way it answers the replay. Exactly one statement, on any connection of any server,
/// takes the units of an identifier.
extension PostgresFulfillmentLedger: SpendIDListing {
    /// What the statement found.
    private enum Attempt: Sendable {
        case taken(Int)
        case recorded(RecordedSpend)
        case insufficient(available: Int)
    }

    /// Takes `quantity` units from a balance of one account once for `spendID` (atomically, across
    /// connections and servers); a replay answers the first spend's result and changes nothing.
    ///
    /// - Throws: `PurchaseError.Code.clientInvalid` for a quantity that is not positive;
    ///   `insufficientBalance` when the balance holds fewer units (nothing written);
    ///   `spendIDConflict` when `spendID` names a spend of another balance or quantity;
    ///   `ledgerIOFailed` when the database cannot be written.
    public func spend(_ balance: String, quantity: Int, account token: UUID?, spendID: SpendID) async throws
        -> SpendResult
    {
        guard quantity > 0 else {
            throw PurchaseError(.clientInvalid, detail: "spend quantity must be positive, got \(quantity)")
        }
        let account = PostgresLedgerRows.account(token)
        let parameters = [account, spendID.rawValue, balance, String(quantity)]
        let attempt = try await write("the ledger cannot record a spend", transaction: false) { session in
            try Self.spend(parameters, session)
        }
        switch attempt {
        case .taken(let left):
            return SpendResult(balance: left, replayed: false)
        case .recorded(let recorded):
            return try recorded.replay(balance, quantity: quantity, spendID: spendID)
        case .insufficient(let available):
            throw PurchaseError(.insufficientBalance, detail: "\(balance): have \(available), need \(quantity)")
        }
    }

    /// Every spend recorded with an identifier.
    public func recordedSpends() async throws -> [IdentifiedSpend] {
        try await read("the ledger cannot read its spend identifiers", ifEmpty: []) { session in
            let found = try session.execute(
                "SELECT account, spend_id, name, quantity, balance_after FROM purchasekit_spends")
            return try found.rows.map { row throws(PostgresLedgerError) in
                guard let account = row[0], let text = row[1], let id = try? SpendID(text), let name = row[2],
                    let quantity = row[3].flatMap({ Int($0) }), let left = row[4].flatMap({ Int($0) })
                else { throw PostgresLedgerRows.malformed("spend") }
                return IdentifiedSpend(
                    account: try PostgresLedgerRows.token(account), spendID: id,
                    spend: RecordedSpend(balance: name, quantity: quantity, balanceAfter: left))
            }
        }
    }

    /// Records the spends of `export` with an identifier that the ledger lacks, taking no units (an
    /// import's spent balances carry them); how many it recorded.
    static func importSpendIDs(_ spends: [IdentifiedSpend], _ session: PostgresSession) throws -> Int {
        var recorded = 0
        let rows = spends.map { (PostgresLedgerRows.account($0.account), $0) }
        for (account, spend) in rows.sorted(by: { ($0.0, $0.1.spendID) < ($1.0, $1.1.spendID) }) {
            let inserted = try session.execute(
                """
                INSERT INTO purchasekit_spends (account, spend_id, name, quantity, balance_after)
                VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING spend_id
                """,
                [
                    account, spend.spendID.rawValue, spend.spend.balance, String(spend.spend.quantity),
                    String(spend.spend.balanceAfter),
                ])
            recorded += inserted.rows.count
        }
        return recorded
    }

    /// Runs ``takeAndRecord`` with `parameters` (account, identifier, balance name, quantity); when it
    /// took nothing, reads the identifier's row, and without one the balance.
    private static func spend(_ parameters: [String], _ session: PostgresSession) throws -> Attempt {
        do {
            if let left = try session.execute(takeAndRecord, parameters).first.flatMap({ Int($0) }) {
                return .taken(left)
            }
        } catch {
            // The identifier's row exists: the statement took nothing.
            guard error.sqlState == "23505" else { throw error }
        }
        let found = try session.execute(
            "SELECT name, quantity, balance_after FROM purchasekit_spends WHERE account = $1 AND spend_id = $2",
            [parameters[0], parameters[1]])
        if let row = found.rows.first {
            guard let name = row[0], let quantity = row[1].flatMap({ Int($0) }), let left = row[2].flatMap({ Int($0) })
            else { throw PostgresLedgerRows.malformed("spend") }
            return .recorded(RecordedSpend(balance: name, quantity: quantity, balanceAfter: left))
        }
        let available = try session.execute(
            "SELECT credited - spent FROM purchasekit_balances WHERE account = $1 AND name = $2",
            [parameters[0], parameters[2]])
        return .insufficient(available: available.first.flatMap { Int($0) } ?? 0)
    }

    /// Takes `$4` units of balance `$3` of account `$1` where the balance holds them, and records the
    /// identifier `$2` with the balance left, in one statement; answers the balance left, or no row when
    /// the balance does not hold them. A row of the identifier fails the statement (23505), which then
    /// takes nothing.
    private static let takeAndRecord = """
        WITH taken AS (
            UPDATE purchasekit_balances SET spent = spent + $4
            WHERE account = $1 AND name = $3 AND credited - spent >= $4
            RETURNING credited - spent AS balance_after
        )
        INSERT INTO purchasekit_spends (account, spend_id, name, quantity, balance_after)
        SELECT $1, $2, $3, $4, balance_after FROM taken
        RETURNING balance_after
        """
}
