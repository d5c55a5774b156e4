public import PurchaseCore

/// A raised price of an auto-renewable subscription that needs the subscriber's consent, as one
/// subscriber's account stands on it.
///
/// Until the person consents, renewals stay at ``previousPrice``; without consent by the end of the
/// current period the subscription does not renew (`expiration_intent` 3). With consent it renews at
/// ``price`` (`price_consent_status` 1).
public struct PriceIncrease: Sendable, Hashable {
    /// Where the person stands.
    public enum Consent: String, Sendable, Hashable {
        /// Not answered yet (`price_consent_status` 0).
        case pending
        /// Agreed to the new price (`price_consent_status` 1).
        case consented
        /// Declined: the subscription ends with its period (auto-renew off, `price_consent_status` 0).
        case declined
    }

    /// The App Store product identifier of the subscription.
    public var productIdentifier: String
    /// The subscription's original transaction identifier.
    public var originalTransactionIdentifier: String
    /// The raised price.
    public var price: Price
    /// The price the subscription renews at until the person consents.
    public var previousPrice: Price?
    /// Where the person stands.
    public var consent: Consent
    /// Whether the App Store showed the consent sheet (`false` while the app's delegate holds it).
    public var isSheetShown: Bool

    /// Creates a value (the queue makes them; tests may build expected ones).
    public init(
        productIdentifier: String, originalTransactionIdentifier: String, price: Price, previousPrice: Price?,
        consent: Consent, isSheetShown: Bool
    ) {
        self.productIdentifier = productIdentifier
        self.originalTransactionIdentifier = originalTransactionIdentifier
        self.price = price
        self.previousPrice = previousPrice
        self.consent = consent
        self.isSheetShown = isSheetShown
    }
}
