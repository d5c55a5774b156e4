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
                transactions[transaction.number] = nil
                unfinished.remove(transaction.number)
                expiryNotices.remove(transaction.number)
                return
            }
            transactions[transaction.number] = transaction
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
            transactions[number] = transaction.isDroppedWhenFinished ? nil : transaction
            if transaction.isDroppedWhenFinished { expiryNotices.remove(number) }
        case .subscription(let subscription):
            subscriptions[subscription.originalNumber] = subscription
        case .attempts(let productIdentifier, let count):
            attempts[productIdentifier] = count
        case .clear:
            transactions.removeAll()
            unfinished.removeAll()
            expiryNotices.removeAll()
            subscriptions.removeAll()
            attempts.removeAll()
        }
    }

    /// Unfinished transactions, oldest first.
    var unfinishedTransactions: [AccountTransaction] {
        unfinished.sorted().compactMap { transactions[$0] }
    }
}
