public import Foundation

/// The durable record of what has been delivered, which makes delivery happen exactly once.
///
/// The store records a delivery before it finishes the transaction with its provider; if the
/// process dies in between, the provider hands the transaction back and the ledger answers that it
/// was already delivered.
///
/// A ledger holds many accounts, each named by an app account token (StoreKit's
/// `appAccountToken`; `nil` is the default account, the one a single device uses): deliveries,
/// entitlements and balances belong to one account, so one ledger can serve a server with many
/// users. ``LedgerContents/view(for:)`` gives one account's part.
///
/// ## Implementation requirements
/// - ``recordDelivery(_:)`` is an atomic check-and-insert keyed by ``Delivery/fulfillmentKey``:
///   however many callers race with the same transaction, or with transactions that bring back the
///   same original purchase of a non-consumable or non-renewing product (restores), in this process
///   or another one sharing the ledger, exactly one gets `true`. A delivery whose
///   ``Delivery/transactionID`` is already recorded is refused too. Deliveries recorded before this
///   rule (a ledger's history) stay as they were. The check spans every account: a transaction is
///   delivered to exactly one account, the ``Delivery/appAccountToken`` of the delivery recorded,
///   and the ledger keeps that account with it.
/// - A call that returns has made its change durable to the ledger's own standard (an in-memory
///   ledger: for the life of the process; a file ledger: on disk, fsynced). A call that throws has
///   changed nothing.
/// - ``spend(_:quantity:account:)`` is atomic with respect to every other change: a balance never
///   goes below zero through spending, and a spend takes units from the named account's balance
///   only (another account's units never make up a shortfall).
/// - ``recordExpiration(_:at:)`` only ever moves a delivered transaction's end earlier: it never
///   extends a delivery (a renewal is a new delivery) and never touches a transaction that was not
///   delivered or that does not expire. What it records shows in ``LedgerContents/expirations``.
/// - ``recordRevocation(_:at:refundedConsumables:)`` is an atomic check-and-record: the revocation
///   and its ``RevokedPayout`` (computed with ``RevokedPayout/init(revoking:from:treatment:)`` from
///   the balances of the delivery's account just before it) are recorded together, once; a replayed
///   revocation changes nothing. What it records shows in ``LedgerContents/revocations`` and
///   ``LedgerContents/revokedPayouts``.
/// - Errors are ``PurchaseError`` with code ``PurchaseError/Code/ledgerIOFailed`` for storage
///   failures and ``PurchaseError/Code/insufficientBalance`` for a spend that does not fit.
public protocol FulfillmentLedger: Sendable {
    /// Records a delivery unless one with the same transaction identifier or the same
    /// ``Delivery/fulfillmentKey`` exists.
    ///
    /// - Returns: `true` when this call recorded it; `false` when it (or the original purchase it
    ///   brings back) was already recorded, in which case nothing changed.
    func recordDelivery(_ delivery: Delivery) async throws -> Bool

    /// The delivery recorded for a transaction, or `nil`.
    func delivery(for transactionID: TransactionID) async throws -> Delivery?

    /// Records that the provider finished the transaction (for history); idempotent.
    func markFinished(_ transactionID: TransactionID) async throws

    /// Records that the store took a delivered purchase back; idempotent.
    ///
    /// - Returns: `true` when this call recorded the revocation; `false` when the transaction was
    ///   never delivered or was already revoked.
    func recordRevocation(_ transactionID: TransactionID, at date: Date) async throws -> Bool

    /// Records that the store refunded a delivered consumable, together with the payout it takes
    /// back from the balances the delivery credited; idempotent.
    ///
    /// - Parameters:
    ///   - transactionID: the delivered transaction.
    ///   - date: when the store revoked it.
    ///   - treatment: whether the credited units are taken back (never below zero) or kept.
    /// - Returns: the payout this call recorded; `nil` when the transaction was never delivered or
    ///   was already revoked, in which case nothing changed.
    func recordRevocation(
        _ transactionID: TransactionID, at date: Date, refundedConsumables treatment: RefundedConsumables
    ) async throws -> RevokedPayout?

    /// Records that a delivered transaction now ends earlier than it was delivered with (the store
    /// ended the subscription's period early); idempotent.
    ///
    /// - Parameters:
    ///   - transactionID: the delivered transaction.
    ///   - date: when what it granted ends now.
    /// - Returns: `true` when this call changed what the ledger holds: the transaction was delivered
    ///   with an ``Delivery/expirationDate``, and `date` is earlier than that date and than any
    ///   expiration recorded for it before. `false` otherwise, in which case nothing changed.
    func recordExpiration(_ transactionID: TransactionID, at date: Date) async throws -> Bool

    /// Takes `quantity` units from a balance of one account.
    ///
    /// - Parameters:
    ///   - balance: the payout name.
    ///   - quantity: the units to take; positive.
    ///   - account: the account's app account token; `nil` for the default account.
    /// - Returns: the account's balance after the spend.
    /// - Throws: ``PurchaseError/Code/insufficientBalance`` when the account's balance holds fewer units.
    func spend(_ balance: String, quantity: Int, account: UUID?) async throws -> Int

    /// Everything the ledger holds, for computing entitlements, balances and history.
    func contents() async throws -> LedgerContents

    /// What one account holds, for its entitlements and balances: its part of the ledger
    /// (``contents(for:)``) without the deliveries that only credited balances (consumables that
    /// grant no entitlement and were not revoked), whose units are in ``LedgerContents/foldedCredits``
    /// instead. Entitlements and balances computed from it equal those computed from
    /// `contents(for: account)`; its deliveries are not the account's history. The default
    /// implementation folds `contents(for: account)`; a ledger that keeps each account's credited
    /// units reads only the deliveries that grant something (see ``LedgerContents/holdings(credited:)``).
    ///
    /// - Parameter account: the account's app account token; `nil` for the default account.
    func holdings(for account: UUID?) async throws -> LedgerContents

    /// One account's part of what the ledger holds: equal to `contents().view(for: account)`
    /// (see ``LedgerContents/view(for:)``). The default implementation computes exactly that; a
    /// ledger that can read one account's part without the others' implements it to do so.
    ///
    /// - Parameter account: the account's app account token; `nil` for the default account.
    func contents(for account: UUID?) async throws -> LedgerContents

    /// Makes durable what the ledger deferred (finish marks written with a later commit); called by
    /// a deployment before ``close()``.
    ///
    /// - Throws: ``PurchaseError/Code/ledgerIOFailed`` when it cannot be written; only history is
    ///   lost then (the transactions are handed back and found already delivered).
    func flush() async throws

    /// Releases what the ledger holds (files, locks, connections); the ledger is not used afterwards.
    func close() async
}

// MARK: - Default implementations

extension FulfillmentLedger {
    /// Takes `quantity` units from a balance of the default account (see
    /// ``spend(_:quantity:account:)``).
    public func spend(_ balance: String, quantity: Int) async throws -> Int {
        try await spend(balance, quantity: quantity, account: nil)
    }

    /// Records the revocation with ``recordRevocation(_:at:)``, for a ledger that keeps no payouts:
    /// its balances lose everything the delivery credited, whatever `treatment` says (they can go
    /// below zero), and the payout returned says so (everything debited). Not atomic with respect to
    /// other changes; ledgers implement this requirement themselves to honour `treatment`.
    public func recordRevocation(
        _ transactionID: TransactionID, at date: Date, refundedConsumables treatment: RefundedConsumables
    ) async throws -> RevokedPayout? {
        guard let delivery = try await delivery(for: transactionID),
            try await recordRevocation(transactionID, at: date)
        else { return nil }
        return RevokedPayout(treatment: .debit, credited: delivery.credits, debited: delivery.credits)
    }

    /// One account's part, computed from the whole ``contents()``.
    public func contents(for account: UUID?) async throws -> LedgerContents {
        try await contents().view(for: account)
    }

    /// One account's holdings, folded from its whole part (``LedgerContents/holdings()``).
    public func holdings(for account: UUID?) async throws -> LedgerContents {
        try await contents(for: account).holdings()
    }

    /// Does nothing: the ledger defers nothing.
    public func flush() async throws {}

    /// Does nothing: the ledger holds nothing to release.
    public func close() async {}
}

/// A consistent view of a ledger at one moment: every account's deliveries (each
/// ``Delivery/appAccountToken`` names its account), and what each account spent.
///
/// ``balances`` are the default account's; ``balances(for:)`` and ``view(for:)`` give another
/// account's part. A view of one account (``view(for:)``) holds only that account's deliveries and
/// what they touched, so every computation over it (entitlements, balances) is that account's.
public struct LedgerContents: Sendable, Hashable {
    /// Every delivery of every account, in the order they were recorded.
    public var deliveries: [Delivery]
    /// Transactions the store took back, and when.
    public var revocations: [TransactionID: Date]
    /// What the refund of each revoked consumable took back from its balances (a revocation without
    /// one, of another product type or recorded before payouts were kept, took back everything its
    /// delivery credited).
    public var revokedPayouts: [TransactionID: RevokedPayout]
    /// Transactions finished with their provider.
    public var finished: Set<TransactionID>
    /// Units the default account spent from each balance.
    public var spent: [String: Int]
    /// Units the other accounts spent from each balance, by app account token.
    public var spentByAccount: [UUID: [String: Int]]
    /// The account a view of one account holds (``view(for:)``), whose spends are ``spent``; `nil`
    /// for a ledger's whole contents (and for the default account's view).
    public internal(set) var account: UUID?
    /// Delivered transactions the store ended early, and when they end now (always earlier than
    /// their ``Delivery/expirationDate``).
    public var expirations: [TransactionID: Date]
    /// In a holdings view of one account (``FulfillmentLedger/holdings(for:)``), what the deliveries
    /// it leaves out contributed to the account's balances, by balance; empty in every other view.
    public var foldedCredits: [String: Int] = [:]

    /// Creates a view.
    public init(
        deliveries: [Delivery] = [],
        revocations: [TransactionID: Date] = [:],
        finished: Set<TransactionID> = [],
        spent: [String: Int] = [:],
        expirations: [TransactionID: Date] = [:],
        revokedPayouts: [TransactionID: RevokedPayout] = [:],
        spentByAccount: [UUID: [String: Int]] = [:]
    ) {
        self.deliveries = deliveries
        self.revocations = revocations
        self.revokedPayouts = revokedPayouts
        self.finished = finished
        self.spent = spent
        self.spentByAccount = spentByAccount
        self.expirations = expirations
    }

    /// When what `delivery` granted ends: the expiration recorded for it when the store ended it
    /// early, otherwise its ``Delivery/expirationDate``; `nil` for a delivery that does not expire.
    public func expirationDate(of delivery: Delivery) -> Date? {
        guard let delivered = delivery.expirationDate else { return nil }
        guard let recorded = expirations[delivery.transactionID] else { return delivered }
        return min(recorded, delivered)
    }

    /// Whether recording `date` as the end of `delivery` moves it earlier (see
    /// ``FulfillmentLedger/recordExpiration(_:at:)``): the delivery expires, and later than `date`.
    public func endsLater(_ delivery: Delivery, than date: Date) -> Bool {
        guard let current = expirationDate(of: delivery) else { return false }
        return date < current
    }

    /// The default account's balances, or in a view of one account (``view(for:)``) that account's
    /// (see ``balances(for:)``).
    public var balances: [String: Int] { balances(for: account) }

    /// An account's balances: what its deliveries credited, less what refunds took back, less what
    /// it spent (with, in a holdings view, the ``foldedCredits`` of the deliveries it leaves out). A revoked delivery with a ``revokedPayouts`` record counts for its
    /// ``RevokedPayout/retained`` units; one without counts for nothing.
    ///
    /// A balance can be negative only when a purchase whose units were already spent is refunded
    /// without a payout record.
    /// Ledgers refuse deliveries that would take a balance beyond `Int`'s range; contents that hold
    /// more anyway (built by hand) show such a balance at the end of the range rather than trapping.
    ///
    /// - Parameter account: the account's app account token; `nil` for the default account.
    public func balances(for account: UUID?) -> [String: Int] {
        var result: [String: Int] = [:]
        for delivery in deliveries where delivery.appAccountToken == account {
            let credits: [String: Int]
            if revocations[delivery.transactionID] == nil {
                credits = delivery.credits
            } else if let payout = revokedPayouts[delivery.transactionID] {
                credits = payout.retained
            } else {
                continue
            }
            for (name, amount) in credits {
                result[name, default: 0] = Self.saturating(result[name, default: 0], plus: amount)
            }
        }
        if account == self.account {
            for (name, amount) in foldedCredits {
                result[name, default: 0] = Self.saturating(result[name, default: 0], plus: amount)
            }
        }
        for (name, amount) in amountsSpent(by: account) {
            result[name, default: 0] = Self.saturating(result[name, default: 0], plus: amount == .min ? .max : -amount)
        }
        return result
    }

    private static func saturating(_ value: Int, plus amount: Int) -> Int {
        let (sum, overflow) = value.addingReportingOverflow(amount)
        return overflow ? (amount > 0 ? .max : .min) : sum
    }
}
