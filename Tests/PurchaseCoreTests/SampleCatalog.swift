import Foundation
import PurchaseCore

/// A small deployment covering every product type, built in code so the core's tests do not
/// depend on the catalog reader.
enum SampleCatalog {
    static func make(providers: [ProviderKind] = ["memory"]) -> Catalog {
        func usd(_ amount: String) -> [String: Price] {
            ["USA": Price(amount: Decimal(string: amount)!, currencyCode: "USD")]
        }
        func names(_ name: String) -> [String: ProductLocalization] {
            ["en": ProductLocalization(displayName: name, description: "\(name) for testing")]
        }
        let products = [
            Product(
                productID: "gems.100", type: .consumable, prices: usd("0.99"), localizations: names("100 Gems"),
                payouts: [Payout(kind: .currency, name: "gems", quantity: 100)]),
            Product(
                productID: "remove.ads", type: .nonConsumable, prices: usd("2.99"), localizations: names("Remove Ads"),
                entitlements: ["no-ads"]),
            Product(
                productID: "starter.pack", type: .nonConsumable, prices: usd("4.99"),
                localizations: names("Starter Pack"), entitlements: ["starter"],
                payouts: [Payout(kind: .currency, name: "gems", quantity: 500)]),
            Product(
                productID: "pro.monthly", type: .autoRenewable, prices: usd("4.99"), localizations: names("Pro"),
                entitlements: ["pro"],
                subscription: SubscriptionInfo(group: "access", period: SubscriptionPeriod("P1M")!, level: 1)),
            Product(
                productID: "basic.monthly", type: .autoRenewable, prices: usd("1.99"), localizations: names("Basic"),
                entitlements: ["basic"],
                subscription: SubscriptionInfo(group: "access", period: SubscriptionPeriod("P1M")!, level: 2)),
            Product(
                productID: "season.pass", type: .nonRenewing, prices: usd("9.99"), localizations: names("Season"),
                entitlements: ["season"], duration: SubscriptionPeriod("P3M")!),
            Product(
                productID: "web.bundle", type: .nonConsumable, storeIDs: ["web": "bundle-2026"], prices: usd("19.99"),
                localizations: names("Web Bundle"), entitlements: ["bundle"]),
        ]
        return Catalog(
            deployment: Deployment(
                name: "Test",
                providers: providers.map { ProviderConfiguration(kind: $0) },
                storefront: "USA",
                locale: "en_US"
            ),
            storefronts: ["USA": Storefront(code: "USA", currencyCode: "USD")],
            products: products
        )
    }
}
