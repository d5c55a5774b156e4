public import Foundation

/// The durable record of what has been delivered, which makes delivery happen exactly once.
///
/// The store records a delivery before it finishes the transaction with its provider; if the
/// process dies in between, the provider hands the transaction back and the ledger answers that it
/// was already delivered.
///
/// ## Implementation requirements
/// - ``recordDelivery(_:)`` is an atomic check-and-insert keyed by ``Delivery/transactionID``:
///   however many callers race with the same transaction, in this process or another one sharing
///   the ledger, exactly one gets `true`.
/// - A call that returns has made its change durable to the ledger's own standard (an in-memory
///   ledger: for the life of the process; a file ledger: on disk, fsynced). A call that throws has
///   changed nothing.
/// - ``spend(_:quantity:)`` is atomic with respect to every other change: a balance never goes below
///   zero through spending.
/// - Errors are ``PurchaseError`` with code ``PurchaseError/Code/ledgerIOFailed`` for storage
///   failures and ``PurchaseError/Code/insufficientBalance`` for a spend that does not fit.
public protocol FulfillmentLedger: Sendable {
    /// Records a delivery unless one with the same transaction identifier exists.
    ///
    /// - Returns: `true` when this call recorded it; `false` when it was already recorded, in which
    ///   case nothing changed.
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

    /// Takes `quantity` units from a balance.
    ///
    /// - Returns: the balance after the spend.
    /// - Throws: ``PurchaseError/Code/insufficientBalance`` when the balance holds fewer units.
    func spend(_ balance: String, quantity: Int) async throws -> Int

    /// Everything the ledger holds, for computing entitlements, balances and history.
    func contents() async throws -> LedgerContents
}

/// A consistent view of a ledger at one moment.
public struct LedgerContents: Sendable, Hashable {
    /// Every delivery, in the order they were recorded.
    public var deliveries: [Delivery]
    /// Transactions the store took back, and when.
    public var revocations: [TransactionID: Date]
    /// Transactions finished with their provider.
    public var finished: Set<TransactionID>
    /// Units spent from each balance.
    public var spent: [String: Int]

    /// Creates a view.
    public init(
        deliveries: [Delivery] = [],
        revocations: [TransactionID: Date] = [:],
        finished: Set<TransactionID> = [],
        spent: [String: Int] = [:]
    ) {
        self.deliveries = deliveries
        self.revocations = revocations
        self.finished = finished
        self.spent = spent
    }

    /// Balances: what deliveries credited, less what revoked deliveries credited, less what was spent.
    ///
    /// A balance can be negative only when a purchase whose units were already spent is refunded.
    public var balances: [String: Int] {
        var result: [String: Int] = [:]
        for delivery in deliveries where revocations[delivery.transactionID] == nil {
            for (name, amount) in delivery.credits {
                result[name, default: 0] += amount
            }
        }
        for (name, amount) in spent {
            result[name, default: 0] -= amount
        }
        return result
    }
}
