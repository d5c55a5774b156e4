import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// An app using a `Store` hears of a price increase needing consent and decides when the sheet shows.
struct PriceIncreaseThroughStoreTests {
    @Test func theStoresHandlerHearsOfTheIncreaseAndHoldsTheSheet() async throws {
        let harness = try await StoreHarness()
        let heard = Locked<[PriceIncreaseNotice]>([])
        await harness.store.handlePriceIncreases { notice in
            heard.withLock { $0.append(notice) }
            return .later
        }
        _ = await harness.store.purchase(TestCatalog.monthly)
        await harness.queue.increasePrice(productIdentifier: TestCatalog.monthly, to: Decimal(string: "1.49")!)
        let notices = heard.withLock { $0 }
        #expect(notices.map(\.productID) == [TestCatalog.monthly])
        #expect(notices.first?.price == Price(amount: Decimal(string: "1.49")!, currencyCode: "USD"))
        #expect(notices.first?.previousPrice == Price(amount: Decimal(string: "0.99")!, currencyCode: "USD"))
        #expect(await harness.queue.priceIncreases().map(\.isSheetShown) == [false])
        await harness.store.showPriceConsentIfNeeded()
        #expect(await harness.queue.priceIncreases().map(\.isSheetShown) == [true])
    }

    @Test func withoutAHandlerTheSheetShowsAtOnce() async throws {
        let harness = try await StoreHarness()
        await harness.store.handlePriceIncreases(with: { _ in .later })
        await harness.store.handlePriceIncreases(with: nil)
        _ = await harness.store.purchase(TestCatalog.monthly)
        await harness.queue.increasePrice(productIdentifier: TestCatalog.monthly, to: 2)
        #expect(await harness.queue.priceIncreases().map(\.isSheetShown) == [true])
    }
}
