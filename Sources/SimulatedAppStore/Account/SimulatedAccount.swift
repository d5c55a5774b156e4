import Foundation
import Journal
import PurchaseCore

/// What the simulated App Store knows about one person's account: transactions it issued that are
/// unfinished or still matter for a restore, subscriptions, and purchase attempts per product.
///
/// It is the ``JournalState`` of the account's journal (`<state>/simulated-app-store/account.*`):
/// every change is an ``AccountRecord`` in a compact binary form, replayed in order on open.
/// Finished consumables, failures and restored copies are forgotten once finished, so the account
/// stays small however many consumables are bought; the latest ``refundableLimit`` finished
/// consumable purchases are kept apart (``refundableConsumables``), so that the App Store can
/// still refund them.
struct SimulatedAccount: JournalState {
    /// How many finished consumable purchases the account keeps for refunds, the newest finished.
    static let refundableLimit = 1_000

    /// The next transaction number to give out.
    var nextNumber: UInt64 = 1
    var transactions: [UInt64: AccountTransaction] = [:]
    var unfinished: Set<UInt64> = []
    /// Transactions whose early end the provider adapter still has to hand to the app
    /// (``AccountTransaction/expiryNoticePending``).
    var expiryNotices: Set<UInt64> = []
    var subscriptions: [UInt64: SubscriptionRecord] = [:]
    var attempts: [String: Int] = [:]
    /// Prices the App Store changed, by ``priceKey(_:storefront:)``: they replace the catalog's.
    var priceChanges: [String: Price] = [:]
    /// The account's place in a family, while it is in one.
    var family: FamilyMembershipRecord?
    /// The promotional offer nonces the store accepted; a clear keeps them.
    var offerNonces: Set<UUID> = []
    /// The one-time offer codes redeemed (uppercased); a clear keeps them.
    var redeemedOfferCodes: Set<String> = []
    /// When the account's app transaction began (its first signed app transaction); a clear keeps it.
    var appTransactionDate: Double?
    /// The renewal-date extensions the App Store Server API made, by the subscription's original
    /// number, oldest first; a clear forgets them with the subscriptions.
    var renewalExtensions: [UInt64: [RenewalExtensionRecord]] = [:]
    /// Finished consumable purchases the App Store can still refund, by number; not part of
    /// ``transactions`` (receipts and restores do not list them). A refund puts the transaction back
    /// into ``transactions``, revoked.
    private(set) var refundableConsumables: [UInt64: AccountTransaction] = [:]
    /// The numbers of ``refundableConsumables`` in the order they were finished, from
    /// `refundableStart` (earlier entries were evicted or refunded); derived as records apply.
    private var refundableOrder: [UInt64] = []
    private var refundableStart = 0
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
        for number in refundableOrder[refundableStart...] {
            if let transaction = refundableConsumables[number] { AccountRecord.put(transaction).encode(into: &writer) }
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
        for key in priceChanges.keys.sorted() {
            if let price = priceChanges[key], let (product, storefront) = Self.splitPriceKey(key) {
                AccountRecord.priceChange(productIdentifier: product, storefront: storefront, price: price)
                    .encode(into: &writer)
            }
        }
        if let family { AccountRecord.family(family).encode(into: &writer) }
        for nonce in offerNonces.sorted(by: { $0.uuidString < $1.uuidString }) {
            AccountRecord.offerNonce(nonce).encode(into: &writer)
        }
        for code in redeemedOfferCodes.sorted() {
            AccountRecord.offerCode(code).encode(into: &writer)
        }
        if let appTransactionDate {
            AccountRecord.appTransaction(originalPurchaseDate: appTransactionDate).encode(into: &writer)
        }
        for original in renewalExtensions.keys.sorted() {
            for extensionRecord in renewalExtensions[original] ?? [] {
                AccountRecord.renewalExtension(extensionRecord).encode(into: &writer)
            }
        }
        return writer.data
    }

    /// The key of a product's price in a storefront in ``priceChanges``.
    static func priceKey(_ productIdentifier: String, storefront: String) -> String {
        storefront + "/" + productIdentifier
    }

    private static func splitPriceKey(_ key: String) -> (String, String)? {
        guard let slash = key.firstIndex(of: "/") else { return nil }
        return (String(key[key.index(after: slash)...]), String(key[..<slash]))
    }

    mutating func apply(_ record: AccountRecord) {
        switch record {
        case .put(let transaction):
            nextNumber = max(nextNumber, transaction.number + 1)
            refundableConsumables[transaction.number] = nil
            if transaction.finished && transaction.isDroppedWhenFinished {
                forget(transaction.number)
                unfinished.remove(transaction.number)
                expiryNotices.remove(transaction.number)
                if transaction.isRefundableWhenFinished { keepRefundable(transaction) }
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
                if transaction.isRefundableWhenFinished { keepRefundable(transaction) }
            } else {
                transactions[number] = transaction
            }
        case .subscription(let subscription):
            subscriptions[subscription.originalNumber] = subscription
        case .attempts(let productIdentifier, let count):
            attempts[productIdentifier] = count
        case .priceChange(let productIdentifier, let storefront, let price):
            priceChanges[Self.priceKey(productIdentifier, storefront: storefront)] = price
        case .family(let membership):
            family = membership
        case .offerNonce(let nonce):
            offerNonces.insert(nonce)
        case .offerCode(let code):
            redeemedOfferCodes.insert(code)
        case .appTransaction(let date):
            appTransactionDate = appTransactionDate ?? date
        case .renewalExtension(let extensionRecord):
            renewalExtensions[extensionRecord.originalNumber, default: []].append(extensionRecord)
        case .clear:
            transactions.removeAll()
            numbersByOriginal.removeAll()
            unfinished.removeAll()
            expiryNotices.removeAll()
            subscriptions.removeAll()
            renewalExtensions.removeAll()
            attempts.removeAll()
            refundableConsumables.removeAll()
            refundableOrder.removeAll()
            refundableStart = 0
        }
    }

    /// Keeps a finished consumable purchase for refunds, evicting the oldest finished beyond
    /// ``refundableLimit``.
    private mutating func keepRefundable(_ transaction: AccountTransaction) {
        refundableConsumables[transaction.number] = transaction
        refundableOrder.append(transaction.number)
        while refundableConsumables.count > Self.refundableLimit, refundableStart < refundableOrder.count {
            refundableConsumables[refundableOrder[refundableStart]] = nil
            refundableStart += 1
        }
        // Drops the evicted prefix once it is as long as what is left (amortised constant time).
        if refundableStart >= 64, refundableStart * 2 >= refundableOrder.count {
            refundableOrder.removeFirst(refundableStart)
            refundableStart = 0
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
