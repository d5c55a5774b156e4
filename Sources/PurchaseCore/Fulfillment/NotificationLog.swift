public import Foundation

/// A ledger's record of the store notifications a server has applied to it, so that each one is
/// applied once however often the store sends it (App Store Server Notifications carry a
/// `notificationUUID` and are sent again until the server answers).
///
/// A capability a ``FulfillmentLedger`` may adopt beside its own requirements; a server applying
/// notifications asks the ledger for it (`ledger as? any NotificationLog`).
///
/// ## Implementation requirements
/// - ``recordNotification(_:at:)`` is an atomic check-and-record keyed by the identifier: however
///   many callers race with the same identifier, in this process or another one sharing the ledger
///   the way deliveries are shared, exactly one gets `true`. The first date recorded stays.
/// - A call that returns has made its record durable to the ledger's own standard (the same as a
///   delivery's); a call that throws has recorded nothing.
/// - Records are kept as long as the ledger's deliveries are, and reopening the ledger keeps them.
/// - Errors are ``PurchaseError`` with code ``PurchaseError/Code/ledgerIOFailed`` for storage
///   failures and ``PurchaseError/Code/clientInvalid`` for an empty identifier.
public protocol NotificationLog: Sendable {
    /// Records that the notification `id` was applied, unless it was recorded before.
    ///
    /// - Parameters:
    ///   - id: the notification's identity (an App Store notification's `notificationUUID`); not empty.
    ///   - date: when it was applied.
    /// - Returns: `true` when this call recorded it; `false` when it was recorded already, in which
    ///   case nothing changed.
    func recordNotification(_ id: String, at date: Date) async throws -> Bool

    /// When the notification `id` was recorded as applied, or `nil` when it was not.
    func notificationRecorded(_ id: String) async throws -> Date?
}
