import PurchaseCore

/// The simulated App Store's verifier: the session's ``SimulatedAPI/verification`` error first, then
/// an ``AppStoreReceiptVerifier`` over the provider's ``SimulatedVerifyReceiptService``.
///
/// A simulated network-type error (`cloudServiceNetworkConnectionFailed`, `unknown`) makes
/// verification ``PurchaseError/Code/verificationUnavailable`` (the store keeps the transaction
/// unfinished and tries later); any other code makes it ``PurchaseError/Code/verificationFailed``.
struct SimulatedReceiptVerifier: ReceiptVerifier {
    let queue: PaymentQueue
    let verifier: AppStoreReceiptVerifier

    func verify(_ transaction: StoreTransaction) async throws -> StoreTransaction {
        if let code = await queue.controls.simulatedErrors[.verification] {
            let temporary = code == .cloudServiceNetworkConnectionFailed || code == .unknown
            throw PurchaseError(
                temporary ? .verificationUnavailable : .verificationFailed,
                detail: "simulated verification error (SKError code \(code.rawValue))",
                productID: transaction.productID)
        }
        return try await verifier.verify(transaction)
    }
}

/// Retries verifyReceipt at once: the simulated service has no real load to wait out.
package struct ImmediateSleeper: VerifyReceiptSleeper {
    /// A sleeper that only checks for cancellation.
    package init() {}

    package func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
    }
}
