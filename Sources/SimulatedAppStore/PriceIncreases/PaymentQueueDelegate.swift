/// Asked by a ``PaymentQueue`` what to show the person (`SKPaymentQueueDelegate`'s shape).
///
/// ## Implementation requirements
/// - Conformers are reference types and `Sendable`. The queue asks while it makes the change the
///   question is about, so an answer must come at once: do not wait for the queue inside a method.
public protocol PaymentQueueDelegate: AnyObject, Sendable {
    /// Whether the App Store shows the price consent sheet for a raised subscription price now
    /// (`paymentQueueShouldShowPriceConsent(_:)`); `false` keeps it until the app calls
    /// ``PaymentQueue/showPriceConsentIfNeeded()``. The person can answer either way (the App Store
    /// also asks by email and in the account's subscription settings).
    func shouldShowPriceConsent(for increase: PriceIncrease) -> Bool
}

// MARK: - Default implementations

extension PaymentQueueDelegate {
    /// Returns `true`: the sheet is shown at once, as StoreKit does when the method is missing.
    public func shouldShowPriceConsent(for increase: PriceIncrease) -> Bool { true }
}
