public import Foundation
public import PurchaseKit

/// The SQLite ledger remembers the store notifications applied to it (the `notifications` table of
/// schema version 3): the insert is the check, under SQLite's write lock, so exactly one caller on
/// any connection in any process records an identity, and it is committed when the call returns.
extension SQLiteFulfillmentLedger: NotificationLog {
    /// Records that the notification `id` was applied, unless it was recorded before.
    ///
    /// - Throws: `PurchaseError.Code.clientInvalid` for an empty `id`; `ledgerIOFailed` when the
    ///   database cannot be written.
    public func recordNotification(_ id: String, at date: Date) async throws -> Bool {
        guard !id.isEmpty else { throw PurchaseError(.clientInvalid, detail: "a notification needs an identity") }
        return try await write("the ledger cannot record a notification") { session in
            try session.execute(
                "INSERT INTO notifications (id, recorded_at) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
                [.text(id), .real(date.timeIntervalSinceReferenceDate)]) == 1
        }
    }

    /// When the notification `id` was recorded as applied, or `nil`.
    public func notificationRecorded(_ id: String) async throws -> Date? {
        try await read("the ledger cannot read its notifications", ifEmpty: nil) { session in
            var found: Date?
            try session.query("SELECT recorded_at FROM notifications WHERE id = ?1", [.text(id)]) { row in
                found = Date(timeIntervalSinceReferenceDate: row.real(0))
            }
            return found
        }
    }
}
