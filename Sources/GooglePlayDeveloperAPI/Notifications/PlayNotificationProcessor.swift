public import Foundation
public import PurchaseCore

/// Applies Google Play real-time developer notifications, pushed by Cloud Pub/Sub, to a deployment's
/// fulfillment ledger exactly once, whatever their order and however often they arrive.
///
/// A notification is only a signal: for a one-time product or a subscription the processor asks the
/// Play Developer API for the purchase's current state and applies that state, so a notification
/// arriving late or out of order applies what is true now.
///
/// Guarantees:
/// - A notification for another `packageName` is refused (``PlayNotificationError/Code/wrongPackage``).
/// - With a ledger that is a `NotificationLog`, a message whose identity (its Pub/Sub `messageId`,
///   as `google-play:<package>:<messageId>`) is recorded is answered
///   ``PlayNotificationOutcome/duplicate`` without asking Play or touching the ledger; a new one is
///   applied, and its identity recorded only after its effects (the acknowledgement included) are done.
///   A crash in between applies it again when Pub/Sub pushes it again, which changes nothing.
/// - A paid purchase (`purchaseState` 0; a subscription `ACTIVE`, `IN_GRACE_PERIOD` or `CANCELED`, or
///   one that has since ended) is delivered as the transaction (store, orderId) with
///   `TransactionFulfillment`'s delivery: the catalog product whose `StoreIDs` name the Play product
///   id for the store's kind, else the product of that id; the account the purchase's
///   `obfuscatedExternalAccountId` names when it is a UUID, else the default account; a subscription's
///   order (`latestSuccessfulOrderId`) ending at its line item's `expiryTime`, its renewals
///   (`GPA.x..0`, `..1`) continuing the first order `GPA.x`. Deliveries are keyed by the order, so
///   another message about the same order changes nothing. Only once the delivery is durable is the
///   purchase acknowledged through the API when Play says it is not yet (so Play does not refund it
///   after three days); a retryable failure to acknowledge fails the message, to be pushed again.
/// - A pending purchase, and a canceled one that was never delivered, apply nothing. A one-time purchase
///   Play reports canceled after it was delivered is revoked.
/// - A subscription `EXPIRED`, `ON_HOLD` or `PAUSED` ends its latest order's access at its expiry time
///   (never later than now) as the ledger records expirations; a `SUBSCRIPTION_REVOKED` notification
///   revokes that order.
/// - A voided purchase with a full refund revokes its order (a consumable as the catalog's
///   `Deployment.refundedConsumables` says). With a ledger that is a `NotificationLog`, the void is
///   also recorded as `google-play:voided:<orderId>`, so an order delivered after its void arrived (the
///   messages crossed) is revoked as soon as it is delivered. A quantity-based partial refund cannot
///   be recorded by a ledger, whose revocations take back a whole delivery: the order stays delivered
///   and the outcome is ``PlayNotificationOutcome/needsAttention(_:_:)`` with
///   ``PlayNotificationAttention/partialRefund(_:quantity:)``. The nearest thing a ledger records is
///   done instead: for a consumable, with `RefundedConsumables` `Debit` and a ledger that is
///   `IdempotentSpending`, each refund Play's voided purchases list for the order (within the last 30
///   days) takes back its share of what the order credited (the credited units times the refunded
///   quantity over the order's, never more than the balance holds) as a spend named after the order,
///   the refund's void time and the balance, so each refund is taken once.
/// - A test notification is recorded and reported ``PlayNotificationOutcome/ignored(_:)``.
/// - A failure throws ``PlayNotificationError`` having recorded nothing of the message's identity.
///
/// Safe to share: it holds no state of its own; the ledger serializes its changes.
public struct PlayNotificationProcessor: Sendable {
    /// The deployment's catalog: what each product grants.
    public let catalog: Catalog
    /// The ledger notifications are applied to.
    public let ledger: any FulfillmentLedger
    /// The provider kind Play's orders are recorded under, whose `StoreIDs` name Play's product ids.
    public let store: ProviderKind
    /// The Play Developer API the purchases' states are asked of (its package is the app's).
    public let api: PlayDeveloperAPIClient
    /// The source of the dates deliveries and notifications are recorded at.
    public let clock: any PurchaseClock

    /// A processor.
    ///
    /// - Parameters:
    ///   - catalog: the deployment's catalog.
    ///   - ledger: the deployment's ledger; a `NotificationLog` to answer duplicates.
    ///   - store: the provider kind the orders belong to (`simulated-google-play` for the simulated Play).
    ///   - api: the Play Developer API client of the app; notifications for another package are refused.
    ///   - clock: when deliveries and notifications are recorded.
    public init(
        catalog: Catalog, ledger: any FulfillmentLedger, store: ProviderKind, api: PlayDeveloperAPIClient,
        clock: any PurchaseClock = SystemClock()
    ) {
        self.catalog = catalog
        self.ledger = ledger
        self.store = store
        self.api = api
        self.clock = clock
    }

    /// The app's package name.
    public var packageName: String { api.configuration.packageName }

    /// Decodes and applies the body Pub/Sub pushed.
    ///
    /// - Throws: ``PlayNotificationError``: `malformedPush`, `wrongPackage`, `apiFailed`,
    ///   `incompletePurchase`, `unknownProduct`, `undeliverable`, `ledgerFailed`.
    public func process(body: Data) async throws(PlayNotificationError) -> PlayNotificationReport {
        let (push, notification) = try PubSubPush.decodeNotification(body)
        return try await process(notification, messageID: push.message.messageId)
    }

    /// Applies a decoded notification, once per `messageID` (see the type's guarantees).
    ///
    /// - Throws: as ``process(body:)``, but for `malformedPush`.
    public func process(_ notification: DeveloperNotification, messageID: String) async throws(PlayNotificationError)
        -> PlayNotificationReport
    {
        guard notification.packageName == packageName else {
            throw PlayNotificationError(
                .wrongPackage, detail: "the notification is for \(notification.packageName), not \(packageName)",
                messageID: messageID)
        }
        let identity = "google-play:\(packageName):\(messageID)"
        let log = ledger as? any NotificationLog
        var report = PlayNotificationReport(
            messageID: messageID, kind: Self.kind(of: notification), transactionID: nil, outcome: .duplicate)
        do throws(PlayNotificationError) {
            if let log, try await ledgerCall({ try await log.notificationRecorded(identity) }) != nil {
                return report
            }
            let effect = try await effects(of: notification)
            report.transactionID = effect.transactionID
            report.outcome = effect.outcome
            if let log, try await !ledgerCall({ try await log.recordNotification(identity, at: clock.now) }) {
                // Another processor recorded it meanwhile; what this one did is reported all the same.
                if effect.outcome.changes.isEmpty && !effect.outcome.changes.acknowledged {
                    report.outcome = .duplicate
                }
            }
            return report
        } catch {
            var error = error
            error.messageID = messageID
            throw error
        }
    }

    /// The notification's member, as reports name it.
    static func kind(of notification: DeveloperNotification) -> String {
        if notification.subscriptionNotification != nil { return "subscription" }
        if notification.oneTimeProductNotification != nil { return "oneTimeProduct" }
        if notification.voidedPurchaseNotification != nil { return "voidedPurchase" }
        return "test"
    }

    /// Runs ledger work, turning its failure into a ``PlayNotificationError``: a product the catalog
    /// lacks is `unknownProduct`, a delivery the ledger refuses `undeliverable`, anything else
    /// `ledgerFailed`.
    func ledgerCall<R: Sendable>(_ body: () async throws -> R) async throws(PlayNotificationError) -> R {
        do {
            return try await body()
        } catch let error as PlayNotificationError {
            throw error
        } catch let error as PurchaseError {
            switch error.code {
            case .productUnavailable:
                throw PlayNotificationError(
                    .unknownProduct, detail: "the product is not in the catalog", underlying: error)
            case .paymentInvalid:
                throw PlayNotificationError(
                    .undeliverable, detail: "the ledger refuses the delivery", underlying: error)
            default:
                throw PlayNotificationError(.ledgerFailed, detail: "the ledger failed", underlying: error)
            }
        } catch {
            throw PlayNotificationError(
                .ledgerFailed, detail: "the ledger failed",
                underlying: PurchaseError(.ledgerIOFailed, detail: String(describing: error)))
        }
    }

    /// Runs a call to the Play Developer API, turning its failure into `apiFailed`.
    func apiCall<R: Sendable>(_ what: String, _ body: () async throws(PlayDeveloperAPIError) -> R)
        async throws(PlayNotificationError) -> R
    {
        do {
            return try await body()
        } catch {
            throw PlayNotificationError(.apiFailed, detail: "\(what) failed", apiError: error)
        }
    }
}
