import PurchaseCore
import SimulatedAppStore
import Testing

struct ProductsRequestTests {
    @Test func reportsProductsAndInvalidIdentifiersInOrder() async throws {
        let (queue, _) = try await makeQueue()
        let request = ProductsRequest(
            productIdentifiers: [
                TestCatalog.gems, "com.example.nope", TestCatalog.unavailable, TestCatalog.japanOnly,
                TestCatalog.renamedStoreID, TestCatalog.gems,
            ],
            queue: queue)
        let response = try await request.start()
        #expect(response.products.map(\.productIdentifier) == [TestCatalog.gems, TestCatalog.renamedStoreID])
        #expect(
            response.invalidProductIdentifiers == ["com.example.nope", TestCatalog.unavailable, TestCatalog.japanOnly])
        let gems = try #require(response.products.first)
        #expect(gems.localizedTitle == "EN \(TestCatalog.gems)")
        #expect(gems.price.amount == Price.amount(parsing: "0.99"))
        #expect(gems.storefront == "USA")
    }

    @Test func storefrontAndLocaleChangePricesAndNamesAndTellObservers() async throws {
        let (queue, observer) = try await makeQueue()
        await queue.setStorefront("JPN")
        await queue.setLocale("ja_JP")
        await queue.waitForCallbacks()
        #expect(observer.log == ["storefront:JPN"])
        let response = try await ProductsRequest(productIdentifiers: [TestCatalog.japanOnly], queue: queue).start()
        #expect(response.products.first?.price.currencyCode == "JPY")
        #expect(response.products.first?.localizedTitle == "JA \(TestCatalog.japanOnly)")
    }

    @Test func simulatedLoadProductsErrorIsThrown() async throws {
        var controls = SessionControls()
        controls.simulatedErrors[.loadProducts] = .cloudServiceNetworkConnectionFailed
        let (queue, _) = try await makeQueue(controls: controls)
        await #expect(
            throws: StoreKitError(.cloudServiceNetworkConnectionFailed, message: "simulated products request error")
        ) {
            try await ProductsRequest(productIdentifiers: [TestCatalog.gems], queue: queue).start()
        }
    }

    @Test func hostedContentIsDescribed() async throws {
        let (queue, _) = try await makeQueue()
        let response = try await ProductsRequest(productIdentifiers: [TestCatalog.levels], queue: queue).start()
        let levels = try #require(response.products.first)
        #expect(levels.isDownloadable)
        #expect(levels.downloadContentLength == 10_000_000)
        #expect(levels.downloadContentVersion == "1.0")
    }
}
