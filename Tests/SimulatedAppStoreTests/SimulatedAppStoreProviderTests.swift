import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

struct SimulatedAppStoreProviderTests {
    @Test func purchaseRunsTheWholeFlowAndFinishes() async throws {
        let harness = try await StoreHarness()
        let outcome = await harness.store.purchase(TestCatalog.noAds)
        guard case .purchased(let transaction) = outcome else {
            Issue.record("expected purchased, got \(outcome)")
            return
        }
        #expect(transaction.store == "simulated-app-store")
        #expect(transaction.environment == .sandbox)
        #expect(try await harness.store.entitlements().contains("no-ads"))
        #expect(await harness.queue.transactions.isEmpty)
    }

    @Test func twoObserversAreToldButTheStoreDeliversOnce() async throws {
        let harness = try await StoreHarness()
        let first = RecordingObserver()
        let second = RecordingObserver()
        await harness.queue.add(first)
        await harness.queue.add(second)
        guard case .purchased = await harness.store.purchase(TestCatalog.noAds) else {
            Issue.record("purchase failed")
            return
        }
        await harness.queue.waitForCallbacks()
        #expect(first.log.contains("updated:\(TestCatalog.noAds):purchased"))
        #expect(second.log.contains("updated:\(TestCatalog.noAds):purchased"))
        #expect(first.log.last == "removed:\(TestCatalog.noAds)")
        #expect(try await harness.deliveries().count == 1)
    }

    @Test func consumableCanBeBoughtAgain() async throws {
        let harness = try await StoreHarness()
        for _ in 0..<2 {
            guard case .purchased = await harness.store.purchase(TestCatalog.gems) else {
                Issue.record("purchase failed")
                return
            }
        }
        #expect(try await harness.store.entitlements().balances["gems"] == 200)
    }

    @Test func refundRevokesThroughTheAdapterAndTheStoreRemovesTheEntitlement() async throws {
        let harness = try await StoreHarness()
        guard case .purchased(let transaction) = await harness.store.purchase(TestCatalog.noAds) else {
            Issue.record("purchase failed")
            return
        }
        #expect(try await harness.store.entitlements().contains("no-ads"))
        await harness.queue.refundTransaction(transaction.id)
        let event = await harness.nextEvents(1) { $0.name == "revoked" }.first
        #expect(event?.transaction.id == transaction.id)
        #expect(event?.transaction.revocationDate != nil)
        #expect(try await !harness.store.entitlements().contains("no-ads"))
    }

    @Test func askToBuyIsPendingThenApprovedThroughUpdates() async throws {
        let harness = try await StoreHarness()
        guard case .pending = await harness.store.purchase(TestCatalog.askPending) else {
            Issue.record("expected pending")
            return
        }
        let request = try #require(await harness.queue.askToBuyRequests().first)
        await harness.queue.approveAskToBuy(request.id)
        let event = await harness.nextOutcome()
        #expect(event?.name == "delivered")
        #expect(event?.transaction.id == request.id)
        #expect(try await harness.store.entitlements().contains("p"))
    }

    @Test func askToBuyDeclinedFailsThroughUpdates() async throws {
        let harness = try await StoreHarness()
        guard case .pending = await harness.store.purchase(TestCatalog.askDeclined) else {
            Issue.record("expected pending")
            return
        }
        let event = await harness.nextOutcome()
        #expect(event?.name == "failed")
        #expect(try await !harness.store.entitlements().contains("d"))
        #expect(await harness.queue.transactions.isEmpty)
    }

    @Test func interruptedPurchaseIsPendingThenDeliveredOnceResolved() async throws {
        let harness = try await StoreHarness()
        guard case .pending = await harness.store.purchase(TestCatalog.interrupted) else {
            Issue.record("expected pending")
            return
        }
        let interrupted = try #require(await harness.queue.interruptedPurchases().first)
        let resolved = try #require(await harness.queue.resolveInterruptedPurchase(interrupted.id))
        let event = await harness.nextOutcome()
        #expect(event?.name == "delivered")
        #expect(event?.transaction.id == resolved.id)
        #expect(try await harness.store.entitlements().balances["gems"] == 5)
    }

    @Test func failuresMapToCoreErrorsAndCancelsToCancelled() async throws {
        let harness = try await StoreHarness()
        let outcomes = [
            await harness.store.purchase(TestCatalog.flaky), await harness.store.purchase(TestCatalog.flaky),
            await harness.store.purchase(TestCatalog.flaky),
        ]
        #expect(outcomes.map(\.name) == ["failed", "purchased", "cancelled"])
        if case .failed(let error) = outcomes[0] {
            #expect(error.code == .storeUnavailable)
            #expect(error.productID == TestCatalog.flaky)
        }
        #expect(await harness.queue.transactions.isEmpty)
    }

    @Test func paymentsTurnedOffAreRefusedFirst() async throws {
        var controls = SessionControls()
        controls.canMakePayments = false
        let harness = try await StoreHarness(controls: controls)
        guard case .failed(let error) = await harness.store.purchase(TestCatalog.gems) else {
            Issue.record("expected failure")
            return
        }
        #expect(error.code == .paymentNotAllowed)
    }

    @Test func restoreWithNothingToRestoreAndWithPurchases() async throws {
        let harness = try await StoreHarness()
        #expect(await harness.store.restore().name == "nothingToRestore")
        _ = await harness.store.purchase(TestCatalog.noAds)
        _ = await harness.store.purchase(TestCatalog.monthly)
        let outcome = await harness.store.restore()
        #expect(outcome.restoredProductIDs == [TestCatalog.noAds, TestCatalog.monthly])
        // The restored non-consumable is its original purchase, delivered already; the restored
        // subscription period is a transaction of its own.
        #expect(try await harness.deliveries().count == 3)
        #expect(await harness.queue.transactions.isEmpty)
    }

    @Test func restoreFailureIsTyped() async throws {
        var controls = SessionControls()
        controls.simulatedErrors[.restore] = .cloudServiceNetworkConnectionFailed
        let harness = try await StoreHarness(controls: controls)
        guard case .failed(let error) = await harness.store.restore() else {
            Issue.record("expected failure")
            return
        }
        #expect(error.code == .storeUnavailable)
    }

    @Test func aYearOfRenewalsIsDeliveredThenTheSubscriptionExpires() async throws {
        let harness = try await StoreHarness()
        guard case .purchased(let first) = await harness.store.purchase(TestCatalog.monthly) else {
            Issue.record("purchase failed")
            return
        }
        await harness.queue.advanceTime(by: 365 * 86_400)
        let renewals = await harness.nextEvents(12) { $0.transaction.id != first.id }
        #expect(renewals.map(\.name) == Array(repeating: "delivered", count: 12))
        #expect(renewals.allSatisfy { $0.transaction.originalID == first.id })
        #expect(Set(renewals.map(\.transaction.id)).count == 12)
        #expect(try await harness.store.entitlements().contains("pro"))

        await harness.queue.disableAutoRenewForTransaction(first.id)
        await harness.queue.advanceTime(by: 40 * 86_400)
        #expect(try await !harness.store.entitlements().contains("pro"))
        #expect(try await harness.deliveries().count == 13)
    }

    @Test func promotedPurchaseArrivesAsAnUpdateAndIsDelivered() async throws {
        let harness = try await StoreHarness()
        guard case .added(let transaction) = try await harness.queue.simulatePromotedPurchase(TestCatalog.noAds) else {
            Issue.record("the provider's observer should let the payment through")
            return
        }
        let event = await harness.nextOutcome()
        #expect(event?.name == "delivered")
        #expect(event?.transaction.id == transaction.id)
        #expect(try await harness.store.entitlements().contains("no-ads"))
    }

    @Test func productsAreReportedByCatalogIdentifier() async throws {
        let harness = try await StoreHarness()
        let response = try await harness.provider.products(for: [
            TestCatalog.renamed, TestCatalog.unavailable, TestCatalog.gems,
        ])
        #expect(response.products.map(\.id) == [TestCatalog.renamed, TestCatalog.gems])
        #expect(response.invalidProductIDs == [TestCatalog.unavailable])
        #expect(response.products.first?.store == "simulated-app-store")
        guard case .purchased(let transaction) = await harness.store.purchase(TestCatalog.renamed) else {
            Issue.record("purchase failed")
            return
        }
        #expect(transaction.productID == TestCatalog.renamed)
    }

    @Test func crashBeforeFinishIsDeliveredOnceAfterRelaunch() async throws {
        let folder = try TestCatalog.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The app was told of the purchase but died before delivering and finishing it.
        let (queue, _) = try await makeQueue(persistence: .journal(directory: folder))
        await queue.buy(TestCatalog.gems)
        await queue.close()

        let harness = try await StoreHarness(persistence: .journal(directory: folder))
        #expect(try await harness.store.entitlements().balances["gems"] == 100)
        #expect(await harness.queue.transactions.isEmpty)
        let again = try await StoreHarness(persistence: .journal(directory: folder))
        #expect(try await again.deliveries().isEmpty)
        #expect(await again.queue.transactions.isEmpty)
    }
}
