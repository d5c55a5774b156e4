public import PurchaseCore

/// What processing one notification did (``AppStoreNotificationProcessor``), for the server's log
/// and its answer: every outcome means the notification is dealt with and the server answers 200.
public struct NotificationReport: Sendable, Hashable {
    /// The notification's identity.
    public var notificationUUID: String
    /// Its type.
    public var notificationType: NotificationType?
    /// Its subtype.
    public var subtype: NotificationSubtype?
    /// The transaction it carried, as the ledger names it; `nil` for a notification without one.
    public var transactionID: TransactionID?
    /// What happened.
    public var outcome: NotificationOutcome

    /// A report.
    public init(
        notificationUUID: String, notificationType: NotificationType?, subtype: NotificationSubtype?,
        transactionID: TransactionID?, outcome: NotificationOutcome
    ) {
        self.notificationUUID = notificationUUID
        self.notificationType = notificationType
        self.subtype = subtype
        self.transactionID = transactionID
        self.outcome = outcome
    }
}

/// What processing a notification did to the ledger.
public enum NotificationOutcome: Sendable, Hashable {
    /// The notification's transaction is applied: the changes this call made (none when an earlier
    /// notification, or the app's own flow, had applied it already).
    case applied(NotificationChanges)
    /// Applied as far as the ledger can record it (the changes this call made), and something the
    /// ledger cannot record needs a person or the server's own code.
    case needsAttention(NotificationAttention, NotificationChanges)
    /// The notification changes no entitlement; it is recorded as processed.
    case ignored(NotificationIgnoredReason)
    /// The notification was processed before (its `notificationUUID` is recorded); nothing was touched.
    case duplicate
}

/// The ledger changes one notification made.
public struct NotificationChanges: Sendable, Hashable {
    /// Transactions delivered.
    public var delivered: [TransactionID]
    /// Transactions recorded as revoked (refunded, or taken from a family member).
    public var revoked: [TransactionID]
    /// Delivered transactions recorded as ending earlier (a period upgraded or ended early).
    public var expired: [TransactionID]

    /// Changes.
    public init(delivered: [TransactionID] = [], revoked: [TransactionID] = [], expired: [TransactionID] = []) {
        self.delivered = delivered
        self.revoked = revoked
        self.expired = expired
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { delivered.isEmpty && revoked.isEmpty && expired.isEmpty }
}

/// Why a notification changes no entitlement.
public enum NotificationIgnoredReason: String, Sendable, Hashable, CaseIterable {
    /// Its type tells about a subscription without changing what the customer holds now (renewal
    /// status or preference for the next period, a failed renewal still retried, a price increase,
    /// a declined refund, a consumption request).
    case informational
    /// A test notification someone requested.
    case test
    /// A type this processor does not know.
    case unknownType
}

/// What a notification says that the ledger cannot record.
public enum NotificationAttention: Sendable, Hashable {
    /// The App Store reversed the refund of a transaction the ledger holds as revoked; a ledger
    /// never takes a revocation back, so the customer stays without what it granted until someone
    /// delivers it again.
    case refundReversed(TransactionID)
    /// The App Store extended a delivered period to `until`; a ledger never moves a delivery's end
    /// later, so what it granted ends at the delivered end.
    case renewalExtended(TransactionID, until: AppStoreDate)
}
