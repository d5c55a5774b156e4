import AppStoreSignedData
import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// Each event of the simulated App Store emits the App Store Server Notification V2 Apple documents
/// for it, signed, with the transaction and renewal info of the event.
struct NotificationTests {
    private let day: TimeInterval = 86_400

    private func makeSignedQueue(
        catalog: Catalog = TestCatalog.make(), controls: SessionControls = SessionControls(),
        clock: SimulationClock = SimulationClock()
    ) throws -> PaymentQueue {
        try PaymentQueue(catalog: catalog, controls: controls, clock: clock, signedData: TestSigning.signedData())
    }

    @Test func oneTimePurchasesAreOneTimeCharges() async throws {
        let queue = try makeSignedQueue()
        let gems = await queue.buy(TestCatalog.gems)
        await queue.buy(TestCatalog.noAds)
        await queue.buy(TestCatalog.season)
        // Buying an owned non-consumable again charges nothing.
        await queue.buy(TestCatalog.noAds)
        #expect(try queue.emitted(after: 0) == ["ONE_TIME_CHARGE", "ONE_TIME_CHARGE", "ONE_TIME_CHARGE"])
        let first = try #require(queue.notifications().first)
        let payload = try TestSigning.verified(first)
        #expect(payload.version == "2.0")
        #expect(payload.data?.bundleId == "com.example.app")
        #expect(payload.data?.environment?.rawValue == "LocalTesting")
        #expect(payload.data?.signedRenewalInfo == nil)
        #expect(try TestSigning.transaction(payload.data?.signedTransactionInfo).transactionId == gems.id)
        // The body is the JSON a server receives, byte for byte.
        #expect(String(decoding: first.body, as: UTF8.self) == "{\"signedPayload\":\"\(first.signedPayload)\"}")
        #expect(Set(queue.notifications().compactMap(\.notificationUUID)).count == 3)
    }

    @Test func aSubscriptionsLifeFromFirstPurchaseToResubscribing() async throws {
        let queue = try makeSignedQueue()
        let monthly = await queue.buy(TestCatalog.monthly)
        #expect(try queue.emitted(after: 0) == ["SUBSCRIBED/INITIAL_BUY"])
        let subscribed = try TestSigning.verified(try #require(queue.notifications().first))
        #expect(subscribed.data?.status == .active)
        #expect(try TestSigning.renewalInfo(subscribed.data?.signedRenewalInfo).originalTransactionId == monthly.id)

        var mark = queue.lastNotification
        await queue.advanceTime(by: 31 * day)
        #expect(try queue.emitted(after: mark) == ["DID_RENEW"])

        mark = queue.lastNotification
        await queue.disableAutoRenewForTransaction(monthly.id)
        await queue.enableAutoRenewForTransaction(monthly.id)
        await queue.disableAutoRenewForTransaction(monthly.id)
        #expect(
            try queue.emitted(after: mark) == [
                "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED",
                "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
            ])

        mark = queue.lastNotification
        await queue.advanceTime(by: 31 * day)
        await queue.advanceTime(by: day)
        #expect(try queue.emitted(after: mark) == ["EXPIRED/VOLUNTARY"])
        let expired = try TestSigning.verified(try #require(queue.notifications().last))
        #expect(expired.data?.status == .expired)

        mark = queue.lastNotification
        await queue.buy(TestCatalog.monthly)
        #expect(try queue.emitted(after: mark) == ["SUBSCRIBED/RESUBSCRIBE"])
    }

    @Test func changesWithinTheGroup() async throws {
        let clock = SimulationClock()
        let queue = try makeSignedQueue(catalog: GroupCatalog.make(), clock: clock)
        await queue.buy(GroupCatalog.basic)
        clock.advance(by: 5 * day)
        await queue.buy(GroupCatalog.pro)
        #expect(try queue.emitted(after: 0) == ["SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_PREF/UPGRADE"])

        var mark = queue.lastNotification
        await queue.buy(GroupCatalog.basic)
        #expect(try queue.emitted(after: mark) == ["DID_CHANGE_RENEWAL_PREF/DOWNGRADE"])
        let downgrade = try TestSigning.verified(try #require(queue.notifications().last))
        let info = try TestSigning.renewalInfo(downgrade.data?.signedRenewalInfo)
        #expect(info.productId == GroupCatalog.pro)
        #expect(info.autoRenewProductId == GroupCatalog.basic)

        // Back to the current plan: the change is withdrawn (its period refunded, no REFUND), then chosen again.
        mark = queue.lastNotification
        #expect(await queue.keepCurrentPlan(productIdentifier: GroupCatalog.pro))
        #expect(await queue.keepCurrentPlan(productIdentifier: GroupCatalog.pro) == false)
        #expect(try queue.emitted(after: mark) == ["DID_CHANGE_RENEWAL_PREF"])
        let kept = try TestSigning.verified(try #require(queue.notifications().last))
        #expect(try TestSigning.renewalInfo(kept.data?.signedRenewalInfo).autoRenewProductId == GroupCatalog.pro)
        mark = queue.lastNotification
        await queue.buy(GroupCatalog.basic)
        #expect(try queue.emitted(after: mark) == ["DID_CHANGE_RENEWAL_PREF/DOWNGRADE"])

        mark = queue.lastNotification
        await queue.advanceTime(by: 31 * day)
        #expect(try queue.emitted(after: mark) == ["DID_RENEW"])
        let renewed = try TestSigning.verified(try #require(queue.notifications().last))
        #expect(try TestSigning.transaction(renewed.data?.signedTransactionInfo).productId == GroupCatalog.basic)
    }

    @Test func billingTroubleWithAGracePeriodAndTheRecovery() async throws {
        var controls = SessionControls()
        controls.billingRetryOnRenewal = true
        controls.billingGracePeriodEnabled = true
        let queue = try makeSignedQueue(controls: controls)
        await queue.buy(TestCatalog.monthly)
        await queue.advanceTime(by: 31 * day)
        await queue.advanceTime(by: 20 * day)
        await queue.resolveBillingIssue(productIdentifier: TestCatalog.monthly)
        #expect(
            try queue.emitted(after: 1) == [
                "DID_FAIL_TO_RENEW/GRACE_PERIOD", "GRACE_PERIOD_EXPIRED", "DID_RENEW/BILLING_RECOVERY",
            ])
        let failed = try TestSigning.verified(try #require(queue.notifications(after: 1).first))
        #expect(failed.data?.status == .gracePeriod)
    }

    @Test func billingRetryThatRunsOutExpires() async throws {
        var controls = SessionControls()
        controls.billingRetryOnRenewal = true
        let queue = try makeSignedQueue(controls: controls)
        await queue.buy(TestCatalog.monthly)
        await queue.advanceTime(by: 31 * day)
        await queue.advanceTime(by: 61 * day)
        #expect(try queue.emitted(after: 1) == ["DID_FAIL_TO_RENEW", "EXPIRED/BILLING_RETRY"])
    }

    @Test func priceIncreases() async throws {
        let queue = try makeSignedQueue()
        await queue.buy(TestCatalog.monthly)
        await queue.increasePrice(productIdentifier: TestCatalog.monthly, to: 1.49, needsConsent: false)
        await queue.increasePrice(productIdentifier: TestCatalog.monthly, to: 1.99)
        await queue.respondToPriceIncrease(productIdentifier: TestCatalog.monthly, consent: true)
        #expect(
            try queue.emitted(after: 1) == [
                "PRICE_INCREASE/ACCEPTED", "PRICE_INCREASE/PENDING", "PRICE_INCREASE/ACCEPTED",
            ])

        let mark = queue.lastNotification
        await queue.increasePrice(productIdentifier: TestCatalog.monthly, to: 2.99)
        await queue.advanceTime(by: 32 * day)
        #expect(try queue.emitted(after: mark) == ["PRICE_INCREASE/PENDING", "EXPIRED/PRICE_INCREASE"])
    }

    @Test func refundsTheirReversalAndRequests() async throws {
        let queue = try makeSignedQueue()
        let gems = await queue.buy(TestCatalog.gems)
        await queue.finishTransaction(gems)
        let monthly = await queue.buy(TestCatalog.monthly)
        var mark = queue.lastNotification
        #expect(try await queue.requestRefund(gems.id, reason: "UNSATISFIED_WITH_PURCHASE"))
        await queue.refundTransaction(gems.id)
        await queue.reverseRefund(gems.id)
        await queue.refundTransaction(monthly.id)
        #expect(
            try queue.emitted(after: mark) == ["CONSUMPTION_REQUEST", "REFUND", "REFUND_REVERSED", "REFUND"])
        let request = try TestSigning.verified(try #require(queue.notifications(after: mark).first))
        #expect(request.data?.consumptionRequestReason == "UNSATISFIED_WITH_PURCHASE")
        let refund = try TestSigning.verified(try #require(queue.notifications().last))
        #expect(refund.data?.status == .revoked)
        #expect(try TestSigning.transaction(refund.data?.signedTransactionInfo).revocationDate != nil)
        #expect(try await queue.requestRefund("2999999999") == false)

        mark = queue.lastNotification
        let token = try await queue.requestTestNotification()
        #expect(try queue.emitted(after: mark) == ["TEST"])
        #expect(queue.notifications().last?.notificationUUID == token)
    }

    @Test func offersRedeemed() async throws {
        let clock = SimulationClock()
        let queue = try PaymentQueue(
            catalog: OfferCatalog.make(), controls: OfferCatalog.controls, clock: clock,
            signedData: TestSigning.signedData())
        guard case .success(let redeemed) = await queue.redeemOfferCode("SPRING-A") else {
            Issue.record("the offer code was refused")
            return
        }
        await queue.waitForCallbacks()
        #expect(try queue.emitted(after: 0) == ["OFFER_REDEEMED/INITIAL_BUY"])
        let code = try TestSigning.transaction(try await queue.signedTransaction(redeemed.id))
        #expect(code.offerType == .offerCode)
        #expect(code.offerIdentifier == "spring")
        #expect(code.offerDiscountType == .payUpFront)
        #expect(code.offerPeriod == "P3M")
        #expect(code.price == 9990)

        await queue.disableAutoRenewForTransaction(redeemed.id)
        await queue.advanceTime(by: 100 * day)
        let mark = queue.lastNotification
        let offer = try OfferCatalog.signer.sign(
            productIdentifier: OfferCatalog.plus, offerID: "winback", timestamp: OfferCatalog.milliseconds(clock.now))
        await queue.add(Payment(productIdentifier: OfferCatalog.plus, paymentDiscount: offer))
        await queue.waitForCallbacks()
        #expect(try queue.emitted(after: mark) == ["OFFER_REDEEMED/RESUBSCRIBE"])
        let winback = try TestSigning.verified(try #require(queue.notifications().last))
        let transaction = try TestSigning.transaction(winback.data?.signedTransactionInfo)
        #expect(transaction.offerType == .promotional)
        #expect(transaction.offerIdentifier == "winback")
        #expect(transaction.offerDiscountType == .payAsYouGo)
        #expect(transaction.offerPeriod == "P2M")
        #expect(transaction.price == 1990)
        let info = try TestSigning.renewalInfo(winback.data?.signedRenewalInfo)
        #expect(info.offerIdentifier == "winback")
        #expect(info.renewalPrice == 1990)
    }

    @Test func familySharesAreSubscriptionsOfTheMemberAndTheirEndARevoke() async throws {
        let clock = SimulationClock()
        let alex = try makeSignedQueue(catalog: FamilySharingTests.catalog(), clock: clock)
        let sam = try makeSignedQueue(catalog: FamilySharingTests.catalog(), clock: clock)
        let family = Family()
        await family.join(alex, as: "alex")
        await family.join(sam, as: "sam")
        let noAds = await alex.buy(TestCatalog.noAds)
        await sam.waitForCallbacks()
        await alex.refundTransaction(noAds.id)
        await sam.waitForCallbacks()
        #expect(try alex.emitted(after: 0) == ["ONE_TIME_CHARGE", "REFUND"])
        #expect(try sam.emitted(after: 0) == ["REVOKE"])
        let revoke = try TestSigning.verified(try #require(sam.notifications().first))
        #expect(try TestSigning.transaction(revoke.data?.signedTransactionInfo).inAppOwnershipType == .familyShared)

        // A shared subscription is one of the member's own: SUBSCRIBED, family-shared.
        let mark = sam.lastNotification
        await alex.buy(TestCatalog.monthly)
        await sam.waitForCallbacks()
        #expect(try sam.emitted(after: mark) == ["SUBSCRIBED/INITIAL_BUY"])
        let shared = try TestSigning.verified(try #require(sam.notifications().last))
        #expect(try TestSigning.transaction(shared.data?.signedTransactionInfo).inAppOwnershipType == .familyShared)
    }

    @Test func subscribersGetEachNotificationOnceInOrder() async throws {
        let queue = try makeSignedQueue()
        let log = try #require(queue.signedData?.notifications)
        let stream = log.updates()
        await queue.buy(TestCatalog.gems)
        await queue.buy(TestCatalog.monthly)
        var received: [String] = []
        for await notification in stream {
            received.append(notification.summary)
            if received.count == 2 { break }
        }
        #expect(received == ["ONE_TIME_CHARGE", "SUBSCRIBED/INITIAL_BUY"])
        #expect(log.notifications(after: 1).map(\.sequence) == [2])
        // Closing the store ends the streams.
        let another = log.updates()
        await queue.close()
        var more = 0
        for await _ in another { more += 1 }
        #expect(more == 0)
    }
}
