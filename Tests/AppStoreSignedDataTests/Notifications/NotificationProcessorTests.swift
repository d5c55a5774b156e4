import AppStoreSignedData
import Foundation
import PurchaseCore
import Testing

/// The notification processor applying verified notifications to a ledger: each notification type's
/// effect, once per notificationUUID and per transaction, whatever the order.
struct NotificationProcessorTests {
    typealias F = NotificationFixtures

    private let gems = F.transaction("10", product: "com.example.gems.100", type: .consumable, quantity: 2)
    private let refundedGems = F.transaction(
        "10", product: "com.example.gems.100", type: .consumable, revoked: F.start.addingTimeInterval(F.day),
        quantity: 2)

    @Test func aOneTimeChargeDeliversWhatTheStoreFlowWould() async throws {
        let ledger = InMemoryFulfillmentLedger()
        let report = try await F.processor(ledger).apply(F.notification("n1", .oneTimeCharge, transaction: gems))
        #expect(report.outcome == .applied(NotificationChanges(delivered: [F.id("10")])))
        #expect(report.transactionID == F.id("10"))
        #expect(report.notificationUUID == "n1")
        let delivery = try #require(await ledger.delivery(for: F.id("10")))
        #expect(delivery.productID == "gems.100", "the store's product identifier names the catalog's product")
        #expect(delivery.credits == ["gems": 200])
        #expect(delivery.fulfillmentKey == F.id("10"))
        #expect(await ledger.notificationRecorded("n1") == F.start)
    }

    @Test func aRefundHeardOnlyAsANotificationRevokes() async throws {
        let ledger = InMemoryFulfillmentLedger()
        let processor = F.processor(ledger)
        _ = try await processor.apply(F.notification("n1", .oneTimeCharge, transaction: gems))
        let report = try await processor.apply(F.notification("n2", .refund, transaction: refundedGems))
        #expect(report.outcome == .applied(NotificationChanges(revoked: [F.id("10")])))
        let contents = await ledger.contents()
        #expect(contents.revocations == [F.id("10"): F.start.addingTimeInterval(F.day)])
        #expect(contents.revokedPayouts[F.id("10")]?.debited == ["gems": 200])
        #expect(contents.balances["gems", default: 0] == 0)
    }

    @Test func aRefundBeforeItsPurchaseDeliversAndRevokesAndThePurchaseChangesNothing() async throws {
        let ledger = InMemoryFulfillmentLedger()
        let processor = F.processor(ledger, catalog: F.catalog(refundedConsumables: .keep))
        let refund = try await processor.apply(F.notification("n2", .refund, transaction: refundedGems))
        #expect(refund.outcome == .applied(NotificationChanges(delivered: [F.id("10")], revoked: [F.id("10")])))
        let before = await ledger.contents()
        let purchase = try await processor.apply(F.notification("n1", .oneTimeCharge, transaction: gems))
        #expect(purchase.outcome == .applied(NotificationChanges()))
        #expect(await ledger.contents() == before)
        #expect(before.revokedPayouts[F.id("10")]?.retained == ["gems": 200], "the catalog keeps refunded units")
    }

    @Test func aDuplicateIsAnsweredWithoutTouchingTheLedger() async throws {
        let ledger = InMemoryFulfillmentLedger()
        let processor = F.processor(ledger)
        _ = try await processor.apply(F.notification("n1", .oneTimeCharge, transaction: gems))
        let before = await ledger.contents()
        // The same identity again, even carrying other data, is not applied again.
        let again = try await processor.apply(F.notification("n1", .refund, transaction: refundedGems))
        #expect(again.outcome == .duplicate)
        #expect(await ledger.contents() == before)
    }

    @Test(
        arguments: [
            (NotificationType.didChangeRenewalStatus, NotificationSubtype.autoRenewDisabled),
            (.didChangeRenewalPref, .downgrade), (.didFailToRenew, .gracePeriod), (.priceIncrease, .pending),
            (.consumptionRequest, nil), (.refundDeclined, nil),
        ] as [(NotificationType, NotificationSubtype?)])
    func notificationsThatChangeNoEntitlementAreRecordedAndIgnored(
        type: NotificationType, subtype: NotificationSubtype?
    ) async throws {
        let ledger = InMemoryFulfillmentLedger()
        let processor = F.processor(ledger)
        let subscription = F.transaction(
            "20", product: "pro.monthly", type: .autoRenewable, expires: F.start.addingTimeInterval(30 * F.day))
        let report = try await processor.apply(F.notification("n1", type, subtype, transaction: subscription))
        #expect(report.outcome == .ignored(.informational))
        #expect(await ledger.contents() == LedgerContents())
        #expect(await ledger.notificationRecorded("n1") != nil)
        #expect(try await processor.apply(F.notification("n1", type, subtype)).outcome == .duplicate)
    }

    @Test func testAndUnknownNotificationsAreIgnoredWithTheirReason() async throws {
        let processor = F.processor(InMemoryFulfillmentLedger())
        #expect(try await processor.apply(F.notification("t", .test)).outcome == .ignored(.test))
        let unknown = NotificationType(rawValue: "SOMETHING_NEW")
        #expect(try await processor.apply(F.notification("u", unknown)).outcome == .ignored(.unknownType))
    }

    @Test func aRenewalIsDeliveredOnceWhateverTheNotificationsCarryingIt() async throws {
        let ledger = InMemoryFulfillmentLedger()
        let processor = F.processor(ledger)
        let renewal = F.transaction(
            "21", product: "pro.monthly", type: .autoRenewable, original: "20",
            purchased: F.start.addingTimeInterval(30 * F.day), expires: F.start.addingTimeInterval(60 * F.day))
        let first = try await processor.apply(F.notification("n1", .didRenew, transaction: renewal))
        #expect(first.outcome == .applied(NotificationChanges(delivered: [F.id("21")])))
        let later = try await processor.apply(
            F.notification("n2", .didChangeRenewalPref, .upgrade, transaction: renewal))
        #expect(later.outcome == .applied(NotificationChanges()))
        let delivery = try #require(await ledger.delivery(for: F.id("21")))
        #expect(delivery.originalTransactionID == F.id("20"))
        #expect(delivery.expirationDate == F.start.addingTimeInterval(60 * F.day))
        #expect(await ledger.contents().deliveries.count == 1)
    }

    @Test func anExpiryEarlierThanDeliveredEndsTheSubscriptionEarly() async throws {
        let ledger = InMemoryFulfillmentLedger()
        let processor = F.processor(ledger)
        let end = F.start.addingTimeInterval(30 * F.day)
        let early = F.start.addingTimeInterval(10 * F.day)
        _ = try await processor.apply(
            F.notification(
                "n1", .subscribed, .initialBuy,
                transaction: F.transaction("20", product: "pro.monthly", type: .autoRenewable, expires: end)))
        let report = try await processor.apply(
            F.notification(
                "n2", .expired, .voluntary,
                transaction: F.transaction("20", product: "pro.monthly", type: .autoRenewable, expires: early)))
        #expect(report.outcome == .applied(NotificationChanges(expired: [F.id("20")])))
        #expect(await ledger.contents().expirations == [F.id("20"): early])
    }

    /// An upgrade starts a period of the higher product at once: the lower one's period ends when
    /// it began, nothing refunded, whichever of the two notifications comes first.
    @Test(arguments: [false, true])
    func anUpgradeEndsTheLowerPeriodWhenTheHigherOneBegins(upgradeFirst: Bool) async throws {
        let ledger = InMemoryFulfillmentLedger()
        let processor = F.processor(ledger)
        let upgradedAt = F.start.addingTimeInterval(10 * F.day)
        let basic = F.notification(
            "n1", .subscribed, .initialBuy,
            transaction: F.transaction(
                "20", product: "basic.monthly", type: .autoRenewable, expires: F.start.addingTimeInterval(30 * F.day)))
        let pro = F.notification(
            "n2", .didChangeRenewalPref, .upgrade,
            transaction: F.transaction(
                "21", product: "pro.monthly", type: .autoRenewable, original: "20", purchased: upgradedAt,
                expires: upgradedAt.addingTimeInterval(30 * F.day)))
        let reports =
            try await upgradeFirst
            ? [processor.apply(pro), processor.apply(basic)] : [processor.apply(basic), processor.apply(pro)]
        let contents = await ledger.contents()
        #expect(contents.expirations == [F.id("20"): upgradedAt])
        #expect(contents.revocations.isEmpty)
        #expect(
            reports.flatMap { report in
                if case .applied(let changes) = report.outcome { return changes.expired }
                return []
            } == [F.id("20")])
    }

    @Test func anUpgradedTransactionEndsAtItsRevocationDateWithoutARefund() async throws {
        let ledger = InMemoryFulfillmentLedger()
        let processor = F.processor(ledger)
        let upgradedAt = F.start.addingTimeInterval(10 * F.day)
        let report = try await processor.apply(
            F.notification(
                "n1", .didChangeRenewalPref, .upgrade,
                transaction: F.transaction(
                    "20", product: "basic.monthly", type: .autoRenewable,
                    expires: F.start.addingTimeInterval(30 * F.day), revoked: upgradedAt, upgraded: true)))
        #expect(report.outcome == .applied(NotificationChanges(delivered: [F.id("20")], expired: [F.id("20")])))
        let contents = await ledger.contents()
        #expect(contents.expirations == [F.id("20"): upgradedAt])
        #expect(contents.revocations.isEmpty)
    }

    @Test func aRevokedFamilySharedPurchaseIsRevoked() async throws {
        let ledger = InMemoryFulfillmentLedger()
        let processor = F.processor(ledger)
        let revokedAt = F.start.addingTimeInterval(F.day)
        _ = try await processor.apply(
            F.notification(
                "n1", .oneTimeCharge, transaction: F.transaction("30", product: "remove.ads", type: .nonConsumable)))
        let report = try await processor.apply(
            F.notification(
                "n2", .revoke,
                transaction: F.transaction("30", product: "remove.ads", type: .nonConsumable, revoked: revokedAt)))
        #expect(report.outcome == .applied(NotificationChanges(revoked: [F.id("30")])))
        #expect(await ledger.contents().revocations == [F.id("30"): revokedAt])
    }

    @Test func aReversedRefundOfARevokedTransactionNeedsAttention() async throws {
        let ledger = InMemoryFulfillmentLedger()
        let processor = F.processor(ledger)
        _ = try await processor.apply(F.notification("n1", .refund, transaction: refundedGems))
        let report = try await processor.apply(F.notification("n2", .refundReversed, transaction: gems))
        #expect(report.outcome == .needsAttention(.refundReversed(F.id("10")), NotificationChanges()))
        #expect(await ledger.notificationRecorded("n2") != nil)
        // A reversal of a refund the ledger never heard of leaves the purchase delivered.
        let other = InMemoryFulfillmentLedger()
        let first = try await F.processor(other).apply(F.notification("n2", .refundReversed, transaction: gems))
        #expect(first.outcome == .applied(NotificationChanges(delivered: [F.id("10")])))
    }

    @Test func anExtendedPeriodNeedsAttention() async throws {
        let ledger = InMemoryFulfillmentLedger()
        let processor = F.processor(ledger)
        let end = F.start.addingTimeInterval(30 * F.day)
        let extended = end.addingTimeInterval(7 * F.day)
        _ = try await processor.apply(
            F.notification(
                "n1", .subscribed,
                transaction: F.transaction("20", product: "pro.monthly", type: .autoRenewable, expires: end)))
        let report = try await processor.apply(
            F.notification(
                "n2", .renewalExtended,
                transaction: F.transaction("20", product: "pro.monthly", type: .autoRenewable, expires: extended)))
        #expect(
            report.outcome
                == .needsAttention(.renewalExtended(F.id("20"), until: AppStoreDate(extended)), NotificationChanges()))
    }

    @Test func aPurchaseForAnAccountIsDeliveredToIt() async throws {
        let ledger = InMemoryFulfillmentLedger()
        let account = UUID(uuidString: "6A0E2D3C-1B4F-4E7A-9C1D-2F3E4A5B6C7D")!
        _ = try await F.processor(ledger).apply(
            F.notification(
                "n1", .oneTimeCharge,
                transaction: F.transaction("10", product: "com.example.gems.100", type: .consumable, account: account)))
        #expect(await ledger.contents().balances(for: account) == ["gems": 100])
        #expect(await ledger.contents().balances.isEmpty)
    }

    @Test func anUnknownProductIsRefusedRetryablyAndNotRecorded() async throws {
        let ledger = InMemoryFulfillmentLedger()
        let processor = F.processor(ledger)
        let notification = F.notification(
            "n1", .oneTimeCharge, transaction: F.transaction("40", product: "not.sold", type: .nonConsumable))
        let error = await #expect(throws: NotificationProcessingError.self) { try await processor.apply(notification) }
        #expect(error?.code == .unknownProduct)
        #expect(error?.isRetryable == true)
        #expect(error?.notificationUUID == "n1")
        #expect(await ledger.notificationRecorded("n1") == nil)
        #expect(await ledger.contents() == LedgerContents())
    }

    @Test func anIncompleteNotificationIsRefused() async throws {
        let processor = F.processor(InMemoryFulfillmentLedger())
        var noUUID = F.notification("x", .oneTimeCharge, transaction: gems)
        noUUID.payload.notificationUUID = nil
        let missing = await #expect(throws: NotificationProcessingError.self) { try await processor.apply(noUUID) }
        #expect(missing?.code == .incompleteNotification)
        let noTransaction = await #expect(throws: NotificationProcessingError.self) {
            try await processor.apply(F.notification("n1", .refund))
        }
        #expect(noTransaction?.code == .incompleteNotification)
        #expect(noTransaction?.isRetryable == false)
        var untyped = gems
        untyped.type = nil
        let noType = await #expect(throws: NotificationProcessingError.self) {
            try await processor.apply(F.notification("n2", .oneTimeCharge, transaction: untyped))
        }
        #expect(noType?.code == .incompleteNotification)
    }

    @Test func aLedgerWithoutANotificationLogAppliesEachTimeAndChangesNothingTheSecond() async throws {
        let ledger = LedgerWithoutNotificationLog()
        let processor = F.processor(ledger)
        let notification = F.notification("n1", .refund, transaction: refundedGems)
        #expect(try await processor.apply(notification).outcome != .applied(NotificationChanges()))
        let before = try await ledger.contents()
        #expect(try await processor.apply(notification).outcome == .applied(NotificationChanges()))
        #expect(try await ledger.contents() == before)
    }

    /// A crash between a notification's effects and its record: the retry applies it again, which
    /// changes nothing, and records it.
    @Test func aFailedRecordIsRetriedWithoutApplyingTwice() async throws {
        let ledger = FlakyNotificationLedger()
        let processor = F.processor(ledger)
        let notification = F.notification("n1", .oneTimeCharge, transaction: gems)
        let error = await #expect(throws: NotificationProcessingError.self) { try await processor.apply(notification) }
        #expect(error?.code == .ledgerFailed)
        #expect(error?.isRetryable == true)
        #expect(error?.httpStatus == 503)
        let applied = try await ledger.contents()
        #expect(applied.deliveries.count == 1)
        ledger.failing.withLock { $0 = false }
        #expect(try await processor.apply(notification).outcome == .applied(NotificationChanges()))
        #expect(try await ledger.contents() == applied)
        #expect(try await ledger.notificationRecorded("n1") != nil)
        #expect(try await processor.apply(notification).outcome == .duplicate)
    }

    @Test func concurrentCopiesOfOneNotificationApplyItOnce() async throws {
        let ledger = InMemoryFulfillmentLedger()
        let processor = F.processor(ledger)
        let notification = F.notification("n1", .oneTimeCharge, transaction: gems)
        let outcomes = try await withThrowingTaskGroup(of: NotificationOutcome.self) { group in
            for _ in 0..<16 { group.addTask { try await processor.apply(notification).outcome } }
            return try await group.reduce(into: [NotificationOutcome]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == .applied(NotificationChanges(delivered: [F.id("10")])) }.count == 1)
        // The others find it recorded, or applied it too with no change (they checked before it was).
        #expect(outcomes.allSatisfy { $0 == .duplicate || $0.changesAnything || $0 == .applied(NotificationChanges()) })
        #expect(await ledger.contents().balances == ["gems": 200])
    }
}

extension NotificationOutcome {
    var changesAnything: Bool {
        if case .applied(let changes) = self { return !changes.isEmpty }
        return false
    }
}
