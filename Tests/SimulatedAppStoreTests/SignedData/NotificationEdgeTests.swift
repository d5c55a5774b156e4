import AppStoreSignedData
import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// What is not an App Store event gives no notification: a failure, a purchase waiting for a parent
/// or an interrupted one until it is charged, a restore, a trial's renewal at the offer's end.
struct NotificationEdgeTests {
    private func makeSignedQueue() throws -> PaymentQueue {
        try PaymentQueue(catalog: TestCatalog.make(), signedData: TestSigning.signedData())
    }

    @Test func onlyChargesAreNotified() async throws {
        let queue = try makeSignedQueue()
        await queue.buy(TestCatalog.flaky)
        #expect(try queue.emitted(after: 0).isEmpty)

        // Ask to Buy: nothing until the parent approves, then the charge.
        let asked = await queue.buy(TestCatalog.askPending)
        #expect(try queue.emitted(after: 0).isEmpty)
        await queue.approveAskToBuy(asked.id)
        #expect(try queue.emitted(after: 0) == ["ONE_TIME_CHARGE"])

        // An interrupted purchase is charged once the person resolves it.
        let interrupted = await queue.buy(TestCatalog.interrupted)
        #expect(try queue.emitted(after: 1).isEmpty)
        await queue.resolveInterruptedPurchase(interrupted.id)
        #expect(try queue.emitted(after: 1) == ["ONE_TIME_CHARGE"])

        // A restore charges nothing.
        await queue.restoreCompletedTransactions()
        await queue.waitForCallbacks()
        #expect(try queue.emitted(after: 2).isEmpty)
    }

    @Test func aFreeTrialStartsAndRenewsAtThePrice() async throws {
        let queue = try makeSignedQueue()
        let trial = await queue.buy(TestCatalog.trial)
        #expect(try queue.emitted(after: 0) == ["SUBSCRIBED/INITIAL_BUY"])
        let first = try TestSigning.transaction(try await queue.signedTransaction(trial.id))
        #expect(first.offerType == .introductory)
        #expect(first.offerDiscountType == .freeTrial)
        #expect(first.offerPeriod == "P1W")
        #expect(first.price == 0)
        await queue.advanceTime(by: 8 * 86_400)
        #expect(try queue.emitted(after: 1) == ["DID_RENEW"])
        let renewal = try TestSigning.verified(try #require(queue.notifications().last))
        let paid = try TestSigning.transaction(renewal.data?.signedTransactionInfo)
        #expect(paid.offerType == nil)
        #expect(paid.price == 990)
        #expect(paid.transactionReason == .renewal)
    }
}
