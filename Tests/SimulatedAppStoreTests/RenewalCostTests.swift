import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// Virtual time costs the same for every renewal, however many came before: each renewal's
/// verification reads a bounded number of transactions, not the subscription's whole history.
struct RenewalCostTests {
    @Test func eachRenewalIsVerifiedAtABoundedCost() async throws {
        let catalog = TestCatalog.make()
        let clock = SimulationClock()
        let queue = try PaymentQueue(catalog: catalog, clock: clock)
        let provider = SimulatedAppStoreProvider(
            queue: queue, receipts: SimulatedReceipts(signingKey: ReceiptSigningKey(seed: Array("renewals".utf8))))
        let verifier = try #require(provider.receiptVerifier)
        let service = try #require(provider.verifyReceiptService)
        let ledger = InMemoryFulfillmentLedger()
        let store = Store(
            catalog: catalog, providers: [provider], ledger: ledger, verifiers: [provider.storeName: verifier],
            clock: clock)
        let events = await store.events()
        await store.start()
        guard case .purchased = await store.purchase(TestCatalog.monthly) else {
            Issue.record("the subscription was not sold")
            return
        }
        // Twenty years of monthly periods: the first one and 240 renewals.
        await queue.advanceTime(by: 20 * 365.25 * 86_400)
        var delivered = 1
        for await event in events where event.name == "delivered" {
            delivered += 1
            if delivered == 241 { break }
        }
        await store.stop()
        await provider.close()
        // Sandbox receipts are sent to production first (21007), then to the sandbox. The purchase
        // is asked about alone; the 240 renewals came in one report and share a receipt per 64.
        let answered = await service.log.filter { $0.status == .valid }
        #expect(answered.count == 1 + 4)
        // Quadratic answering reads about 240 * 241 / 2 transactions; bounded answering a few per
        // renewal: those its receipt lists and the subscription's latest period.
        #expect(answered.map(\.transactionsRead).reduce(0, +) <= 2 * 241)
        #expect(answered.map(\.transactionsRead).max() ?? 0 <= 64 + 1)
    }
}
