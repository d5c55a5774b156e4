public import Foundation
public import PurchaseCore

/// Applies App Store Server Notifications V2 to a deployment's fulfillment ledger exactly once,
/// whatever their order and however often they arrive, so that a server keeps entitlements right
/// without the app: a refund that only the server hears of revokes, and a renewal the server
/// delivers first is found delivered when the app reports it through its `Store`.
///
/// Guarantees:
/// - Nothing is applied from a notification that did not verify (``process(body:)``): its
///   signature, certificate chain, app and environment, and those of the transaction and renewal
///   info it carries.
/// - With a ledger that is a `NotificationLog`, a notification whose `notificationUUID` is recorded
///   is answered ``NotificationOutcome/duplicate`` without touching anything else; a new one is
///   applied, and its identity recorded only after its effects are durable. A crash in between
///   applies it again when the App Store retries, which changes nothing (every effect is
///   idempotent). With a ledger that is not, every notification is applied each time it arrives,
///   which changes nothing the second time, and is never reported as a duplicate.
/// - A notification carrying a transaction makes sure it is delivered, with the delivery the
///   `Store`'s pipeline makes (`TransactionFulfillment`, the same `Delivery.fulfillmentKey`), to
///   the account its app account token names, then applies its current state: a revocation date
///   revokes (a consumable as the catalog's `Deployment.refundedConsumables` says); an upgraded
///   period, or an expiry earlier than delivered, ends the delivery earlier; a period of another
///   product of the same subscription that began within a delivered one ends that one when it began.
///   So a refund processed before its purchase's own notification leaves the purchase delivered and
///   revoked, and the purchase's notification then changes nothing.
/// - A notification that changes no entitlement is recorded and reported
///   ``NotificationOutcome/ignored(_:)``; one the ledger cannot fully record (a reversed refund, an
///   extended period) is applied as far as it can be and reported
///   ``NotificationOutcome/needsAttention(_:_:)``.
/// - A failure throws ``NotificationProcessingError`` having recorded nothing of the notification's
///   identity (the effects recorded before a ledger failure are idempotent, and the retry completes
///   them).
///
/// Safe to share: it holds no state of its own; the ledger serializes its changes.
public struct AppStoreNotificationProcessor: Sendable {
    /// The deployment's catalog: what each product grants.
    public let catalog: Catalog
    /// The ledger notifications are applied to.
    public let ledger: any FulfillmentLedger
    /// The provider kind the App Store's transactions are recorded under (the `Store`'s
    /// `StoreProvider.storeName` for the same transactions), and whose store product identifiers
    /// the notifications carry.
    public let store: ProviderKind
    /// What verifies and decodes the signed payloads.
    public let verifier: any SignedPayloadVerifying
    /// The source of the dates deliveries and notifications are recorded at.
    public let clock: any PurchaseClock

    /// A processor.
    ///
    /// - Parameters:
    ///   - catalog: the deployment's catalog; a consumable's refund is treated as its
    ///     `Deployment.refundedConsumables` says.
    ///   - ledger: the deployment's ledger; a `NotificationLog` to answer duplicates.
    ///   - store: the provider kind the transactions belong to (`ProviderKind.simulatedAppStore`
    ///     for the simulated App Store).
    ///   - verifier: verifies the notification and the signed data it carries.
    ///   - clock: when deliveries and notifications are recorded.
    public init(
        catalog: Catalog, ledger: any FulfillmentLedger, store: ProviderKind, verifier: any SignedPayloadVerifying,
        clock: any PurchaseClock = SystemClock()
    ) {
        self.catalog = catalog
        self.ledger = ledger
        self.store = store
        self.verifier = verifier
        self.clock = clock
    }

    /// Verifies and applies the body the App Store posted, `{"signedPayload": "<JWS>"}`.
    ///
    /// - Throws: ``NotificationProcessingError``: `malformedBody`, `verificationFailed` (a bad
    ///   signature or chain, another app's or environment's notification: never applied),
    ///   `verificationUnavailable`, `incompleteNotification`, `unknownProduct`, `ledgerFailed`.
    public func process(body: Data) async throws(NotificationProcessingError) -> NotificationReport {
        let decoded: NotificationBody
        do {
            decoded = try PayloadJSON.decode(NotificationBody.self, from: body)
        } catch {
            throw NotificationProcessingError(
                .malformedBody, detail: "the body is not {\"signedPayload\": \"<JWS>\"}", underlying: error)
        }
        return try await process(signedPayload: decoded.signedPayload)
    }

    /// Verifies and applies a notification's compact JWS (the body's `signedPayload`).
    ///
    /// - Throws: as ``process(body:)``.
    public func process(signedPayload: String) async throws(NotificationProcessingError) -> NotificationReport {
        try await apply(try await verify(signedPayload: signedPayload))
    }

    /// Verifies a notification's compact JWS and the transaction and renewal info its data carries.
    ///
    /// - Throws: ``NotificationProcessingError`` with code `verificationFailed` or
    ///   `verificationUnavailable`.
    public func verify(signedPayload: String) async throws(NotificationProcessingError) -> VerifiedNotification {
        let payload = try await verified("the notification") {
            try await verifier.notificationPayload(verifying: signedPayload)
        }
        let uuid = payload.notificationUUID
        var notification = VerifiedNotification(payload: payload)
        if let signed = payload.data?.signedTransactionInfo {
            notification.transaction = try await verified("its transaction", uuid) {
                try await verifier.transactionPayload(verifying: signed)
            }
        }
        if let signed = payload.data?.signedRenewalInfo {
            notification.renewalInfo = try await verified("its renewal info", uuid) {
                try await verifier.renewalInfoPayload(verifying: signed)
            }
        }
        return notification
    }

    private func verified<Payload: Sendable>(
        _ what: String, _ uuid: String? = nil, _ body: () async throws -> Payload
    ) async throws(NotificationProcessingError) -> Payload {
        do {
            return try await body()
        } catch var error as NotificationProcessingError {
            if error.notificationUUID == nil { error.notificationUUID = uuid }
            throw error
        } catch {
            throw NotificationProcessingError(
                .verificationFailed, detail: "\(what) did not verify", notificationUUID: uuid, underlying: error)
        }
    }

    /// Applies a verified notification to the ledger, once per `notificationUUID` (see the type's
    /// guarantees).
    ///
    /// - Throws: ``NotificationProcessingError`` with code `incompleteNotification`,
    ///   `unknownProduct` or `ledgerFailed`.
    public func apply(_ notification: VerifiedNotification) async throws(NotificationProcessingError)
        -> NotificationReport
    {
        let payload = notification.payload
        guard let uuid = payload.notificationUUID, !uuid.isEmpty else {
            throw NotificationProcessingError(
                .incompleteNotification, detail: "the notification has no notificationUUID")
        }
        let log = ledger as? any NotificationLog
        var report = NotificationReport(
            notificationUUID: uuid, notificationType: payload.notificationType, subtype: payload.subtype,
            transactionID: nil, outcome: .duplicate)
        if let log, try await ledgerCall(uuid, { try await log.notificationRecorded(uuid) }) != nil {
            return report
        }
        var effect = NotificationEffect(outcome: .duplicate, transactionID: nil)
        do {
            effect = try await effects(of: notification)
        } catch var error {
            error.notificationUUID = uuid
            throw error
        }
        report.transactionID = effect.transactionID
        report.outcome = effect.outcome
        if let log, try await !ledgerCall(uuid, { try await log.recordNotification(uuid, at: clock.now) }) {
            // Another processor recorded it meanwhile; what this one applied is reported all the same.
            if effect.changes.isEmpty { report.outcome = .duplicate }
        }
        return report
    }

    /// Runs a ledger call, turning its failure into a retryable ``NotificationProcessingError``.
    func ledgerCall<R: Sendable>(
        _ uuid: String?, _ body: () async throws -> R
    ) async throws(NotificationProcessingError) -> R {
        do {
            return try await body()
        } catch {
            throw NotificationProcessingError(
                .ledgerFailed, detail: "the ledger failed", notificationUUID: uuid,
                underlying: error as? PurchaseError ?? PurchaseError(.ledgerIOFailed, detail: "\(error)"))
        }
    }
}
