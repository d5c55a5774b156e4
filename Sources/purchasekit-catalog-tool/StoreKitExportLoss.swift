import PurchaseCore

/// What a catalog loses when exported as a `.storekit` file and imported back: the parts of its
/// products the format has no place for, found by comparing each product with its import.
///
/// The exporter writes everything the format holds; a loss is reported only where the product's value
/// differs from the one the importer fills in by its own rules, so a catalog that already follows those
/// rules (a consumable paying out one unit of itself, say) loses nothing.
struct StoreKitExportLoss: Equatable {
    /// What is lost, as the catalog names it (`Payouts`, `Entitlements`...): the offers
    /// (`IntroductoryOffer`, `PromotionalOffers`, `OfferCodes`) lose their prices in storefronts other
    /// than the deployment's, and `Codes` are the one-time codes of `OfferCodes`, which the format
    /// cannot hold.
    var key: String
    /// The products that lose it, in catalog order.
    var productIDs: [String]

    /// The losses of `original` in `imported`, its export read back, in a fixed order of keys.
    static func losses(of original: Catalog, importedAs imported: Catalog) -> [StoreKitExportLoss] {
        let checks: [(String, (Product, Product) -> Bool)] = [
            ("Payouts", { $0.payouts == $1.payouts }),
            ("Entitlements", { $0.entitlements == $1.entitlements }),
            ("Prices", { $0.prices == $1.prices }),
            ("StoreIDs", { $0.storeIDs == $1.storeIDs }),
            ("HostedContent", { $0.hostedContent == $1.hostedContent }),
            ("Duration", { $0.duration == $1.duration }),
            // The offers keep their terms; what differs is a price in another storefront.
            ("IntroductoryOffer", { $0.subscription?.introductoryOffer == $1.subscription?.introductoryOffer }),
            ("PromotionalOffers", { $0.subscription?.promotionalOffers == $1.subscription?.promotionalOffers }),
            ("OfferCodes", { offerTerms($0) == offerTerms($1) }),
            ("Codes", { codes($0) == codes($1) }),
        ]
        var losses: [StoreKitExportLoss] = []
        for (key, same) in checks {
            let products = original.products.filter { product in
                guard let back = imported.product(withID: product.productID) else { return true }
                return !same(product, back)
            }
            if !products.isEmpty { losses.append(StoreKitExportLoss(key: key, productIDs: products.map(\.productID))) }
        }
        return losses
    }

    /// A product's offer codes without their one-time codes.
    private static func offerTerms(_ product: Product) -> [SubscriptionOfferCodes] {
        (product.subscription?.offerCodes ?? []).map { offer in
            var terms = offer
            terms.codes = []
            return terms
        }
    }

    /// The one-time codes of a product's offer codes, offer by offer.
    private static func codes(_ product: Product) -> [[String]] {
        (product.subscription?.offerCodes ?? []).map(\.codes)
    }
}
