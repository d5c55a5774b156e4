import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// A delegate answering the price consent question as told, recording what it was asked.
final class ConsentDelegate: PaymentQueueDelegate {
    private let answer: Bool
    let asked = Locked<[PriceIncrease]>([])

    init(showNow answer: Bool) {
        self.answer = answer
    }

    func shouldShowPriceConsent(for increase: PriceIncrease) -> Bool {
        asked.withLock { $0.append(increase) }
        return answer
    }
}

struct PriceIncreaseTests {
    private let month: TimeInterval = 31 * 86_400
    private let raised = Price(amount: Decimal(string: "1.99")!, currencyCode: "USD")
    private let original = Price(amount: Decimal(string: "0.99")!, currencyCode: "USD")

    private func renewalInfo(_ store: ReceiptStore) async throws -> PendingRenewalInfo {
        let response = try await store.verify(try await store.provider.issueReceipt())
        return try #require(response.pendingRenewalInfo.first)
    }

    @Test func consentRenewsAtTheNewPriceInTransactionsAndReceipts() async throws {
        let store = try ReceiptStore(seed: "price-consent")
        let observer = await store.observe()
        let delegate = ConsentDelegate(showNow: true)
        await store.queue.setDelegate(delegate)
        let bought = try await store.buy(TestCatalog.monthly)
        let started = await store.queue.increasePrice(productIdentifier: TestCatalog.monthly, to: raised.amount)
        #expect(started.count == 1)
        #expect(started.first?.consent == .pending)
        #expect(started.first?.isSheetShown == true)
        #expect(started.first?.previousPrice == original)
        #expect(delegate.asked.withLock { $0.map(\.price) } == [raised])
        var info = try await renewalInfo(store)
        #expect(info.priceConsentStatus == "0")
        #expect(info.autoRenewStatus == true)

        let answered = await store.queue.respondToPriceIncrease(productIdentifier: TestCatalog.monthly, consent: true)
        #expect(answered?.consent == .consented)
        await store.queue.advanceTime(by: month)
        await store.queue.waitForCallbacks()
        let renewal = try #require(observer.updates.last { $0.transactionState == .purchased })
        #expect(renewal.originalTransactionIdentifier == bought.id)
        #expect(renewal.price == raised)
        info = try await renewalInfo(store)
        #expect(info.priceConsentStatus == "1")
        #expect(info.expirationIntent == nil)
        let receipt = try await store.freshReceipt()
        let entries = receipt.inApp.sorted { $0.purchaseDate < $1.purchaseDate }
        #expect(entries.map(\.price) == [990, 1990])
        #expect(entries.map(\.currency) == ["USD", "USD"])
        #expect(entries.last?.chargedPrice == raised)
    }

    @Test func withoutConsentTheSubscriptionEndsWithItsPeriod() async throws {
        let store = try ReceiptStore(seed: "price-no-answer")
        let observer = await store.observe()
        _ = try await store.buy(TestCatalog.monthly)
        await store.queue.increasePrice(productIdentifier: TestCatalog.monthly, to: raised.amount)
        await store.queue.advanceTime(by: 2 * month)
        await store.queue.waitForCallbacks()
        // The purchase only: no renewal.
        #expect(observer.updates.filter { $0.transactionState == .purchased }.count == 1)
        let status = try #require(await store.queue.subscriptionStatus(for: TestCatalog.monthly))
        #expect(!status.isActive)
        #expect(status.expirationReason == .priceIncreaseNotConsented)
        let info = try await renewalInfo(store)
        #expect(info.expirationIntent == 3)
        #expect(info.autoRenewStatus == false)
        #expect(info.priceConsentStatus == "0")
        // Too late to answer: the subscription has ended.
        #expect(await store.queue.respondToPriceIncrease(productIdentifier: TestCatalog.monthly, consent: true) == nil)
    }

    @Test func decliningTurnsAutoRenewOffUntilThePersonConsents() async throws {
        let store = try ReceiptStore(seed: "price-decline")
        _ = try await store.buy(TestCatalog.monthly)
        await store.queue.increasePrice(productIdentifier: TestCatalog.monthly, to: raised.amount)
        let declined = await store.queue.respondToPriceIncrease(productIdentifier: TestCatalog.monthly, consent: false)
        #expect(declined?.consent == .declined)
        var info = try await renewalInfo(store)
        #expect(info.autoRenewStatus == false)
        #expect(info.priceConsentStatus == "0")
        // Declining twice does nothing; consenting within the period brings renewal back.
        #expect(await store.queue.respondToPriceIncrease(productIdentifier: TestCatalog.monthly, consent: false) == nil)
        #expect(
            await store.queue.respondToPriceIncrease(productIdentifier: TestCatalog.monthly, consent: true)?.consent
                == .consented)
        info = try await renewalInfo(store)
        #expect(info.autoRenewStatus == true)
        #expect(info.priceConsentStatus == "1")
    }

    @Test func aDelegateHoldsTheSheetUntilTheAppAsksForIt() async throws {
        let (queue, _) = try await makeQueue()
        let delegate = ConsentDelegate(showNow: false)
        await queue.setDelegate(delegate)
        await queue.buy(TestCatalog.monthly)
        let started = await queue.increasePrice(productIdentifier: TestCatalog.monthly, to: raised.amount)
        #expect(started.map(\.isSheetShown) == [false])
        #expect(delegate.asked.withLock { $0.count } == 1)
        let shown = await queue.showPriceConsentIfNeeded()
        #expect(shown.map(\.isSheetShown) == [true])
        #expect(await queue.showPriceConsentIfNeeded().isEmpty)
        #expect(await queue.priceIncreases().map(\.consent) == [.pending])
    }

    @Test func aRiseWithoutConsentRenewsAtTheNewPriceAndNewPurchasesPayIt() async throws {
        let store = try ReceiptStore(seed: "price-notice")
        let observer = await store.observe()
        _ = try await store.buy(TestCatalog.monthly)
        let started = await store.queue.increasePrice(
            productIdentifier: TestCatalog.monthly, to: raised.amount, needsConsent: false)
        #expect(started.isEmpty)
        let products = try await ProductsRequest(productIdentifiers: [TestCatalog.monthly], queue: store.queue)
            .start().products
        #expect(products.first?.price == raised)
        await store.queue.advanceTime(by: month)
        await store.queue.waitForCallbacks()
        let renewal = try #require(observer.updates.last { $0.transactionState == .purchased })
        #expect(renewal.price == raised)
        let info = try await renewalInfo(store)
        #expect(info.priceConsentStatus == nil)
        #expect(info.autoRenewStatus == true)
    }

    @Test func aPendingIncreaseAndTheChangedPriceSurviveARelaunch() async throws {
        let folder = try TestCatalog.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = SimulationClock()
        do {
            let (queue, _) = try await makeQueue(persistence: .journal(directory: folder), clock: clock)
            await queue.buy(TestCatalog.monthly)
            await queue.increasePrice(productIdentifier: TestCatalog.monthly, to: raised.amount)
            await queue.close()
        }
        let (queue, observer) = try await makeQueue(persistence: .journal(directory: folder), clock: clock)
        #expect(await queue.priceIncreases().map(\.consent) == [.pending])
        #expect(await queue.accountTransactions.first?.price == original)
        await queue.respondToPriceIncrease(productIdentifier: TestCatalog.monthly, consent: true)
        await queue.close()
        let (reopened, _) = try await makeQueue(persistence: .journal(directory: folder), clock: clock)
        await reopened.advanceTime(by: month)
        await reopened.waitForCallbacks()
        #expect(await reopened.accountTransactions.last?.price == raised)
        #expect(await reopened.subscriptionStatus(for: TestCatalog.monthly)?.priceConsentStatus == 1)
        _ = observer
    }
}
