import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

struct SimulatedVerifyReceiptServiceTests {
    let clock = ManualClock(start: ReceiptFixtures.start + 86_400)

    func service(secret: String? = "s3cret", expiredStatus: Bool = false) -> SimulatedVerifyReceiptService {
        SimulatedVerifyReceiptService(
            validator: ReceiptFixtures.validator, sharedSecret: secret, clock: clock,
            reportsExpiredSubscriptions: expiredStatus)
    }

    func body(_ receipt: Data, password: String? = "s3cret", excludeOld: Bool = false) -> Data {
        VerifyReceiptRequest(
            receiptData: receipt.base64EncodedString(), password: password, excludeOldTransactions: excludeOld
        ).jsonData()
    }

    @Test func answersAValidReceiptWithItsContents() async throws {
        let receipt = try ReceiptFixtures.receiptBytes(
            .production, [ReceiptFixtures.gems(), ReceiptFixtures.monthly()])
        let response = await service().respond(to: body(receipt), in: .production)
        #expect(response.status == .valid)
        #expect(response.environment == .production)
        #expect(response.receipt?.bundleID == "com.example.app")
        #expect(response.receipt?.requestDate == clock.now)
        #expect(response.inApp.count == 2)
        #expect(response.latestReceiptInfo.map(\.transactionID) == ["1000000000000001", "1000000000000002"])
        #expect(response.pendingRenewalInfo.map(\.originalTransactionID) == ["1000000000000002"])
        #expect(response.pendingRenewalInfo.first?.autoRenewStatus == true)
        #expect(response.latestReceipt == receipt.base64EncodedString())
    }

    /// The request body is JSON a server reads back as sent, whatever the strings hold.
    @Test(arguments: [("abc+/=", "s3cret", true), ("a\"b\\c\u{1}d/é", nil, false)] as [(String, String?, Bool)])
    func aRequestBodyReadsBackAsSent(receiptData: String, password: String?, excludeOld: Bool) throws {
        let request = VerifyReceiptRequest(
            receiptData: receiptData, password: password, excludeOldTransactions: excludeOld)
        let data = request.jsonData()
        #expect(try VerifyReceiptRequest(jsonData: data) == request)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["receipt-data"] as? String == receiptData)
        #expect(object.count == 1 + (password == nil ? 0 : 1) + (excludeOld ? 1 : 0))
    }

    @Test func answersEachRequestErrorWithItsStatus() async throws {
        let service = service()
        let sandboxReceipt = try ReceiptFixtures.receiptBytes(.sandbox, [ReceiptFixtures.gems()])
        let productionReceipt = try ReceiptFixtures.receiptBytes(.production, [ReceiptFixtures.monthly()])
        var tampered = productionReceipt
        tampered[20] ^= 0x20
        let cases: [(Data, AppStoreEnvironment, VerifyReceiptStatus)] = [
            (Data("not json".utf8), .production, .badRequest),
            (Data(#"["receipt-data"]"#.utf8), .production, .badRequest),
            (Data(#"{"password": "s3cret"}"#.utf8), .production, .malformedReceiptData),
            (Data(#"{"receipt-data": "%%%"}"#.utf8), .production, .malformedReceiptData),
            (body(Data("PKRC garbage".utf8)), .production, .malformedReceiptData),
            (body(tampered), .production, .notAuthenticated),
            (body(productionReceipt, password: "wrong"), .production, .sharedSecretMismatch),
            (body(productionReceipt, password: nil), .production, .sharedSecretMismatch),
            (body(sandboxReceipt), .production, .sandboxReceiptSentToProduction),
            (body(productionReceipt), .sandbox, .productionReceiptSentToSandbox),
            (body(sandboxReceipt, password: nil), .sandbox, .valid),
        ]
        for (request, environment, expected) in cases {
            let response = await service.respond(to: request, in: environment)
            #expect(response.status == expected, "expected \(expected)")
            #expect(response.environment == environment)
        }
        #expect(await service.log.count == cases.count)
    }

    @Test func injectedFaultsComeFirstThenStop() async throws {
        let service = service()
        let receipt = try ReceiptFixtures.receiptBytes(.production, [ReceiptFixtures.gems()])
        await service.injectFault(.internalDataAccessError, count: 2)
        await service.injectFault(VerifyReceiptStatus(21150), in: .production, isRetryable: false)
        var statuses: [Int] = []
        for _ in 0..<4 { statuses.append(await service.respond(to: body(receipt), in: .production).status.rawValue) }
        #expect(statuses == [21009, 21009, 21150, 0])
        await service.injectFault(VerifyReceiptStatus(21100))
        let internalError = await service.respond(to: body(receipt), in: .production)
        #expect(internalError.isRetryableFlag == true && internalError.isRetryable)
    }

    @Test func unavailableAndDeletedAccountAnswers() async throws {
        let service = service()
        let receipt = try ReceiptFixtures.receiptBytes(.production, [ReceiptFixtures.gems()])
        await service.setAvailable(false)
        #expect(await service.respond(to: body(receipt), in: .production).status == .serverUnavailable)
        await service.setAvailable(true)
        await service.deleteAccount()
        #expect(await service.respond(to: body(receipt), in: .production).status == .accountNotFound)
    }

    @Test func expiredSubscriptionsAnswer21006WithTheReceiptWhenAsked() async throws {
        let receipt = try ReceiptFixtures.receiptBytes(.production, [ReceiptFixtures.monthly()])
        clock.advance(by: 2 * ReceiptFixtures.month)
        let legacy = await service(expiredStatus: true).respond(to: body(receipt), in: .production)
        #expect(legacy.status == .subscriptionExpired)
        #expect(legacy.latestReceiptInfo.count == 1 && legacy.receipt != nil)
        #expect(await service().respond(to: body(receipt), in: .production).status == .valid)
    }

    @Test func authorityKnowsRenewalsRefundsAndRenewalPreferences() async throws {
        let service = service()
        let first = ReceiptFixtures.monthly()
        let receipt = try ReceiptFixtures.receiptBytes(.production, [first])
        let renewal = ReceiptFixtures.monthly("1000000000000003", original: first.transactionID, at: first.expiresDate!)
        await service.record(renewal)
        await service.refund(transactionID: renewal.transactionID, at: clock.now, reason: "1")
        await service.setPendingRenewalInfo(
            PendingRenewalInfo(
                originalTransactionID: first.transactionID, productID: first.productID, autoRenewStatus: false,
                expirationIntent: 1))
        let response = await service.respond(to: body(receipt), in: .production)
        #expect(response.latestReceiptInfo.map(\.transactionID) == [first.transactionID, renewal.transactionID])
        #expect(response.latestReceiptInfo.last?.cancellationReason == "1")
        #expect(response.pendingRenewalInfo.first?.autoRenewStatus == false)
        let newest = await service.respond(to: body(receipt, excludeOld: true), in: .production)
        #expect(newest.latestReceiptInfo.map(\.transactionID) == [renewal.transactionID])
    }

    @Test func answersAsBytesThroughTheTransport() async throws {
        let receipt = try ReceiptFixtures.receiptBytes(.sandbox, [ReceiptFixtures.gems()])
        let transport: any VerifyReceiptTransport = service()
        let data = try await transport.send(body(receipt), to: .production)
        let response = try VerifyReceiptResponse(jsonData: data)
        #expect(response.status == .sandboxReceiptSentToProduction && response.retryIn == .sandbox)
    }
}
