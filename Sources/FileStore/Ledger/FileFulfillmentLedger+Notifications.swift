public import Foundation
public import PurchaseCore

/// The file ledger remembers the store notifications applied to it (record tag 9): a check-and-record
/// inside one journal commit, which holds the cross-process lock after catching up with the other
/// processes, so exactly one caller in any process gets `true` for an identity; durable (fsync) when
/// the call returns; kept in snapshots (version 5) and so across reopening and compaction.
extension FileFulfillmentLedger: NotificationListing {
    /// Records that the notification `id` was applied, unless it was recorded before (atomically,
    /// across processes).
    ///
    /// - Throws: `PurchaseError.Code.clientInvalid` for an empty `id`;
    ///   `PurchaseError.Code.ledgerIOFailed` when the journal cannot be written.
    public func recordNotification(_ id: String, at date: Date) async throws -> Bool {
        guard !id.isEmpty else { throw PurchaseError(.clientInvalid, detail: "a notification needs an identity") }
        let record = LedgerRecord.notification(id, date)
        return try await perform("the ledger cannot record a notification") { state in
            guard state.notifications[id] == nil else { return ([], false) }
            return ([record], true)
        }
    }

    /// When the notification `id` was recorded as applied, or `nil`, after catching up with every
    /// process.
    public func notificationRecorded(_ id: String) async throws -> Date? {
        try await read { $0.notifications[id] }
    }

    /// Every notification recorded as applied, with its date, after catching up with every process.
    public func recordedNotifications() async throws -> [String: Date] {
        try await read { $0.notifications }
    }
}
