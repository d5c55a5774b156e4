public import PurchaseCore

/// What processing one Play notification did (``PlayNotificationProcessor``): every outcome means the
/// message is dealt with and a push endpoint answers 200.
public struct PlayNotificationReport: Sendable, Hashable {
    /// The Pub/Sub message's identity.
    public var messageID: String
    /// What the notification was about: `subscription`, `oneTimeProduct`, `voidedPurchase` or `test`.
    public var kind: String
    /// The order applied, as the ledger names it; nil when none was.
    public var transactionID: TransactionID?
    /// What happened.
    public var outcome: PlayNotificationOutcome

    /// A report.
    public init(messageID: String, kind: String, transactionID: TransactionID?, outcome: PlayNotificationOutcome) {
        self.messageID = messageID
        self.kind = kind
        self.transactionID = transactionID
        self.outcome = outcome
    }
}

/// What processing a Play notification did to the ledger.
public enum PlayNotificationOutcome: Sendable, Hashable {
    /// The purchase's current state is applied: the changes this call made (none when an earlier
    /// message had applied it).
    case applied(PlayLedgerChanges)
    /// Applied as far as the ledger can record it, and something needs a person.
    case needsAttention(PlayNotificationAttention, PlayLedgerChanges)
    /// Nothing to apply; the message is recorded as processed.
    case ignored(PlayNotificationIgnoredReason)
    /// The message was processed before (its identity is recorded); nothing was touched.
    case duplicate

    /// The outcome's name: `applied`, `needsAttention`, `ignored` or `duplicate`.
    public var name: String {
        switch self {
        case .applied: "applied"
        case .needsAttention: "needsAttention"
        case .ignored: "ignored"
        case .duplicate: "duplicate"
        }
    }

    /// The changes the outcome reports.
    public var changes: PlayLedgerChanges {
        switch self {
        case .applied(let changes), .needsAttention(_, let changes): changes
        case .ignored, .duplicate: PlayLedgerChanges()
        }
    }
}

/// The ledger changes one notification made, and whether it acknowledged the purchase with Play.
public struct PlayLedgerChanges: Sendable, Hashable {
    /// Orders delivered.
    public var delivered: [TransactionID] = []
    /// Orders recorded as revoked.
    public var revoked: [TransactionID] = []
    /// Delivered orders recorded as ending earlier (access ended: expired, on hold, paused).
    public var expired: [TransactionID] = []
    /// Units taken back from balances for a partial refund, by balance (see
    /// ``PlayNotificationAttention/partialRefund(_:quantity:)``).
    public var debited: [String: Int] = [:]
    /// Whether this call acknowledged the purchase through the Play Developer API.
    public var acknowledged = false

    /// No changes.
    public init() {}

    /// Whether the ledger did not change.
    public var isEmpty: Bool { delivered.isEmpty && revoked.isEmpty && expired.isEmpty && debited.isEmpty }
}

/// Why a Play notification applies nothing.
public enum PlayNotificationIgnoredReason: String, Sendable, Hashable, CaseIterable {
    /// A test notification from the Play Console.
    case test
    /// The purchase waits for payment; it is delivered when Play says it is paid.
    case pending
    /// A purchase that was never paid (a canceled pending purchase).
    case canceled
    /// Play holds no charged order for it.
    case notCharged
}

/// What a Play notification says that the ledger cannot record.
public enum PlayNotificationAttention: Sendable, Hashable {
    /// Play refunded `quantity` units of an order of several in all (a quantity-based partial refund;
    /// nil when Play's voided purchases do not say how many). A ledger revokes a whole delivery or
    /// nothing: the order stays delivered, and what the refunded units credited was taken back as
    /// spends (``PlayLedgerChanges/debited``) only where the processor's documentation says.
    case partialRefund(TransactionID, quantity: Int?)
    /// Play refused to acknowledge a delivered purchase (a 4xx); unless someone acknowledges it, Play
    /// refunds it three days after it was bought.
    case acknowledgementRefused(TransactionID, PlayDeveloperAPIError)
}
