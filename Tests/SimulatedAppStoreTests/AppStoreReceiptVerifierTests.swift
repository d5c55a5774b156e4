import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

struct AppStoreReceiptVerifierTests {
    let clock = ManualClock(start: ReceiptFixtures.start + 86_400)
    let sleeper = VerifyReceiptRecordingSleeper()

    func service(expiredStatus: Bool = false) -> SimulatedVerifyReceiptService {
        SimulatedVerifyReceiptService(
            validator: ReceiptFixtures.validator, sharedSecret: "s3cret", clock: clock,
            reportsExpiredSubscriptions: expiredStatus)
    }

    func verifier(
        _ transport: any VerifyReceiptTransport,
        secret: String = "s3cret",
        acceptsExpired: Bool = true
    ) -> AppStoreReceiptVerifier {
        AppStoreReceiptVerifier(
            transport: transport, sharedSecret: secret, bundleID: "com.example.app",
            acceptsExpiredSubscriptions: acceptsExpired, sleeper: sleeper)
    }

    func expectError(
        _ code: PurchaseError.Code,
        status: Int?,
        _ body: () async throws -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        do {
            try await body()
            Issue.record("expected \(code)", sourceLocation: sourceLocation)
        } catch let error as PurchaseError {
            #expect(error.code == code, sourceLocation: sourceLocation)
            #expect(error.verifierStatus == status, sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func sandboxReceiptSentToProductionVerifiesThroughThe21007Retry() async throws {
        let entry = ReceiptFixtures.gems()
        let receipt = try ReceiptFixtures.receiptBytes(.sandbox, [entry])
        let service = service()
        let transaction = ReceiptFixtures.transaction(for: entry, type: .consumable, receipt: receipt)
        let verified = try await verifier(service).verify(transaction)
        #expect(verified.environment == .sandbox)
        #expect(verified.id == entry.transactionID && verified.quantity == 2)
        #expect(await service.log.map(\.environment) == [.production, .sandbox])
        #expect(await service.log.map(\.status) == [.sandboxReceiptSentToProduction, .valid])
        #expect(sleeper.recorded.isEmpty)
    }

    @Test func productionReceiptVerifiesInProductionAtOnce() async throws {
        let receipt = try ReceiptFixtures.receiptBytes(.production, [ReceiptFixtures.gems()])
        let result = try await verifier(service()).verifyReceipt(receipt)
        #expect(result.environment == .production && !result.isSandbox)
        #expect(result.attempts.map(\.status) == [.valid])
    }

    @Test func a21008AnswerSendsTheReceiptBackToProduction() async throws {
        let receipt = try ReceiptFixtures.receiptBytes(.production, [ReceiptFixtures.gems()])
        let service = service()
        await service.injectFault(.sandboxReceiptSentToProduction, in: .production)
        let result = try await verifier(service).verifyReceipt(receipt)
        #expect(result.environment == .production)
        #expect(result.attempts.map(\.environment) == [.production, .sandbox, .production])
        #expect(result.attempts.map(\.status) == [VerifyReceiptStatus(21007), VerifyReceiptStatus(21008), .valid])
    }

    @Test func environmentPingPongStopsAfterTwoSwitches() async throws {
        let receipt = try ReceiptFixtures.receiptBytes(.production, [ReceiptFixtures.gems()])
        let service = service()
        await service.injectFault(.sandboxReceiptSentToProduction, count: 5, in: .production)
        await expectError(.verificationFailed, status: 21007) { _ = try await verifier(service).verifyReceipt(receipt) }
        #expect(await service.log.count == 3)
    }

    @Test(arguments: [21002, 21005, 21009, 21100, 21199])
    func retryableStatusesAreRetriedWithBackoffThenSucceed(status: Int) async throws {
        let receipt = try ReceiptFixtures.receiptBytes(.production, [ReceiptFixtures.gems()])
        let service = service()
        await service.injectFault(VerifyReceiptStatus(status), count: 2)
        let result = try await verifier(service).verifyReceipt(receipt)
        #expect(result.response.status == .valid)
        #expect(result.attempts.map(\.status?.rawValue) == [status, status, 0])
        #expect(sleeper.recorded == [.milliseconds(500), .seconds(1)])
    }

    @Test func retryableStatusGivesUpAfterTheLastRetry() async throws {
        let receipt = try ReceiptFixtures.receiptBytes(.production, [ReceiptFixtures.gems()])
        let service = service()
        await service.injectFault(.serverUnavailable, count: 10)
        await expectError(.verificationUnavailable, status: 21005) {
            _ = try await verifier(service).verifyReceipt(receipt)
        }
        #expect(sleeper.recorded == [.milliseconds(500), .seconds(1), .seconds(2)])
        #expect(await service.log.count == 4)
    }

    @Test func internalErrorMarkedNotRetryableIsNotRetried() async throws {
        let receipt = try ReceiptFixtures.receiptBytes(.production, [ReceiptFixtures.gems()])
        let service = service()
        await service.injectFault(VerifyReceiptStatus(21120), isRetryable: false)
        await expectError(.verificationFailed, status: 21120) { _ = try await verifier(service).verifyReceipt(receipt) }
        #expect(sleeper.recorded.isEmpty)
    }

    @Test func transportFailuresAreRetriedThenGiveUp() async throws {
        let receipt = try ReceiptFixtures.receiptBytes(.production, [ReceiptFixtures.gems()])
        let recovered = try await verifier(FlakyVerifyReceiptTransport(failures: 1, inner: service())).verifyReceipt(
            receipt)
        #expect(recovered.attempts.map(\.status) == [nil, .valid])
        await expectError(.verificationUnavailable, status: nil) {
            _ = try await verifier(FlakyVerifyReceiptTransport(failures: 9, inner: service())).verifyReceipt(receipt)
        }
    }

    @Test func wrongSharedSecretIs21004WithoutRetry() async throws {
        let receipt = try ReceiptFixtures.receiptBytes(.production, [ReceiptFixtures.monthly()])
        await expectError(.verificationFailed, status: 21004) {
            _ = try await verifier(service(), secret: "guess").verifyReceipt(receipt)
        }
        #expect(sleeper.recorded.isEmpty)
    }

    @Test func tamperedReceiptIs21003AndGarbageIs21002() async throws {
        let entry = ReceiptFixtures.gems()
        var receipt = try ReceiptFixtures.receiptBytes(.production, [entry])
        let range = try #require(receipt.range(of: Data("\"2\"".utf8)))
        receipt.replaceSubrange(range, with: Data("\"9\"".utf8))
        let forged = ReceiptFixtures.transaction(for: entry, type: .consumable, receipt: receipt)
        await expectError(.receiptInvalid, status: 21003) { _ = try await verifier(service()).verify(forged) }
        let garbage = ReceiptFixtures.transaction(for: entry, type: .consumable, receipt: Data("junk".utf8))
        // 21002 may be a passing issue of the service: retried, then "try later", never a rejection.
        await expectError(.verificationUnavailable, status: 21002) {
            _ = try await verifier(service()).verify(garbage)
        }
        #expect(sleeper.recorded == [.milliseconds(500), .seconds(1), .seconds(2)])
        let none = ReceiptFixtures.transaction(for: entry, type: .consumable, receipt: nil)
        await expectError(.receiptInvalid, status: nil) { _ = try await verifier(service()).verify(none) }
    }

    @Test func expiredSubscriptionIsValidButExpired() async throws {
        let entry = ReceiptFixtures.monthly()
        let receipt = try ReceiptFixtures.receiptBytes(.production, [entry])
        clock.advance(by: 3 * ReceiptFixtures.month)
        let service = service(expiredStatus: true)
        let transaction = ReceiptFixtures.transaction(for: entry, type: .autoRenewable, receipt: receipt)
        let verified = try await verifier(service).verify(transaction)
        #expect(await service.log.map(\.status) == [.subscriptionExpired])
        #expect(try #require(verified.expirationDate) < clock.now)
        await expectError(.verificationFailed, status: 21006) {
            _ = try await verifier(service, acceptsExpired: false).verify(transaction)
        }
    }

    /// The documented default: a verifier made without saying accepts 21006 (a genuine receipt whose
    /// subscriptions have expired), with the expiry in the answer.
    @Test func aVerifierAcceptsAnExpiredSubscriptionByDefault() async throws {
        let entry = ReceiptFixtures.monthly()
        let receipt = try ReceiptFixtures.receiptBytes(.production, [entry])
        clock.advance(by: 3 * ReceiptFixtures.month)
        let service = service(expiredStatus: true)
        let verifier = AppStoreReceiptVerifier(
            transport: service, sharedSecret: "s3cret", bundleID: "com.example.app", sleeper: sleeper)
        #expect(verifier.acceptsExpiredSubscriptions)
        let transaction = ReceiptFixtures.transaction(for: entry, type: .autoRenewable, receipt: receipt)
        let verified = try await verifier.verify(transaction)
        #expect(await service.log.map(\.status) == [.subscriptionExpired])
        #expect(try #require(verified.expirationDate) < clock.now)
    }

    @Test func returnsTheTransactionAsTheAuthoritySeesIt() async throws {
        let first = ReceiptFixtures.monthly()
        let receipt = try ReceiptFixtures.receiptBytes(.production, [first])
        let service = service()
        let renewal = ReceiptFixtures.monthly("1000000000000003", original: first.transactionID, at: first.expiresDate!)
        await service.record(renewal)
        await service.setPendingRenewalInfo(
            PendingRenewalInfo(
                originalTransactionID: first.transactionID, productID: first.productID, autoRenewStatus: false))
        let transaction = ReceiptFixtures.transaction(for: first, type: .autoRenewable, receipt: receipt)
        let verified = try await verifier(service).verify(transaction)
        #expect(verified.expirationDate == renewal.expiresDate)
        #expect(verified.willAutoRenew == false)
        #expect(verified.revocationDate == nil)

        await service.refund(transactionID: first.transactionID, at: clock.now, reason: "1")
        let refunded = try await verifier(service).verify(transaction)
        #expect(refunded.revocationDate == clock.now)
        #expect(refunded.revocationReason == .developerIssue)
        #expect(refunded.isRevoked)
    }

    @Test func refusesATransactionTheReceiptDoesNotList() async throws {
        let listed = ReceiptFixtures.gems()
        let receipt = try ReceiptFixtures.receiptBytes(.production, [listed])
        let stranger = ReceiptFixtures.transaction(
            for: ReceiptFixtures.gems("999"), type: .consumable, receipt: receipt)
        await expectError(.verificationFailed, status: 0) { _ = try await verifier(service()).verify(stranger) }
        var otherProduct = ReceiptFixtures.transaction(for: listed, type: .consumable, receipt: receipt)
        otherProduct.productID = "com.example.diamonds"
        await expectError(.verificationFailed, status: 0) { _ = try await verifier(service()).verify(otherProduct) }
    }

    @Test func refusesAReceiptOfAnotherApp() async throws {
        let entry = ReceiptFixtures.gems()
        var foreign = ReceiptFixtures.receipt(.production, [entry])
        foreign.bundleID = "com.example.other"
        let transaction = ReceiptFixtures.transaction(
            for: entry, type: .consumable, receipt: try ReceiptFixtures.issuer.issue(foreign))
        await expectError(.verificationFailed, status: 0) { _ = try await verifier(service()).verify(transaction) }
    }

    @Test func restoredTransactionMatchesByOriginalID() async throws {
        let entry = ReceiptFixtures.monthly()
        let receipt = try ReceiptFixtures.receiptBytes(.production, [entry])
        var restored = ReceiptFixtures.transaction(for: entry, type: .autoRenewable, receipt: receipt, state: .restored)
        restored.id = "2000000000000009"
        let verified = try await verifier(service()).verify(restored)
        #expect(verified.id == "2000000000000009")
        #expect(verified.expirationDate == entry.expiresDate)
    }

    @Test func acceptsBase64TextAsVerificationData() async throws {
        let entry = ReceiptFixtures.gems()
        let base64 = try ReceiptFixtures.issuer.issueBase64(ReceiptFixtures.receipt(.production, [entry]))
        let transaction = ReceiptFixtures.transaction(for: entry, type: .consumable, receipt: Data(base64.utf8))
        #expect(try await verifier(service()).verify(transaction).id == entry.transactionID)
    }

    @Test func backoffGrowsAndIsCapped() {
        let policy = VerifyReceiptRetryPolicy(
            maximumRetries: 9, initialDelay: .seconds(1), multiplier: 3, maximumDelay: .seconds(10))
        #expect((1...4).map(policy.delay(beforeRetry:)) == [.seconds(1), .seconds(3), .seconds(9), .seconds(10)])
    }
}
