import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// Expiring a subscription early through the session shows wherever a person or an app looks at the
/// App Store's side: the account's transactions, receipts, verifyReceipt and the subscription's status.
struct EarlyExpiryTests {
    @Test func anEarlyExpiryEndsTheLatestTransactionNow() async throws {
        let store = try ReceiptStore(seed: "expiry")
        let clock = store.clock
        let observer = await store.observe()
        let purchase = try await store.buy(TestCatalog.monthly)
        let receipt = try #require(purchase.verificationData)
        clock.advance(by: 10 * 86_400)
        await store.queue.waitForCallbacks()
        let toldBefore = observer.events.count

        #expect(await store.queue.expireSubscription(productIdentifier: TestCatalog.monthly))
        let now = clock.now
        let latest = try #require(await store.queue.accountTransactions.last)
        #expect(latest.id == purchase.id)
        #expect(latest.expirationDate == now)
        #expect(latest.willAutoRenew == false)
        let status = try #require(await store.queue.subscriptionStatus(for: TestCatalog.monthly))
        #expect(!status.isActive && status.expirationDate == now)
        #expect(status.expirationReason == .autoRenewDisabled)

        // verifyReceipt, for the receipt issued with the purchase, and a receipt issued now.
        let response = try await store.verify(receipt)
        #expect(response.inApp.first?.expiresDate == now)
        #expect(response.latestReceiptInfo.map(\.expiresDate) == [now])
        let info = try #require(response.pendingRenewalInfo.first)
        #expect(info.autoRenewStatus == false)
        #expect(info.expirationIntent == 1)
        let fresh = try await store.freshReceipt()
        #expect(fresh.inApp.first?.expiresDate == now)

        // StoreKit has no callback for an expiry; nothing renews afterwards.
        await store.queue.advanceTime(by: 60 * 86_400)
        await store.queue.waitForCallbacks()
        #expect(observer.events.count == toldBefore)
    }

    @Test func billingRetryIsABillingErrorAndItsEndTurnsAutoRenewOff() async throws {
        var controls = SessionControls()
        controls.billingRetryOnRenewal = true
        let store = try ReceiptStore(seed: "expiry", controls: controls)
        let purchase = try await store.buy(TestCatalog.monthly)
        let receipt = try #require(purchase.verificationData)
        await store.queue.advanceTime(by: 32 * 86_400)
        var info = try #require(try await store.verify(receipt).pendingRenewalInfo.first)
        #expect(info.isInBillingRetryPeriod == true)
        #expect(info.autoRenewStatus == true)
        #expect(info.expirationIntent == 2)

        await store.queue.advanceTime(by: 60 * 86_400)
        info = try #require(try await store.verify(receipt).pendingRenewalInfo.first)
        #expect(info.isInBillingRetryPeriod == nil)
        #expect(info.autoRenewStatus == false)
        #expect(info.expirationIntent == 2)
        #expect(await store.queue.accountTransactions.last?.willAutoRenew == false)
        #expect(await store.queue.subscriptionStatus(for: TestCatalog.monthly)?.expirationReason == .billingError)

        // Charging it again clears the error.
        await store.queue.updateControls { $0.billingRetryOnRenewal = false }
        #expect(await store.queue.forceRenewalOfSubscription(productIdentifier: TestCatalog.monthly) != nil)
        let status = try #require(await store.queue.subscriptionStatus(for: TestCatalog.monthly))
        #expect(status.isActive && status.expirationReason == nil)
    }

    @Test func turningAutoRenewOffShowsOnTheLatestTransactionAndInTheReceiptAnswer() async throws {
        let store = try ReceiptStore(seed: "expiry")
        let purchase = try await store.buy(TestCatalog.monthly)
        let receipt = try #require(purchase.verificationData)
        #expect(await store.queue.disableAutoRenewForTransaction(purchase.id))
        #expect(await store.queue.accountTransactions.last?.willAutoRenew == false)
        var info = try #require(try await store.verify(receipt).pendingRenewalInfo.first)
        #expect(info.autoRenewStatus == false && info.expirationIntent == nil)
        await store.queue.advanceTime(by: 40 * 86_400)
        info = try #require(try await store.verify(receipt).pendingRenewalInfo.first)
        #expect(info.expirationIntent == 1)
        #expect(await store.queue.enableAutoRenewForTransaction(purchase.id))
        #expect(await store.queue.accountTransactions.last?.willAutoRenew == true)
    }
}
