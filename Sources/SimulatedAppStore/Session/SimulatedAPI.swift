/// The simulated App Store's operations that a test session can make fail.
public enum SimulatedAPI: String, Sendable, Hashable, CaseIterable {
    /// A products request (``ProductsRequest``).
    case loadProducts = "LoadProducts"
    /// A payment added to the queue.
    case purchase = "Purchase"
    /// ``PaymentQueue/restoreCompletedTransactions(withApplicationUsername:)``.
    case restore = "Restore"
    /// Receipt verification of the provider's transactions (``SimulatedAppStoreProvider/receiptVerifier``):
    /// a network-type code makes it unavailable (tried again later), any other code refuses it.
    case verification = "Verification"
}
