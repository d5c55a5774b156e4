import Foundation
import Journal
import PurchaseCore

/// What the simulated App Store knows about one person's account: transactions it issued that are
/// unfinished or still matter for a restore, subscriptions, and purchase attempts per product.
///
/// It is the ``JournalState`` of the account's journal (`<state>/simulated-app-store/account.*`):
/// every change is an ``AccountRecord`` in a compact binary form, replayed in order on open.
/// Finished consumables, failures and restored copies are forgotten once finished, so the account
/// stays small however many consumables are bought.
struct SimulatedAccount: JournalState {
    /// The next transaction number to give out.
    var nextNumber: UInt64 = 1
    var transactions: [UInt64: AccountTransaction] = [:]
    var unfinished: Set<UInt64> = []
    /// Transactions whose early end the provider adapter still has to hand to the app
    /// (``AccountTransaction/expiryNoticePending``).
    var expiryNotices: Set<UInt64> = []
    var subscriptions: [UInt64: SubscriptionRecord] = [:]
    var attempts: [String: Int] = [:]
    /// The numbers of ``transactions`` by their original number (derived: rebuilt as records apply).
    private(set) var numbersByOriginal: [UInt64: Set<UInt64>] = [:]

    /// An empty account.
    init() {}

    /// Rebuilds the account from a ``snapshot()``.
    init(snapshot: Data) throws {
        var reader = BinaryReader(snapshot)
        let next = try reader.varint()
        while !reader.isAtEnd {
            apply(try AccountRecord(from: &reader))
        }
        nextNumber = max(nextNumber, next)
    }

    /// Applies one journal record.
    mutating func apply(_ record: Data) throws {
        var reader = BinaryReader(record)
        apply(try AccountRecord(from: &reader))
    }

    /// The whole account as bytes: the next number, then records that rebuild it.
    func snapshot() throws -> Data {
        var writer = BinaryWriter(capacity: 64 * (transactions.count + subscriptions.count + 1))
        writer.varint(nextNumber)
        for number in transactions.keys.sorted() {
            if let transaction = transactions[number] { AccountRecord.put(transaction).encode(into: &writer) }
        }
        for number in subscriptions.keys.sorted() {
            if let subscription = subscriptions[number] {
                AccountRecord.subscription(subscription).encode(into: &writer)
            }
        }
        for productIdentifier in attempts.keys.sorted() {
            AccountRecord.attempts(productIdentifier: productIdentifier, count: attempts[productIdentifier] ?? 0)
                .encode(into: &writer)
        }
        return writer.data
    }

    mutating func apply(_ record: AccountRecord) {
        switch record {
        case .put(let transaction):
            nextNumber = max(nextNumber, transaction.number + 1)
            if transaction.finished && transaction.isDroppedWhenFinished {
                forget(transaction.number)
                unfinished.remove(transaction.number)
                expiryNotices.remove(transaction.number)
                return
            }
            if let previous = transactions.updateValue(transaction, forKey: transaction.number),
                previous.originalNumber != transaction.originalNumber
            {
                numbersByOriginal[previous.originalNumber]?.remove(transaction.number)
            }
            numbersByOriginal[transaction.originalNumber, default: []].insert(transaction.number)
            if transaction.expiryNoticePending {
                expiryNotices.insert(transaction.number)
            } else {
                expiryNotices.remove(transaction.number)
            }
            if transaction.finished || transaction.state == .purchasing {
                unfinished.remove(transaction.number)
            } else {
                unfinished.insert(transaction.number)
            }
        case .finish(let number):
            guard var transaction = transactions[number] else { return }
            unfinished.remove(number)
            transaction.finished = true
            if transaction.isDroppedWhenFinished {
                forget(number)
                expiryNotices.remove(number)
            } else {
                transactions[number] = transaction
            }
        case .subscription(let subscription):
            subscriptions[subscription.originalNumber] = subscription
        case .attempts(let productIdentifier, let count):
            attempts[productIdentifier] = count
        case .clear:
            transactions.removeAll()
            numbersByOriginal.removeAll()
            unfinished.removeAll()
            expiryNotices.removeAll()
            subscriptions.removeAll()
            attempts.removeAll()
        }
    }

    /// Removes a transaction and its place in ``numbersByOriginal``.
    private mutating func forget(_ number: UInt64) {
        guard let transaction = transactions.removeValue(forKey: number) else { return }
        numbersByOriginal[transaction.originalNumber]?.remove(number)
        if numbersByOriginal[transaction.originalNumber]?.isEmpty == true {
            numbersByOriginal[transaction.originalNumber] = nil
        }
    }

    /// Unfinished transactions, oldest first.
    var unfinishedTransactions: [AccountTransaction] {
        unfinished.sorted().compactMap { transactions[$0] }
    }
}
