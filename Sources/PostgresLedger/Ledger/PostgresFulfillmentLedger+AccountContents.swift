public import Foundation
public import PurchaseCore

// MARK: - One account's contents

extension PostgresFulfillmentLedger {
    /// One account's part of the ledger, read from that account's rows alone (the deliveries'
    /// `account` index) in one statement, so in one snapshot: equal to `contents().view(for:)`
    /// without reading the other accounts' deliveries.
    public func contents(for account: UUID?) async throws -> LedgerContents {
        try await read("the ledger cannot read an account's contents", ifEmpty: LedgerContents().view(for: account)) {
            session in
            try Self.readContents(of: account, session)
        }
    }

    /// Each row is tagged by its first column: `d` a delivery (its ``PostgresLedgerRows/deliveryColumns``
    /// from the third column, the second its `sequence`), `r` a revocation, `e` an expiration, `f` a
    /// finished mark (the transaction from the third column), `s` a spend (the balance's name and units).
    private static let accountContents = """
        SELECT 'd', sequence, store, transaction_id, original_store, original_transaction_id, product_id,
            product_type, quantity::text, entitlements, credits, expiration_date::text, purchase_date::text,
            delivered_at::text, account
        FROM purchasekit_deliveries WHERE account = $1
        UNION ALL
        SELECT 'r', d.sequence, d.store, d.transaction_id, r.revoked_at::text, r.treatment, r.debited, d.credits,
            NULL, NULL, NULL, NULL, NULL, NULL, NULL
        FROM purchasekit_revocations r JOIN purchasekit_deliveries d ON d.sequence = r.delivery
        WHERE d.account = $1
        UNION ALL
        SELECT 'e', d.sequence, d.store, d.transaction_id, e.expires_at::text,
            NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
        FROM purchasekit_expirations e JOIN purchasekit_deliveries d ON d.sequence = e.delivery
        WHERE d.account = $1
        UNION ALL
        SELECT 'f', 0, f.store, f.transaction_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
        FROM purchasekit_finished f
        WHERE NOT EXISTS (
            SELECT 1 FROM purchasekit_deliveries d
            WHERE d.store = f.store AND d.transaction_id = f.transaction_id AND d.account <> $1)
        UNION ALL
        SELECT 's', 0, name, spent::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
        FROM purchasekit_balances WHERE account = $1 AND spent > 0
        ORDER BY 1, 2
        """

    private static func readContents(of token: UUID?, _ session: PostgresSession) throws -> LedgerContents {
        let found = try session.execute(accountContents, [PostgresLedgerRows.account(token)])
        var contents = LedgerContents()
        for row in found.rows {
            switch row.first ?? nil {
            case "d":
                contents.deliveries.append(try PostgresLedgerRows.delivery(row, offset: 2))
            case "r":
                let id = try PostgresLedgerRows.transactionID(row, 2)
                contents.revocations[id] = try PostgresLedgerRows.date(row[4])
                guard let treatment = row[5].flatMap(RefundedConsumables.init(rawValue:)) else { continue }
                contents.revokedPayouts[id] = RevokedPayout(
                    treatment: treatment, credited: try PostgresLedgerRows.decode([String: Int].self, row[7]),
                    debited: try PostgresLedgerRows.decode([String: Int].self, row[6]))
            case "e":
                contents.expirations[try PostgresLedgerRows.transactionID(row, 2)] = try PostgresLedgerRows.date(row[4])
            case "f":
                contents.finished.insert(try PostgresLedgerRows.transactionID(row, 2))
            case "s":
                guard let name = row[2], let units = row[3].flatMap({ Int($0) }) else {
                    throw PostgresLedgerRows.malformed("balance")
                }
                contents.spent[name] = units
            default:
                throw PostgresLedgerRows.malformed("account contents")
            }
        }
        return LedgerContents(view: contents, of: token)
    }
}
