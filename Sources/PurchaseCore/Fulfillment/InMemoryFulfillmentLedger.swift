public import Foundation

/// A fulfillment ledger that lives in memory: exactly-once within one process, gone when it ends.
///
/// It holds every account its deliveries name (``Delivery/appAccountToken``), with balances and
/// spends per account, and delivers a transaction to one account only.
///
/// It is a ``NotificationLog`` too: it remembers the notifications applied to it, as long as it lives;
/// and ``IdempotentSpending``: it remembers each account's spend identifiers as long.
///
/// Right for tests and for apps whose provider keeps the durable record; use a file-backed ledger
/// where deliveries must survive a crash.
public actor InMemoryFulfillmentLedger: FulfillmentLedger, NotificationListing, SpendIDListing {
    private var state = LedgerContents()
    /// The notifications recorded as applied, and when.
    private var notifications: [String: Date] = [:]
    private var index: [TransactionID: Int] = [:]
    /// The ``Delivery/fulfillmentKey`` of every delivery recorded.
    private var fulfilled: Set<TransactionID> = []
    /// The spends made with an identifier, by account (`nil`: the default account).
    private var spendIDs: [UUID?: [SpendID: RecordedSpend]] = [:]

    /// Creates an empty ledger.
    public init() {}

    /// Registers the in-memory ledger under `LedgerKind.memory` in `registry` (it reads no
    /// settings; a deployment that names it starts empty at every open).
    public static func register(in registry: inout ProviderRegistry) {
        registry.registerLedger(.memory, settingKeys: []) { _ in InMemoryFulfillmentLedger() }
    }

    /// Records a delivery unless one with the same transaction identifier or the same
    /// ``Delivery/fulfillmentKey`` (a restore of a non-consumable delivered before) exists.
    public func recordDelivery(_ delivery: Delivery) -> Bool {
        guard index[delivery.transactionID] == nil, fulfilled.insert(delivery.fulfillmentKey).inserted else {
            return false
        }
        index[delivery.transactionID] = state.deliveries.count
        state.deliveries.append(delivery)
        return true
    }

    /// The delivery recorded for a transaction, or `nil`.
    public func delivery(for transactionID: TransactionID) -> Delivery? {
        index[transactionID].map { state.deliveries[$0] }
    }

    /// Records that the provider finished the transaction.
    public func markFinished(_ transactionID: TransactionID) {
        state.finished.insert(transactionID)
    }

    /// Records that the store took a delivered purchase back.
    public func recordRevocation(_ transactionID: TransactionID, at date: Date) -> Bool {
        guard index[transactionID] != nil, state.revocations[transactionID] == nil else { return false }
        state.revocations[transactionID] = date
        return true
    }

    /// Records that the store refunded a delivered consumable, with the payout taken back from the
    /// balances as they stand now. (Declared `async` so that callers of the actor get this one
    /// rather than the protocol's default, which async contexts would prefer.)
    public func recordRevocation(
        _ transactionID: TransactionID, at date: Date, refundedConsumables treatment: RefundedConsumables
    ) async -> RevokedPayout? {
        guard let delivery = delivery(for: transactionID), state.revocations[transactionID] == nil else {
            return nil
        }
        let payout = RevokedPayout(
            revoking: delivery.credits, from: state.balances(for: delivery.appAccountToken), treatment: treatment)
        state.revocations[transactionID] = date
        state.revokedPayouts[transactionID] = payout
        return payout
    }

    /// Records that a delivered transaction now ends at `date`, when that is earlier than it ended.
    public func recordExpiration(_ transactionID: TransactionID, at date: Date) -> Bool {
        guard let delivery = delivery(for: transactionID), state.endsLater(delivery, than: date) else { return false }
        state.expirations[transactionID] = date
        return true
    }

    /// Takes `quantity` units from a balance of one account (`nil`: the default account), refusing
    /// to go below zero.
    public func spend(_ balance: String, quantity: Int, account: UUID?) throws -> Int {
        guard quantity > 0 else {
            throw PurchaseError(.clientInvalid, detail: "spend quantity must be positive, got \(quantity)")
        }
        let available = state.balances(for: account)[balance, default: 0]
        guard available >= quantity else {
            throw PurchaseError(.insufficientBalance, detail: "\(balance): have \(available), need \(quantity)")
        }
        if let account {
            state.spentByAccount[account, default: [:]][balance, default: 0] += quantity
        } else {
            state.spent[balance, default: 0] += quantity
        }
        return available - quantity
    }

    /// Takes `quantity` units from a balance of one account once for `spendID` (see
    /// ``IdempotentSpending``): the check of the identifier, the spend and its record happen in one
    /// step of the actor.
    public func spend(_ balance: String, quantity: Int, account: UUID?, spendID: SpendID) throws -> SpendResult {
        if let recorded = spendIDs[account]?[spendID] {
            return try recorded.replay(balance, quantity: quantity, spendID: spendID)
        }
        let left = try spend(balance, quantity: quantity, account: account)
        spendIDs[account, default: [:]][spendID] = RecordedSpend(
            balance: balance, quantity: quantity, balanceAfter: left)
        return SpendResult(balance: left, replayed: false)
    }

    /// Every spend recorded with an identifier.
    public func recordedSpends() -> [IdentifiedSpend] {
        spendIDs.flatMap { account, spends in
            spends.map { IdentifiedSpend(account: account, spendID: $0.key, spend: $0.value) }
        }
    }

    /// Everything the ledger holds.
    public func contents() -> LedgerContents { state }

    /// Records that the notification `id` was applied, unless it was recorded before.
    ///
    /// - Throws: ``PurchaseError/Code/clientInvalid`` for an empty `id`.
    public func recordNotification(_ id: String, at date: Date) throws -> Bool {
        guard !id.isEmpty else { throw PurchaseError(.clientInvalid, detail: "a notification needs an identity") }
        guard notifications[id] == nil else { return false }
        notifications[id] = date
        return true
    }

    /// When the notification `id` was recorded as applied, or `nil`.
    public func notificationRecorded(_ id: String) -> Date? { notifications[id] }

    /// Every notification recorded as applied, with its date.
    public func recordedNotifications() -> [String: Date] { notifications }
}
