public import Foundation
public import PurchaseCore

// MARK: - One account's holdings

extension PostgresFulfillmentLedger {
    /// What one account holds, for its entitlements and balances, in one statement (one snapshot):
    /// the account's deliveries that grant something (the holdings index) and its revoked ones (the
    /// revocations' account index), their revocations and expirations, and its balances' rows, whose
    /// credited units give the rest (`LedgerContents.holdings(credited:)`). The cost follows what
    /// the account holds, not how many consumables it bought.
    ///
    /// Reads of several accounts at once share statements: a caller running batches reads every
    /// account queued then (up to 32) in one statement.
    public func holdings(for account: UUID?) async throws -> LedgerContents {
        guard hasTables else { return LedgerContents().view(for: account) }
        return try await batched(account, in: holdingsBatches, "the ledger cannot read an account's holdings") {
            batch, session in
            guard batch.count > 1 else {
                for pending in batch { pending.finish(Result { try Self.readHoldings(of: pending.input, session) }) }
                return
            }
            do {
                let read = try Self.readHoldings(of: batch.map(\.input), session)
                for pending in batch {
                    guard let holdings = read[PostgresLedgerRows.account(pending.input)] else {
                        pending.finish(.failure(PostgresLedgerRows.malformed("an account's holdings missing")))
                        continue
                    }
                    pending.finish(.success(holdings))
                }
            } catch {
                for pending in batch { pending.finish(.failure(error)) }
            }
        }
    }

    /// The most accounts one statement reads.
    static let maximumHoldingsBatch = 32

    /// Each row is tagged by its first column: `d` a held delivery (its
    /// ``PostgresLedgerRows/deliveryColumns`` from the third column, the second its `sequence`), `r` a
    /// revocation, `e` an expiration, `b` a balance (name, credited, spent).
    private static let accountHoldings = """
        WITH held AS (
            SELECT * FROM purchasekit_deliveries d
            WHERE d.account = $1 AND \(PostgresLedgerSchema.holdingCondition)
            UNION
            SELECT d.* FROM purchasekit_revocations r JOIN purchasekit_deliveries d ON d.sequence = r.delivery
            WHERE r.account = $1
        )
        SELECT 'd', sequence, store, transaction_id, original_store, original_transaction_id, product_id,
            product_type, quantity::text, entitlements, credits, expiration_date::text, purchase_date::text,
            delivered_at::text, account
        FROM held
        UNION ALL
        SELECT 'r', d.sequence, d.store, d.transaction_id, r.revoked_at::text, r.treatment, r.debited, d.credits,
            NULL, NULL, NULL, NULL, NULL, NULL, NULL
        FROM purchasekit_revocations r JOIN held d ON d.sequence = r.delivery
        UNION ALL
        SELECT 'e', d.sequence, d.store, d.transaction_id, e.expires_at::text,
            NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
        FROM purchasekit_expirations e JOIN held d ON d.sequence = e.delivery
        UNION ALL
        SELECT 'b', 0, name, credited::text, spent::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
        FROM purchasekit_balances WHERE account = $1
        ORDER BY 1, 2
        """

    private static func readHoldings(of token: UUID?, _ session: PostgresSession) throws -> LedgerContents {
        try holdings(from: try session.execute(accountHoldings, [PostgresLedgerRows.account(token)]).rows, of: token)
    }

    /// The rows of ``accountHoldings`` for every account of the array `$1` at once, each row led by
    /// its account (`account` column), in the order of account, tag and sequence; each table is read
    /// through its account index, as for one account. One account alone keeps ``accountHoldings``:
    /// its equality is about 200 µs a read cheaper than `= ANY` of one element (a single client's
    /// `GET /v1/accounts/{token}/entitlements` in the server benchmark).
    private static let accountsHoldings = """
        WITH held AS (
            SELECT * FROM purchasekit_deliveries d
            WHERE d.account = ANY($1::text[]) AND \(PostgresLedgerSchema.holdingCondition)
            UNION
            SELECT d.* FROM purchasekit_revocations r JOIN purchasekit_deliveries d ON d.sequence = r.delivery
            WHERE r.account = ANY($1::text[])
        )
        SELECT account, 'd', sequence, store, transaction_id, original_store, original_transaction_id, product_id,
            product_type, quantity::text, entitlements, credits, expiration_date::text, purchase_date::text,
            delivered_at::text, account
        FROM held
        UNION ALL
        SELECT d.account, 'r', d.sequence, d.store, d.transaction_id, r.revoked_at::text, r.treatment, r.debited,
            d.credits, NULL, NULL, NULL, NULL, NULL, NULL, NULL
        FROM purchasekit_revocations r JOIN held d ON d.sequence = r.delivery
        UNION ALL
        SELECT d.account, 'e', d.sequence, d.store, d.transaction_id, e.expires_at::text,
            NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
        FROM purchasekit_expirations e JOIN held d ON d.sequence = e.delivery
        UNION ALL
        SELECT account, 'b', 0, name, credited::text, spent::text,
            NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
        FROM purchasekit_balances WHERE account = ANY($1::text[])
        ORDER BY 1, 2, 3
        """

    /// What each account of `tokens` holds, by its `account` column's value
    /// (`PostgresLedgerRows.account(_:)`), from one statement (one snapshot).
    static func readHoldings(of tokens: [UUID?], _ session: PostgresSession) throws -> [String: LedgerContents] {
        let accounts = tokens.map(PostgresLedgerRows.account)
        let found = try session.execute(accountsHoldings, [PostgresLedgerRows.textArray(accounts)])
        var rows: [String: [[String?]]] = [:]
        for row in found.rows {
            guard let account = row.first ?? nil else { throw PostgresLedgerRows.malformed("account holdings") }
            rows[account, default: []].append(Array(row.dropFirst()))
        }
        var holdings: [String: LedgerContents] = [:]
        for (account, token) in zip(accounts, tokens) where holdings[account] == nil {
            holdings[account] = try Self.holdings(from: rows[account] ?? [], of: token)
        }
        return holdings
    }

    /// The holdings of the account of `token` from its rows of ``accountHoldings``.
    private static func holdings(from rows: [[String?]], of token: UUID?) throws -> LedgerContents {
        var parts = LedgerContents()
        var credited: [String: Int] = [:]
        for row in rows {
            switch row.first ?? nil {
            case "d":
                parts.deliveries.append(try PostgresLedgerRows.delivery(row, offset: 2))
            case "r":
                let id = try PostgresLedgerRows.transactionID(row, 2)
                parts.revocations[id] = try PostgresLedgerRows.date(row[4])
                guard let treatment = row[5].flatMap(RefundedConsumables.init(rawValue:)) else { continue }
                parts.revokedPayouts[id] = RevokedPayout(
                    treatment: treatment, credited: try PostgresLedgerRows.decode([String: Int].self, row[7]),
                    debited: try PostgresLedgerRows.decode([String: Int].self, row[6]))
            case "e":
                parts.expirations[try PostgresLedgerRows.transactionID(row, 2)] = try PostgresLedgerRows.date(row[4])
            case "b":
                guard let name = row[2], let units = row[3].flatMap({ Int($0) }),
                    let spent = row[4].flatMap({ Int($0) })
                else { throw PostgresLedgerRows.malformed("balance") }
                credited[name] = units
                if spent > 0 { parts.spent[name] = spent }
            default:
                throw PostgresLedgerRows.malformed("account holdings")
            }
        }
        return LedgerContents(view: parts, of: token).holdings(credited: credited)
    }
}
