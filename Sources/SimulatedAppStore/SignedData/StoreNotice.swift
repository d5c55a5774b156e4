import AppStoreSignedData

/// One App Store event the queue noticed in a change of the account, to be signed as a notification:
/// its type and subtype, and the transaction and subscription the notification's data carries.
struct StoreNotice: Sendable, Hashable {
    var type: NotificationType
    var subtype: NotificationSubtype?
    /// The number of the transaction whose signed info the notification carries.
    var transaction: UInt64?
    /// The original number of the subscription whose signed renewal info the notification carries.
    var subscription: UInt64?
    /// Why the customer asked for a refund (`CONSUMPTION_REQUEST`).
    var consumptionRequestReason: String?

    init(
        _ type: NotificationType, _ subtype: NotificationSubtype? = nil, transaction: UInt64? = nil,
        subscription: UInt64? = nil
    ) {
        self.type = type
        self.subtype = subtype
        self.transaction = transaction
        self.subscription = subscription
    }
}

/// What an operation applied to the account in memory before committing the records, so the
/// records alone do not show the change: renewals made in a loop, family shares revoked as they
/// arrived.
struct CommitHints: Sendable, Hashable {
    /// Transactions that are renewals charged now.
    var renewals: Set<UInt64> = []
    /// Transactions revoked now.
    var revocations: Set<UInt64> = []
    /// Family-shared transactions that reached the account now.
    var familyShares: Set<UInt64> = []
    /// Periods a change of plan had charged, refunded because the person kept the current plan
    /// (no refund notification: the change's withdrawal is the event).
    var withdrawnChanges: Set<UInt64> = []
}

/// The queue's bookkeeping for notifications: events that come with time rather than with a record
/// (an expiry, a grace period's end) already noticed, and the order notifications are published in.
struct NoticeState: Sendable {
    /// Whether the expiries and grace period ends the account had when it was first looked at are
    /// marked as noticed (they happened before the store was watching).
    var baselineTaken = false
    /// The expiration date noticed for each subscription, by original number.
    var noticedExpiries: [UInt64: Double] = [:]
    /// The start of the billing issue whose grace period end was noticed, by original number.
    var noticedGraceEnds: [UInt64: Double] = [:]
    /// The ticket the next batch of notifications gets.
    var nextTicket: UInt64 = 0
    /// The ticket whose notifications are published next.
    var nextPublished: UInt64 = 0
    /// Signed notifications waiting for earlier tickets' to be published.
    var ready: [UInt64: [PreparedNotification]] = [:]
}

/// A signed notification before its place in the log is known.
struct PreparedNotification: Sendable, Hashable {
    var body: [UInt8]
    var signedPayload: String
    var payload: NotificationPayload
}
