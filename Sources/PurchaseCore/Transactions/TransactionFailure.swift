/// Why a store failed a transaction that reached the app as an update (StoreKit's failed state with
/// its error), so that the person is told the right thing.
public enum TransactionFailure: String, Sendable, Hashable, Codable, CaseIterable {
    /// The store could not take the payment (a card the bank turned down, say).
    case paymentFailed
    /// The person who approves the purchases of this account (Ask to Buy) declined the request; nothing
    /// was charged. StoreKit fails such a transaction with a cancelled payment.
    case declined
}
