import PurchaseCore
import Testing

@testable import SimulatedAppStore

struct AskToBuyTests {
    private func askToBuyQueue() async throws -> (PaymentQueue, RecordingObserver) {
        var controls = SessionControls()
        controls.askToBuyEnabled = true
        return try await makeQueue(controls: controls)
    }

    @Test func purchaseIsDeferredThenApproved() async throws {
        let (queue, observer) = try await askToBuyQueue()
        let added = await queue.buy(TestCatalog.noAds)
        let deferred = try #require(observer.latest(added.id))
        #expect(deferred.transactionState == .deferred)
        #expect(await queue.askToBuyRequests().map(\.id) == [added.id])
        // A deferred transaction cannot be finished.
        await queue.finishTransaction(deferred)
        #expect(await queue.transactions.map(\.id) == [added.id])

        let approved = try #require(await queue.approveAskToBuy(added.id))
        await queue.waitForCallbacks()
        #expect(approved.transactionState == .purchased)
        #expect(approved.id == added.id)
        #expect(
            observer.log == [
                "updated:\(TestCatalog.noAds):purchasing", "updated:\(TestCatalog.noAds):deferred",
                "updated:\(TestCatalog.noAds):purchased",
            ])
        #expect(await queue.askToBuyRequests().isEmpty)
    }

    @Test func purchaseIsDeferredThenDeclined() async throws {
        let (queue, observer) = try await askToBuyQueue()
        let added = await queue.buy(TestCatalog.noAds)
        let declined = try #require(await queue.declineAskToBuy(added.id))
        await queue.waitForCallbacks()
        #expect(declined.transactionState == .failed)
        #expect(observer.latest(added.id)?.transactionState == .failed)
        // The provider hands it to the Store as a declined Ask to Buy, not as a refused payment.
        let reported = SimulatedAppStoreProvider.storeTransaction(declined, storeName: "app-store", catalogIDs: [:])
        #expect(reported.state == .failed && reported.failure == .declined)
        #expect(await queue.approveAskToBuy(added.id) == nil)
        await queue.finishTransaction(declined)
        #expect(await queue.transactions.isEmpty)
    }

    @Test(arguments: [
        (TestCatalog.askApproved, TransactionState.purchased), (TestCatalog.askDeclined, .failed),
        (TestCatalog.askPending, .deferred),
    ])
    func productSimulationDecides(product: String, final: TransactionState) async throws {
        let (queue, observer) = try await makeQueue()
        let added = await queue.buy(product)
        let states = observer.updates.filter { $0.id == added.id }.map(\.transactionState)
        #expect(states.prefix(2) == [.purchasing, .deferred])
        #expect(states.last == final)
    }

    @Test func paymentCanAskForAskToBuyInTheSandbox() async throws {
        let (queue, observer) = try await makeQueue()
        let added = await queue.add(Payment(productIdentifier: TestCatalog.gems, simulatesAskToBuyInSandbox: true))
        await queue.waitForCallbacks()
        #expect(observer.latest(added.id)?.transactionState == .deferred)
    }
}
