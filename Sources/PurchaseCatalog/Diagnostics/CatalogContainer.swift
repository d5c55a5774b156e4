/// The dict a required key is missing from, for ``CatalogProblem/missingKey(_:in:)``.
///
/// Each case has its own sentence in the message tables (`catalog.missingKey.<case>`), so the words that
/// describe the dict are translated with the rest of the message. Key names (`Deployment`,
/// `Subscription`), identifiers and codes from the file are quoted as written.
public enum CatalogContainer: Sendable, Hashable {
    /// The catalog's root dict.
    case root
    /// The `Deployment` dict.
    case deployment
    /// A dict under `Storefronts`; its storefront code as written.
    case storefront(String)
    /// A product's dict; its `ProductID` as written, or `nil` when it has none.
    case product(String?)
    /// A dict under a product's `Localizations`; its locale identifier as written.
    case localization(String)
    /// An element of a product's `Payouts`.
    case payout
    /// An element of the deployment's `Providers`.
    case providerEntry
    /// The deployment's `Ledger` dict.
    case ledger
    /// A product's `Subscription` dict.
    case subscription
    /// A subscription's `IntroductoryOffer` dict.
    case introductoryOffer
    /// An element of a subscription's `PromotionalOffers`.
    case promotionalOffer
    /// An element of a subscription's `OfferCodes`.
    case offerCodes
    /// A product's `HostedContent` dict.
    case hostedContent
    /// An element of a product's simulated `Failures`.
    case simulationFailure
    /// An entry of a `Localizable.stringsdict` message table; its message key as written.
    case messageEntry(String)
    /// A plural variable of a `Localizable.stringsdict` entry; its name as written.
    case pluralVariable(String)
}
