import Foundation
import PurchaseCore
import Testing

@testable import FileStore

/// The file store gives a subscription's introductory offer once per group: the first period is the
/// offer's, renewals then follow the product's own period.
struct IntroductoryOfferTests {
    private let day: TimeInterval = 86_400
    private let start = TestCatalog.start

    /// Group `pro`: monthly with a one-week free trial (or the given offer), yearly without an offer.
    private func catalog(offer: IntroductoryOffer) -> Catalog {
        func subscription(_ id: String, _ period: String, offer: IntroductoryOffer?) -> Product {
            Product(
                productID: id, type: .autoRenewable, prices: ["USA": Price(amount: 1, currencyCode: "USD")],
                localizations: ["en": ProductLocalization(displayName: id, description: id)], entitlements: ["pro"],
                subscription: SubscriptionInfo(
                    group: "pro", period: SubscriptionPeriod(period)!, level: 1, introductoryOffer: offer))
        }
        return Catalog(
            deployment: Deployment(
                name: "test", providers: [ProviderConfiguration(kind: .file)], storefront: "USA", locale: "en_US"),
            storefronts: ["USA": Storefront(code: "USA", currencyCode: "USD")],
            products: [subscription("pro.monthly", "P1M", offer: offer), subscription("pro.yearly", "P1Y", offer: nil)])
    }

    private func purchased(_ outcome: PurchaseOutcome) throws -> StoreTransaction {
        guard case .purchased(let transaction) = outcome else {
            Issue.record("not purchased: \(outcome)")
            throw PurchaseError(.unknown)
        }
        return transaction
    }

    @Test(arguments: [
        (IntroductoryOffer(mode: .freeTrial, period: SubscriptionPeriod("P1W")!), 7.0),
        (IntroductoryOffer(mode: .freeTrial, period: SubscriptionPeriod("P3D")!, periods: 2), 6.0),
        (IntroductoryOffer(mode: .payUpFront, period: SubscriptionPeriod("P2M")!), 59.0),
    ])
    func theFirstPeriodIsTheOffersThenRenewalsFollowTheProduct(offer: IntroductoryOffer, days: Double) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let clock = ManualClock(start: start)
        let deployment = try TestDeployment(folder.url, catalog: catalog(offer: offer), clock: clock)
        _ = await deployment.store.start()
        #expect(try await deployment.store.isEligibleForIntroductoryOffer("pro.monthly"))
        #expect(try await !deployment.store.isEligibleForIntroductoryOffer("pro.yearly"))
        let first = try purchased(await deployment.store.purchase("pro.monthly"))
        let end = try #require(first.expirationDate)
        #expect(abs(end.timeIntervalSince(start) - days * day) < 2 * day)
        // Once per group: no longer eligible, whatever the product.
        #expect(try await !deployment.store.isEligibleForIntroductoryOffer("pro.monthly"))
        // The renewal after the offer is a whole month from the offer's end.
        clock.advance(by: days * day + day)
        let renewal = try #require(try await deployment.provider.recordDueRenewals().first)
        #expect(renewal.id != first.id && renewal.originalID == first.id)
        #expect(renewal.purchaseDate == end)
        #expect(renewal.expirationDate == SubscriptionPeriod("P1M")!.added(to: end))
        await deployment.close()
    }
}
