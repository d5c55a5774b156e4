import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// The payment queue's account is the verifyReceipt service's one source of truth: refunds made on
/// either show in both, whenever the receipt sent was issued.
struct RefundReceiptTests {
    let clock = SimulationClock()

    private func provider(_ controls: SessionControls = SessionControls()) throws -> SimulatedAppStoreProvider {
        let queue = try PaymentQueue(catalog: TestCatalog.make(), controls: controls, clock: clock)
        return SimulatedAppStoreProvider(
            queue: queue, receipts: SimulatedReceipts(signingKey: ReceiptSigningKey(seed: Array("refunds".utf8))))
    }

    private func buy(_ productID: String, on provider: SimulatedAppStoreProvider) async throws -> StoreTransaction {
        let result = try await provider.purchase(PurchaseRequest(productID: productID))
        guard case .purchased(let transaction) = result else {
            Issue.record("expected a purchase, got \(result)")
            throw CancellationError()
        }
        return transaction
    }

    private func verify(_ receipt: Data, with provider: SimulatedAppStoreProvider) async throws
        -> VerifyReceiptResponse
    {
        let service = try #require(provider.verifyReceiptService)
        let body = VerifyReceiptRequest(receiptData: receipt.base64EncodedString()).jsonData()
        let response = await service.respond(to: body, in: .sandbox)
        #expect(response.status == .valid)
        return response
    }

    @Test func aRefundOnTheQueueShowsForAReceiptIssuedBeforeIt() async throws {
        let provider = try provider()
        let purchase = try await buy(TestCatalog.noAds, on: provider)
        let receipt = try #require(purchase.verificationData)
        #expect(try await verify(receipt, with: provider).inApp.first?.cancellationDate == nil)

        clock.advance(by: 3600)
        let refunded = try #require(await provider.queue.refundTransaction(purchase.id, reason: .developerIssue))
        #expect(refunded.revocationReason == .developerIssue)
        let response = try await verify(receipt, with: provider)
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
        let provider = try provider()
        let observer = RecordingObserver()
        await provider.queue.add(observer)
        let purchase = try await buy(TestCatalog.noAds, on: provider)
        let receipt = try #require(purchase.verificationData)
        let service = try #require(provider.verifyReceiptService)
        #expect(await service.refund(transactionID: purchase.id, at: clock.now, reason: "0"))
        #expect(!(await service.refund(transactionID: purchase.id, at: clock.now)))
        #expect(!(await service.refund(transactionID: "2000000999", at: clock.now)))

        await provider.queue.waitForCallbacks()
        let revoked = observer.events.flatMap { event -> [PaymentTransaction] in
            if case .revoked(let transactions) = event { transactions } else { [] }
        }
        #expect(revoked.map(\.id) == [purchase.id])
        let account = await provider.queue.accountTransactions
        #expect(account.first { $0.id == purchase.id }?.revocationDate == clock.now)
        #expect(account.first { $0.id == purchase.id }?.revocationReason == .other)
        let response = try await verify(receipt, with: provider)
        #expect(response.inApp.first?.cancellationReason == "0")
        // A receipt issued after the refund says so too.
        let fresh = try ReceiptValidator(publicKey: ReceiptSigningKey(seed: Array("refunds".utf8)).publicKey)
            .validate(try await provider.issueReceipt())
        #expect(fresh.inApp.first { $0.transactionID == purchase.id }?.cancellationDate == clock.now)
    }

    @Test func renewalsAndRenewalStateAfterTheReceiptComeFromTheAccount() async throws {
        let provider = try provider()
        let purchase = try await buy(TestCatalog.monthly, on: provider)
        let receipt = try #require(purchase.verificationData)
        await provider.queue.advanceTime(by: 62 * 86_400)
        var response = try await verify(receipt, with: provider)
        #expect(response.inApp.map(\.transactionID) == [purchase.id])
        #expect(response.latestReceiptInfo.count == 3)
        #expect(response.latestReceiptInfo.allSatisfy { $0.originalTransactionID == purchase.id })
        #expect(response.pendingRenewalInfo.first?.autoRenewStatus == true)

        #expect(await provider.queue.disableAutoRenewForTransaction(purchase.id))
        response = try await verify(receipt, with: provider)
        #expect(response.pendingRenewalInfo.map(\.autoRenewStatus) == [false])
    }

    @Test func billingTroubleShowsInPendingRenewalInfo() async throws {
        var controls = SessionControls()
        controls.billingRetryOnRenewal = true
        controls.billingGracePeriodEnabled = true
        let provider = try provider(controls)
        let purchase = try await buy(TestCatalog.monthly, on: provider)
        let receipt = try #require(purchase.verificationData)
        await provider.queue.advanceTime(by: 32 * 86_400)
        let info = try #require(try await verify(receipt, with: provider).pendingRenewalInfo.first)
        #expect(info.isInBillingRetryPeriod == true)
        let status = try #require(await provider.queue.subscriptionStatus(for: TestCatalog.monthly))
        #expect(info.gracePeriodExpiresDate == status.gracePeriodExpirationDate)
        #expect(info.gracePeriodExpiresDate != nil)
    }

    @Test func receiptsListOnlyChargedTransactions() async throws {
        var controls = SessionControls()
        controls.askToBuyEnabled = true
        let provider = try provider(controls)
        let result = try await provider.purchase(PurchaseRequest(productID: TestCatalog.noAds))
        guard case .pending = result else {
            Issue.record("expected Ask to Buy to defer, got \(result)")
            return
        }
        let receipt = try ReceiptValidator(publicKey: ReceiptSigningKey(seed: Array("refunds".utf8)).publicKey)
            .validate(try await provider.issueReceipt())
        #expect(receipt.inApp.isEmpty)
    }
}
