public import PurchaseCore

/// The keys of what processing an App Store Server Notification did (`notification.<outcome>`) and
/// why it was not processed (`notification.<error code>`), for the people who run the server.
extension MessageKey {
    /// The notification was applied.
    public static let notificationApplied = MessageKey("notification.applied")
    /// The notification had been applied before.
    public static let notificationDuplicate = MessageKey("notification.duplicate")
    /// The notification changes no purchase.
    public static let notificationIgnored = MessageKey("notification.ignored")
    /// The App Store reversed the refund of a revoked transaction (its identifier).
    public static let notificationRefundReversed = MessageKey("notification.refundReversed", arguments: [.text])
    /// The App Store extended a delivered period (the transaction's identifier, the new end).
    public static let notificationRenewalExtended = MessageKey(
        "notification.renewalExtended", arguments: [.text, .date])
    /// The body is not an App Store Server Notification.
    public static let notificationMalformedBody = MessageKey("notification.malformedBody")
    /// The notification or the data it carries did not verify.
    public static let notificationVerificationFailed = MessageKey("notification.verificationFailed")
    /// The notification could not be checked now.
    public static let notificationVerificationUnavailable = MessageKey("notification.verificationUnavailable")
    /// The notification lacks what it needs.
    public static let notificationIncomplete = MessageKey("notification.incomplete")
    /// The notification's product is not in the catalog.
    public static let notificationUnknownProduct = MessageKey("notification.unknownProduct")
    /// The ledger could not record the notification.
    public static let notificationLedgerFailed = MessageKey("notification.ledgerFailed")
    /// The notification's purchase credits more than a balance can hold.
    public static let notificationUndeliverable = MessageKey("notification.undeliverable")

    /// Every key the notification processor declares, in the order above.
    public static let notificationKeys: [MessageKey] = [
        .notificationApplied, .notificationDuplicate, .notificationIgnored, .notificationRefundReversed,
        .notificationRenewalExtended, .notificationMalformedBody, .notificationVerificationFailed,
        .notificationVerificationUnavailable, .notificationIncomplete, .notificationUnknownProduct,
        .notificationLedgerFailed, .notificationUndeliverable,
    ]
}

extension NotificationOutcome {
    /// What a person running the server is told.
    public var message: Message {
        switch self {
        case .applied: .keyed(.notificationApplied, arguments: [])
        case .duplicate: .keyed(.notificationDuplicate, arguments: [])
        case .ignored: .keyed(.notificationIgnored, arguments: [])
        case .needsAttention(.refundReversed(let id), _):
            .keyed(.notificationRefundReversed, arguments: [.text(id.id)])
        case .needsAttention(.renewalExtended(let id, let end), _):
            .keyed(.notificationRenewalExtended, arguments: [.text(id.id), .date(end.date)])
        }
    }
}

extension NotificationProcessingError {
    /// What a person running the server is told.
    public var message: Message {
        let key: MessageKey =
            switch code {
            case .malformedBody: .notificationMalformedBody
            case .verificationFailed: .notificationVerificationFailed
            case .verificationUnavailable: .notificationVerificationUnavailable
            case .incompleteNotification: .notificationIncomplete
            case .unknownProduct: .notificationUnknownProduct
            case .undeliverable: .notificationUndeliverable
            default: .notificationLedgerFailed
            }
        return .keyed(key, arguments: [])
    }
}
