import Foundation
import PurchaseCore
import Testing

@testable import SimulatedGooglePlay

/// What a purchases-updated listener heard, in order.
final class HeardUpdates: Sendable {
    private let calls = Locked<[(BillingResult, [PlayPurchase]?)]>([])

    /// The listener to give a billing client.
    var listener: PlayPurchasesUpdatedListener {
        { [calls] result, purchases in calls.withLock { $0.append((result, purchases)) } }
    }

    /// Every call, oldest first.
    var all: [(BillingResult, [PlayPurchase]?)] { calls.withLock { $0 } }

    /// The last call.
    var last: (BillingResult, [PlayPurchase]?)? { all.last }
}

/// A simulated Play Store with the test products, its manual clock, a connected client and its listener.
struct PlayHarness {
    static let start: Int64 = 1_767_225_600_000
    static let day: Int64 = 86_400_000
    static func usd(_ micros: Int64) -> PlayPrice { PlayPrice(micros: micros, currencyCode: "USD") }

    static let products: [PlayProduct] = [
        .oneTime("gems.100", name: "100 Gems", price: usd(990_000), allowsMultipleQuantity: true),
        .oneTime("remove.ads", name: "Remove Ads", price: usd(2_990_000)),
        .subscription(
            "premium", name: "Premium",
            basePlans: [
                PlayBasePlan(
                    id: "monthly", billingPeriod: SubscriptionPeriod("P1M")!, price: usd(4_990_000), gracePeriodDays: 7,
                    accountHoldDays: 30,
                    offers: [
                        PlayOffer(id: "trial", phases: [.freeTrial(SubscriptionPeriod("P1W")!, currencyCode: "USD")]),
                        PlayOffer(
                            id: "intro", eligibility: .developerDetermined,
                            phases: [.introductory(usd(1_990_000), period: SubscriptionPeriod("P1M")!, cycles: 2)]),
                    ]),
                PlayBasePlan(id: "yearly", billingPeriod: SubscriptionPeriod("P1Y")!, price: usd(47_990_000)),
                PlayBasePlan(
                    id: "prepaid", kind: .prepaid, billingPeriod: SubscriptionPeriod("P1M")!, price: usd(5_990_000)),
            ]),
        .subscription(
            "premium.plus", name: "Premium Plus",
            basePlans: [
                PlayBasePlan(id: "monthly", billingPeriod: SubscriptionPeriod("P1M")!, price: usd(9_990_000))
            ]),
        .subscription(
            "basic", name: "Basic",
            basePlans: [
                PlayBasePlan(
                    id: "monthly", billingPeriod: SubscriptionPeriod("P1M")!, price: usd(1_990_000), gracePeriodDays: 0,
                    accountHoldDays: 0)
            ]),
    ]

    let store: SimulatedGooglePlay
    let client: PlayBillingClient
    let heard: HeardUpdates

    /// A store with the test products and a client of `account`, connected. Unless `makingItsOwnKey`, a
    /// state without a signing key gets the fixture key, so tests do not wait for new RSA keys.
    static func make(
        account: String = "user@example.com", state: PlayStoreState = PlayStoreState(), makingItsOwnKey: Bool = false
    ) async -> PlayHarness {
        var state = state
        if !makingItsOwnKey, state.signingKeyPEM == nil { state.signingKeyPEM = PlaySigningFixtures.privateKeyPEM }
        let store = SimulatedGooglePlay(products: products, state: state)
        return await PlayHarness(store: store, account: account)
    }

    /// A connected client of `account` on `store`.
    init(store: SimulatedGooglePlay, account: String = "user@example.com") async {
        self.store = store
        heard = HeardUpdates()
        client = PlayBillingClient(store: store, account: account, listener: heard.listener)
        let result = await client.startConnection()
        #expect(result.isOK)
    }

    /// The details of one product.
    func details(_ productId: String, _ type: PlayProductType) async throws -> PlayProductDetails {
        let (result, list) = await client.queryProductDetails([PlayQueryProduct(productId, type)])
        #expect(result.isOK)
        return try #require(list.first)
    }

    /// Runs a billing flow and returns what the listener heard for it (the flow itself must open).
    @discardableResult
    func buy(
        _ productId: String, plan: String? = nil, offer: String? = nil, quantity: Int = 1,
        replacing update: PlayBillingFlowParams.SubscriptionUpdateParams? = nil
    ) async throws -> (BillingResult, PlayPurchase?) {
        let type: PlayProductType = plan == nil ? .inapp : .subs
        let details = try await details(productId, type)
        let token = details.subscriptionOfferDetails?.first { $0.basePlanId == plan && $0.offerId == offer }?.offerToken
        if plan != nil { _ = try #require(token) }
        let before = heard.all.count
        let opened = await client.launchBillingFlow(
            PlayBillingFlowParams(
                productDetailsParamsList: [.init(productDetails: details, offerToken: token)], quantity: quantity,
                subscriptionUpdateParams: update))
        #expect(opened.isOK, "\(opened)")
        #expect(heard.all.count == before + 1)
        let (result, purchases) = try #require(heard.last)
        return (result, purchases?.first)
    }

    /// The store's record of `token`.
    func record(_ token: String) async throws -> PlayPurchaseRecord {
        try #require(await store.record(token))
    }

    /// The kinds of the events of `token`, oldest first.
    func eventKinds(_ token: String) async -> [PlayEvent.Kind] {
        await store.events().filter { $0.purchaseToken == token }.map(\.kind)
    }
}
