/// The keys the catalog format defines in each kind of dict, in the order Catalog/README.md lists them.
enum CatalogKeys {
    static let root = ["CatalogVersion", "Deployment", "Storefronts", "Products"]
    static let deployment = [
        "Name", "Provider", "Providers", "ProviderSettings", "Storefront", "Locale", "MessageTables", "Ledger",
        "RefundedConsumables", "Server",
    ]
    static let providerEntry = ["Kind", "Settings"]
    static let ledger = ["Kind", "Settings"]
    static let storefront = ["Currency"]
    static let product = [
        "ProductID", "Type", "StoreIDs", "Prices", "Localizations", "Entitlements", "Payouts", "Subscription",
        "Duration", "FamilyShareable", "HostedContent", "Simulation",
    ]
    static let localization = ["DisplayName", "Description"]
    static let payout = ["Kind", "Name", "Quantity"]
    static let subscription = ["Group", "Period", "Level", "IntroductoryOffer", "PromotionalOffers", "OfferCodes"]
    static let introductoryOffer = ["Mode", "Period", "Periods", "Prices"]
    static let promotionalOffer = ["Identifier", "Mode", "Period", "Periods", "Prices"]
    static let offerCodes = ["ReferenceName", "Mode", "Period", "Periods", "Prices", "Codes"]
    static let hostedContent = ["Version", "ContentLength"]
    static let simulation = ["AskToBuy", "Failures", "Interrupted", "Unavailable"]
    static let simulationFailure = ["Attempt", "Error"]
}
