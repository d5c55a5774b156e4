public import Foundation
public import PurchaseCore

/// A `ReceiptVerifier` for App Store transactions that asks verifyReceipt, the way Apple
/// recommends for its legacy endpoint.
///
/// Guarantees:
/// - A receipt is sent to production first; a 21007 answer sends it to the sandbox, a 21008 answer
///   to production, at most two switches in all (no ping-pong), so the sandbox receipts of App
///   Review verify.
/// - Retryable answers (21002, 21005, 21009, 21100...21199 unless `is-retryable` is false), transport
///   failures and unreadable bodies are retried with ``retryPolicy``'s exponential backoff through the
///   injected ``sleeper``; when retries run out the error is `PurchaseError.Code.verificationUnavailable`
///   (the store keeps the transaction unfinished and tries later).
/// - Any other non-zero status fails with `PurchaseError.verifyReceipt(status:)`, whose
///   `PurchaseError.verifierStatus` is the status. 21006 (valid receipt, expired subscription) is
///   accepted when ``acceptsExpiredSubscriptions`` is on (the default): the receipt is genuine and the
///   expiry is in the answer.
/// - ``verify(_:)`` accepts a transaction only when the authority lists it (`in_app` or
///   `latest_receipt_info`) for the same product, and returns it corrected with what the authority
///   says: the latest expiry of its subscription, a refund (revocation), auto-renew status, ownership,
///   the environment, and the app account token `latest_receipt_info` lists for it (the receipt's
///   `in_app` carries none; without one there, the transaction's own token stays).
/// - Transactions that carry the same receipt bytes within a few seconds (a batch reported together)
///   share one verifyReceipt answer (``recentAnswer``); a different receipt is always asked about.
public struct AppStoreReceiptVerifier: ReceiptVerifier {
    /// Reaches verifyReceipt (``SimulatedVerifyReceiptService`` in tests, HTTP in production).
    public var transport: any VerifyReceiptTransport
    /// The app's shared secret, sent as `password`.
    public var sharedSecret: String?
    /// When set, a receipt for another `bundle_id` is refused.
    public var bundleID: String?
    /// Sent as `exclude-old-transactions`.
    public var excludeOldTransactions: Bool
    /// Whether 21006 counts as a valid answer.
    public var acceptsExpiredSubscriptions: Bool
    /// How retryable answers are retried.
    public var retryPolicy: VerifyReceiptRetryPolicy
    /// Waits between retries.
    public var sleeper: any VerifyReceiptSleeper
    /// The App Store product identifier of each catalog product whose identifiers differ
    /// (catalog `StoreIDs`); products not listed use the catalog identifier.
    public var storeProductIDs: [String: String]
    /// The last accepted answer, reused for transactions that carry the same receipt.
    public var recentAnswer: RecentVerifyReceiptAnswer

    /// Creates a verifier.
    public init(
        transport: any VerifyReceiptTransport,
        sharedSecret: String? = nil,
        bundleID: String? = nil,
        excludeOldTransactions: Bool = false,
        acceptsExpiredSubscriptions: Bool = true,
        retryPolicy: VerifyReceiptRetryPolicy = .default,
        sleeper: any VerifyReceiptSleeper = TaskSleeper(),
        storeProductIDs: [String: String] = [:],
        recentAnswer: RecentVerifyReceiptAnswer = RecentVerifyReceiptAnswer()
    ) {
        self.transport = transport
        self.sharedSecret = sharedSecret
        self.bundleID = bundleID
        self.excludeOldTransactions = excludeOldTransactions
        self.acceptsExpiredSubscriptions = acceptsExpiredSubscriptions
        self.retryPolicy = retryPolicy
        self.sleeper = sleeper
        self.storeProductIDs = storeProductIDs
        self.recentAnswer = recentAnswer
    }

    /// Verifies receipt bytes (a receipt file; base64 text is sent as it is).
    ///
    /// - Throws: `PurchaseError` as the type's guarantees describe.
    public func verifyReceipt(_ receipt: Data) async throws(PurchaseError) -> VerifyReceiptResult {
        try await verifyReceipt(base64: Self.receiptData(receipt))
    }

    /// Verifies a base64 receipt (verifyReceipt's `receipt-data`).
    ///
    /// - Throws: `PurchaseError` as the type's guarantees describe.
    public func verifyReceipt(base64 receiptData: String) async throws(PurchaseError) -> VerifyReceiptResult {
        let body = VerifyReceiptRequest(
            receiptData: receiptData, password: sharedSecret, excludeOldTransactions: excludeOldTransactions
        ).jsonData()
        var environment = AppStoreEnvironment.production
        var environmentSwitches = 0
        var retries = 0
        var attempts: [VerifyReceiptResult.Attempt] = []
        while true {
            let response: VerifyReceiptResponse?
            var failure: (any Error & Sendable)?
            do {
                let data = try await transport.send(body, to: environment)
                response = try VerifyReceiptResponse(jsonData: data)
            } catch {
                response = nil
                failure = error
            }
            attempts.append(.init(environment: environment, status: response?.status))
            if let response {
                let status = response.status
                if status == .valid || (status == .subscriptionExpired && acceptsExpiredSubscriptions) {
                    return VerifyReceiptResult(response: response, environment: environment, attempts: attempts)
                }
                if let other = response.retryIn, other != environment, environmentSwitches < 2 {
                    environment = other
                    environmentSwitches += 1
                    continue
                }
                guard response.isRetryable else { throw Self.refusal(status) }
            }
            guard retries < retryPolicy.maximumRetries else {
                if let status = response?.status {
                    throw PurchaseError.verifyReceipt(status: status.rawValue)
                        ?? PurchaseError(.verificationUnavailable, verifierStatus: status.rawValue)
                }
                throw PurchaseError(
                    .verificationUnavailable,
                    detail: "verifyReceipt gave no usable answer after \(attempts.count) attempts",
                    underlyingError: failure)
            }
            retries += 1
            do {
                try await sleeper.sleep(for: retryPolicy.delay(beforeRetry: retries))
            } catch {
                throw PurchaseError(
                    .verificationUnavailable, detail: "verification was cancelled", underlyingError: CancellationError()
                )
            }
        }
    }

    /// The error for a final, non-retryable status: `PurchaseError.verifyReceipt(status:)`, except
    /// that an internal error Apple marks `is-retryable: false` is a refusal, not "try later".
    private static func refusal(_ status: VerifyReceiptStatus) -> PurchaseError {
        var error =
            PurchaseError.verifyReceipt(status: status.rawValue)
            ?? PurchaseError(.verificationFailed, verifierStatus: status.rawValue)
        if error.code == .verificationUnavailable { error.code = .verificationFailed }
        return error
    }

    /// Verifies one App Store transaction against its receipt (`StoreTransaction.verificationData`).
    ///
    /// - Throws: `PurchaseError`: `PurchaseError.Code.receiptInvalid` without a receipt,
    ///   `PurchaseError.Code.verificationFailed` when the receipt does not list the transaction for
    ///   its product or belongs to another app, and the errors of ``verifyReceipt(_:)``.
    public func verify(_ transaction: StoreTransaction) async throws -> StoreTransaction {
        guard let receipt = transaction.verificationData, !receipt.isEmpty else {
            throw PurchaseError(
                .receiptInvalid, detail: "transaction \(transaction.id) has no receipt",
                productID: transaction.productID)
        }
        let result: VerifyReceiptResult
        do {
            if let recent = recentAnswer.answer(for: receipt) {
                result = recent
            } else {
                result = try await verifyReceipt(receipt)
                recentAnswer.keep(result, for: receipt)
            }
        } catch {
            var error = error
            error.productID = transaction.productID
            throw error
        }
        return try update(transaction, with: result)
    }

    /// The transaction as the authority's answer describes it, or why it is refused.
    func update(_ transaction: StoreTransaction, with result: VerifyReceiptResult) throws(PurchaseError)
        -> StoreTransaction
    {
        let response = result.response
        func refuse(_ detail: String) -> PurchaseError {
            PurchaseError(
                .verificationFailed, detail: detail, productID: transaction.productID,
                verifierStatus: response.status.rawValue)
        }
        if let bundleID, response.receipt?.bundleID != bundleID {
            throw refuse("the receipt belongs to \(response.receipt?.bundleID ?? "no app"), not \(bundleID)")
        }
        let entries = response.latestReceiptInfo + response.inApp
        let restoredEntry = entries.filter { $0.originalTransactionID == transaction.originalID }
            .max { $0.purchaseDate < $1.purchaseDate }
        guard
            let entry = entries.first(where: { $0.transactionID == transaction.id })
                ?? (transaction.state == .restored ? restoredEntry : nil)
        else {
            throw refuse("transaction \(transaction.id) is not in the receipt")
        }
        let storeProductID = storeProductIDs[transaction.productID] ?? transaction.productID
        guard entry.productID == storeProductID else {
            throw refuse(
                "the receipt lists transaction \(transaction.id) for \(entry.productID), not \(storeProductID)")
        }
        var updated = transaction
        updated.environment = result.environment == .sandbox ? .sandbox : .production
        updated.quantity = entry.quantity
        // A subscription's renewals of this product: after a downgrade or crossgrade the same original
        // transaction renews as another product, whose periods are not this product's.
        let subscription = entries.filter {
            $0.originalTransactionID == entry.originalTransactionID && $0.productID == entry.productID
        }
        if let expiry = subscription.filter({ $0.cancellationDate == nil }).compactMap(\.expiresDate).max()
            ?? entry.expiresDate
        {
            updated.expirationDate = expiry
        }
        if let cancelled = entry.cancellationDate {
            updated.revocationDate = cancelled
            updated.revocationReason = entry.cancellationReason == "1" ? .developerIssue : .other
        }
        if let renewal = response.pendingRenewalInfo.first(where: {
            $0.originalTransactionID == entry.originalTransactionID
        }), let autoRenew = renewal.autoRenewStatus {
            updated.willAutoRenew = autoRenew
        }
        if entry.inAppOwnershipType == "FAMILY_SHARED" { updated.ownership = .familyShared }
        // The account the authority lists the purchase for wins over the one the transaction claims.
        if let token = response.latestReceiptInfo.first(where: { $0.transactionID == entry.transactionID })?
            .appAccountToken
        {
            updated.appAccountToken = token
        }
        return updated
    }

    /// `receipt-data` for receipt bytes: base64 of them, unless they already are base64 text.
    static func receiptData(_ receipt: Data) -> String {
        let isBase64Text = receipt.allSatisfy { byte in
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
                || byte == 0x0A || byte == 0x0D
        }
        if isBase64Text, let text = String(data: receipt, encoding: .utf8),
            Data(base64Encoded: text, options: .ignoreUnknownCharacters) != nil
        {
            return text.filter { !$0.isNewline }
        }
        return receipt.base64EncodedString()
    }
}
