import AppStoreSignedData
import Foundation
import PurchaseCore
import Testing

/// The processor's verifying front, on notifications and transactions signed with chains the tests
/// make: what verifies is applied; what does not (a changed byte, another root, another app or
/// environment) is refused and changes nothing.
struct SignedNotificationTests {
    typealias F = NotificationFixtures

    /// Signs a notification carrying `transaction` (signed by `transactionSigner`) as the App Store
    /// posts it.
    static func body(
        _ uuid: String, _ type: NotificationType, _ subtype: NotificationSubtype? = nil,
        transaction: TransactionPayload? = nil, bundleID: String = F.bundleID,
        environment: AppStoreEnvironment = .sandbox, signer: SigningIdentity = TestChains.sandbox,
        transactionSigner: SigningIdentity = TestChains.sandbox
    ) throws -> Data {
        var notification = F.notification(uuid, type, subtype).payload
        notification.signedDate = AppStoreDate(TestChains.signedDate)
        notification.data?.bundleId = bundleID
        notification.data?.environment = environment
        if var transaction {
            transaction.signedDate = AppStoreDate(TestChains.signedDate)
            notification.data?.signedTransactionInfo = try JWSSigner(identity: transactionSigner).sign(transaction)
        }
        let signed = try JWSSigner(identity: signer).sign(notification)
        return PayloadJSON.encode(NotificationBody(signedPayload: signed))
    }

    static func processor(_ ledger: any FulfillmentLedger) throws -> AppStoreNotificationProcessor {
        AppStoreNotificationProcessor(
            catalog: F.catalog(), ledger: ledger, store: F.store, verifier: try TestChains.verifier(),
            clock: ManualClock(start: F.start))
    }

    private let gems = F.transaction("10", product: "com.example.gems.100", type: .consumable)

    @Test func aSignedPurchaseIsDeliveredOnceAndItsCopyIsADuplicate() async throws {
        let ledger = InMemoryFulfillmentLedger()
        let processor = try Self.processor(ledger)
        let body = try Self.body("n1", .oneTimeCharge, transaction: gems)
        let report = try await processor.process(body: body)
        #expect(report.outcome == .applied(NotificationChanges(delivered: [F.id("10")])))
        #expect(report.notificationType == .oneTimeCharge)
        #expect(try await processor.process(body: body).outcome == .duplicate)
        #expect(await ledger.contents().balances == ["gems": 100])
    }

    @Test func aSignedRefundAloneDeliversAndRevokes() async throws {
        let ledger = InMemoryFulfillmentLedger()
        var refunded = gems
        refunded.revocationDate = AppStoreDate(F.start.addingTimeInterval(F.day))
        let report = try await Self.processor(ledger).process(body: try Self.body("n2", .refund, transaction: refunded))
        #expect(report.outcome == .applied(NotificationChanges(delivered: [F.id("10")], revoked: [F.id("10")])))
        #expect(await ledger.contents().revocations.keys.contains(F.id("10")))
    }

    /// Each way a notification can fail verification: refused, nothing applied, its identity not
    /// recorded, and a retry cannot succeed.
    @Test(arguments: ["changed byte", "other root", "transaction by other root", "wrong bundle", "wrong environment"])
    func anUnverifiedNotificationIsRefusedAndChangesNothing(_ case: String) async throws {
        let ledger = InMemoryFulfillmentLedger()
        let processor = try Self.processor(ledger)
        let body: Data
        switch `case` {
        case "changed byte":
            let good = try PayloadJSON.decode(
                NotificationBody.self, from: try Self.body("n1", .oneTimeCharge, transaction: gems))
            var parts = good.signedPayload.split(separator: ".").map(String.init)
            var payload = try #require(Base64URL.decode(parts[1]))
            let index = try #require(payload.firstIndex(of: UInt8(ascii: "1")))
            payload[index] = UInt8(ascii: "2")
            parts[1] = Base64URL.encode(payload)
            body = PayloadJSON.encode(NotificationBody(signedPayload: parts.joined(separator: ".")))
        case "other root":
            body = try Self.body("n1", .oneTimeCharge, transaction: gems, signer: TestChains.stranger)
        case "transaction by other root":
            body = try Self.body("n1", .oneTimeCharge, transaction: gems, transactionSigner: TestChains.stranger)
        case "wrong bundle":
            body = try Self.body("n1", .oneTimeCharge, transaction: gems, bundleID: "com.example.other")
        default:
            body = try Self.body("n1", .oneTimeCharge, transaction: gems, environment: .production)
        }
        let error = await #expect(throws: NotificationProcessingError.self) { try await processor.process(body: body) }
        #expect(error?.code == .verificationFailed)
        #expect(error?.isRetryable == false)
        #expect(error?.httpStatus == 400)
        #expect(error?.underlying is SignedDataVerificationError)
        #expect(await ledger.contents() == LedgerContents())
        #expect(await ledger.notificationRecorded("n1") == nil)
    }

    @Test func aTransactionOfAnotherAppIsRefused() async throws {
        let ledger = InMemoryFulfillmentLedger()
        var foreign = gems
        foreign.bundleId = "com.example.other"
        let error = await #expect(throws: NotificationProcessingError.self) {
            try await Self.processor(ledger).process(body: try Self.body("n1", .oneTimeCharge, transaction: foreign))
        }
        #expect((error?.underlying as? SignedDataVerificationError)?.kind == .wrongBundleID)
        #expect(error?.notificationUUID == "n1")
        #expect(await ledger.contents() == LedgerContents())
    }

    @Test(arguments: ["", "{}", "{\"signedPayload\": 3}", "not json", "{\"signedPayload\": \"a.b.c\"}"])
    func aMalformedBodyIsRefused(_ text: String) async throws {
        let error = await #expect(throws: NotificationProcessingError.self) {
            try await Self.processor(InMemoryFulfillmentLedger()).process(body: Data(text.utf8))
        }
        #expect(error?.code == (text.contains("a.b.c") ? .verificationFailed : .malformedBody))
    }

    /// A renewal-extension summary carries `summary` instead of `data`: checked for the app and
    /// environment there, and changes no entitlement.
    @Test(arguments: [F.bundleID, "com.example.other"])
    func aSummaryNotificationIsCheckedAndIgnored(bundleID: String) async throws {
        var payload = NotificationPayload()
        payload.notificationUUID = "s1"
        payload.notificationType = NotificationType(rawValue: "RENEWAL_EXTENSION")
        payload.subtype = NotificationSubtype(rawValue: "SUMMARY")
        payload.signedDate = AppStoreDate(TestChains.signedDate)
        var summary = NotificationSummary()
        summary.bundleId = bundleID
        summary.environment = .sandbox
        summary.productId = "pro.monthly"
        summary.succeededCount = 5
        summary.failedCount = 1
        payload.summary = summary
        let body = PayloadJSON.encode(
            NotificationBody(signedPayload: try JWSSigner(identity: TestChains.sandbox).sign(payload)))
        let ledger = InMemoryFulfillmentLedger()
        let processor = try Self.processor(ledger)
        if bundleID == F.bundleID {
            #expect(try await processor.process(body: body).outcome == .ignored(.informational))
            #expect(await ledger.notificationRecorded("s1") != nil)
        } else {
            let error = await #expect(throws: NotificationProcessingError.self) {
                try await processor.process(body: body)
            }
            #expect((error?.underlying as? SignedDataVerificationError)?.kind == .wrongBundleID)
        }
    }

    /// An online check that cannot be answered now is retryable, and nothing is applied.
    @Test func anUnansweredOnlineCheckIsRetryable() async throws {
        struct Unreachable: CertificateRevocationChecking {
            func revocationStatus(leaf: [UInt8], intermediate: [UInt8], root: [UInt8]) -> CertificateRevocationStatus {
                .unavailable(detail: "no network")
            }
        }
        let ledger = InMemoryFulfillmentLedger()
        let processor = AppStoreNotificationProcessor(
            catalog: F.catalog(), ledger: ledger, store: F.store,
            verifier: try TestChains.verifier(online: true, revocationChecker: Unreachable()),
            clock: ManualClock(start: F.start))
        let error = await #expect(throws: NotificationProcessingError.self) {
            try await processor.process(body: try Self.body("n1", .oneTimeCharge, transaction: gems))
        }
        #expect(error?.code == .verificationUnavailable)
        #expect(error?.isRetryable == true)
        #expect(await ledger.contents() == LedgerContents())
    }
}
