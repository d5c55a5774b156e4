import AppStoreSignedData
import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// The core's `Store` on the simulated App Store's StoreKit 2 face: every transaction verified as a JWS
/// before delivery, delivered once, finished; renewals, Ask to Buy, sync and refunds through it.
struct StoreKit2StoreTests {
    @Test func aPurchaseIsVerifiedDeliveredOnceAndFinished() async throws {
        let harness = try await StoreKit2StoreHarness()
        guard case .purchased(let transaction) = await harness.store.purchase(TestCatalog.noAds) else {
            Issue.record("not purchased")
            return
        }
        let token = try #require(transaction.verificationData.flatMap { String(data: $0, encoding: .utf8) })
        #expect(try TestSigning.transaction(token).transactionId == transaction.id)
        #expect(try await harness.deliveries().map(\.productID) == [TestCatalog.noAds])
        #expect(try await harness.provider.session.unfinished().isEmpty)
        #expect(try await harness.store.entitlements().names == ["no-ads"])
        // A sync hands it back; it is not delivered again.
        #expect(await harness.store.restore().restoredProductIDs == [TestCatalog.noAds])
        #expect(try await harness.deliveries().count == 1)
    }

    @Test func aRenewalArrivesThroughUpdatesAndIsDeliveredOnce() async throws {
        let harness = try await StoreKit2StoreHarness()
        guard case .purchased(let first) = await harness.store.purchase(TestCatalog.monthly) else {
            Issue.record("not purchased")
            return
        }
        let now = harness.clock.now
        await harness.queue.advanceTime(by: SubscriptionPeriod("P1M")!.added(to: now).timeIntervalSince(now) + 1)
        let renewed = await harness.nextEvents(1) { $0.name == "delivered" && $0.transaction.id != first.id }
        #expect(renewed.first?.transaction.originalID == first.id)
        #expect(renewed.first?.transaction.id != first.id)
        await harness.provider.session.waitForUpdates()
        _ = await harness.store.restore()
        #expect(try await harness.deliveries().map(\.productID) == [TestCatalog.monthly, TestCatalog.monthly])
        #expect(try await harness.provider.session.unfinished().isEmpty)
    }

    @Test func askToBuyIsPendingThenDeliveredOnApproval() async throws {
        let harness = try await StoreKit2StoreHarness()
        guard case .pending = await harness.store.purchase(TestCatalog.askPending) else {
            Issue.record("not pending")
            return
        }
        #expect(try await harness.deliveries().isEmpty)
        let request = try #require(await harness.queue.askToBuyRequests().first)
        _ = await harness.queue.approveAskToBuy(request.id)
        let delivered = await harness.nextEvents(1) { $0.name == "delivered" }
        #expect(delivered.first?.transaction.productID == TestCatalog.askPending)
        #expect(try await harness.deliveries().map(\.productID) == [TestCatalog.askPending])
        #expect(try await harness.provider.session.unfinished().isEmpty)
    }

    @Test func syncRestoresIntoAFreshLedger() async throws {
        let harness = try await StoreKit2StoreHarness()
        _ = await harness.store.purchase(TestCatalog.noAds)
        _ = await harness.store.purchase(TestCatalog.monthly)
        await harness.store.stop()
        // The app reinstalled: a fresh ledger over the same account.
        let ledger = InMemoryFulfillmentLedger()
        let store = Store(
            catalog: harness.catalog, providers: [harness.provider], ledger: ledger,
            verifiers: [harness.provider.storeName: try #require(harness.provider.receiptVerifier)],
            clock: harness.clock)
        await store.start()
        #expect(try await store.entitlements().names.isEmpty)
        let outcome = await store.restore()
        #expect(Set(outcome.restoredProductIDs) == [TestCatalog.noAds, TestCatalog.monthly])
        #expect(try await store.entitlements().names.sorted() == ["no-ads", "pro"])
        await store.stop()
    }

    @Test func introductoryOfferEligibilityEndsWithTheFirstSubscription() async throws {
        let harness = try await StoreKit2StoreHarness()
        #expect(try await harness.store.isEligibleForIntroductoryOffer(TestCatalog.trial))
        guard case .purchased(let transaction) = await harness.store.purchase(TestCatalog.trial) else {
            Issue.record("not purchased")
            return
        }
        #expect(transaction.offer?.kind == .introductory)
        #expect(try await !harness.store.isEligibleForIntroductoryOffer(TestCatalog.trial))
        #expect(try await !harness.store.isEligibleForIntroductoryOffer(TestCatalog.noAds))
    }

    @Test func aRefundRevokes() async throws {
        let harness = try await StoreKit2StoreHarness()
        guard case .purchased(let transaction) = await harness.store.purchase(TestCatalog.noAds) else {
            Issue.record("not purchased")
            return
        }
        _ = await harness.queue.refundTransaction(transaction.id)
        let revoked = await harness.nextEvents(1) { $0.name == "revoked" }
        #expect(revoked.first?.transaction.id == transaction.id)
        #expect(try await harness.store.entitlements().names.isEmpty)
    }

    @Test func aTamperedSignedTransactionIsRefusedAndNothingDelivered() async throws {
        let harness = try await StoreKit2StoreHarness(wrap: { TamperingProvider($0) })
        guard case .failed(let error) = await harness.store.purchase(TestCatalog.noAds) else {
            Issue.record("a tampered transaction was accepted")
            return
        }
        #expect(error.code == .verificationFailed)
        #expect(try await harness.deliveries().isEmpty)
        #expect(try await harness.store.entitlements().names.isEmpty)

        // An approval arriving through the updates is refused the same way.
        guard case .pending = await harness.store.purchase(TestCatalog.askPending) else {
            Issue.record("not pending")
            return
        }
        let request = try #require(await harness.queue.askToBuyRequests().first)
        _ = await harness.queue.approveAskToBuy(request.id)
        let refused = await harness.nextEvents(1) {
            $0.name == "rejected" && $0.transaction.productID == TestCatalog.askPending
        }
        #expect(refused.first?.transaction.productID == TestCatalog.askPending)
        #expect(try await harness.deliveries().isEmpty)
    }

    @Test func transactionsSignedUnderAnotherRootAreRefused() async throws {
        let other = try SimulatedSigningChain.make(environment: .localTesting)
        let verifier = SignedTransactionVerifier(
            verifier: try SignedDataVerifier(
                trustedRoots: [other.identity.rootCertificate], bundleID: "com.example.app",
                environment: "LocalTesting"))
        let harness = try await StoreKit2StoreHarness(verifier: verifier)
        guard case .failed(let error) = await harness.store.purchase(TestCatalog.noAds) else {
            Issue.record("a transaction under another root was accepted")
            return
        }
        #expect(error.code == .verificationFailed)
        #expect(try await harness.deliveries().isEmpty)
    }

    @Test func aRevocationThatDoesNotVerifyIsNotPassedOn() async throws {
        let other = try SimulatedSigningChain.make(environment: .localTesting)
        let queue = try PaymentQueue(
            catalog: TestCatalog.make(), clock: SimulationClock(), signedData: TestSigning.signedData())
        let provider = try SimulatedStoreKit2Provider(
            SimulatedAppStoreProvider(queue: queue),
            verifier: SignedDataVerifier(
                trustedRoots: [other.identity.rootCertificate], bundleID: "com.example.app",
                environment: "LocalTesting"))
        var updates = provider.transactionUpdates.makeAsyncIterator()
        _ = try await provider.unfinishedTransactions()
        let noAds = await queue.buy(TestCatalog.noAds)
        #expect(await updates.next()?.id == noAds.id)
        _ = await queue.refundTransaction(noAds.id)
        // The Store records revocations without verifying them: an unverified one never reaches it.
        let season = await queue.buy(TestCatalog.season)
        let next = await updates.next()
        #expect(next?.id == season.id)
        #expect(next?.revocationDate == nil)
        await provider.close()
    }

    @Test func theStoreKitSettingPicksTheFace() throws {
        func context(_ settings: [String: SettingValue]) -> ProviderContext {
            let catalog = TestCatalog.make(settings: settings)
            return ProviderContext(
                catalog: catalog, configuration: catalog.deployment.providers[0],
                stateDirectory: FileManager.default.temporaryDirectory, clock: SimulationClock())
        }
        let face2 = try SimulatedAppStoreProvider.make(context(["StoreKit": 2, "Persistence": "Memory"]))
        #expect(face2 is SimulatedStoreKit2Provider)
        let face1 = try SimulatedAppStoreProvider.make(context(["StoreKit": 1, "Persistence": "Memory"]))
        #expect(face1 is SimulatedAppStoreProvider)
        #expect(throws: PurchaseError.self) { try SimulatedAppStoreProvider.checkSettings(["StoreKit": 3]) }
        #expect(throws: PurchaseError.self) {
            try SimulatedAppStoreProvider.checkSettings(["StoreKit": 2, "SignedData": false])
        }
    }
}
