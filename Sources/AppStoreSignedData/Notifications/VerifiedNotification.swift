/// An App Store Server Notification whose signatures were verified: the notification, and the
/// transaction and renewal info its data carries, decoded.
///
/// The processor applies one of these (``AppStoreNotificationProcessor/apply(_:)``); make one by
/// hand only from payloads verified already.
public struct VerifiedNotification: Sendable, Hashable {
    /// The notification.
    public var payload: NotificationPayload
    /// The transaction of its `signedTransactionInfo`, if it carries one.
    public var transaction: TransactionPayload?
    /// The renewal info of its `signedRenewalInfo`, if it carries one.
    public var renewalInfo: RenewalInfoPayload?

    /// A verified notification with what its data carried.
    public init(
        payload: NotificationPayload, transaction: TransactionPayload? = nil, renewalInfo: RenewalInfoPayload? = nil
    ) {
        self.payload = payload
        self.transaction = transaction
        self.renewalInfo = renewalInfo
    }
}
