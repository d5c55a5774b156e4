import PurchaseCore
import SimulatedAppStore
import Testing

struct PromotedPurchaseTests {
    @Test func observerThatAgreesGetsThePaymentAdded() async throws {
        let (queue, observer) = try await makeQueue()
        let result = try await queue.simulatePromotedPurchase(TestCatalog.noAds)
        guard case .added(let transaction) = result else {
            Issue.record("expected the payment to be added, got \(result)")
            return
        }
        await queue.waitForCallbacks()
        #expect(observer.log.first == "shouldAdd:\(TestCatalog.noAds)")
        #expect(observer.latest(transaction.id)?.transactionState == .purchased)
    }

    @Test func observerThatDeclinesHoldsThePaymentForLater() async throws {
        let queue = try PaymentQueue(catalog: TestCatalog.make())
        let observer = RecordingObserver(shouldAddStorePayment: false)
        await queue.add(observer)
        let result = try await queue.simulatePromotedPurchase(TestCatalog.noAds)
        guard case .held(let payment) = result else {
            Issue.record("expected the payment to be held, got \(result)")
            return
        }
        await queue.waitForCallbacks()
        #expect(observer.log == ["shouldAdd:\(TestCatalog.noAds)"])
        #expect(await queue.transactions.isEmpty)
        let added = await queue.buy(payment.productIdentifier)
        #expect(observer.latest(added.id)?.transactionState == .purchased)
    }

    @Test func promotingAProductNotForSaleThrows() async throws {
        let (queue, _) = try await makeQueue()
        await #expect(throws: StoreKitError.self) {
            try await queue.simulatePromotedPurchase(TestCatalog.unavailable)
        }
    }
}
