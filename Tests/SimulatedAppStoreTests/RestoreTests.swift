import PurchaseCore
import SimulatedAppStore
import Testing

struct RestoreTests {
    @Test func restoreWithNothingToRestoreStillFinishes() async throws {
        let (queue, observer) = try await makeQueue()
        await queue.buy(TestCatalog.gems)
        await queue.restoreCompletedTransactions()
        await queue.waitForCallbacks()
        #expect(observer.log.suffix(1) == ["restoreFinished"])
        #expect(observer.updates.allSatisfy { $0.transactionState != .restored })
    }

    @Test func restoreDeliversNewIdentifiersKeepingTheOriginals() async throws {
        let (queue, observer) = try await makeQueue()
        let noAds = await queue.buy(TestCatalog.noAds)
        let monthly = await queue.buy(TestCatalog.monthly)
        await queue.buy(TestCatalog.season)
        for transaction in await queue.transactions { await queue.finishTransaction(transaction) }
        await queue.restoreCompletedTransactions(withApplicationUsername: "user-1")
        await queue.waitForCallbacks()

        let restored = observer.updates.filter { $0.transactionState == .restored }
        #expect(restored.map(\.payment.productIdentifier) == [TestCatalog.noAds, TestCatalog.monthly])
        #expect(restored.map(\.originalTransactionIdentifier) == [noAds.id, monthly.id])
        #expect(Set(restored.map(\.id)).isDisjoint(with: [noAds.id, monthly.id]))
        #expect(restored.allSatisfy { $0.payment.applicationUsername == "user-1" })
        #expect(observer.log.last == "restoreFinished")
        // Restored transactions wait in the queue until finished.
        #expect(await queue.transactions.map(\.id) == restored.map(\.id))
    }

    @Test func restoreFailureIsReported() async throws {
        var controls = SessionControls()
        controls.simulatedErrors[.restore] = .cloudServiceNetworkConnectionFailed
        let (queue, observer) = try await makeQueue(controls: controls)
        await queue.buy(TestCatalog.noAds)
        await queue.restoreCompletedTransactions()
        await queue.waitForCallbacks()
        #expect(observer.log.last == "restoreFailed:cloudServiceNetworkConnectionFailed")
        #expect(!observer.log.contains("restoreFinished"))
    }

    @Test func refundedPurchaseIsNotRestored() async throws {
        let (queue, observer) = try await makeQueue()
        let bought = await queue.buy(TestCatalog.noAds)
        let revoked = try #require(await queue.refundTransaction(bought.id))
        #expect(revoked.revocationDate != nil)
        await queue.restoreCompletedTransactions()
        await queue.waitForCallbacks()
        #expect(
            observer.log.suffix(3) == [
                "revoked:\(TestCatalog.noAds)", "revokedProduct:\(TestCatalog.noAds)", "restoreFinished",
            ])
    }
}
