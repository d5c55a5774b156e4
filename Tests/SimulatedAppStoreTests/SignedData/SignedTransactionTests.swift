import AppStoreSignedData
import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// Every transaction, subscription renewal info and the app transaction as JWS: they verify against
/// the chain's root and say what the account says, in Apple's names and units.
struct SignedTransactionTests {
    private let day: TimeInterval = 86_400

    private func makeSignedQueue(
        controls: SessionControls = SessionControls(), clock: SimulationClock = SimulationClock()
    ) throws -> PaymentQueue {
        try PaymentQueue(
            catalog: TestCatalog.make(), controls: controls, clock: clock, signedData: TestSigning.signedData())
    }

    private static func milliseconds(_ date: Date?) -> Int64? {
        date.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
    }

    @Test func eachKindOfPurchaseIsSignedWithTheAccountsValues() async throws {
        let clock = SimulationClock(start: Date(timeIntervalSince1970: 1_800_000_000.25))
        let queue = try makeSignedQueue(clock: clock)
        let token = UUID()
        let gems = await queue.add(
            Payment(productIdentifier: TestCatalog.gems, quantity: 3, applicationUsername: token.uuidString))
        let noAds = await queue.buy(TestCatalog.noAds)
        let season = await queue.buy(TestCatalog.season)
        let monthly = await queue.buy(TestCatalog.monthly)
        await queue.waitForCallbacks()

        let consumable = try TestSigning.transaction(try await queue.signedTransaction(gems.id))
        #expect(consumable.transactionId == gems.id)
        #expect(consumable.originalTransactionId == gems.id)
        #expect(consumable.type?.rawValue == "Consumable")
        #expect(consumable.quantity == 3)
        #expect(consumable.appAccountToken == token)
        #expect(consumable.price == 990)
        #expect(consumable.currency == "USD")
        #expect(consumable.purchaseDate?.milliseconds == 1_800_000_000_250)
        #expect(consumable.signedDate?.milliseconds == 1_800_000_000_250)
        #expect(consumable.environment?.rawValue == "LocalTesting")
        #expect(consumable.bundleId == "com.example.app")
        #expect(consumable.storefront == "USA")
        #expect(consumable.storefrontId == "143441")
        #expect(consumable.inAppOwnershipType?.rawValue == "PURCHASED")
        #expect(consumable.transactionReason?.rawValue == "PURCHASE")
        #expect(consumable.expiresDate == nil && consumable.webOrderLineItemId == nil)

        #expect(
            try TestSigning.transaction(try await queue.signedTransaction(noAds.id)).type?.rawValue == "Non-Consumable")
        let nonRenewing = try TestSigning.transaction(try await queue.signedTransaction(season.id))
        #expect(nonRenewing.type?.rawValue == "Non-Renewing Subscription")

        let subscription = try TestSigning.transaction(try await queue.signedTransaction(monthly.id))
        let expiration = try #require(await queue.subscriptionStatus(for: TestCatalog.monthly)?.expirationDate)
        #expect(subscription.type?.rawValue == "Auto-Renewable Subscription")
        #expect(subscription.subscriptionGroupIdentifier == "pro")
        #expect(subscription.expiresDate?.milliseconds == Self.milliseconds(expiration))
        #expect(subscription.webOrderLineItemId != nil)
        #expect(subscription.transactionReason?.rawValue == "PURCHASE")

        // The renewal: same original, a reason of its own, signed when asked.
        await queue.advanceTime(by: 31 * day)
        let renewalID = try #require(
            await queue.subscriptionStatus(for: TestCatalog.monthly)?.latestTransactionIdentifier)
        let renewal = try TestSigning.transaction(try await queue.signedTransaction(renewalID))
        #expect(renewal.originalTransactionId == monthly.id)
        #expect(renewal.transactionReason?.rawValue == "RENEWAL")
        #expect(renewal.purchaseDate?.milliseconds == Self.milliseconds(expiration))
        #expect(renewal.signedDate?.milliseconds == Self.milliseconds(clock.now))
        #expect(try await queue.signedTransaction("2999999999") == nil)
    }

    @Test func aRefundShowsInTheSignedTransaction() async throws {
        let queue = try makeSignedQueue()
        let noAds = await queue.buy(TestCatalog.noAds)
        let refunded = try #require(await queue.refundTransaction(noAds.id, reason: .developerIssue))
        let payload = try TestSigning.transaction(try await queue.signedTransaction(noAds.id))
        #expect(payload.revocationDate?.milliseconds == Self.milliseconds(refunded.revocationDate))
        #expect(payload.revocationReason?.rawValue == 1)
    }

    @Test func renewalInfoFollowsAutoRenewPriceIncreasesAndExpiry() async throws {
        let clock = SimulationClock()
        let queue = try makeSignedQueue(clock: clock)
        let monthly = await queue.buy(TestCatalog.monthly)
        var info = try TestSigning.renewalInfo(
            try await queue.signedRenewalInfo(productIdentifier: TestCatalog.monthly))
        #expect(info.originalTransactionId == monthly.id)
        #expect(info.autoRenewStatus == .on)
        #expect(info.autoRenewProductId == TestCatalog.monthly)
        #expect(info.renewalPrice == 990)
        #expect(info.expirationIntent == nil)
        #expect(info.isInBillingRetryPeriod == false)

        await queue.increasePrice(productIdentifier: TestCatalog.monthly, to: 1.99)
        info = try TestSigning.renewalInfo(try await queue.signedRenewalInfo(transaction: monthly.id))
        #expect(info.priceIncreaseStatus == .notResponded)
        #expect(info.renewalPrice == 990)

        await queue.respondToPriceIncrease(productIdentifier: TestCatalog.monthly, consent: true)
        info = try TestSigning.renewalInfo(try await queue.signedRenewalInfo(transaction: monthly.id))
        #expect(info.priceIncreaseStatus == .consented)
        #expect(info.renewalPrice == 1990)

        await queue.disableAutoRenewForTransaction(monthly.id)
        info = try TestSigning.renewalInfo(try await queue.signedRenewalInfo(transaction: monthly.id))
        #expect(info.autoRenewStatus == .off)
        #expect(info.expirationIntent == nil)

        await queue.advanceTime(by: 40 * day)
        info = try TestSigning.renewalInfo(try await queue.signedRenewalInfo(transaction: monthly.id))
        #expect(info.expirationIntent == .customerCancelled)
    }

    @Test func billingTroubleShowsInRenewalInfo() async throws {
        var controls = SessionControls()
        controls.billingRetryOnRenewal = true
        controls.billingGracePeriodEnabled = true
        let queue = try makeSignedQueue(controls: controls)
        let monthly = await queue.buy(TestCatalog.monthly)
        await queue.advanceTime(by: 32 * day)
        let info = try TestSigning.renewalInfo(try await queue.signedRenewalInfo(transaction: monthly.id))
        #expect(info.isInBillingRetryPeriod == true)
        #expect(info.gracePeriodExpiresDate != nil)
    }

    @Test func theAppTransactionKeepsItsOriginalPurchaseDate() async throws {
        let clock = SimulationClock()
        let queue = try makeSignedQueue(clock: clock)
        let verifier = try TestSigning.verifier()
        func appTransaction() async throws -> AppTransactionPayload {
            try verifier.verify(try await queue.signedAppTransaction(), as: AppTransactionPayload.self) {
                SignedDataClaims(
                    signedDate: $0.signedDate?.date, bundleID: $0.bundleId, environment: $0.receiptType?.rawValue)
            }.payload
        }
        let first = try await appTransaction()
        clock.advance(by: day)
        let second = try await appTransaction()
        #expect(first.originalPurchaseDate == second.originalPurchaseDate)
        #expect(second.signedDate != first.signedDate)
        #expect(second.bundleId == "com.example.app")
        #expect(second.appAppleId == nil)
    }

    @Test func aStoreWithoutSignedDataSaysSo() async throws {
        let queue = try PaymentQueue(catalog: TestCatalog.make())
        await #expect(throws: SimulatedSignedDataError.notEnabled) { try await queue.signedAppTransaction() }
        #expect(queue.notifications().isEmpty)
    }
}
