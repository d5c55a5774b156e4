/// A tiny shop front built on the identifiers the `PurchaseCatalogCodegen` plugin generates from
/// `Shop.catalog.plist`: `ShopProducts.coins500` is checked by the compiler, `ShopProducts.coins5000` is not
/// a product and does not compile.
public enum ShopFront {
    /// The products shown first, in order.
    public static let featured: [ShopProducts] = [.vipWeekly, .coins500, .starterPack]

    /// The products a person keeps once bought (everything but consumables).
    public static var ownable: [ShopProducts] {
        ShopProducts.allCases.filter { $0.type != .consumable }
    }

    /// The badge a product shows, decided by an exhaustive switch: a product added to the catalog makes
    /// this fail to compile until it gets a badge.
    public static func badge(for product: ShopProducts) -> String {
        switch product {
        case .coins500: "Best value"
        case .starterPack: "New players"
        case .vipWeekly: "Subscription"
        case .default: "Classic"
        }
    }
}
