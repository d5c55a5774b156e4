/// A transaction a store holds, with whether it was finished: one line of a store's history.
public struct TransactionHistoryEntry: Sendable, Hashable {
    /// The transaction as the provider reports it.
    public var transaction: StoreTransaction
    /// Whether ``StoreProvider/finish(_:)`` was called for it.
    public var isFinished: Bool

    /// Creates an entry.
    public init(transaction: StoreTransaction, isFinished: Bool) {
        self.transaction = transaction
        self.isFinished = isFinished
    }
}

/// A store that can list every transaction it holds, finished or not (a store kept on this machine,
/// or a simulated one): what a history listing shows beside the ledger's deliveries.
///
/// Tools ask a deployment's providers for it by protocol, never by a provider's concrete type.
public protocol TransactionHistoryProviding: StoreProvider {
    /// Every transaction the store knows, oldest first.
    ///
    /// - Throws: ``PurchaseError`` when the store cannot be read.
    func history() async throws -> [TransactionHistoryEntry]
}

/// A store where a deferred purchase (Ask to Buy) is approved or declined from this process, as a
/// test session or a demonstration does.
///
/// Guarantees: an approved purchase is charged and reaches the `Store` through
/// ``StoreProvider/transactionUpdates``; a declined one fails there.
public protocol PurchaseApprovalControlling: StoreProvider {
    /// Approves the deferred purchase `transactionID`; returns the purchased transaction.
    ///
    /// - Throws: ``PurchaseError/Code/clientInvalid`` when no deferred purchase has that identifier.
    func approve(transactionID: String) async throws -> StoreTransaction

    /// Declines the deferred purchase `transactionID`; returns the failed transaction.
    ///
    /// - Throws: ``PurchaseError/Code/clientInvalid`` when no deferred purchase has that identifier.
    func decline(transactionID: String) async throws -> StoreTransaction
}
