/// Purchases a person starts in the App Store itself (promoted in-app purchases), as a test session
/// simulates them.
extension PaymentQueue {
    /// A person starts buying a promoted product in the App Store: observers are asked
    /// ``PaymentTransactionObserver/shouldAddStorePayment(_:for:)``. When every observer agrees the
    /// payment is added; when one says no (or there is no observer) it is held for the app to add later.
    ///
    /// - Throws: `storeProductNotAvailable` when the product is not for sale.
    public func simulatePromotedPurchase(_ productIdentifier: String) async throws(StoreKitError)
        -> PromotedPurchaseResult
    {
        await prepare()
        guard let product = productsByIdentifier[productIdentifier], let offered = appStoreProduct(product) else {
            throw StoreKitError(.storeProductNotAvailable, message: "'\(productIdentifier)' is not for sale")
        }
        let payment = Payment(productIdentifier: productIdentifier)
        let current = observers
        guard !current.isEmpty else { return .held(payment) }
        let agreed = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            callbacks.schedule {
                var agreed = true
                for observer in current where !observer.shouldAddStorePayment(payment, for: offered) {
                    agreed = false
                }
                continuation.resume(returning: agreed)
            }
        }
        guard agreed else { return .held(payment) }
        return .added(await add(payment))
    }
}
