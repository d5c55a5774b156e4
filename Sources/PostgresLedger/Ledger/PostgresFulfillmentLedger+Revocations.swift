public import Foundation
public import PurchaseCore

// MARK: - Revocations and expirations

extension PostgresFulfillmentLedger {
    /// Records that the store took a delivered purchase back, taking back everything its delivery
    /// credited; idempotent (the delivery's row is locked, so one caller records it).
    public func recordRevocation(_ transactionID: TransactionID, at date: Date) async throws -> Bool {
        let revokedAt = PostgresLedgerRows.text(date)
        return try await write("the ledger cannot record a revocation") { session in
            guard let delivery = try Self.lockUnrevoked(transactionID, session) else { return false }
            try Self.revoke(delivery, at: revokedAt, payout: nil, session)
            return true
        }
    }

    /// Records that the store refunded a delivered consumable, with the payout taken back from the
    /// account's balances as they stand under the locks of their rows; idempotent.
    public func recordRevocation(
        _ transactionID: TransactionID, at date: Date, refundedConsumables treatment: RefundedConsumables
    ) async throws -> RevokedPayout? {
        let revokedAt = PostgresLedgerRows.text(date)
        return try await write("the ledger cannot record a refund") { session in
            guard let delivery = try Self.lockUnrevoked(transactionID, session) else { return nil }
            var balances: [String: Int] = [:]
            for name in delivery.credits.keys.sorted() {
                let found = try session.execute(
                    """
                    SELECT credited - spent FROM purchasekit_balances WHERE account = $1 AND name = $2 FOR UPDATE
                    """, [delivery.account, name])
                balances[name] = found.first.flatMap { Int($0) } ?? 0
            }
            let payout = RevokedPayout(revoking: delivery.credits, from: balances, treatment: treatment)
            try Self.revoke(delivery, at: revokedAt, payout: payout, session)
            return payout
        }
    }

    /// Records the revocation of `delivery` (locked by ``lockUnrevoked(_:_:)``) with its payout, and
    /// takes back from its account's balances what the payout debited (without one: everything the
    /// delivery credited).
    static func revoke(
        _ delivery: LockedDelivery, at revokedAt: String, payout: RevokedPayout?, _ session: PostgresSession
    ) throws {
        try session.execute(
            "INSERT INTO purchasekit_revocations (delivery, revoked_at, treatment, debited) VALUES ($1, $2, $3, $4)",
            [
                delivery.sequence, revokedAt, payout?.treatment.rawValue,
                payout.map { PostgresLedgerRows.json($0.debited) },
            ])
        for (name, amount) in (payout?.debited ?? delivery.credits).sorted(by: { $0.key < $1.key }) {
            try session.execute(
                "UPDATE purchasekit_balances SET credited = credited - $3 WHERE account = $1 AND name = $2",
                [delivery.account, name, String(amount)])
        }
    }

    /// A delivery whose row a transaction holds locked: its sequence, credits and account.
    typealias LockedDelivery = (sequence: String, credits: [String: Int], account: String)

    /// The delivery of `transactionID`, its row locked until the transaction ends, when it is
    /// delivered and not revoked.
    static func lockUnrevoked(
        _ transactionID: TransactionID, _ session: PostgresSession
    ) throws -> LockedDelivery? {
        let found = try session.execute(
            """
            SELECT sequence, credits, account FROM purchasekit_deliveries
            WHERE store = $1 AND transaction_id = $2 FOR UPDATE
            """, [transactionID.store, transactionID.id])
        guard let row = found.rows.first, let sequence = row[0], let account = row[2] else { return nil }
        // A statement of its own, after the lock: it sees a revocation committed while this one waited.
        let revoked = try session.execute("SELECT 1 FROM purchasekit_revocations WHERE delivery = $1", [sequence])
        guard revoked.rows.isEmpty else { return nil }
        return (sequence, try PostgresLedgerRows.decode([String: Int].self, row[1]), account)
    }

    /// Records that a delivered transaction now ends at `date`, when that is earlier than it ended
    /// (one conditional upsert); idempotent.
    public func recordExpiration(_ transactionID: TransactionID, at date: Date) async throws -> Bool {
        let parameters = [transactionID.store, transactionID.id, PostgresLedgerRows.text(date)]
        return try await write("the ledger cannot record an expiration", transaction: false) { session in
            try session.execute(Self.expire, parameters).rows.count == 1
        }
    }

    /// Records `$3` as the end of the delivery of transaction (`$1`, `$2`) when the delivery expires
    /// later than that (as delivered and as recorded before); returns a row when it did.
    static let expire = """
        INSERT INTO purchasekit_expirations (delivery, expires_at)
        SELECT sequence, $3::double precision FROM purchasekit_deliveries
        WHERE store = $1 AND transaction_id = $2 AND expiration_date IS NOT NULL
            AND $3::double precision < expiration_date
        ON CONFLICT (delivery) DO UPDATE SET expires_at = excluded.expires_at
        WHERE excluded.expires_at < purchasekit_expirations.expires_at
        RETURNING delivery
        """
}
