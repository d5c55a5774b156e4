import Foundation
public import PurchaseCore

// What tools and tests ask of the file store besides the StoreProvider protocol: the history, Ask to
// Buy decisions, refunds, auto-renew and renewals on demand.
extension FileStoreProvider: TransactionHistoryProviding, PurchaseApprovalControlling {
    /// A transaction with whether the store finished it, for history.
    public typealias Entry = TransactionHistoryEntry

    /// Every transaction the store knows, oldest first.
    public func history() async throws(PurchaseError) -> [Entry] {
        let state = try await currentState()
        let deferred = deferredFinishes.withLock { Set($0.keys) }
        return state.transactions.map {
            Entry(
                transaction: $0.storeTransaction(store: storeName, chainRenews: state.chainRenews($0.originalID)),
                isFinished: $0.finished || deferred.contains($0.id))
        }
    }

    /// Approves a deferred purchase: it is charged now and delivered through ``transactionUpdates``
    /// and ``unfinishedTransactions()``.
    ///
    /// - Returns: the purchased transaction.
    /// - Throws: `PurchaseError.Code.clientInvalid` when no deferred purchase has that identifier.
    @discardableResult
    public func approve(transactionID: String) async throws(PurchaseError) -> StoreTransaction {
        try await resolve(transactionID, approved: true)
    }

    /// Declines a deferred purchase: it fails and is reported through ``transactionUpdates``.
    @discardableResult
    public func decline(transactionID: String) async throws(PurchaseError) -> StoreTransaction {
        try await resolve(transactionID, approved: false)
    }

    /// Refunds (revokes) a purchase: the revoked transaction is sent through ``transactionUpdates``
    /// and handed back by ``unfinishedTransactions()`` until acknowledged with ``finish(_:)``.
    ///
    /// - Throws: `PurchaseError.Code.clientInvalid` when no purchased transaction has that identifier.
    @discardableResult
    public func refund(transactionID: String, reason: RevocationReason = .other) async throws(PurchaseError)
        -> StoreTransaction
    {
        let id = try Self.parse(transactionID)
        let now = clock.now
        let revoked = try await perform("the file store cannot record a refund") { state in
            guard var stored = state.transaction(id), stored.state == .purchased else {
                throw PurchaseError(.clientInvalid, detail: "no purchased transaction \(transactionID) to refund")
            }
            if stored.revocationDate != nil { return ([], stored) }
            stored.revocationDate = now
            stored.revocationReason = reason
            return ([.revoke(id: id, date: now, reason: reason)], stored)
        }
        let state = try await currentState()
        let transaction = revoked.storeTransaction(store: storeName, chainRenews: state.chainRenews(revoked.originalID))
        updates.yield(transaction)
        return transaction
    }

    /// Turns auto-renew on or off for the subscription whose original transaction is given.
    public func setAutoRenew(_ on: Bool, originalTransactionID: String) async throws(PurchaseError) {
        let id = try Self.parse(originalTransactionID)
        try await perform("the file store cannot record an auto-renew change") { state in
            guard let stored = state.transaction(id), stored.productType == .autoRenewable, stored.originalID == id
            else {
                throw PurchaseError(.clientInvalid, detail: "\(originalTransactionID) is not a subscription's original")
            }
            return stored.autoRenew == on ? ([], ()) : ([.setAutoRenew(originalID: id, on: on)], ())
        }
    }

    /// Records the renewals due at the clock's now (see the type's guarantees) and sends each
    /// through ``transactionUpdates``.
    ///
    /// - Returns: the renewals recorded.
    @discardableResult
    public func recordDueRenewals() async throws(PurchaseError) -> [StoreTransaction] {
        let now = clock.now
        let state = try await currentState()
        guard !Self.dueRenewals(in: state, at: now, catalog: catalog).isEmpty else { return [] }
        let catalog = catalog
        let renewals = try await perform("the file store cannot record renewals") { state in
            let due = Self.dueRenewals(in: state, at: now, catalog: catalog)
            return (due.map { .transaction($0) }, due)
        }
        let transactions = renewals.map { $0.storeTransaction(store: storeName, chainRenews: true) }
        for transaction in transactions { updates.yield(transaction) }
        return transactions
    }
}
