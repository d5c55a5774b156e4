import AppStoreSignedData
import Foundation
import PurchaseCore

// The signed data the store gives on request: a transaction, a subscription's renewal info, the app
// transaction, and what it emitted.
extension PaymentQueue {
    /// The signed transaction (compact JWS of a `TransactionPayload`, signed now) of a transaction the
    /// account knows: unfinished ones, owned non-consumables, subscriptions' periods, and the latest
    /// finished consumables it can still refund.
    ///
    /// - Returns: `nil` when the account does not know the transaction (or it was never charged).
    /// - Throws: ``SimulatedSignedDataError`` without ``signedData`` or when signing fails.
    public func signedTransaction(_ identifier: String) async throws(SimulatedSignedDataError) -> String? {
        guard let signedData else { throw .notEnabled }
        await prepare()
        guard let number = Self.number(identifier), let transaction = knownTransaction(number),
            transaction.state == .purchased || transaction.state == .restored
        else { return nil }
        return try signedData.sign(
            transactionPayload(transaction, identity: signedData.identity, now: clock.now.timeIntervalSince1970))
    }

    /// The signed renewal info (compact JWS of a `RenewalInfoPayload`, signed now) of the
    /// subscription whose original or any later transaction is `identifier`.
    ///
    /// - Returns: `nil` when no subscription of the account has that transaction.
    /// - Throws: ``SimulatedSignedDataError`` without ``signedData`` or when signing fails.
    public func signedRenewalInfo(transaction identifier: String) async throws(SimulatedSignedDataError) -> String? {
        guard let signedData else { throw .notEnabled }
        await prepare()
        guard let number = Self.number(identifier) else { return nil }
        let original = knownTransaction(number)?.originalNumber ?? number
        guard let subscription = account.subscriptions[original] else { return nil }
        return try signedData.sign(
            renewalInfoPayload(subscription, identity: signedData.identity, now: clock.now.timeIntervalSince1970))
    }

    /// The signed renewal info of the newest subscription to a product (its App Store identifier).
    ///
    /// - Returns: `nil` when the account never subscribed to it.
    /// - Throws: ``SimulatedSignedDataError`` without ``signedData`` or when signing fails.
    public func signedRenewalInfo(productIdentifier: String) async throws(SimulatedSignedDataError) -> String? {
        guard signedData != nil else { throw .notEnabled }
        await prepare()
        guard let subscription = newestSubscription(productIdentifier) else { return nil }
        return try await signedRenewalInfo(transaction: Self.identifier(subscription.originalNumber))
    }

    /// The signed app transaction (compact JWS of an `AppTransactionPayload`, signed now). Its
    /// original purchase date is when the account first asked for it, kept in the account.
    ///
    /// - Throws: ``SimulatedSignedDataError`` without ``signedData`` or when signing fails.
    public func signedAppTransaction() async throws(SimulatedSignedDataError) -> String {
        guard let signedData else { throw .notEnabled }
        await prepare()
        let now = clock.now.timeIntervalSince1970
        if account.appTransactionDate == nil {
            await commit([.appTransaction(originalPurchaseDate: now)], callbacks: [])
        }
        return try signedData.sign(
            appTransactionPayload(
                identity: signedData.identity, originalPurchaseDate: account.appTransactionDate ?? now, now: now))
    }

    /// The notifications emitted after `sequence` (0: every one kept), oldest first; empty without
    /// ``signedData``.
    public nonisolated func notifications(after sequence: UInt64 = 0) -> [SignedNotification] {
        signedData?.notifications.notifications(after: sequence) ?? []
    }

    // MARK: - Events without a change of the account

    /// The App Store's test notification (`TEST`, as App Store Connect's "Request a Test
    /// Notification"): emitted now.
    ///
    /// - Returns: its `notificationUUID`, as Apple's `testNotificationToken` names it.
    /// - Throws: ``SimulatedSignedDataError`` without ``signedData`` or when signing fails.
    @discardableResult
    public func requestTestNotification() async throws(SimulatedSignedDataError) -> String {
        guard let signedData else { throw .notEnabled }
        await prepare()
        let prepared = try notification(
            StoreNotice(.test), signedData: signedData, now: clock.now.timeIntervalSince1970)
        publish(NoticeBatch(ticket: takeNoticeTicket(), notifications: [prepared]))
        return prepared.payload.notificationUUID ?? ""
    }

    /// The person asks Apple for a refund of a purchase, and Apple asks the app's server for
    /// consumption information (`CONSUMPTION_REQUEST`, with `consumptionRequestReason`). Nothing
    /// changes in the account: Apple then refunds (``refundTransaction(_:reason:)``) or declines.
    ///
    /// - Parameters:
    ///   - identifier: a purchase the account knows, or one of its latest finished consumables.
    ///   - reason: Apple's `consumptionRequestReason` (`UNINTENDED_PURCHASE`, `FULFILLMENT_ISSUE`,
    ///     `UNSATISFIED_WITH_PURCHASE`, `LEGAL`, `OTHER`).
    /// - Returns: `false` when the account does not know a charged, unrefunded transaction of that
    ///   identifier.
    /// - Throws: ``SimulatedSignedDataError`` without ``signedData`` or when signing fails.
    @discardableResult
    public func requestRefund(_ identifier: String, reason: String = "UNINTENDED_PURCHASE")
        async
        throws(SimulatedSignedDataError) -> Bool
    {
        guard let signedData else { throw .notEnabled }
        await prepare()
        guard let number = Self.number(identifier), let transaction = knownTransaction(number),
            transaction.state == .purchased || transaction.state == .restored, transaction.revocation == nil
        else { return false }
        var notice = StoreNotice(
            .consumptionRequest, transaction: number,
            subscription: transaction.productType == .autoRenewable ? transaction.originalNumber : nil)
        notice.consumptionRequestReason = reason
        let prepared = try notification(notice, signedData: signedData, now: clock.now.timeIntervalSince1970)
        publish(NoticeBatch(ticket: takeNoticeTicket(), notifications: [prepared]))
        return true
    }

    /// Apple reverses a refund it made (`REFUND_REVERSED`): the transaction is no longer revoked, and
    /// a refunded subscription is no longer revoked either (it stays without auto-renew). Observers are
    /// told nothing (StoreKit has no callback for it); receipts and signed data show it from now on.
    ///
    /// - Returns: the transaction as it stands now, or `nil` when the account knows no refunded
    ///   transaction of that identifier.
    @discardableResult
    public func reverseRefund(_ identifier: String) async -> PaymentTransaction? {
        await prepare()
        guard let number = Self.number(identifier), var transaction = knownTransaction(number),
            transaction.revocation != nil, !transaction.upgraded, !transaction.isFamilyShared
        else { return nil }
        transaction.revocation = nil
        transaction.revokedForAppIssue = false
        var records: [AccountRecord] = [.put(transaction)]
        if var subscription = account.subscriptions[transaction.originalNumber], subscription.revoked,
            subscription.latestNumber == transaction.number
        {
            subscription.revoked = false
            records.append(.subscription(subscription))
        }
        await commit(records, callbacks: [])
        return paymentTransaction(transaction)
    }

    /// A place in the publishing order for notifications made outside a commit.
    private func takeNoticeTicket() -> UInt64 {
        defer { noticeState.nextTicket += 1 }
        return noticeState.nextTicket
    }
}
