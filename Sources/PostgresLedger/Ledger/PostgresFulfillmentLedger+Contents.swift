public import PurchaseCore

// MARK: - Contents

extension PostgresFulfillmentLedger {
    /// Everything the ledger holds, read in one snapshot (`REPEATABLE READ`): every commit made
    /// before it began, by any server.
    public func contents() async throws -> LedgerContents {
        try await read("the ledger cannot read its contents", ifEmpty: LedgerContents()) { session in
            try session.transaction("ISOLATION LEVEL REPEATABLE READ READ ONLY") { session in
                try Self.readContents(session)
            }
        }
    }

    private static func readContents(_ session: PostgresSession) throws -> LedgerContents {
        var contents = LedgerContents()
        let deliveries = try session.execute(
            "SELECT \(PostgresLedgerRows.deliveryColumns) FROM purchasekit_deliveries ORDER BY sequence")
        contents.deliveries.reserveCapacity(deliveries.rows.count)
        for row in deliveries.rows { contents.deliveries.append(try PostgresLedgerRows.delivery(row)) }
        let revocations = try session.execute(
            """
            SELECT d.store, d.transaction_id, r.revoked_at, r.treatment, r.debited, d.credits
            FROM purchasekit_revocations r JOIN purchasekit_deliveries d ON d.sequence = r.delivery
            """)
        for row in revocations.rows {
            let id = try PostgresLedgerRows.transactionID(row)
            contents.revocations[id] = try PostgresLedgerRows.date(row[2])
            guard let treatment = row[3].flatMap(RefundedConsumables.init(rawValue:)) else { continue }
            contents.revokedPayouts[id] = RevokedPayout(
                treatment: treatment, credited: try PostgresLedgerRows.decode([String: Int].self, row[5]),
                debited: try PostgresLedgerRows.decode([String: Int].self, row[4]))
        }
        let expirations = try session.execute(
            """
            SELECT d.store, d.transaction_id, e.expires_at
            FROM purchasekit_expirations e JOIN purchasekit_deliveries d ON d.sequence = e.delivery
            """)
        for row in expirations.rows {
            contents.expirations[try PostgresLedgerRows.transactionID(row)] = try PostgresLedgerRows.date(row[2])
        }
        let finished = try session.execute("SELECT store, transaction_id FROM purchasekit_finished")
        for row in finished.rows { contents.finished.insert(try PostgresLedgerRows.transactionID(row)) }
        let spent = try session.execute("SELECT account, name, spent FROM purchasekit_balances WHERE spent > 0")
        for row in spent.rows {
            guard let account = row[0], let name = row[1], let units = row[2].flatMap({ Int($0) }) else {
                throw PostgresLedgerRows.malformed("balance")
            }
            if let token = try PostgresLedgerRows.token(account) {
                contents.spentByAccount[token, default: [:]][name] = units
            } else {
                contents.spent[name] = units
            }
        }
        return contents
    }
}
