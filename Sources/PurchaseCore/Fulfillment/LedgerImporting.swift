public import Foundation

/// A ``NotificationLog`` that can list what it recorded, so that its records can be copied into
/// another ledger (``LedgerExport/read(from:)``).
///
/// ## Implementation requirements
/// - ``recordedNotifications()`` returns every identity ``NotificationLog/recordNotification(_:at:)``
///   recorded, each with the first date recorded for it, as one consistent view.
public protocol NotificationListing: NotificationLog {
    /// Every notification recorded as applied, with the date recorded for it.
    func recordedNotifications() async throws -> [String: Date]
}

/// What a ledger holds, for another ledger to take in (``LedgerImporting``): its contents, the
/// store notifications it applied and the spends it recorded with an identifier.
public struct LedgerExport: Sendable, Hashable {
    /// Every account's deliveries, revocations with their payouts, expirations, finish marks and spends.
    public var contents: LedgerContents
    /// The notifications applied, with the date each was recorded.
    public var notifications: [String: Date]
    /// The spends recorded with an identifier (their units are in ``contents``'s spends already).
    public var spendIDs: [IdentifiedSpend]

    /// Creates an export.
    public init(contents: LedgerContents, notifications: [String: Date] = [:], spendIDs: [IdentifiedSpend] = []) {
        self.contents = contents
        self.notifications = notifications
        self.spendIDs = spendIDs
    }

    /// Reads what `ledger` holds: its contents and, when it lists them (``NotificationListing``,
    /// ``SpendIDListing``), its notifications and its spends with an identifier.
    public static func read(from ledger: any FulfillmentLedger) async throws -> LedgerExport {
        let contents = try await ledger.contents()
        let notifications = try await (ledger as? any NotificationListing)?.recordedNotifications() ?? [:]
        let spendIDs = try await (ledger as? any SpendIDListing)?.recordedSpends() ?? []
        return LedgerExport(contents: contents, notifications: notifications, spendIDs: spendIDs)
    }
}

/// What an import wrote: how many records were new to the ledger (the rest it held already).
public struct LedgerImportSummary: Sendable, Hashable {
    /// Deliveries recorded.
    public var deliveries = 0
    /// Revocations recorded, with their payouts.
    public var revocations = 0
    /// Earlier ends recorded.
    public var expirations = 0
    /// Finish marks recorded.
    public var finished = 0
    /// Balances of an account whose spent units grew.
    public var spends = 0
    /// Notifications recorded.
    public var notifications = 0
    /// Spend identifiers recorded (``LedgerExport/spendIDs``).
    public var spendIDs = 0

    /// Creates a summary.
    public init(
        deliveries: Int = 0, revocations: Int = 0, expirations: Int = 0, finished: Int = 0, spends: Int = 0,
        notifications: Int = 0, spendIDs: Int = 0
    ) {
        self.deliveries = deliveries
        self.revocations = revocations
        self.expirations = expirations
        self.finished = finished
        self.spends = spends
        self.notifications = notifications
        self.spendIDs = spendIDs
    }

    /// Whether the import changed nothing.
    public var isEmpty: Bool { self == LedgerImportSummary() }
}

/// A ledger that can take in what another ledger holds, keeping exactly once: how a deployment moves
/// from one ledger to another (`purchasekit ledger copy`). A capability a ``FulfillmentLedger`` may
/// adopt; a tool asks for it with `ledger as? any LedgerImporting`.
///
/// ## Implementation requirements
/// - ``importLedger(_:)`` is atomic: it writes everything, or (when it throws) nothing.
/// - Each delivery is recorded as ``FulfillmentLedger/recordDelivery(_:)`` would, in the export's order,
///   with its transaction identifier, account and dates as they are: one whose transaction or
///   fulfillment key the ledger holds already is skipped.
/// - Each revocation of a delivery the ledger holds and has not revoked is recorded with the export's
///   date and its payout as the export recorded it (``LedgerContents/revokedPayouts``; none: everything
///   its delivery credited is taken back), not computed again.
/// - Expirations only ever move a delivery's end earlier; finish marks and notifications (with their
///   dates) are recorded once.
/// - Spends: for each account and balance, the units the ledger counts as spent become the larger of
///   its own and the export's, so importing again adds nothing.
/// - Spends with an identifier (``LedgerExport/spendIDs``), in a ledger that is ``IdempotentSpending``:
///   each is recorded for its account once, as the export recorded it, taking no units (the spends
///   above carry them); an identifier the ledger holds for the account already keeps its own record.
/// - Importing the same export again changes nothing and returns an empty summary.
public protocol LedgerImporting: FulfillmentLedger {
    /// Writes what `export` holds that the ledger lacks.
    ///
    /// - Returns: what was new to the ledger.
    /// - Throws: ``PurchaseError`` with code ``PurchaseError/Code/ledgerIOFailed`` for storage failures
    ///   (nothing was written), ``PurchaseError/Code/paymentInvalid`` when a delivery would take a
    ///   balance out of `Int`'s range.
    func importLedger(_ export: LedgerExport) async throws -> LedgerImportSummary
}
