import Foundation
import PurchaseKit

/// What the tour needs decided before it starts: the catalog it sells from (in the storefront of the
/// tour's locale), the products each step uses, and the state folders.
struct TourPlan: Sendable {
    /// The catalog with the deployment's storefront set for the tour's locale.
    var catalog: Catalog
    /// A consumable with payouts (bought in step 2).
    var consumable: Product
    /// A non-consumable (bought in step 3 and again in step 4).
    var nonConsumable: Product
    /// The product bought with Ask to Buy and approved.
    var askToBuy: Product
    /// The product whose payment the store declines.
    var declined: Product
    /// For a deployment of several stores, one product sold through each store after the default one
    /// (a non-consumable, else a subscription, else a consumable, priced in the storefront); empty for
    /// one store.
    var otherStores: [Product] = []
    /// Whether the deployment sells through the file store alone (the tour with Ask to Buy); otherwise
    /// it sells through several stores and the tour buys through each.
    var isFileStore: Bool
    /// The state folder of the first device (the store's account lives in it too).
    var stateDirectory: URL
    /// The state folder of the fresh install (its own ledger; the same store account).
    var freshInstallDirectory: URL

    /// A plan for `catalog`, or `nil` when it lacks a consumable or a non-consumable priced in the
    /// storefront.
    init?(catalog: Catalog, locale: String, stateDirectory: URL, freshInstallDirectory: URL) {
        var catalog = catalog
        catalog.deployment.storefront = Self.storefront(for: locale, in: catalog)
        let storefront = catalog.deployment.storefront
        let priced = catalog.products.filter { $0.price(in: storefront) != nil }
        let consumables = priced.filter { $0.type == .consumable && !$0.payouts.isEmpty }
        let nonConsumables = priced.filter { $0.type == .nonConsumable }
        guard let consumable = consumables.first, let nonConsumable = nonConsumables.first else { return nil }
        self.catalog = catalog
        self.consumable = consumable
        self.nonConsumable = nonConsumable
        askToBuy = nonConsumables.dropFirst().first ?? consumable
        declined = consumables.dropFirst().first ?? consumable
        self.stateDirectory = stateDirectory
        self.freshInstallDirectory = freshInstallDirectory
        let providers = catalog.deployment.providers
        isFileStore = providers.count == 1 && providers.first?.kind == .file
        let rank: [ProductType: Int] = [.nonConsumable: 0, .autoRenewable: 1, .consumable: 2]
        otherStores = providers.dropFirst().compactMap { provider in
            priced.filter { catalog.deployment.provider(for: $0) == provider && rank[$0.type] != nil }
                .min { rank[$0.type]! < rank[$1.type]! }
        }
    }

    /// The storefront whose currency is the locale's (`JPN` for `ja_JP` or `ja`) when the catalog
    /// declares one, else the deployment's. Among several storefronts of that currency (the euro's), the
    /// one of the locale's region comes first (`FRA` for `fr` or `fr_FR`, `ESP` for `es`: an ISO 3166
    /// alpha-3 code mostly begins with the region's alpha-2 code), then the deployment's, then the first
    /// in alphabetical order.
    static func storefront(for locale: String, in catalog: Catalog) -> String {
        let current = catalog.deployment.storefront
        let identifier = LocaleFallback.canonicalIdentifier(locale) ?? locale
        var region = Locale(identifier: identifier)
        if region.region == nil {
            region = Locale(identifier: Locale.Language(identifier: identifier).maximalIdentifier)
        }
        guard let currency = region.currency?.identifier else { return current }
        let matching = catalog.storefronts.keys.sorted().filter { catalog.storefronts[$0]?.currencyCode == currency }
        if let code = region.region?.identifier, let own = matching.first(where: { $0.hasPrefix(code) }) {
            return own
        }
        if matching.contains(current) { return current }
        return matching.first ?? current
    }
}
