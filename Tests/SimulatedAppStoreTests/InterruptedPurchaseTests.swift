import PurchaseCore
import SimulatedAppStore
import Testing

struct InterruptedPurchaseTests {
    @Test func interruptedPurchaseFailsThenResolvesAsANewPurchase() async throws {
        let (queue, observer) = try await makeQueue()
        let added = await queue.buy(TestCatalog.interrupted)
        let failed = try #require(observer.latest(added.id))
        #expect(failed.transactionState == .failed)
        #expect(failed.error?.isInterruption == true)
        await queue.finishTransaction(failed)
        #expect(await queue.interruptedPurchases().map(\.id) == [added.id])

        let resolved = try #require(await queue.resolveInterruptedPurchase(added.id))
        await queue.waitForCallbacks()
        #expect(resolved.transactionState == .purchased)
        #expect(resolved.id != added.id)
        #expect(observer.latest(resolved.id)?.transactionState == .purchased)
        #expect(await queue.interruptedPurchases().isEmpty)
        #expect(await queue.resolveInterruptedPurchase(added.id) == nil)
    }

    @Test func sessionInterruptsEveryPurchase() async throws {
        var controls = SessionControls()
        controls.interruptedPurchasesEnabled = true
        let (queue, observer) = try await makeQueue(controls: controls)
        let added = await queue.buy(TestCatalog.noAds)
        #expect(observer.latest(added.id)?.error?.isInterruption == true)
    }
}
