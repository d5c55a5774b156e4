import AppStoreServerAPI
import AppStoreSignedData
import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// A ledger that missed notifications, repaired from the server API's history exactly once.
struct ReconcilerTests {
    private func reconciler(_ fixture: ServerAPIFixture, ledger: InMemoryFulfillmentLedger) throws
        -> TransactionHistoryReconciler
    {
        let verifier = try ServerAPITesting.verifier()
        return TransactionHistoryReconciler(
            client: fixture.client, verifier: verifier,
            processor: AppStoreNotificationProcessor(
                catalog: ServerAPITesting.catalog(), ledger: ledger, store: .simulatedAppStore, verifier: verifier))
    }

    @Test func missingDeliveriesAreRecordedOnceForTheirAccount() async throws {
        let fixture = try ServerAPIFixture()
        let account = UUID()
        let gems = try await fixture.buy(ServerAPITesting.gems, account: account)
        let noAds = try await fixture.buy(ServerAPITesting.noAds, account: account)
        let ledger = InMemoryFulfillmentLedger()
        let reconciler = try reconciler(fixture, ledger: ledger)
        let first = try await reconciler.reconcile(transactionID: noAds)
        #expect(Set(first.delivered.map(\.id)) == [gems, noAds])
        #expect(first.transactions == 2)
        let view = await ledger.contents().view(for: account)
        #expect(view.balances["gems"] == 100)
        #expect(view.deliveries.flatMap(\.entitlements).contains("no-ads"))
        let second = try await reconciler.reconcile(transactionID: gems)
        #expect(second.delivered.isEmpty && second.revoked.isEmpty && second.expired.isEmpty)
        #expect(second.unchanged == 2)
        #expect(await ledger.contents().view(for: account).balances["gems"] == 100)
        await fixture.close()
    }

    @Test func aRefundIsRevokedWithItsPayout() async throws {
        let fixture = try ServerAPIFixture()
        let account = UUID()
        let gems = try await fixture.buy(ServerAPITesting.gems, account: account)
        let ledger = InMemoryFulfillmentLedger()
        let reconciler = try reconciler(fixture, ledger: ledger)
        _ = try await reconciler.reconcile(transactionID: gems)
        await fixture.queue.refundTransaction(gems)
        let report = try await reconciler.reconcile(transactionID: gems)
        #expect(report.revoked.map(\.id) == [gems])
        #expect(await ledger.contents().view(for: account).balances["gems", default: 0] == 0)
        let again = try await reconciler.reconcile(transactionID: gems)
        #expect(again.revoked.isEmpty && again.unchanged == 1)
        await fixture.close()
    }

    @Test func aPeriodEndedEarlyIsExpiredOnce() async throws {
        let fixture = try ServerAPIFixture()
        let account = UUID()
        let original = try await fixture.buy(ServerAPITesting.monthly, account: account)
        let ledger = InMemoryFulfillmentLedger()
        let reconciler = try reconciler(fixture, ledger: ledger)
        #expect(try await reconciler.reconcile(transactionID: original).delivered.map(\.id) == [original])
        fixture.clock.advance(by: 86_400)
        #expect(await fixture.queue.expireSubscription(productIdentifier: ServerAPITesting.monthly))
        let report = try await reconciler.reconcile(transactionID: original)
        #expect(report.expired.map(\.id) == [original])
        #expect(report.delivered.isEmpty && report.revoked.isEmpty)
        let contents = await ledger.contents()
        let delivery = try #require(contents.deliveries.first)
        #expect(contents.expirationDate(of: delivery) == fixture.clock.now)
        let again = try await reconciler.reconcile(transactionID: original)
        #expect(again.expired.isEmpty && again.unchanged == 1)
        await fixture.close()
    }

    @Test func aTransactionSignedByAnotherChainIsRefusedAndNothingApplied() async throws {
        let fixture = try ServerAPIFixture()
        let gems = try await fixture.buy(ServerAPITesting.gems)
        let ledger = InMemoryFulfillmentLedger()
        let other = try SimulatedSigningChain.make(environment: .localTesting)
        let verifier = try SignedDataVerifier(
            trustedRoots: [other.identity.rootCertificate], bundleID: ServerAPITesting.bundleID,
            environment: "LocalTesting")
        let reconciler = TransactionHistoryReconciler(
            client: fixture.client, verifier: verifier,
            processor: AppStoreNotificationProcessor(
                catalog: ServerAPITesting.catalog(), ledger: ledger, store: .simulatedAppStore, verifier: verifier))
        await #expect {
            try await reconciler.reconcile(transactionID: gems)
        } throws: { error in
            (error as? ReconciliationError)?.code == .verification
        }
        #expect(await ledger.contents().deliveries.isEmpty)
        await fixture.close()
    }
}
