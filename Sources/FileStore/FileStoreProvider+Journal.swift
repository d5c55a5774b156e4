import Foundation
import Journal
import PurchaseCore

// The file store's work on its journal: reading the state, committing records (with the finish marks
// waiting to be written), resolving Ask to Buy, and the dates and renewals its records follow.
extension FileStoreProvider {
    func resolve(_ transactionID: String, approved: Bool) async throws(PurchaseError) -> StoreTransaction {
        let id = try Self.parse(transactionID)
        let now = clock.now
        let catalog = catalog
        let resolved = try await perform("the file store cannot record an approval") { state in
            guard var stored = state.transaction(id), stored.state == .deferred else {
                throw PurchaseError(.clientInvalid, detail: "no deferred purchase \(transactionID)")
            }
            let expiration = catalog.product(withID: stored.productID).flatMap { Self.expiration(of: $0, from: now) }
            stored.state = approved ? .purchased : .failed
            if approved {
                stored.purchaseDate = now
                stored.originalPurchaseDate = now
                stored.expirationDate = expiration
            }
            return ([.resolve(id: id, approved: approved, date: now, expiration: expiration)], stored)
        }
        let transaction = resolved.storeTransaction(store: storeName, chainRenews: resolved.autoRenew)
        updates.yield(transaction)
        return transaction
    }

    static func finishRecord(for stored: StoredTransaction, _ acknowledging: Bool) -> StoreRecord? {
        if acknowledging, stored.revocationDate != nil, !stored.revocationAcknowledged {
            return .acknowledgeRevocation(id: stored.id)
        }
        if !stored.finished, stored.state == .purchased || stored.state == .failed { return .finish(id: stored.id) }
        return nil
    }

    static func expiration(of product: Product, from date: Date) -> Date? {
        switch product.type {
        case .autoRenewable: product.subscription.map { $0.period.added(to: date) }
        case .nonRenewing: product.duration.map { $0.added(to: date) }
        case .consumable, .nonConsumable: nil
        }
    }

    /// Whether a chain of `productID` is active at `now` or will renew.
    static func hasActiveChain(_ productID: String, in state: FileStoreState, at now: Date) -> Bool {
        for original in state.chainsByProduct[productID] ?? [] {
            guard let latestID = state.latestInChain[original], let latest = state.transaction(latestID),
                latest.revocationDate == nil
            else { continue }
            if state.chainRenews(original) { return true }
            if let expiration = latest.expirationDate, expiration > now { return true }
        }
        return false
    }

    /// The renewal transactions due at `now`, with identifiers following the state's.
    static func dueRenewals(in state: FileStoreState, at now: Date, catalog: Catalog) -> [StoredTransaction] {
        var renewals: [StoredTransaction] = []
        var nextID = state.nextID
        for (original, latestID) in state.latestInChain.sorted(by: { $0.key < $1.key }) {
            guard state.chainRenews(original), let latest = state.transaction(latestID), latest.revocationDate == nil,
                latest.state == .purchased, var start = latest.expirationDate, start <= now,
                let period = catalog.product(withID: latest.productID)?.subscription?.period
            else { continue }
            var count = 0
            while start <= now, count < maximumRenewalsPerCall {
                let end = period.added(to: start)
                guard end > start else { break }
                renewals.append(
                    StoredTransaction(
                        id: nextID, originalID: original, productID: latest.productID, productType: .autoRenewable,
                        quantity: 1, purchaseDate: start, originalPurchaseDate: latest.originalPurchaseDate,
                        expirationDate: end, state: .purchased, autoRenew: false,
                        appAccountToken: latest.appAccountToken))
                nextID += 1
                count += 1
                start = end
            }
        }
        return renewals
    }

    static func parse(_ transactionID: String) throws(PurchaseError) -> UInt64 {
        guard let id = UInt64(transactionID) else {
            throw PurchaseError(.clientInvalid, detail: "\(transactionID) is not a file-store transaction identifier")
        }
        return id
    }

    private var closedError: JournalError {
        JournalError(.closed, path: directory.path, message: "the file store is closed; open it again to use it")
    }

    func currentState() async throws(PurchaseError) -> FileStoreState {
        do throws(JournalError) {
            guard !closed.withLock({ $0 }) else { throw closedError }
            return try await journal.currentState()
        } catch {
            throw PurchaseError(journal: error, what: "the file store cannot read its journal")
        }
    }

    @discardableResult
    func perform<R: Sendable>(
        _ what: String, durability: JournalDurability = .synced,
        _ body: @escaping @Sendable (FileStoreState) throws -> ([StoreRecord], R)
    ) async throws(PurchaseError) -> R {
        do {
            guard !closed.withLock({ $0 }) else { throw closedError }
            return try await journal.perform(durability: durability) { state in
                let finishes = self.deferredFinishes.withLock { pending in
                    defer { pending = [:] }
                    return pending
                }
                do {
                    var (records, result) = try body(state)
                    if finishes.isEmpty { return (records, result) }
                    // The finish marks due, in transaction order, before the body's records
                    // (inserted into the body's array, as the ledger does its finished marks).
                    var position = 0
                    finishes.forEachInOrder(by: { $0.key < $1.key }) { id, acknowledging in
                        guard let stored = state.transaction(id),
                            let mark = Self.finishRecord(for: stored, acknowledging)
                        else { return }
                        records.insert(mark, at: position)
                        position += 1
                    }
                    return (records, result)
                } catch {
                    self.deferredFinishes.withLock { $0.merge(finishes) { current, earlier in current || earlier } }
                    throw error
                }
            }
        } catch {
            throw PurchaseError.from(error, what: what)
        }
    }
}
