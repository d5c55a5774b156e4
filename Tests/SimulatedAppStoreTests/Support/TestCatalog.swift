import Foundation
import PurchaseCore

/// A small catalog covering every product type and the per-product simulations.
enum TestCatalog {
    static let gems = "com.example.gems"
    static let noAds = "com.example.noads"
    static let levels = "com.example.levels"
    static let monthly = "com.example.pro.monthly"
    static let season = "com.example.season"
    static let askApproved = "com.example.ask.approved"
    static let askDeclined = "com.example.ask.declined"
    static let askPending = "com.example.ask.pending"
    static let flaky = "com.example.flaky"
    static let interrupted = "com.example.interrupted"
    static let unavailable = "com.example.unavailable"
    static let japanOnly = "com.example.japan"
    static let renamed = "com.example.renamed"
    static let renamedStoreID = "app.store.renamed"
    static let trial = "com.example.trial.monthly"
    static let payAsYouGo = "com.example.payg.monthly"

    static func product(
        _ id: String, _ type: ProductType, prices: [String: String] = ["USA": "0.99", "JPN": "160"],
        entitlements: [String] = [], payouts: [Payout] = [], subscription: SubscriptionInfo? = nil,
        duration: SubscriptionPeriod? = nil, hostedContent: HostedContent? = nil,
        simulation: ProductSimulation? = nil, storeIDs: [ProviderKind: String] = [:]
    ) -> Product {
        var priced: [String: Price] = [:]
        for (storefront, amount) in prices {
            priced[storefront] = Price(
                amount: Price.amount(parsing: amount) ?? 0, currencyCode: storefront == "USA" ? "USD" : "JPY")
        }
        return Product(
            productID: id, type: type, storeIDs: storeIDs, prices: priced,
            localizations: [
                "en": ProductLocalization(displayName: "EN \(id)", description: "About \(id)"),
                "ja": ProductLocalization(displayName: "JA \(id)", description: "JA about \(id)"),
            ],
            entitlements: entitlements, payouts: payouts, subscription: subscription, duration: duration,
            hostedContent: hostedContent, simulation: simulation)
    }

    static func make(settings: [String: SettingValue] = [:]) -> Catalog {
        let products = [
            product(gems, .consumable, payouts: [Payout(kind: .currency, name: "gems", quantity: 100)]),
            product(noAds, .nonConsumable, entitlements: ["no-ads"]),
            product(
                levels, .nonConsumable, entitlements: ["levels"],
                hostedContent: HostedContent(version: "1.0", contentLength: 10_000_000)),
            product(
                monthly, .autoRenewable, entitlements: ["pro"],
                subscription: SubscriptionInfo(group: "pro", period: SubscriptionPeriod("P1M")!, level: 1)),
            product(season, .nonRenewing, entitlements: ["season"], duration: SubscriptionPeriod("P3M")!),
            product(
                askApproved, .nonConsumable, entitlements: ["a"], simulation: ProductSimulation(askToBuy: .approved)),
            product(
                askDeclined, .nonConsumable, entitlements: ["d"], simulation: ProductSimulation(askToBuy: .declined)),
            product(askPending, .nonConsumable, entitlements: ["p"], simulation: ProductSimulation(askToBuy: .pending)),
            product(
                flaky, .consumable, payouts: [Payout(kind: .currency, name: "gems", quantity: 1)],
                simulation: ProductSimulation(
                    failures: [
                        .init(attempt: 1, error: "storeUnavailable"), .init(attempt: 3, error: "paymentCancelled"),
                    ])),
            product(
                interrupted, .consumable, payouts: [Payout(kind: .currency, name: "gems", quantity: 5)],
                simulation: ProductSimulation(interrupted: true)),
            product(unavailable, .nonConsumable, simulation: ProductSimulation(unavailable: true)),
            product(japanOnly, .nonConsumable, prices: ["JPN": "300"]),
            product(renamed, .nonConsumable, entitlements: ["renamed"], storeIDs: [.simulatedAppStore: renamedStoreID]),
            product(
                trial, .autoRenewable, entitlements: ["trial"],
                subscription: SubscriptionInfo(
                    group: "trial", period: SubscriptionPeriod("P1M")!, level: 1,
                    introductoryOffer: IntroductoryOffer(mode: .freeTrial, period: SubscriptionPeriod("P1W")!))),
            product(
                payAsYouGo, .autoRenewable, entitlements: ["payg"],
                subscription: SubscriptionInfo(
                    group: "payg", period: SubscriptionPeriod("P1M")!, level: 1,
                    introductoryOffer: IntroductoryOffer(
                        mode: .payAsYouGo, period: SubscriptionPeriod("P1W")!, periods: 2))),
        ]
        return Catalog(
            deployment: Deployment(
                name: "test", providers: [ProviderConfiguration(kind: .simulatedAppStore, settings: settings)],
                storefront: "USA", locale: "en_US"),
            storefronts: [
                "USA": Storefront(code: "USA", currencyCode: "USD"),
                "JPN": Storefront(code: "JPN", currencyCode: "JPY"),
            ],
            products: products)
    }

    /// A fresh empty folder under the temporary directory.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("simqueue-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
