/// Something a deployment sells, as its catalog declares it.
///
/// A product loaded from a catalog is consistent: its identifier is unique and well formed, each price
/// names a declared storefront in that storefront's currency, auto-renewable products carry
/// ``subscription`` and non-renewing ones ``duration``, and there is a localization for the deployment's
/// language.
public struct Product: Sendable, Hashable, Codable, Identifiable {
    /// The catalog's identifier: letters, digits, `.`, `_` and `-`, unique in its catalog.
    public var productID: String
    /// What kind of product it is.
    public var type: ProductType
    /// The identifier each store knows the product by, where it differs from ``productID``.
    public var storeIDs: [ProviderKind: String]
    /// The price in each storefront where the product is sold, keyed by storefront code.
    public var prices: [String: Price]
    /// Names and descriptions keyed by canonical locale identifier (see ``LocaleFallback``).
    public var localizations: [String: ProductLocalization]
    /// Names of the entitlements owning the product grants, in catalog order.
    public var entitlements: [String]
    /// What each unit bought credits to balances, in catalog order.
    public var payouts: [Payout]
    /// The subscription details; present exactly when ``type`` is ``ProductType/autoRenewable``.
    public var subscription: SubscriptionInfo?
    /// How long a purchase lasts; present exactly when ``type`` is ``ProductType/nonRenewing``.
    public var duration: SubscriptionPeriod?
    /// Whether family members share the purchase.
    public var familyShareable: Bool
    /// Downloadable content that comes with the product, if any.
    public var hostedContent: HostedContent?
    /// How the simulated App Store behaves for this product, if the catalog says.
    public var simulation: ProductSimulation?
    /// The product's dicts for one store each, by their key in the product dict (`GooglePlay`), as
    /// written; the plug-in that registered the key reads and checks it
    /// (``ProviderRegistry/registerProductSettings(_:check:)``). `nil` when there is none.
    public var storeSettings: [String: [String: SettingValue]]?

    /// Creates a product.
    public init(
        productID: String,
        type: ProductType,
        storeIDs: [ProviderKind: String] = [:],
        prices: [String: Price] = [:],
        localizations: [String: ProductLocalization] = [:],
        entitlements: [String] = [],
        payouts: [Payout] = [],
        subscription: SubscriptionInfo? = nil,
        duration: SubscriptionPeriod? = nil,
        familyShareable: Bool = false,
        hostedContent: HostedContent? = nil,
        simulation: ProductSimulation? = nil,
        storeSettings: [String: [String: SettingValue]]? = nil
    ) {
        self.productID = productID
        self.type = type
        self.storeIDs = storeIDs
        self.prices = prices
        self.localizations = localizations
        self.entitlements = entitlements
        self.payouts = payouts
        self.subscription = subscription
        self.duration = duration
        self.familyShareable = familyShareable
        self.hostedContent = hostedContent
        self.simulation = simulation
        self.storeSettings = storeSettings
    }

    /// The product identifier.
    public var id: String { productID }

    /// The identifier the given store knows the product by: its entry in ``storeIDs``, else ``productID``.
    public func storeID(for kind: ProviderKind) -> String {
        storeIDs[kind] ?? productID
    }

    /// The price in the storefront with the given code, or `nil` where the product is not sold.
    public func price(in storefrontCode: String) -> Price? {
        prices[storefrontCode]
    }

    /// The localization for `locale` following ``LocaleFallback/candidates(for:)``, then English (`en`),
    /// or `nil` when there is neither.
    public func localization(for locale: String) -> ProductLocalization? {
        localization(forCandidates: LocaleFallback.candidates(for: locale))
    }

    /// The localization for the first of `candidates` the product has (the fallback list of a locale,
    /// ``LocaleFallback/candidates(for:)``, worked out once for many products), then English (`en`).
    public func localization(forCandidates candidates: [String]) -> ProductLocalization? {
        for candidate in candidates {
            if let localization = localizations[candidate] { return localization }
        }
        return localizations["en"]
    }
}
