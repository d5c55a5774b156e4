import Foundation
import PurchaseCore
import PurchaseKit
import PurchaseServer
import SimulatedGooglePlay
import TestSupport
import Testing

/// The simulated Google Play and the server together: its Pub/Sub pushes POSTed by its sender to
/// `POST /v1/google/notifications` (duplicated and reordered), the server confirming each with the
/// simulated Play Developer API hosted on loopback, and the ledger holding each order once.
struct GooglePlayEndToEndTests {
    static let pushSecret = "e2e-push-secret"
    static let accessToken = "e2e-access-token"

    static let products: [PlayProduct] = [
        .oneTime(
            "com.example.gems.100", name: "100 Gems", price: PlayPrice(micros: 990_000, currencyCode: "USD"),
            allowsMultipleQuantity: true),
        .subscription(
            "com.example.pro.monthly", name: "Pro",
            basePlans: [
                PlayBasePlan(
                    id: "monthly", billingPeriod: SubscriptionPeriod("P1M")!,
                    price: PlayPrice(micros: 4_990_000, currencyCode: "USD"))
            ]),
    ]

    /// Sends the due pushes until none is left, the store's clock moving a minute between rounds.
    static func deliverAll(_ sender: PlayPushSender, _ store: SimulatedGooglePlay) async {
        for _ in 0..<50 {
            await sender.sendDuePushes()
            if await store.pendingPushes().isEmpty { return }
            await store.advanceTime(by: 60)
        }
    }

    @Test func eachOrderIsAppliedOnceThroughTheServer() async throws {
        let store = SimulatedGooglePlay(products: Self.products, state: PlayStoreState(seed: 11))
        await store.setDeveloperAPIAccessToken(Self.accessToken)
        await store.updatePushDelivery {
            $0.duplicateChance = 0.5
            $0.reorders = true
        }
        let api = try LoopbackPlayDeveloperAPI(SimulatedPlayDeveloperAPI(store: store))
        let fixture = try await ServerFixture(
            serverSettings: """
                <key>GooglePlayPackageName</key><string>\(store.packageName)</string>
                <key>GooglePlayDeveloperAPIURL</key><string>\(api.baseURL.absoluteString)</string>
                <key>GooglePlayAccessTokenVariable</key><string>E2E_PLAY_ACCESS</string>
                <key>GooglePlayPushTokenVariable</key><string>E2E_PLAY_PUSH</string>
                """,
            environment: ["E2E_PLAY_ACCESS": Self.accessToken, "E2E_PLAY_PUSH": Self.pushSecret])
        let account = UUID()
        let bought = Locked<[PlayPurchase]>([])
        let client = PlayBillingClient(store: store) { _, purchases in bought.withLock { $0 += purchases ?? [] } }
        #expect(await client.startConnection().isOK)
        let gems = try #require(
            await client.queryProductDetails([PlayQueryProduct("com.example.gems.100", .inapp)]).1.first)
        let pro = try #require(
            await client.queryProductDetails([PlayQueryProduct("com.example.pro.monthly", .subs)]).1.first)
        let offer = try #require(pro.subscriptionOfferDetails?.first?.offerToken)
        #expect(
            await client.launchBillingFlow(
                PlayBillingFlowParams(
                    productDetailsParamsList: [.init(productDetails: gems)], obfuscatedAccountId: account.uuidString,
                    quantity: 2)
            ).isOK)
        #expect(
            await client.launchBillingFlow(
                PlayBillingFlowParams(
                    productDetailsParamsList: [.init(productDetails: pro, offerToken: offer)],
                    obfuscatedAccountId: account.uuidString)
            ).isOK)
        let purchases = bought.withLock { $0 }
        let gemsToken = try #require(purchases.first { $0.products == ["com.example.gems.100"] }?.purchaseToken)
        let proToken = try #require(purchases.first { $0.products == ["com.example.pro.monthly"] }?.purchaseToken)
        let sender = PlayPushSender(
            store: store,
            endpoint: URL(
                string: "http://127.0.0.1:\(fixture.server.port)/v1/google/notifications?token=\(Self.pushSecret)")!)
        await Self.deliverAll(sender, store)
        // The server acknowledged both, so Play refunds neither; the subscription renews, then the
        // gems are refunded.
        #expect(await store.record(gemsToken)?.acknowledged == true)
        #expect(await store.record(proToken)?.acknowledged == true)
        await store.advanceTime(by: 31 * 86_400)
        await Self.deliverAll(sender, store)
        #expect(await store.refund(gemsToken) != nil)
        await Self.deliverAll(sender, store)
        #expect(await store.pendingPushes().isEmpty)
        #expect(sender.attempts.allSatisfy { $0.acknowledged })
        // Pub/Sub's duplicates reached the server (the seed makes some).
        #expect(Set(sender.attempts.map(\.messageId)).count < sender.attempts.count)

        let contents = try await fixture.deployment.ledger.contents()
        let orders = try #require(await store.record(proToken)?.orders.map(\.orderId))
        #expect(orders.count == 2)
        let gemsOrder = try #require(await store.record(gemsToken)?.orderId)
        for order in orders + [gemsOrder] {
            let held = contents.deliveries.filter { $0.transactionID == TransactionID(store: "google-play", id: order) }
            #expect(held.count == 1, "\(order)")
            #expect(held.first?.appAccountToken == account)
        }
        let renewal = contents.deliveries.first { $0.transactionID.id == orders[1] }
        #expect(renewal?.originalTransactionID.id == orders[0])
        #expect(contents.revocations[TransactionID(store: "google-play", id: gemsOrder)] != nil)
        #expect(contents.deliveries.count == 3)
        #expect((contents.balances(for: account)["gems"] ?? 0) == 0)
        await fixture.close()
        await api.stop()
    }
}
