public import Foundation
public import PurchaseCore

/// The PostgreSQL ledger remembers the store notifications applied to it in a table keyed by their
/// identity: recording one is an `INSERT ... ON CONFLICT DO NOTHING`, so exactly one caller, on any
/// connection of any server, gets `true`; the first date recorded stays.
extension PostgresFulfillmentLedger: NotificationListing {
    /// Records that the notification `id` was applied, unless it was recorded before (atomically,
    /// across servers).
    ///
    /// - Throws: `PurchaseError.Code.clientInvalid` for an empty `id`;
    ///   `PurchaseError.Code.ledgerIOFailed` when the database cannot be written.
    public func recordNotification(_ id: String, at date: Date) async throws -> Bool {
        guard !id.isEmpty else { throw PurchaseError(.clientInvalid, detail: "a notification needs an identity") }
        let parameters = [id, PostgresLedgerRows.text(date)]
        return try await write("the ledger cannot record a notification", transaction: false) { session in
            let inserted = try session.execute(
                """
                INSERT INTO purchasekit_notifications (id, recorded_at) VALUES ($1, $2)
                ON CONFLICT DO NOTHING RETURNING id
                """, parameters)
            return !inserted.rows.isEmpty
        }
    }

    /// When the notification `id` was recorded as applied, or `nil`.
    public func notificationRecorded(_ id: String) async throws -> Date? {
        try await read("the ledger cannot read a notification", ifEmpty: nil) { session in
            let found = try session.execute("SELECT recorded_at FROM purchasekit_notifications WHERE id = $1", [id])
            return try found.rows.first.map { row throws(PostgresLedgerError) in try PostgresLedgerRows.date(row[0]) }
        }
    }

    /// Every notification recorded as applied, with its date.
    public func recordedNotifications() async throws -> [String: Date] {
        try await read("the ledger cannot read its notifications", ifEmpty: [:]) { session in
            var recorded: [String: Date] = [:]
            for row in try session.execute("SELECT id, recorded_at FROM purchasekit_notifications").rows {
                guard let id = row[0] else { throw PostgresLedgerRows.malformed("notification") }
                recorded[id] = try PostgresLedgerRows.date(row[1])
            }
            return recorded
        }
    }
}
