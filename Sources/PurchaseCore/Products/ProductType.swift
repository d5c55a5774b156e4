/// The four kinds of product a store sells, as StoreKit names them.
public enum ProductType: String, Sendable, Hashable, CaseIterable, Codable {
    /// Used up once bought and can be bought again (coins, gems).
    case consumable = "Consumable"
    /// Bought once and owned for good (remove ads, a level pack).
    case nonConsumable = "NonConsumable"
    /// A subscription that renews every period until cancelled.
    case autoRenewable = "AutoRenewable"
    /// A subscription that lasts a fixed time and does not renew.
    case nonRenewing = "NonRenewing"
}
