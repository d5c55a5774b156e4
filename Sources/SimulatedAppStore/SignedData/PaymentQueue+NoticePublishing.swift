import AppStoreSignedData
import Foundation
import PurchaseCore

/// The notifications one commit made, signed, with the commit's place in the order they are
/// published in.
struct NoticeBatch: Sendable {
    var ticket: UInt64
    var notifications: [PreparedNotification]
}

// Signing noticed events as notifications and publishing them to the log in the order the changes
// were made (a commit's are published once its records are durable).
extension PaymentQueue {
    /// Applies `records` to the account. With signed data, also notices the events they make (and
    /// those the clock brought), signs them against the account as it stands after the records, and
    /// gives them a place in the publishing order.
    func applyForCommit(_ records: [AccountRecord], hints: CommitHints) -> NoticeBatch? {
        guard let signedData else {
            for record in records { account.apply(record) }
            return nil
        }
        let now = clock.now.timeIntervalSince1970
        let notices = applyNoticing(records, hints: hints, now: now)
        return batch(notices, signedData: signedData, now: now)
    }

    /// Publishes a batch once every batch before it was published.
    func publish(_ batch: NoticeBatch?) {
        guard let batch, let signedData else { return }
        noticeState.ready[batch.ticket] = batch.notifications
        while let ready = noticeState.ready.removeValue(forKey: noticeState.nextPublished) {
            noticeState.nextPublished += 1
            for notification in ready {
                signedData.notifications.append { sequence in
                    SignedNotification(
                        sequence: sequence, body: Data(notification.body), signedPayload: notification.signedPayload,
                        payload: notification.payload)
                }
            }
        }
    }

    /// Publishes the events the clock brought (expiries, grace periods ending) that no commit did.
    func publishDueNotices() {
        guard let signedData else { return }
        let now = clock.now.timeIntervalSince1970
        let notices = dueNotices(now: now)
        guard !notices.isEmpty else { return }
        publish(batch(notices, signedData: signedData, now: now))
    }

    private func batch(_ notices: [StoreNotice], signedData: SimulatedSignedData, now: Double) -> NoticeBatch {
        let ticket = noticeState.nextTicket
        noticeState.nextTicket += 1
        return NoticeBatch(
            ticket: ticket,
            notifications: notices.compactMap { try? notification($0, signedData: signedData, now: now) })
    }

    /// The signed notification of a notice, with the transaction and renewal info as they stand.
    func notification(_ notice: StoreNotice, signedData: SimulatedSignedData, now: Double)
        throws(SimulatedSignedDataError) -> PreparedNotification
    {
        let identity = signedData.identity
        var data = NotificationData()
        data.environment = identity.environment
        data.appAppleId = identity.appAppleIDInPayloads
        data.bundleId = identity.bundleID
        data.bundleVersion = identity.bundleVersion
        if let number = notice.transaction, let transaction = knownTransaction(number) {
            data.signedTransactionInfo = try signedData.sign(
                transactionPayload(transaction, identity: identity, now: now))
        }
        if let original = notice.subscription, let subscription = account.subscriptions[original] {
            data.signedRenewalInfo = try signedData.sign(
                renewalInfoPayload(subscription, identity: identity, now: now))
            data.status = statusCode(subscription, now: now)
        }
        data.consumptionRequestReason = notice.consumptionRequestReason
        var payload = NotificationPayload()
        payload.notificationType = notice.type
        payload.subtype = notice.subtype
        payload.notificationUUID = UUID().uuidString.lowercased()
        payload.data = data
        payload.version = "2.0"
        payload.signedDate = Self.date(now)
        let signed = try signedData.sign(payload)
        return PreparedNotification(
            body: Array(PayloadJSON.encode(NotificationBody(signedPayload: signed))), signedPayload: signed,
            payload: payload)
    }

    /// A transaction the account knows, including a finished consumable it can still refund.
    func knownTransaction(_ number: UInt64) -> AccountTransaction? {
        account.transactions[number] ?? account.refundableConsumables[number]
    }

    /// A subscription's status as notifications name it (`status`).
    func statusCode(_ subscription: SubscriptionRecord, now: Double) -> AppStoreSubscriptionStatus {
        if subscription.revoked { return .revoked }
        let status = status(subscription, now: now)
        switch subscription.billing {
        case .retry: return .billingRetry
        case .gracePeriod: return status.isActive ? .gracePeriod : .billingRetry
        case .ok: return status.isActive ? .active : .expired
        }
    }
}
