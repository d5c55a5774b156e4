import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// Transactions reported together carry one receipt listing them all (at most 64 a receipt), and a
/// verifier asks verifyReceipt about a receipt once, however many transactions carry it.
struct SharedReceiptTests {
    let clock = ManualClock(start: ReceiptFixtures.start + 86_400)

    func service() -> SimulatedVerifyReceiptService {
        SimulatedVerifyReceiptService(validator: ReceiptFixtures.validator, sharedSecret: "s3cret", clock: clock)
    }

    func verifier(_ service: SimulatedVerifyReceiptService, lifetime: Duration = .seconds(10))
        -> AppStoreReceiptVerifier
    {
        AppStoreReceiptVerifier(
            transport: service, sharedSecret: "s3cret", bundleID: "com.example.app",
            sleeper: VerifyReceiptRecordingSleeper(),
            recentAnswer: RecentVerifyReceiptAnswer(lifetime: lifetime))
    }

    @Test func transactionsCarryingOneReceiptAreVerifiedWithOneAnswer() async throws {
        let first = ReceiptFixtures.gems("1000000000000001")
        let second = ReceiptFixtures.gems("1000000000000002")
        let receipt = try ReceiptFixtures.receiptBytes(.production, [first, second])
        let service = service()
        let verifier = verifier(service)
        for entry in [first, second, first] {
            let transaction = ReceiptFixtures.transaction(for: entry, type: .consumable, receipt: receipt)
            #expect(try await verifier.verify(transaction).id == entry.transactionID)
        }
        #expect(await service.log.map(\.status) == [.valid])
        // The shared answer still refuses a transaction the receipt does not list.
        let stranger = ReceiptFixtures.transaction(
            for: ReceiptFixtures.gems("1000000000000003"), type: .consumable, receipt: receipt)
        await #expect(throws: PurchaseError.self) { try await verifier.verify(stranger) }
        #expect(await service.log.count == 1)
    }

    @Test func anotherReceiptIsAlwaysAskedAbout() async throws {
        let entry = ReceiptFixtures.gems()
        let one = try ReceiptFixtures.receiptBytes(.production, [entry])
        let other = try ReceiptFixtures.receiptBytes(.production, [entry, ReceiptFixtures.gems("1000000000000009")])
        let service = service()
        let verifier = verifier(service)
        for receipt in [one, other, one] {
            _ = try await verifier.verify(ReceiptFixtures.transaction(for: entry, type: .consumable, receipt: receipt))
        }
        #expect(await service.log.count == 3)
    }

    @Test func noAnswerIsReusedWithoutALifetime() async throws {
        let entry = ReceiptFixtures.gems()
        let receipt = try ReceiptFixtures.receiptBytes(.production, [entry])
        let service = service()
        let verifier = verifier(service, lifetime: .zero)
        for _ in 0..<2 {
            _ = try await verifier.verify(ReceiptFixtures.transaction(for: entry, type: .consumable, receipt: receipt))
        }
        #expect(await service.log.count == 2)
    }

    @Test func aFailedVerificationIsNotKept() async throws {
        let entry = ReceiptFixtures.gems()
        let receipt = try ReceiptFixtures.receiptBytes(.production, [entry])
        let transaction = ReceiptFixtures.transaction(for: entry, type: .consumable, receipt: receipt)
        let service = service()
        let verifier = verifier(service)
        await service.setAvailable(false)
        await #expect(throws: PurchaseError.self) { try await verifier.verify(transaction) }
        await service.setAvailable(true)
        let asked = await service.log.count
        #expect(try await verifier.verify(transaction).id == entry.transactionID)
        #expect(await service.log.count == asked + 1)
        #expect(await service.log.last?.status == .valid)
    }

    @Test func renewalsReportedTogetherShareAReceiptForEachSixtyFour() async throws {
        let catalog = TestCatalog.make()
        let clock = SimulationClock()
        let queue = try PaymentQueue(catalog: catalog, clock: clock)
        let key = ReceiptSigningKey(seed: Array("shared-receipts".utf8))
        let provider = SimulatedAppStoreProvider(queue: queue, receipts: SimulatedReceipts(signingKey: key))
        let updates = provider.transactionUpdates
        guard case .purchased(let bought) = try await provider.purchase(PurchaseRequest(productID: TestCatalog.monthly))
        else {
            Issue.record("the subscription was not sold")
            return
        }
        try await provider.finish(bought)
        // About a hundred monthly periods end while the app is away: one report of all the renewals.
        await queue.advanceTime(by: 100 * 30.4375 * 86_400)
        let count = await queue.accountTransactions.count - 1
        #expect((65...128).contains(count))
        var renewals: [StoreTransaction] = []
        for await transaction in updates {
            renewals.append(transaction)
            if renewals.count == count { break }
        }
        await provider.close()
        let validator = ReceiptValidator(publicKey: key.publicKey)
        let receipts = try renewals.map { try validator.validate(try #require($0.verificationData)) }
        let listed = receipts.map { $0.inApp.map(\.transactionID) }
        #expect(Set(listed).count == 2)
        #expect(listed.first?.count == 64 && listed.last?.count == count - 64)
        for (renewal, ids) in zip(renewals, listed) {
            #expect(ids.contains(renewal.id))
        }
        #expect(Set(listed.joined()) == Set(renewals.map(\.id)))
    }
}
