/// What the app wants done with a purchase the person started in the store itself (a product the App
/// Store promotes on the app's page), as StoreKit asks an app with `shouldAddStorePayment`.
public enum PromotedPurchaseDecision: Sendable, Hashable {
    /// Go on with the purchase now; it reaches the `Store` as a transaction update and goes through
    /// the flow (verified, delivered once, finished) like any other.
    case buyNow
    /// Keep it for later (the app is showing its onboarding, say): it waits in the store's
    /// ``PromotedPurchaseHandling/heldPromotedPurchases()`` until the app buys the product with
    /// `Store.purchase(_:quantity:)`.
    case later
    /// Drop it: nothing is bought and nothing waits.
    case refuse
}

/// A store where a person can start a purchase outside the app, which then asks the app what to do
/// (StoreKit 1's `paymentQueue(_:shouldAddStorePayment:for:)`).
///
/// Guarantees: the store asks the decider installed last, synchronously, once per promoted purchase,
/// with the catalog's product identifier; without one it buys now (``PromotedPurchaseDecision/buyNow``).
/// A product kept for later leaves ``heldPromotedPurchases()`` when the app buys it.
public protocol PromotedPurchaseHandling: StoreProvider {
    /// Installs who decides about promoted purchases; `nil` goes back to buying them now.
    func setPromotedPurchaseDecider(_ decide: (@Sendable (_ productID: String) -> PromotedPurchaseDecision)?)

    /// The products of promoted purchases kept for later, oldest first.
    func heldPromotedPurchases() async -> [String]
}
