import Dispatch
import PurchaseCore
import SimulatedAppStore
import Synchronization
import Testing

struct PaymentQueueTests {
    @Test func paymentGoesPurchasingThenPurchasedAndStaysUntilFinished() async throws {
        let (queue, observer) = try await makeQueue()
        let added = await queue.buy(TestCatalog.noAds)
        #expect(added.transactionState == .purchasing)
        #expect(added.transactionIdentifier == nil)
        #expect(observer.log == ["updated:\(TestCatalog.noAds):purchasing", "updated:\(TestCatalog.noAds):purchased"])
        let purchased = try #require(observer.latest(added.id))
        #expect(purchased.transactionIdentifier == added.id)
        #expect(purchased.originalTransactionIdentifier == added.id)
        #expect(purchased.transactionDate != nil)
        #expect(await queue.transactions.map(\.id) == [added.id])

        await queue.finishTransaction(purchased)
        await queue.waitForCallbacks()
        #expect(observer.log.last == "removed:\(TestCatalog.noAds)")
        #expect(await queue.transactions.isEmpty)
    }

    @Test func callbacksComeAfterAddReturnsNeverInsideIt() async throws {
        let callbacks = DispatchQueue(label: "held")
        callbacks.suspend()
        let (queue, observer) = try await makeQueue(callbackQueue: callbacks)
        await queue.add(Payment(productIdentifier: TestCatalog.gems))
        await queue.add(Payment(productIdentifier: TestCatalog.noAds))
        #expect(observer.events.isEmpty)
        callbacks.resume()
        await queue.waitForCallbacks()
        #expect(
            observer.log == [
                "updated:\(TestCatalog.gems):purchasing", "updated:\(TestCatalog.gems):purchased",
                "updated:\(TestCatalog.noAds):purchasing", "updated:\(TestCatalog.noAds):purchased",
            ])
        #expect(!observer.sawReentrancy.withLock { $0 })
    }

    @Test func paymentsTurnedOffFailWithPaymentNotAllowed() async throws {
        var controls = SessionControls()
        controls.canMakePayments = false
        let (queue, observer) = try await makeQueue(controls: controls)
        #expect(queue.canMakePayments == false)
        let added = await queue.buy(TestCatalog.gems)
        let failed = try #require(observer.latest(added.id))
        #expect(failed.transactionState == .failed)
        #expect(failed.error?.code == .paymentNotAllowed)
        #expect(failed.transactionIdentifier == nil)
        // A failed transaction stays until finished too.
        #expect(await queue.transactions.map(\.id) == [added.id])
        await queue.finishTransaction(failed)
        #expect(await queue.transactions.isEmpty)
    }

    @Test(arguments: [
        (TestCatalog.unavailable, 1, StoreKitError.Code.storeProductNotAvailable),
        ("com.example.unknown", 1, .storeProductNotAvailable),
        (TestCatalog.japanOnly, 1, .storeProductNotAvailable),
        (TestCatalog.noAds, 2, .paymentInvalid),
        (TestCatalog.gems, 0, .paymentInvalid),
    ])
    func invalidPaymentsFail(product: String, quantity: Int, code: StoreKitError.Code) async throws {
        let (queue, observer) = try await makeQueue()
        let added = await queue.buy(product, quantity: quantity)
        #expect(observer.latest(added.id)?.transactionState == .failed)
        #expect(observer.latest(added.id)?.error?.code == code)
    }

    @Test func consumableCanBeBoughtAgainWithNewIdentifiers() async throws {
        let (queue, observer) = try await makeQueue()
        let first = await queue.buy(TestCatalog.gems, quantity: 3)
        let second = await queue.buy(TestCatalog.gems)
        #expect(first.id != second.id)
        #expect(observer.latest(first.id)?.transactionState == .purchased)
        #expect(observer.latest(first.id)?.payment.quantity == 3)
        #expect(observer.latest(second.id)?.transactionState == .purchased)
    }

    @Test func ownedNonConsumableIsGivenAgainUnderItsOriginalIdentifier() async throws {
        let (queue, observer) = try await makeQueue()
        let first = await queue.buy(TestCatalog.noAds)
        let again = await queue.buy(TestCatalog.noAds)
        let repeated = try #require(observer.latest(again.id))
        #expect(repeated.transactionState == .purchased)
        #expect(repeated.originalTransactionIdentifier == first.id)
    }

    @Test func observerAddedLaterIsToldUnfinishedTransactions() async throws {
        let (queue, first) = try await makeQueue()
        let bought = await queue.buy(TestCatalog.noAds)
        let second = RecordingObserver()
        await queue.add(second)
        await queue.waitForCallbacks()
        #expect(second.updates.map(\.id) == [bought.id])
        #expect(second.updates.first?.transactionState == .purchased)
        #expect(first.updates.count == 2)
    }

    @Test func removedObserverIsToldNothingMore() async throws {
        let (queue, observer) = try await makeQueue()
        await queue.remove(observer)
        await queue.buy(TestCatalog.gems)
        #expect(observer.events.isEmpty)
    }

    @Test func twoObserversAreEachToldEverything() async throws {
        let (queue, first) = try await makeQueue()
        let second = RecordingObserver()
        await queue.add(second)
        await queue.buy(TestCatalog.gems)
        #expect(first.log == second.log)
        #expect(first.log.count == 2)
    }

    @Test func nonRenewingPurchaseCarriesItsExpiry() async throws {
        let clock = SimulationClock()
        let (queue, observer) = try await makeQueue(clock: clock)
        let added = await queue.buy(TestCatalog.season)
        let purchased = try #require(observer.latest(added.id))
        let expected = SubscriptionPeriod("P3M")!.added(to: clock.now)
        #expect(purchased.expirationDate == expected)
    }

    @Test func clearTransactionsForgetsTheAccount() async throws {
        let (queue, observer) = try await makeQueue()
        await queue.buy(TestCatalog.noAds)
        await queue.clearTransactions()
        await queue.waitForCallbacks()
        #expect(observer.log.last == "removed:\(TestCatalog.noAds)")
        #expect(await queue.transactions.isEmpty)
        #expect(await queue.accountTransactions.isEmpty)
        await queue.restoreCompletedTransactions()
        await queue.waitForCallbacks()
        #expect(observer.log.last == "restoreFinished")
        #expect(observer.updates.filter { $0.transactionState == .restored }.isEmpty)
    }
}
