import Foundation
import PurchaseCore
import SimulatedAppStore

/// A subscription with promotional offers, the key its app's server signs them with, and a store
/// that trusts that key.
enum OfferCatalog {
    static let plus = "com.example.plus.monthly"
    static let keyID = "KEY1"
    static let bundleID = "com.example.app"
    static let key = ReceiptSigningKey(seed: Array("subscription key".utf8))
    static let signer = PromotionalOfferSigner(keyID: keyID, key: key, bundleID: bundleID)

    static func make() -> Catalog {
        let usd = { (amount: String) in Price(amount: Price.amount(parsing: amount)!, currencyCode: "USD") }
        let plus = Product(
            productID: plus, type: .autoRenewable, prices: ["USA": usd("4.99")],
            localizations: ["en": ProductLocalization(displayName: "Plus", description: "Plus monthly")],
            entitlements: ["plus"],
            subscription: SubscriptionInfo(
                group: "plus", period: SubscriptionPeriod("P1M")!, level: 1,
                introductoryOffer: IntroductoryOffer(mode: .freeTrial, period: SubscriptionPeriod("P1W")!),
                promotionalOffers: [
                    PromotionalOffer(
                        id: "winback", mode: .payAsYouGo, period: SubscriptionPeriod("P1M")!, periods: 2,
                        prices: ["USA": usd("1.99")]),
                    PromotionalOffer(id: "free-month", mode: .freeTrial, period: SubscriptionPeriod("P1M")!),
                    PromotionalOffer(
                        id: "unpriced", mode: .payUpFront, period: SubscriptionPeriod("P1M")!, periods: 3),
                ],
                offerCodes: [
                    SubscriptionOfferCodes(
                        referenceName: "spring", mode: .payUpFront, period: SubscriptionPeriod("P1M")!, periods: 3,
                        prices: ["USA": usd("9.99")], codes: ["SPRING-A", "SPRING-B"])
                ]))
        return Catalog(
            deployment: Deployment(
                name: "offers", providers: [ProviderConfiguration(kind: .simulatedAppStore)], storefront: "USA",
                locale: "en_US"),
            storefronts: ["USA": Storefront(code: "USA", currencyCode: "USD")], products: [plus])
    }

    /// A session trusting ``key`` under ``keyID``.
    static var controls: SessionControls {
        var controls = SessionControls()
        controls.bundleID = bundleID
        controls.subscriptionKeys[keyID] = key.publicKey
        return controls
    }

    /// Milliseconds since 1970 at `date`.
    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
}
