import Foundation
public import PurchaseCore

/// A catalog's products as the simulated Play Store sells them, and the way back from Play's product
/// ids to the catalog's.
///
/// Guarantees: every catalog product priced in the deployment's storefront becomes one ``PlayProduct``
/// under its store ID for `simulated-google-play` (`Product.storeID(for:)`): consumables,
/// non-consumables and non-renewing products as one-time products (`inapp`) at the storefront's price,
/// auto-renewable subscriptions as subscriptions whose base plans are the product's `GooglePlay` dict's
/// `BasePlans` (``PlayProductSettings``) or, without one, a single auto-renewing base plan billed each
/// `Subscription` `Period` at the product's price. Names and descriptions are the catalog's
/// localization for the deployment's locale.
public struct PlayCatalogProducts: Sendable {
    /// The products on sale in the simulated Play Store.
    public let products: [PlayProduct]
    /// The catalog's product id of each Play product id.
    public let catalogIDs: [String: String]
    /// The catalog's products by their identifier.
    public let catalogProducts: [String: Product]
    /// The storefront prices are in (the deployment's).
    public let storefront: String

    /// The Play products of `catalog` in its deployment's storefront and locale.
    ///
    /// - Parameters:
    ///   - catalog: the deployment's catalog.
    ///   - kind: the provider kind whose store IDs name the Play products.
    public init(catalog: Catalog, kind: ProviderKind = .simulatedGooglePlay) {
        let storefront = catalog.deployment.storefront
        let currency = catalog.storefronts[storefront]?.currencyCode
        var products: [PlayProduct] = []
        var catalogIDs: [String: String] = [:]
        var catalogProducts: [String: Product] = [:]
        for product in catalog.products {
            catalogProducts[product.productID] = product
            guard let currency, let price = product.price(in: storefront) else { continue }
            let storeID = product.storeID(for: kind)
            guard catalogIDs[storeID] == nil else { continue }
            let text = product.localization(for: catalog.deployment.locale)
            let name = text?.displayName ?? product.productID
            let description = text?.description ?? ""
            let settings = PlayProductSettings(product.storeSettings?[PlayProductSettings.catalogKey] ?? [:])
            if product.type == .autoRenewable {
                let plans = settings.basePlans(
                    for: product, storefront: storefront, currency: currency)
                guard !plans.isEmpty else { continue }
                products.append(.subscription(storeID, name: name, description: description, basePlans: plans))
            } else {
                products.append(
                    .oneTime(
                        storeID, name: name, description: description, price: Self.playPrice(price),
                        allowsMultipleQuantity: settings.multipleQuantity ?? (product.type == .consumable)))
            }
            catalogIDs[storeID] = product.productID
        }
        self.products = products
        self.catalogIDs = catalogIDs
        self.catalogProducts = catalogProducts
        self.storefront = storefront
    }

    /// `price` in Play's micro-units.
    static func playPrice(_ price: Price) -> PlayPrice {
        let micros = NSDecimalNumber(decimal: price.amount * 1_000_000).int64Value
        return PlayPrice(micros: micros, currencyCode: price.currencyCode)
    }

    /// The id of the base plan a subscription gets when its catalog names none: `weekly`, `monthly`,
    /// `yearly`, `daily` for one unit, else the period in lower case (`p3m`).
    static func defaultBasePlanID(_ period: SubscriptionPeriod) -> String {
        guard period.value == 1 else { return period.description.lowercased() }
        return switch period.unit {
        case .day: "daily"
        case .week: "weekly"
        case .month: "monthly"
        case .year: "yearly"
        }
    }
}

extension ProviderKind {
    /// The simulated Google Play (`SimulatedGooglePlayProvider`).
    public static let simulatedGooglePlay: ProviderKind = "simulated-google-play"
}
