import AppStoreSignedData
import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// The StoreKit 2 face's queries against the account: entitlements, unfinished transactions, the
/// latest per product, subscription statuses, purchases with options, updates and the app transaction.
struct StoreKit2SessionTests {
    @Test func entitlementsFollowPurchasesAndConsumablesAreOnlyUnfinished() async throws {
        let fixture = try StoreKit2Fixture()
        let gems = try await fixture.buy(TestCatalog.gems)
        let noAds = try await fixture.buy(TestCatalog.noAds)
        let season = try await fixture.buy(TestCatalog.season)
        let monthly = try await fixture.buy(TestCatalog.monthly)
        // Consumables never count as entitlements; an unfinished one is among the unfinished.
        #expect(
            try await fixture.entitledProducts()
                == [TestCatalog.noAds, TestCatalog.monthly, TestCatalog.season].sorted())
        let unfinished = try await fixture.session.unfinished().compactMap(\.payload.transactionId)
        #expect(
            unfinished
                == [gems, noAds, season, monthly].compactMap(\.payload.transactionId))
        #expect(try await fixture.session.unfinished().allSatisfy(\.isVerified))

        await fixture.session.finish(gems.payload.transactionId ?? "")
        await fixture.session.finish(noAds.payload.transactionId ?? "")
        #expect(
            try await fixture.entitledProducts()
                == [TestCatalog.noAds, TestCatalog.monthly, TestCatalog.season].sorted())
        #expect(try await fixture.session.unfinished().count == 2)
        // A finished consumable is forgotten, as Transaction.all forgets it.
        #expect(!(try await fixture.session.all().contains { $0.payload.productId == TestCatalog.gems }))
        let latest = try #require(try await fixture.session.latest(for: TestCatalog.monthly))
        #expect(latest.payload.transactionId == monthly.payload.transactionId)
        #expect(try await fixture.session.latest(for: TestCatalog.levels) == nil)
    }

    @Test func purchaseCarriesItsOptionsAndAnswersCancelsAndFailures() async throws {
        let fixture = try StoreKit2Fixture()
        let token = UUID()
        let gems = try await fixture.buy(
            TestCatalog.gems, options: PurchaseOptions(quantity: 3, appAccountToken: token))
        #expect(gems.payload.quantity == 3)
        #expect(gems.payload.appAccountToken == token)
        #expect(gems.payload.bundleId == "com.example.app")

        // The flaky product fails its first attempt and is cancelled on its third.
        await #expect(throws: StoreKitError.self) {
            _ = try await fixture.session.purchase(TestCatalog.flaky)
        }
        _ = try await fixture.buy(TestCatalog.flaky)
        #expect(try await fixture.session.purchase(TestCatalog.flaky) == .userCancelled)
    }

    @Test func aPromotionalOfferIsChargedAndNamedInTheSignedTransaction() async throws {
        let fixture = try StoreKit2Fixture(catalog: OfferCatalog.make(), controls: OfferCatalog.controls)
        let first = try await fixture.buy(OfferCatalog.plus)
        #expect(first.payload.offerType == .introductory)
        #expect(await fixture.queue.disableAutoRenewForTransaction(first.payload.transactionId ?? ""))
        await fixture.queue.advanceTime(by: 8 * 86_400)
        let offer = try OfferCatalog.signer.sign(
            productIdentifier: OfferCatalog.plus, offerID: "winback", nonce: UUID(),
            timestamp: OfferCatalog.milliseconds(fixture.clock.now))
        let winback = try await fixture.buy(OfferCatalog.plus, options: PurchaseOptions(promotionalOffer: offer))
        #expect(winback.payload.offerType == .promotional)
        #expect(winback.payload.offerIdentifier == "winback")
        #expect(winback.payload.offerDiscountType == .payAsYouGo)
        #expect(winback.payload.price == 1990)
        // The same signed offer serves once.
        await #expect(throws: StoreKitError.self) {
            _ = try await fixture.session.purchase(OfferCatalog.plus, options: PurchaseOptions(promotionalOffer: offer))
        }
    }

    @Test func renewalsArriveThroughUpdatesAndReplaceTheEntitlement() async throws {
        let fixture = try StoreKit2Fixture()
        var updates = fixture.session.updates.makeAsyncIterator()
        let monthly = try await fixture.buy(TestCatalog.monthly)
        await fixture.advance("P1M")
        let renewal = try #require(await updates.next())
        #expect(renewal.isVerified)
        #expect(renewal.payload.transactionId != monthly.payload.transactionId)
        #expect(renewal.payload.originalTransactionId == monthly.payload.transactionId)
        #expect(renewal.payload.transactionReason == .renewal)

        let entitlements = try await fixture.session.currentEntitlements()
        #expect(entitlements.map(\.payload.transactionId) == [renewal.payload.transactionId])
        #expect(
            try await fixture.session.latest(for: TestCatalog.monthly)?.payload.transactionId
                == renewal.payload.transactionId)
        let statuses = try await fixture.session.subscriptionStatuses(group: "pro")
        #expect(statuses.map(\.state) == [.subscribed])
        #expect(statuses.first?.transaction.payload.transactionId == renewal.payload.transactionId)
        #expect(statuses.first?.renewalInfo.isVerified == true)
        #expect(statuses.first?.renewalInfo.payload.autoRenewStatus == .on)
    }

    @Test func anUpgradeLeavesOneEntitlementInTheGroup() async throws {
        let fixture = try StoreKit2Fixture(catalog: GroupCatalog.make())
        var updates = fixture.session.updates.makeAsyncIterator()
        let basic = try await fixture.buy(GroupCatalog.basic)
        fixture.clock.advance(by: 7 * 86_400)
        let pro = try await fixture.buy(GroupCatalog.pro)
        // The upgraded-from transaction arrives revoked, marked upgraded.
        let ended = try #require(await updates.next())
        #expect(ended.payload.transactionId == basic.payload.transactionId)
        #expect(ended.payload.isUpgraded == true)
        #expect(ended.payload.revocationDate != nil)

        let entitlements = try await fixture.session.currentEntitlements()
        #expect(entitlements.map(\.payload.transactionId) == [pro.payload.transactionId])
        let statuses = try await fixture.session.subscriptionStatuses(group: "access")
        #expect(statuses.count == 1)
        #expect(statuses.first?.state == .subscribed)
        #expect(statuses.first?.transaction.payload.productId == GroupCatalog.pro)
    }

    @Test func aRefundRevokesAndArrivesThroughUpdates() async throws {
        let fixture = try StoreKit2Fixture()
        var updates = fixture.session.updates.makeAsyncIterator()
        let noAds = try await fixture.buy(TestCatalog.noAds)
        let monthly = try await fixture.buy(TestCatalog.monthly)
        _ = await fixture.queue.refundTransaction(noAds.payload.transactionId ?? "")
        _ = await fixture.queue.refundTransaction(monthly.payload.transactionId ?? "", reason: .developerIssue)
        let first = try #require(await updates.next())
        let second = try #require(await updates.next())
        #expect(first.payload.transactionId == noAds.payload.transactionId)
        #expect(first.payload.revocationDate != nil && first.payload.revocationReason == .other)
        #expect(second.payload.revocationReason == .appIssue)
        #expect(try await fixture.entitledProducts().isEmpty)
        #expect(try await fixture.session.subscriptionStatuses(group: "pro").map(\.state) == [.revoked])
        // Transaction.latest(for:) still gives the revoked transaction.
        #expect(try await fixture.session.latest(for: TestCatalog.noAds)?.payload.revocationDate != nil)
    }

    @Test func anExpiredSubscriptionLeavesTheEntitlements() async throws {
        let fixture = try StoreKit2Fixture()
        let monthly = try await fixture.buy(TestCatalog.monthly)
        #expect(await fixture.queue.disableAutoRenewForTransaction(monthly.payload.transactionId ?? ""))
        await fixture.advance("P1M")
        #expect(try await fixture.entitledProducts().isEmpty)
        let status = try #require(try await fixture.session.subscriptionStatuses(group: "pro").first)
        #expect(status.state == .expired)
        #expect(status.renewalInfo.payload.autoRenewStatus == .off)
        #expect(status.renewalInfo.payload.expirationIntent == ExpirationIntent(rawValue: 1))
        #expect(status.transaction.payload.transactionId == monthly.payload.transactionId)
    }

    @Test func billingTroubleIsAGracePeriodThenBillingRetry() async throws {
        var controls = SessionControls()
        controls.billingRetryOnRenewal = true
        controls.billingGracePeriodEnabled = true
        let fixture = try StoreKit2Fixture(controls: controls)
        _ = try await fixture.buy(TestCatalog.monthly)
        await fixture.advance("P1M")
        let grace = try #require(try await fixture.session.subscriptionStatuses(group: "pro").first)
        #expect(grace.state == .inGracePeriod)
        #expect(grace.renewalInfo.payload.isInBillingRetryPeriod == true)
        #expect(grace.renewalInfo.payload.gracePeriodExpiresDate != nil)
        // In a grace period the subscription is still an entitlement.
        #expect(try await fixture.entitledProducts() == [TestCatalog.monthly])

        await fixture.queue.advanceTime(by: Double(controls.gracePeriodDays + 1) * 86_400)
        let retry = try #require(try await fixture.session.subscriptionStatuses(group: "pro").first)
        #expect(retry.state == .inBillingRetryPeriod)
        #expect(try await fixture.entitledProducts().isEmpty)
    }

    @Test func askToBuyIsPendingThenArrivesThroughUpdates() async throws {
        let fixture = try StoreKit2Fixture()
        var updates = fixture.session.updates.makeAsyncIterator()
        #expect(try await fixture.session.purchase(TestCatalog.askPending) == .pending)
        #expect(try await fixture.session.unfinished().isEmpty)
        let request = try #require(await fixture.queue.askToBuyRequests().first)
        _ = await fixture.queue.approveAskToBuy(request.id)
        let approved = try #require(await updates.next())
        #expect(approved.isVerified)
        #expect(approved.payload.productId == TestCatalog.askPending)
        #expect(try await fixture.session.unfinished().map(\.payload.transactionId) == [approved.payload.transactionId])
    }

    @Test func syncDeliversWhatCameDueAndKeepsTheEntitlements() async throws {
        let fixture = try StoreKit2Fixture()
        var updates = fixture.session.updates.makeAsyncIterator()
        let monthly = try await fixture.buy(TestCatalog.monthly)
        _ = try await fixture.buy(TestCatalog.noAds)
        // Time passes with nobody asking the store; sync renews and the renewal reaches the updates.
        fixture.clock.advance(by: 32 * 86_400)
        try await fixture.session.sync()
        let renewal = try #require(await updates.next())
        #expect(renewal.payload.originalTransactionId == monthly.payload.transactionId)
        #expect(try await fixture.entitledProducts() == [TestCatalog.noAds, TestCatalog.monthly].sorted())

        await fixture.queue.updateControls { $0.simulatedErrors[.restore] = .cloudServiceNetworkConnectionFailed }
        await #expect(throws: StoreKitError.self) { try await fixture.session.sync() }
    }

    @Test func aNewSessionReplaysTheUnfinishedTransactionsOnItsUpdates() async throws {
        let fixture = try StoreKit2Fixture()
        let noAds = try await fixture.buy(TestCatalog.noAds)
        let gems = try await fixture.buy(TestCatalog.gems)
        await fixture.session.finish(gems.payload.transactionId ?? "")
        // The app launches again: its listener receives the unfinished transaction once.
        let relaunched = try StoreKit2Session(queue: fixture.queue)
        var updates = relaunched.updates.makeAsyncIterator()
        let replayed = try #require(await updates.next())
        #expect(replayed.payload.transactionId == noAds.payload.transactionId)
        #expect(replayed.isVerified)
        // What follows is new: a purchase made elsewhere (on the queue itself).
        let season = await fixture.queue.buy(TestCatalog.season)
        #expect(await updates.next()?.payload.transactionId == season.id)
    }

    @Test func theAppTransactionVerifies() async throws {
        let fixture = try StoreKit2Fixture()
        let app = try await fixture.session.appTransaction()
        #expect(app.isVerified)
        #expect(app.payload.bundleId == "com.example.app")
        #expect(app.payload.receiptType?.rawValue == "LocalTesting")
    }

    @Test func dataFromAnotherRootIsMarkedUnverified() async throws {
        let other = try SimulatedSigningChain.make(environment: .localTesting)
        let clock = SimulationClock()
        let queue = try PaymentQueue(catalog: TestCatalog.make(), clock: clock, signedData: TestSigning.signedData())
        let session = try StoreKit2Session(
            queue: queue,
            verifier: SignedDataVerifier(
                trustedRoots: [other.identity.rootCertificate], bundleID: "com.example.app",
                environment: "LocalTesting"))
        guard case .success(let transaction) = try await session.purchase(TestCatalog.noAds) else {
            Issue.record("not charged")
            return
        }
        #expect(!transaction.isVerified)
        #expect(transaction.payload.productId == TestCatalog.noAds)
        #expect(try await session.currentEntitlements().allSatisfy { !$0.isVerified })
    }

    @Test func aQueueWithoutSignedDataHasNoStoreKit2Face() throws {
        let queue = try PaymentQueue(catalog: TestCatalog.make())
        #expect(throws: SimulatedSignedDataError.notEnabled) { _ = try StoreKit2Session(queue: queue) }
    }
}
