import Journal
import PurchaseCore

/// What the queue does for its provider adapter (``SimulatedAppStoreProvider`` through its
/// ``QueueBridge``) beyond StoreKit's shape: early expiries, which StoreKit has no callback for, reach
/// the app's `Store` through the adapter alone.
extension PaymentQueue {
    /// A callback that calls `body` on every provider adapter registered now; StoreKit observers are
    /// not told (for what StoreKit has no callback for, such as an early expiry).
    ///
    /// - Returns: `nil` when no adapter is registered.
    func tellAdapters(_ body: @escaping @Sendable (QueueBridge) -> Void) -> (@Sendable () -> Void)? {
        let adapters = observers.compactMap { $0 as? QueueBridge }
        if adapters.isEmpty { return nil }
        return {
            for adapter in adapters { body(adapter) }
        }
    }

    /// What the provider adapter hands the app's store as unfinished, oldest first: the unfinished
    /// transactions other than deferred ones, and those whose early expiry it has not acknowledged.
    func unfinishedForAdapter() async -> [PaymentTransaction] {
        await prepare()
        let numbers = account.unfinished.filter { account.transactions[$0]?.state != .deferred }
            .union(account.expiryNotices)
        return numbers.sorted().compactMap { account.transactions[$0] }.map(paymentTransaction)
    }

    /// ``finishTransaction(withIdentifier:)``; for the provider adapter (`acknowledgingExpiry`), also
    /// the end of its early-expiry notice, in the same commit.
    func finishTransaction(withIdentifier identifier: String, acknowledgingExpiry: Bool) async {
        await prepare()
        guard let number = Self.number(identifier), var transaction = account.transactions[number] else { return }
        var records: [AccountRecord] = []
        var callbacks: [(@Sendable () -> Void)?] = []
        if account.unfinished.contains(number), transaction.state != .purchasing, transaction.state != .deferred {
            transaction.finished = true
            // A finished transaction's downloads can no longer run, as in StoreKit.
            callbacks.append(cancelUnfinishedDownloads(ofTransaction: identifier))
            let value = paymentTransaction(transaction)
            records.append(.finish(number))
            callbacks.append(tell(removal: true) { $0.removedTransactions([value]) })
        }
        if acknowledgingExpiry, transaction.expiryNoticePending {
            transaction.expiryNoticePending = false
            records.append(.put(transaction))
        }
        guard !records.isEmpty else { return }
        // A finish mark lost in a machine crash brings the transaction back unfinished, as StoreKit
        // does; the app's ledger knows it was delivered and finishes it again.
        await commit(records, callbacks: callbacks, durability: .deferred)
    }
}

extension PaymentQueue {
    /// The charged transactions (purchased or restored) a verifyReceipt answer without older periods
    /// draws on, oldest first: those numbered `numbers`, and for each of `originals` its charged
    /// transactions, of an auto-renewable subscription only its latest period. The cost follows the
    /// size of the answer, not the number of periods the account holds.
    func recentChargedTransactions(originals: Set<UInt64>, numbers: Set<UInt64>) async -> [PaymentTransaction] {
        await prepare()
        var chosen = numbers
        for original in originals {
            if let subscription = account.subscriptions[original] {
                chosen.insert(subscription.latestNumber)
            } else if let related = account.numbersByOriginal[original] {
                chosen.formUnion(related)
            }
        }
        return chosen.sorted().compactMap { account.transactions[$0] }
            .filter { $0.state == .purchased || $0.state == .restored }
            .map(paymentTransaction)
    }
}
