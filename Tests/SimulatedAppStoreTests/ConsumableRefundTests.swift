import Foundation
import PurchaseCore
import Testing

@testable import SimulatedAppStore

/// The App Store refunds a consumable the app already finished: the queue still knows it, observers
/// are told, receipts list it with its `cancellation_date`, and the app's store takes back its payout.
struct ConsumableRefundTests {
    @Test func aFinishedConsumableIsRefundedOnTheQueueAndInTheReceipt() async throws {
        let store = try ReceiptStore(seed: "consumable-refunds")
        let observer = await store.observe()
        let purchase = try await store.buy(TestCatalog.gems)
        try await store.provider.finish(purchase)
        #expect(await store.queue.accountTransactions.allSatisfy { $0.id != purchase.id })
        #expect(await store.queue.refundableConsumables.map(\.id) == [purchase.id])
        #expect(try await store.freshReceipt().inApp.allSatisfy { $0.transactionID != purchase.id })

        store.clock.advance(by: 3600)
        let refunded = try #require(await store.queue.refundTransaction(purchase.id))
        #expect(refunded.revocationDate == store.clock.now)
        #expect(await store.queue.refundTransaction(purchase.id) == nil, "refunded once")
        await store.queue.waitForCallbacks()
        let revoked = observer.events.flatMap { event -> [PaymentTransaction] in
            if case .revoked(let transactions) = event { transactions } else { [] }
        }
        #expect(revoked.map(\.id) == [purchase.id])
        #expect(await store.queue.refundableConsumables.isEmpty)
        let listed = try #require(await store.queue.accountTransactions.first { $0.id == purchase.id })
        #expect(listed.revocationDate == store.clock.now)
        let entry = try #require(try await store.freshReceipt().inApp.first { $0.transactionID == purchase.id })
        #expect(entry.cancellationDate == store.clock.now)
        #expect(entry.cancellationReason == "0")
        #expect(await store.queue.transactions.isEmpty, "the refund leaves nothing unfinished")
    }

    @Test func theAppsStoreDebitsTheRefundedUnitsNeverBelowZero() async throws {
        let harness = try await StoreHarness()
        guard case .purchased = await harness.store.purchase(TestCatalog.gems),
            case .purchased(let second) = await harness.store.purchase(TestCatalog.gems)
        else {
            Issue.record("expected two purchases")
            return
        }
        _ = try await harness.store.spend("gems", quantity: 150)
        #expect(await harness.queue.refundTransaction(second.id) != nil)
        let event = await harness.nextEvents(1) { $0.name == "revoked" }.first
        #expect(event?.transaction.id == second.id)
        let contents = try await harness.ledger.contents()
        let payout = try #require(contents.revokedPayouts[second.transactionID])
        #expect(payout.debited == ["gems": 50])
        #expect(payout.shortfall == ["gems": 50])
        #expect(try await harness.store.entitlements().balances["gems"] == 0)
    }

    @Test func theAccountKeepsTheLatestFinishedConsumablesThroughASnapshot() throws {
        var account = SimulatedAccount()
        let limit = SimulatedAccount.refundableLimit
        for number in 1...UInt64(limit + 5) {
            let transaction = AccountTransaction(
                number: number, originalNumber: number, productIdentifier: TestCatalog.gems, productType: .consumable,
                quantity: 1, state: .purchased, date: 1_767_225_600, originalDate: 1_767_225_600)
            account.apply(.put(transaction))
            account.apply(.finish(number))
        }
        #expect(account.transactions.isEmpty)
        #expect(account.refundableConsumables.count == limit)
        #expect(account.refundableConsumables[5] == nil)
        #expect(account.refundableConsumables[6] != nil)
        let copy = try SimulatedAccount(snapshot: try account.snapshot())
        #expect(copy.refundableConsumables == account.refundableConsumables)
    }
}
