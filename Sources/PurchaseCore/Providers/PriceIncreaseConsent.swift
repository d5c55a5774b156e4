/// A raised price of a subscription the person holds, that the store asks them to consent to
/// before renewals are charged it.
public struct PriceIncreaseNotice: Sendable, Hashable {
    /// The catalog's product identifier of the subscription.
    public var productID: String
    /// The store's identifier of the subscription's original purchase.
    public var originalTransactionID: String
    /// The raised price.
    public var price: Price
    /// The price renewals stay at until the person consents, when the store says.
    public var previousPrice: Price?

    /// Creates a notice.
    public init(productID: String, originalTransactionID: String, price: Price, previousPrice: Price?) {
        self.productID = productID
        self.originalTransactionID = originalTransactionID
        self.price = price
        self.previousPrice = previousPrice
    }
}

/// When the store shows its price consent sheet, as the app answers StoreKit 1's
/// `paymentQueueShouldShowPriceConsent(_:)`.
public enum PriceConsentSheet: Sendable, Hashable {
    /// Show it now (the store's default).
    case showNow
    /// Keep it until the app asks for it (the person is in the middle of something, say):
    /// ``PriceIncreaseConsent/showPriceConsentIfNeeded()``.
    case later
}

/// A store that asks subscribers to consent to a subscription price increase and lets the app say
/// when its consent sheet appears.
///
/// Guarantees: the store calls the handler installed last, synchronously, once for each subscription
/// a price increase needing consent reaches, with the catalog's product identifier; without a handler
/// it shows the sheet at once. The person's answer is the store's business: renewals follow it.
public protocol PriceIncreaseConsent: StoreProvider {
    /// Installs who hears of price increases and says when the consent sheet appears; `nil` goes back
    /// to showing it at once.
    func setPriceIncreaseHandler(_ handle: (@Sendable (PriceIncreaseNotice) -> PriceConsentSheet)?) async

    /// Shows the consent sheets the handler kept for later (StoreKit 1's `showPriceConsentIfNeeded()`).
    func showPriceConsentIfNeeded() async
}
