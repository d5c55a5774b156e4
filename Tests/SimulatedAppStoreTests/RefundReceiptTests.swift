import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// The payment queue's account is the verifyReceipt service's one source of truth: refunds made on
/// either show in both, whenever the receipt sent was issued.
struct RefundReceiptTests {
    /// The service's answer for `receipt`, which must be valid.
    private func verify(_ receipt: Data, in store: ReceiptStore) async throws -> VerifyReceiptResponse {
        let response = try await store.verify(receipt)
        #expect(response.status == .valid)
        return response
    }

    @Test func aRefundOnTheQueueShowsForAReceiptIssuedBeforeIt() async throws {
        let store = try ReceiptStore(seed: "refunds")
        let clock = store.clock
        let purchase = try await store.buy(TestCatalog.noAds)
        let receipt = try #require(purchase.verificationData)
        #expect(try await verify(receipt, in: store).inApp.first?.cancellationDate == nil)

        clock.advance(by: 3600)
        let refunded = try #require(await store.queue.refundTransaction(purchase.id, reason: .developerIssue))
        #expect(refunded.revocationReason == .developerIssue)
        let response = try await verify(receipt, in: store)
        for list in [response.inApp, response.latestReceiptInfo] {
            let entry = try #require(list.first { $0.transactionID == purchase.id })
            #expect(entry.cancellationDate == clock.now)
            #expect(entry.cancellationReason == "1")
        }
        // Apple's three forms of the date, and the reason, are in the body an app receives.
        let body = String(decoding: response.jsonData(), as: UTF8.self)
        let milliseconds = String(Int64(clock.now.timeIntervalSince1970 * 1000))
        #expect(body.contains("\"cancellation_date_ms\":\"\(milliseconds)\""))
        #expect(body.contains("\"cancellation_date_pst\":"))
        #expect(body.contains("\"cancellation_date\":"))
        #expect(body.contains("\"cancellation_reason\":\"1\""))
    }

    @Test func aRefundThroughTheServiceIsARefundOnTheQueue() async throws {
        let store = try ReceiptStore(seed: "refunds")
        let clock = store.clock
        let observer = await store.observe()
        let purchase = try await store.buy(TestCatalog.noAds)
        let receipt = try #require(purchase.verificationData)
        let service = try #require(store.provider.verifyReceiptService)
        #expect(await service.refund(transactionID: purchase.id, at: clock.now, reason: "0"))
        #expect(!(await service.refund(transactionID: purchase.id, at: clock.now)))
        #expect(!(await service.refund(transactionID: "2000000999", at: clock.now)))

        await store.queue.waitForCallbacks()
        let revoked = observer.events.flatMap { event -> [PaymentTransaction] in
            if case .revoked(let transactions) = event { transactions } else { [] }
        }
        #expect(revoked.map(\.id) == [purchase.id])
        let account = await store.queue.accountTransactions
        #expect(account.first { $0.id == purchase.id }?.revocationDate == clock.now)
        #expect(account.first { $0.id == purchase.id }?.revocationReason == .other)
        let response = try await verify(receipt, in: store)
        #expect(response.inApp.first?.cancellationReason == "0")
        // A receipt issued after the refund says so too.
        let fresh = try await store.freshReceipt()
        #expect(fresh.inApp.first { $0.transactionID == purchase.id }?.cancellationDate == clock.now)
    }

    @Test func renewalsAndRenewalStateAfterTheReceiptComeFromTheAccount() async throws {
        let store = try ReceiptStore(seed: "refunds")
        let purchase = try await store.buy(TestCatalog.monthly)
        let receipt = try #require(purchase.verificationData)
        await store.queue.advanceTime(by: 62 * 86_400)
        var response = try await verify(receipt, in: store)
        #expect(response.inApp.map(\.transactionID) == [purchase.id])
        #expect(response.latestReceiptInfo.count == 3)
        #expect(response.latestReceiptInfo.allSatisfy { $0.originalTransactionID == purchase.id })
        #expect(response.pendingRenewalInfo.first?.autoRenewStatus == true)

        #expect(await store.queue.disableAutoRenewForTransaction(purchase.id))
        response = try await verify(receipt, in: store)
        #expect(response.pendingRenewalInfo.map(\.autoRenewStatus) == [false])
    }

    @Test func billingTroubleShowsInPendingRenewalInfo() async throws {
        var controls = SessionControls()
        controls.billingRetryOnRenewal = true
        controls.billingGracePeriodEnabled = true
        let store = try ReceiptStore(seed: "refunds", controls: controls)
        let purchase = try await store.buy(TestCatalog.monthly)
        let receipt = try #require(purchase.verificationData)
        await store.queue.advanceTime(by: 32 * 86_400)
        let info = try #require(try await verify(receipt, in: store).pendingRenewalInfo.first)
        #expect(info.isInBillingRetryPeriod == true)
        let status = try #require(await store.queue.subscriptionStatus(for: TestCatalog.monthly))
        #expect(info.gracePeriodExpiresDate == status.gracePeriodExpirationDate)
        #expect(info.gracePeriodExpiresDate != nil)
    }

    @Test func receiptsListOnlyChargedTransactions() async throws {
        var controls = SessionControls()
        controls.askToBuyEnabled = true
        let store = try ReceiptStore(seed: "refunds", controls: controls)
        let result = try await store.provider.purchase(PurchaseRequest(productID: TestCatalog.noAds))
        guard case .pending = result else {
            Issue.record("expected Ask to Buy to defer, got \(result)")
            return
        }
        #expect(try await store.freshReceipt().inApp.isEmpty)
    }
}
