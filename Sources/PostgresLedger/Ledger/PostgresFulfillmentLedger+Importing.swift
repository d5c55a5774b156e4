public import PurchaseCore

// MARK: - Importing another ledger

extension PostgresFulfillmentLedger {
    /// Writes what `export` holds that the ledger lacks, in one transaction (all or nothing), as
    /// `LedgerImporting` requires: deliveries in the export's order through the same unique keys as
    /// ``recordDelivery(_:)``, revocations with the payouts the export recorded, expirations only
    /// earlier, finish marks and notifications once, and each account's spent units raised to the
    /// export's, spend identifiers once. Importing the same export again changes nothing.
    public func importLedger(_ export: LedgerExport) async throws -> LedgerImportSummary {
        try await write("the ledger cannot import another ledger's contents") { session in
            try Self.importContents(export, session)
        }
    }

    private static func importContents(_ export: LedgerExport, _ session: PostgresSession) throws -> LedgerImportSummary
    {
        let contents = export.contents
        var summary = LedgerImportSummary()
        for delivery in contents.deliveries {
            if try insert(delivery, session) { summary.deliveries += 1 }
        }
        for (id, date) in contents.revocations.sorted(by: { $0.key < $1.key }) {
            guard let delivery = try lockUnrevoked(id, session) else { continue }
            try revoke(delivery, at: PostgresLedgerRows.text(date), payout: contents.revokedPayouts[id], session)
            summary.revocations += 1
        }
        for (id, date) in contents.expirations.sorted(by: { $0.key < $1.key }) {
            let changed = try session.execute(expire, [id.store, id.id, PostgresLedgerRows.text(date)])
            summary.expirations += changed.rows.count
        }
        for id in contents.finished.sorted() {
            let inserted = try session.execute(
                """
                INSERT INTO purchasekit_finished (store, transaction_id) VALUES ($1, $2)
                ON CONFLICT DO NOTHING RETURNING store
                """, [id.store, id.id])
            summary.finished += inserted.rows.count
        }
        var spends = contents.spent.map { (account: String(), name: $0.key, units: $0.value) }
        for (token, spent) in contents.spentByAccount {
            spends += spent.map { (account: PostgresLedgerRows.account(token), name: $0.key, units: $0.value) }
        }
        for spend in spends.sorted(by: { ($0.account, $0.name) < ($1.account, $1.name) }) where spend.units > 0 {
            let raised = try session.execute(
                """
                INSERT INTO purchasekit_balances (account, name, credited, spent) VALUES ($1, $2, 0, $3)
                ON CONFLICT (account, name) DO UPDATE SET spent = excluded.spent
                WHERE purchasekit_balances.spent < excluded.spent
                RETURNING name
                """, [spend.account, spend.name, String(spend.units)])
            summary.spends += raised.rows.count
        }
        for (id, date) in export.notifications.sorted(by: { $0.key < $1.key }) where !id.isEmpty {
            let inserted = try session.execute(
                """
                INSERT INTO purchasekit_notifications (id, recorded_at) VALUES ($1, $2)
                ON CONFLICT DO NOTHING RETURNING id
                """, [id, PostgresLedgerRows.text(date)])
            summary.notifications += inserted.rows.count
        }
        summary.spendIDs = try importSpendIDs(export.spendIDs, session)
        return summary
    }
}
