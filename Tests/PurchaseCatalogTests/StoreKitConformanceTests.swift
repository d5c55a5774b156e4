import Foundation
import PurchaseCatalog
import PurchaseCore
import TestSupport
import Testing

/// Every Xcode StoreKit configuration in `../shared/conformance/storekit` imports without an error and
/// lists every product it declares.
struct StoreKitConformanceTests {
    /// The conformance folder next to the package, when this checkout has one.
    static let folder = ConformanceCorpus.root.appendingPathComponent("storekit")

    /// The `.storekit` files of the conformance folder; empty when it is absent.
    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".storekit") }.sorted().map { folder.appendingPathComponent($0).path }
    }()

    /// The product identifiers a file declares, read with Foundation's JSON parser: `products`,
    /// `nonRenewingSubscriptions` and the subscriptions of every group.
    static func declaredProductIDs(_ path: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        func ids(_ list: Any?) -> [String] {
            ((list as? [[String: Any]]) ?? []).compactMap { $0["productID"] as? String }
        }
        var result = ids(root["products"]) + ids(root["nonRenewingSubscriptions"])
        for group in (root["subscriptionGroups"] as? [[String: Any]]) ?? [] {
            result += ids(group["subscriptions"])
        }
        return result
    }

    @Test(.enabled(if: ConformanceCorpus.runs("storekit"), "../shared/conformance/storekit is absent"))
    func theFolderHasFiles() throws {
        _ = try ConformanceCorpus.require("storekit")
        #expect(!Self.files.isEmpty)
    }

    @Test(
        .enabled(if: ConformanceCorpus.runs("storekit"), "../shared/conformance/storekit is absent"),
        arguments: files)
    func importsWithoutErrorsAndListsEveryProduct(path: String) throws {
        let result = CatalogLoader().load(contentsOfFile: path)
        #expect(result.errors.isEmpty, "\(result.errors)")
        let catalog = try result.get()
        let declared = try Self.declaredProductIDs(path)
        #expect(catalog.products.count == declared.count)
        #expect(Set(catalog.products.map(\.productID)) == Set(declared))
        let storefront = catalog.deployment.storefront
        for product in catalog.products {
            #expect(product.price(in: storefront) != nil, "\(product.productID)")
            #expect(product.localization(for: catalog.deployment.locale)?.displayName.isEmpty == false)
            #expect((product.type == .autoRenewable) == (product.subscription != nil))
            #expect((product.type == .nonRenewing) == (product.duration != nil))
        }
        #expect(catalog.deployment.defaultProvider?.kind == .simulatedAppStore)
    }

    /// RevenueCat's paywall tester declares promotional offers (`adHocOffers`): a free month on both
    /// subscriptions, and a month paid up front on the monthly one.
    @Test(.enabled(if: ConformanceCorpus.runs("storekit"), "../shared/conformance/storekit is absent"))
    func adHocOffersImportAsPromotionalOffers() throws {
        let path = try ConformanceCorpus.require("storekit")
            .appendingPathComponent("RevenueCat_PaywallsTester_Products.storekit").path
        let catalog = try CatalogLoader().load(contentsOfFile: path).get()
        let month = SubscriptionPeriod(value: 1, unit: .month)
        let cancel = PromotionalOffer(id: "rc-cancel-offer", mode: .freeTrial, period: month)
        let monthly = try #require(catalog.product(withID: "com.revenuecat.simpleapp.monthly")?.subscription)
        #expect(
            monthly.promotionalOffers == [
                cancel,
                PromotionalOffer(
                    id: "rc-refund-offer", mode: .payUpFront, period: month,
                    prices: ["USA": Price(amount: Decimal(string: "0.99")!, currencyCode: "USD")]),
            ])
        let yearly = try #require(catalog.product(withID: "com.revenuecat.simpleapp.yearly")?.subscription)
        #expect(yearly.promotionalOffers == [cancel])
        #expect(catalog.products.allSatisfy { $0.subscription?.offerCodes.isEmpty ?? true })
    }
}
