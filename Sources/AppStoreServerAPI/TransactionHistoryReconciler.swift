public import AppStoreSignedData
public import PurchaseCore

/// Repairs a ledger from the App Store's own record of a customer: pulls the customer's whole
/// transaction history from the App Store Server API, verifies every signed transaction, then
/// applies each one to the ledger by the rules App Store Server Notifications follow
/// (`AppStoreNotificationProcessor.applyTransaction(_:)` over `TransactionFulfillment`).
///
/// Guarantees: nothing is applied unless every transaction of the history verified; each
/// transaction is applied idempotently (a delivery missing from the ledger is recorded for the
/// account its app account token names, a revoked one is revoked with its payouts, one that ended
/// earlier is ended), so a second reconciliation of the same history changes nothing.
public struct TransactionHistoryReconciler: Sendable {
    /// Where the history comes from.
    public let client: AppStoreServerAPIClient
    /// What verifies each signed transaction (the deployment's trusted roots, bundle and environment).
    public let verifier: SignedDataVerifier
    /// What applies each transaction to the ledger.
    public let processor: AppStoreNotificationProcessor

    /// A reconciler pulling from `client`, verifying with `verifier` and applying with `processor`.
    public init(client: AppStoreServerAPIClient, verifier: SignedDataVerifier, processor: AppStoreNotificationProcessor)
    {
        self.client = client
        self.verifier = verifier
        self.processor = processor
    }

    /// Reconciles the history of the customer who made `transactionID` (any of their transactions).
    ///
    /// - Returns: what changed, and how many transactions the ledger already held as they are.
    /// - Throws: ``ReconciliationError``: the API's failure (nothing applied), a transaction that
    ///   did not verify (nothing applied), or a failure applying one (those applied before it stay,
    ///   and a new reconciliation completes the rest).
    public func reconcile(transactionID: String) async throws(ReconciliationError) -> ReconciliationReport {
        let signed: [String]
        do {
            signed = try await client.wholeTransactionHistory(for: transactionID)
        } catch {
            throw ReconciliationError(.api, api: error)
        }
        var payloads: [TransactionPayload] = []
        for token in signed {
            do {
                payloads.append(try verifier.verifyTransaction(token).payload)
            } catch {
                throw ReconciliationError(.verification, verification: error)
            }
        }
        var report = ReconciliationReport()
        for payload in payloads {
            let changes: NotificationChanges
            do {
                changes = try await processor.applyTransaction(payload)
            } catch {
                throw ReconciliationError(.ledger, processing: error)
            }
            report.delivered += changes.delivered
            report.revoked += changes.revoked
            report.expired += changes.expired
            if changes.isEmpty { report.unchanged += 1 }
        }
        report.transactions = payloads.count
        return report
    }
}

/// What a reconciliation changed.
public struct ReconciliationReport: Sendable, Hashable {
    /// How many transactions the history held.
    public var transactions = 0
    /// Transactions delivered now (they were missing from the ledger).
    public var delivered: [TransactionID] = []
    /// Transactions recorded as revoked now.
    public var revoked: [TransactionID] = []
    /// Delivered transactions recorded as ending earlier now.
    public var expired: [TransactionID] = []
    /// How many transactions changed nothing.
    public var unchanged = 0

    /// An empty report.
    public init() {}
}

/// A reconciliation failed; ``code`` says at which step, and the error of that step is kept.
public struct ReconciliationError: Error, Sendable, CustomStringConvertible {
    /// The step that failed. New codes may be added.
    public struct Code: RawRepresentable, Sendable, Hashable {
        /// A stable number, never reused.
        public var rawValue: Int
        /// The code numbered `rawValue`.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The App Store Server API failed (``api``).
        public static let api = Code(rawValue: 1)
        /// A signed transaction did not verify (``verification``).
        public static let verification = Code(rawValue: 2)
        /// A transaction could not be applied to the ledger (``processing``).
        public static let ledger = Code(rawValue: 3)
    }

    /// The step.
    public var code: Code
    /// The API's error, for ``Code/api``.
    public var api: AppStoreServerAPIError?
    /// The verifier's error, for ``Code/verification``.
    public var verification: SignedDataVerificationError?
    /// The processor's error, for ``Code/ledger``.
    public var processing: NotificationProcessingError?

    /// An error of `code` with the step's own error.
    public init(
        _ code: Code, api: AppStoreServerAPIError? = nil, verification: SignedDataVerificationError? = nil,
        processing: NotificationProcessingError? = nil
    ) {
        self.code = code
        self.api = api
        self.verification = verification
        self.processing = processing
    }

    /// The step's error, for logs.
    public var description: String {
        api.map { "App Store Server API: \($0)" } ?? verification.map { "verification: \($0)" }
            ?? processing.map { "ledger: \($0)" } ?? "reconciliation failed"
    }
}
