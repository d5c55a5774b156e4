import Foundation
import PurchaseCore

/// A catalog of one subscription group: Basic monthly at level 2; Pro monthly, Plus monthly and
/// Pro yearly at level 1.
enum GroupCatalog {
    static let basic = "com.example.basic.monthly"
    static let pro = "com.example.pro.monthly"
    static let plus = "com.example.plus.monthly"
    static let proYearly = "com.example.pro.yearly"

    static func make() -> Catalog {
        let base = TestCatalog.make()
        func subscription(_ id: String, level: Int, period: String) -> Product {
            TestCatalog.product(
                id, .autoRenewable, entitlements: [id.contains("basic") ? "basic" : "pro"],
                subscription: SubscriptionInfo(group: "access", period: SubscriptionPeriod(period)!, level: level))
        }
        return Catalog(
            deployment: base.deployment, storefronts: base.storefronts,
            products: [
                subscription(basic, level: 2, period: "P1M"), subscription(pro, level: 1, period: "P1M"),
                subscription(plus, level: 1, period: "P1M"), subscription(proYearly, level: 1, period: "P1Y"),
            ])
    }
}
