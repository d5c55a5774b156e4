public import Foundation
public import PurchaseCore

/// A simulated verifyReceipt service with a production and a sandbox environment, answering every
/// documented status the way Apple's legacy endpoint does, for receipts a ``ReceiptIssuer`` made.
///
/// For a request posted to one environment it answers, in this order:
/// 1. an injected fault (``injectFault(_:count:in:isRetryable:)``), or 21005 while unavailable;
/// 2. 21000 when the body is not a JSON object, 21002 when `receipt-data` is missing, not base64 or
///    not a receipt, 21003 when its signature does not verify;
/// 3. 21007 for a sandbox receipt sent to production, 21008 for a production receipt sent to the sandbox;
/// 4. 21004 when a shared secret is on file and the `password` differs (or is missing for a receipt
///    with auto-renewable subscriptions);
/// 5. 21010 after ``deleteAccount()``;
/// 6. 0 (or 21006 when ``reportsExpiredSubscriptions`` is on and every subscription in the receipt
///    has expired) with `receipt`, `latest_receipt_info`, `latest_receipt` and `pending_renewal_info`.
///
/// Its answers show what happened after a receipt was issued. With a ``VerifyReceiptAuthority`` (a
/// provider's service has the payment queue's account) the authority is the one source of truth:
/// `in_app` and `latest_receipt_info` show its renewals and refunds (`cancellation_date`,
/// `cancellation_reason`) and `pending_renewal_info` its subscriptions' renewal state, whenever the
/// receipt sent was issued; ``refund(transactionID:at:reason:)`` refunds on the authority. Without one
/// the service keeps what it is told itself (renewals through ``record(_:)``, refunds through
/// ``refund(transactionID:at:reason:)``). Either way ``record(_:)`` adds entries the authority lacks and
/// ``setPendingRenewalInfo(_:)`` overrides one subscription's renewal information.
///
/// It is an actor; every method is safe from any task. An answer that consults the authority awaits
/// it, so concurrent requests may be answered in another order than they were sent.
public actor SimulatedVerifyReceiptService: VerifyReceiptTransport {
    /// One request the service answered, for tests.
    public struct LogEntry: Sendable, Hashable {
        /// The endpoint the request was posted to.
        public var environment: AppStoreEnvironment
        /// The status answered.
        public var status: VerifyReceiptStatus
        /// How many transactions the answer was drawn from (the service's records and the
        /// authority's entries for the receipt's purchases, before older periods were left out): the
        /// measure of what answering cost. 0 for an answer without a receipt.
        public var transactionsRead: Int = 0
    }

    private struct Fault {
        var status: VerifyReceiptStatus
        var remaining: Int
        var environment: AppStoreEnvironment?
        var isRetryable: Bool?
    }

    private let validator: ReceiptValidator
    private let sharedSecret: String?
    private let clock: any PurchaseClock
    private let authority: (any VerifyReceiptAuthority)?
    /// Whether a receipt whose subscriptions have all expired is answered with 21006 (iOS 6 style)
    /// rather than 0.
    public let reportsExpiredSubscriptions: Bool
    private var records: [String: ReceiptTransaction] = [:]
    /// The last receipt authenticated and what it holds: a receipt sent to production, answered
    /// 21007 and sent again to the sandbox, is checked once (the answer depends on its bytes only).
    private var lastAuthenticated: (receiptData: String, receipt: AppReceipt)?
    /// For each original transaction identifier, what an answer without older periods needs of
    /// ``records``: kept up to date as records are added, so such an answer never reads them all.
    private var recordGroups: [String: RecordGroup] = [:]
    private var renewalInfo: [String: PendingRenewalInfo] = [:]
    private var cancellations: [String: (date: Date, reason: String)] = [:]
    private var faults: [Fault] = []
    private var isAvailable = true
    private var accountDeleted = false
    /// Every request answered, in order.
    public private(set) var log: [LogEntry] = []

    /// Creates a service that authenticates receipts with `validator`.
    ///
    /// - Parameters:
    ///   - validator: checks receipt signatures (built from the simulated store's public key).
    ///   - sharedSecret: the app's shared secret on file; `nil` checks no `password`.
    ///   - clock: gives `request_date` and decides expiry.
    ///   - reportsExpiredSubscriptions: answer 21006 when every subscription has expired.
    ///   - authority: the App Store's record of the account, which answers and refunds follow; `nil`
    ///     for a service that keeps what it is told itself.
    public init(
        validator: ReceiptValidator,
        sharedSecret: String? = nil,
        clock: any PurchaseClock = SystemClock(),
        reportsExpiredSubscriptions: Bool = false,
        authority: (any VerifyReceiptAuthority)? = nil
    ) {
        self.validator = validator
        self.sharedSecret = sharedSecret
        self.clock = clock
        self.reportsExpiredSubscriptions = reportsExpiredSubscriptions
        self.authority = authority
    }

    // MARK: - Authority state and faults

    /// Records what the App Store knows of a transaction (a renewal made after the receipt was
    /// issued, or a corrected entry); it replaces an earlier record with the same `transaction_id`.
    public func record(_ transaction: ReceiptTransaction) {
        store(transaction)
    }

    /// The records of one original transaction an answer without older periods lists: those that do
    /// not expire, and the newest by purchase date (then identifier) of those that do.
    private struct RecordGroup {
        var undated: Set<String> = []
        var newest: String?
    }

    /// Adds or replaces a record, keeping ``recordGroups`` right.
    private func store(_ entry: ReceiptTransaction) {
        let id = entry.transactionID
        let original = entry.originalTransactionID
        if let previous = records.updateValue(entry, forKey: id) {
            // A replaced record may leave its group's newest: find it again (rare: `record(_:)` only).
            records[id] = nil
            regroup(previous.originalTransactionID)
            records[id] = entry
        }
        var group = recordGroups[original, default: RecordGroup()]
        if entry.expiresDate == nil {
            group.undated.insert(id)
        } else if group.newest.flatMap({ records[$0] }).map({ Self.isNewer(entry, than: $0) }) ?? true {
            group.newest = id
        }
        recordGroups[original] = group
    }

    /// Rebuilds one original's group from every record (after a replacement).
    private func regroup(_ original: String) {
        var group = RecordGroup()
        for entry in records.values where entry.originalTransactionID == original {
            if entry.expiresDate == nil {
                group.undated.insert(entry.transactionID)
            } else if group.newest.flatMap({ records[$0] }).map({ Self.isNewer(entry, than: $0) }) ?? true {
                group.newest = entry.transactionID
            }
        }
        recordGroups[original] = group
    }

    /// The order answers list entries in: by purchase date, then transaction identifier.
    private static func isNewer(_ entry: ReceiptTransaction, than other: ReceiptTransaction) -> Bool {
        (entry.purchaseDate, entry.transactionID) > (other.purchaseDate, other.transactionID)
    }

    /// Refunds a transaction: later answers show `cancellation_date` and `cancellation_reason`
    /// (`"1"` for an issue with the app, `"0"` otherwise) wherever it appears. With an authority the
    /// refund is made on it (the payment queue's observers are told too); without one the service
    /// records it, whether it has seen the transaction yet or not.
    ///
    /// - Returns: `false` when the authority has no charged transaction with that identifier or it was
    ///   refunded already; always `true` without an authority.
    @discardableResult
    public func refund(transactionID: String, at date: Date, reason: String = "0") async -> Bool {
        if let authority {
            return await authority.refund(
                transactionID: transactionID, at: date, reason: reason == "1" ? .developerIssue : .other)
        }
        cancellations[transactionID] = (date, reason)
        return true
    }

    /// Sets the `pending_renewal_info` of one subscription (auto-renew off, billing retry, grace period).
    public func setPendingRenewalInfo(_ info: PendingRenewalInfo) {
        renewalInfo[info.originalTransactionID] = info
    }

    /// Makes the next `count` requests (to `environment`, or to either when `nil`) answer `status`
    /// before anything else is checked. For 21100...21199, `isRetryable` is sent as `is-retryable`.
    public func injectFault(
        _ status: VerifyReceiptStatus,
        count: Int = 1,
        in environment: AppStoreEnvironment? = nil,
        isRetryable: Bool? = nil
    ) {
        guard count > 0 else { return }
        faults.append(Fault(status: status, remaining: count, environment: environment, isRetryable: isRetryable))
    }

    /// Takes the service down (every request answers 21005) or brings it back.
    public func setAvailable(_ available: Bool) {
        isAvailable = available
    }

    /// Deletes the user's account: valid receipts answer 21010 from now on.
    public func deleteAccount() {
        accountDeleted = true
    }

    // MARK: - Answering

    /// Answers a request body posted to `environment`'s endpoint, as bytes.
    public func send(_ body: Data, to environment: AppStoreEnvironment) async throws -> Data {
        await respond(to: body, in: environment).jsonData()
    }

    /// Answers a request body posted to `environment`'s endpoint.
    public func respond(to body: Data, in environment: AppStoreEnvironment) async -> VerifyReceiptResponse {
        let (response, read) = await answer(body, environment)
        log.append(LogEntry(environment: environment, status: response.status, transactionsRead: read))
        return response
    }

    private func answer(_ body: Data, _ environment: AppStoreEnvironment) async -> (VerifyReceiptResponse, read: Int) {
        if let index = faults.firstIndex(where: { $0.environment == nil || $0.environment == environment }) {
            let fault = faults[index]
            faults[index].remaining -= 1
            if faults[index].remaining == 0 { faults.remove(at: index) }
            let flag = fault.status.isInternalError ? (fault.isRetryable ?? true) : nil
            return (VerifyReceiptResponse(status: fault.status, environment: environment, isRetryableFlag: flag), 0)
        }
        guard isAvailable else {
            return (VerifyReceiptResponse(status: .serverUnavailable, environment: environment), 0)
        }
        let request: VerifyReceiptRequest
        let receipt: AppReceipt
        do throws(VerifyReceiptStatusError) {
            request = try VerifyReceiptRequest(jsonData: body)
            if let last = lastAuthenticated, last.receiptData == request.receiptData {
                receipt = last.receipt
            } else {
                do {
                    receipt = try validator.validate(base64: request.receiptData)
                } catch {
                    throw VerifyReceiptStatusError(status: error.verifyReceiptStatus)
                }
                lastAuthenticated = (request.receiptData, receipt)
            }
        } catch {
            return (VerifyReceiptResponse(status: error.status, environment: environment), 0)
        }
        if receipt.environment == .sandbox && environment == .production {
            return (VerifyReceiptResponse(status: .sandboxReceiptSentToProduction, environment: environment), 0)
        }
        if receipt.environment != .sandbox && environment == .sandbox {
            return (VerifyReceiptResponse(status: .productionReceiptSentToSandbox, environment: environment), 0)
        }
        let hasSubscriptions = receipt.inApp.contains { $0.expiresDate != nil }
        if let sharedSecret, request.password != sharedSecret, request.password != nil || hasSubscriptions {
            return (VerifyReceiptResponse(status: .sharedSecretMismatch, environment: environment), 0)
        }
        if accountDeleted {
            return (VerifyReceiptResponse(status: .accountNotFound, environment: environment), 0)
        }
        return await decodedReceipt(receipt, request: request, environment: environment)
    }

    /// The full answer for an authentic receipt: status 0 (or 21006) with the authority's view.
    private func decodedReceipt(
        _ sent: AppReceipt,
        request: VerifyReceiptRequest,
        environment: AppStoreEnvironment
    ) async -> (VerifyReceiptResponse, read: Int) {
        for entry in sent.inApp where records[entry.transactionID] == nil {
            store(entry)
        }
        let owners = Set(sent.inApp.map(\.originalTransactionID))
        // The authority's entries replace what the service was told about the same transactions.
        // Without older periods, only what the answer lists is looked up, so that an answer costs the
        // same however many periods a subscription has had.
        var known: [String: ReceiptTransaction] = [:]
        if request.excludeOldTransactions {
            for owner in owners {
                guard let group = recordGroups[owner] else { continue }
                for id in group.undated.union(group.newest.map { [$0] } ?? []) { known[id] = records[id] }
            }
            for entry in sent.inApp { known[entry.transactionID] = records[entry.transactionID] }
        } else {
            known = records.filter { owners.contains($0.value.originalTransactionID) }
        }
        var authorityRenewals: [String: PendingRenewalInfo] = [:]
        if let authority {
            let entries =
                request.excludeOldTransactions
                ? await authority.recentReceiptTransactions(
                    originalTransactionIDs: owners, transactionIDs: Set(sent.inApp.map(\.transactionID)))
                : await authority.receiptTransactions(originalTransactionIDs: owners)
            for entry in entries {
                known[entry.transactionID] = entry
            }
            for info in await authority.pendingRenewalInfo(originalTransactionIDs: owners) {
                authorityRenewals[info.originalTransactionID] = info
            }
        }
        var receipt = sent
        receipt.requestDate = clock.now
        receipt.inApp = sent.inApp.map { entry in
            var listed = authorityView(of: known[entry.transactionID] ?? entry)
            // Apple lists the app account token in latest_receipt_info only.
            listed.appAccountToken = nil
            return listed
        }
        var latest = known.values.map(authorityView(of:))
            .sorted { ($0.purchaseDate, $0.transactionID) < ($1.purchaseDate, $1.transactionID) }
        if request.excludeOldTransactions {
            var newest: [String: ReceiptTransaction] = [:]
            for entry in latest where entry.expiresDate != nil { newest[entry.originalTransactionID] = entry }
            latest = latest.filter { $0.expiresDate == nil || newest[$0.originalTransactionID] == $0 }
        }
        var pending: [PendingRenewalInfo] = []
        var lastExpiry: [String: Date] = [:]
        for entry in latest {
            guard let expires = entry.expiresDate else { continue }
            let original = entry.originalTransactionID
            if lastExpiry[original] == nil {
                pending.append(
                    renewalInfo[original] ?? authorityRenewals[original]
                        ?? PendingRenewalInfo(originalTransactionID: original, productID: entry.productID))
            }
            lastExpiry[original] = max(lastExpiry[original] ?? expires, expires)
        }
        let now = clock.now
        let allExpired = !lastExpiry.isEmpty && lastExpiry.values.allSatisfy { $0 <= now }
        let status: VerifyReceiptStatus = reportsExpiredSubscriptions && allExpired ? .subscriptionExpired : .valid
        let response = VerifyReceiptResponse(
            status: status,
            environment: environment,
            receipt: receipt,
            latestReceiptInfo: latest,
            latestReceipt: request.receiptData,
            pendingRenewalInfo: pending
        )
        return (response, known.count)
    }

    /// `entry` with the refund the service knows of, if any.
    private func authorityView(of entry: ReceiptTransaction) -> ReceiptTransaction {
        guard let cancellation = cancellations[entry.transactionID] else { return entry }
        var cancelled = entry
        cancelled.cancellationDate = cancellation.date
        cancelled.cancellationReason = cancellation.reason
        return cancelled
    }
}
