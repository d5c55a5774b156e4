public import Foundation
public import PurchaseCore

extension PaymentQueue {
    /// Where an auto-renewable subscription stands in the simulated account.
    public struct SubscriptionStatus: Sendable, Hashable {
        /// Where billing stands.
        public enum Billing: String, Sendable, Hashable {
            /// Renewals are charged.
            case ok
            /// A renewal could not be charged; access continues until ``SubscriptionStatus/gracePeriodExpirationDate``.
            case gracePeriod
            /// A renewal could not be charged; access has stopped while the store retries.
            case billingRetry
        }

        /// The App Store product identifier.
        public var productIdentifier: String
        /// The original purchase's transaction identifier.
        public var originalTransactionIdentifier: String
        /// The latest transaction (purchase or renewal).
        public var latestTransactionIdentifier: String
        /// When the current period ends.
        public var expirationDate: Date
        /// Whether it renews at ``expirationDate``.
        public var willAutoRenew: Bool
        /// The product it renews as (`auto_renew_product_id`): another of its group after a
        /// downgrade or a crossgrade to another duration, else ``productIdentifier``.
        public var renewalProductIdentifier: String
        /// Where billing stands.
        public var billing: Billing
        /// When access ends during a grace period.
        public var gracePeriodExpirationDate: Date?
        /// Whether the store refunded it.
        public var isRevoked: Bool
        /// Whether it gives access at the time it was read: in its period, or in a grace period.
        public var isActive: Bool
        /// Why its period ended without a renewal: a billing error while the store retries (grace period
        /// included) or once retry ran out, or auto-renew turned off; `nil` while it is in its period or
        /// was refunded.
        public var expirationReason: ExpirationReason?
        /// `price_consent_status` of `pending_renewal_info`: 0 while a raised price that needs consent
        /// waits for it (or was declined), 1 once consented; `nil` when no such increase was made.
        public var priceConsentStatus: Int? = nil
    }

    /// Why a subscription's period ended without a renewal (`expiration_intent` 1 to 3 of verifyReceipt's
    /// `pending_renewal_info`); the raw value is the intent.
    public enum ExpirationReason: Int, Sendable, Hashable {
        /// Auto-renew was turned off, or the subscription was expired (`expireSubscription`): intent 1.
        case autoRenewDisabled = 1
        /// A renewal could not be charged (during billing retry and after it ran out): intent 2.
        case billingError = 2
        /// The person did not consent to a raised price by the end of the period: intent 3.
        case priceIncreaseNotConsented = 3
    }

    // MARK: - Session controls

    /// Changes the test session's knobs (everything but the storefront's notification; see
    /// ``setStorefront(_:)``).
    public func updateControls(_ change: @Sendable (inout SessionControls) -> Void) {
        change(&controls)
    }

    /// Switches the storefront: prices come from it from now on, and observers are told
    /// ``PaymentTransactionObserver/storefrontDidChange(_:)``.
    public func setStorefront(_ storefront: String) async {
        controls.storefront = storefront
        await commit([], callbacks: [tell { $0.storefrontDidChange(storefront) }])
    }

    /// Sets the locale products are named in.
    public func setLocale(_ locale: String) {
        controls.locale = locale
    }

    // MARK: - Ask to Buy

    /// The deferred transactions waiting for a parent's decision, oldest first.
    public func askToBuyRequests() async -> [PaymentTransaction] {
        await prepare()
        return account.unfinishedTransactions.filter { $0.state == .deferred }.map(paymentTransaction)
    }

    /// Approves a deferred transaction: it becomes purchased (same identifier) and observers are told.
    ///
    /// - Returns: the purchased transaction, or `nil` when no deferred transaction has that identifier.
    @discardableResult
    public func approveAskToBuy(_ identifier: String) async -> PaymentTransaction? {
        await prepare()
        guard let number = Self.number(identifier), var transaction = account.transactions[number],
            transaction.state == .deferred, let product = productsByIdentifier[transaction.productIdentifier]
        else { return nil }
        var refunded: [AccountTransaction] = []
        // Approved, the purchase is charged at the promotional offer or offer code it asked for.
        let offer = transaction.offer.flatMap { $0.kind == .introductory ? nil : terms(of: $0, on: product) }
        let records = purchase(
            &transaction, product: product, at: clock.now.timeIntervalSince1970, refunded: &refunded, offer: offer)
        let value = paymentTransaction(transaction)
        let ended = refunded.map(paymentTransaction)
        await commit(
            records,
            callbacks: [
                tell { $0.updatedTransactions([value]) }, ended.isEmpty ? nil : tell { $0.revokedTransactions(ended) },
            ])
        return value
    }

    /// Declines a deferred transaction: it fails (`paymentCancelled`) and observers are told.
    ///
    /// - Returns: the failed transaction, or `nil` when no deferred transaction has that identifier.
    @discardableResult
    public func declineAskToBuy(_ identifier: String) async -> PaymentTransaction? {
        await prepare()
        guard let number = Self.number(identifier), var transaction = account.transactions[number],
            transaction.state == .deferred
        else { return nil }
        transaction.state = .failed
        transaction.errorCode = StoreKitError.Code.paymentCancelled.rawValue
        transaction.date = clock.now.timeIntervalSince1970
        let value = paymentTransaction(transaction)
        await commit([.put(transaction)], callbacks: [tell { $0.updatedTransactions([value]) }])
        return value
    }

    // MARK: - Interrupted purchases

    /// Interrupted purchases the person has not resolved yet (failed transactions, finished or not).
    public func interruptedPurchases() async -> [PaymentTransaction] {
        await prepare()
        return account.transactions.values.filter(\.awaitingResolution).sorted { $0.number < $1.number }
            .map(paymentTransaction)
    }

    /// Resolves an interrupted purchase (the person acted outside the app): a new purchased
    /// transaction for the same payment is delivered to observers.
    ///
    /// - Parameter identifier: the failed interrupted transaction's identifier.
    /// - Returns: the new purchased transaction, or `nil` when no interrupted purchase has that identifier.
    @discardableResult
    public func resolveInterruptedPurchase(_ identifier: String) async -> PaymentTransaction? {
        await prepare()
        guard let number = Self.number(identifier), var interrupted = account.transactions[number],
            interrupted.awaitingResolution, let product = productsByIdentifier[interrupted.productIdentifier]
        else { return nil }
        interrupted.awaitingResolution = false
        var records: [AccountRecord] = [.put(interrupted)]
        var transaction = interrupted
        transaction.number = account.nextNumber
        account.nextNumber += 1
        transaction.originalNumber = transaction.number
        transaction.finished = false
        transaction.interrupted = false
        var refunded: [AccountTransaction] = []
        records.append(
            contentsOf: purchase(
                &transaction, product: product, at: clock.now.timeIntervalSince1970, refunded: &refunded))
        let value = paymentTransaction(transaction)
        let ended = refunded.map(paymentTransaction)
        await commit(
            records,
            callbacks: [
                tell { $0.updatedTransactions([value]) }, ended.isEmpty ? nil : tell { $0.revokedTransactions(ended) },
            ])
        return value
    }

    // MARK: - Account changes

    /// Forgets every transaction and subscription of the account (`SKTestSession.clearTransactions`);
    /// observers are told the unfinished ones were removed.
    public func clearTransactions() async {
        await prepare()
        let removed = account.unfinishedTransactions.map(paymentTransaction)
        downloadTable.removeAll()
        var callbacks: [(@Sendable () -> Void)?] = []
        if !removed.isEmpty { callbacks.append(tell(removal: true) { $0.removedTransactions(removed) }) }
        await commit([.clear], callbacks: callbacks)
    }

    /// Refunds a purchase: observers are told ``PaymentTransactionObserver/revokedTransactions(_:)``
    /// with its revocation date and ``PaymentTransactionObserver/didRevokeEntitlements(forProductIdentifiers:)``;
    /// a refunded subscription stops renewing. The account keeps the refund, so receipts issued from now
    /// on and the provider's verifyReceipt service (whenever the receipt it is sent was issued) show
    /// `cancellation_date` and `cancellation_reason` for the transaction.
    ///
    /// - Parameters:
    ///   - identifier: a purchase or renewal the account still knows, or one of its latest 1,000 finished
    ///     consumable purchases; a refunded consumable is
    ///     listed again, finished, in ``accountTransactions`` and receipts.
    ///   - reason: why Apple refunded it: `developerIssue` (`cancellation_reason` 1) or `other` (0).
    /// - Returns: the revoked transaction, or `nil` when the account does not know it or it was refunded
    ///   already.
    @discardableResult
    public func refundTransaction(_ identifier: String, reason: RevocationReason = .other) async
        -> PaymentTransaction?
    {
        await refundTransaction(identifier, at: clock.now, reason: reason)
    }

    /// ``refundTransaction(_:reason:)`` dated `date` (the verifyReceipt service refunds at its own date).
    func refundTransaction(_ identifier: String, at date: Date, reason: RevocationReason) async
        -> PaymentTransaction?
    {
        await prepare()
        guard let number = Self.number(identifier),
            var transaction = account.transactions[number] ?? account.refundableConsumables[number],
            transaction.state == .purchased || transaction.state == .restored, transaction.revocation == nil
        else { return nil }
        transaction.revocation = date.timeIntervalSince1970
        transaction.revokedForAppIssue = reason == .developerIssue
        var records: [AccountRecord] = [.put(transaction)]
        if var subscription = account.subscriptions[transaction.originalNumber] {
            subscription.revoked = true
            subscription.willAutoRenew = false
            records.append(.subscription(subscription))
        }
        let value = paymentTransaction(transaction)
        let productIdentifier = transaction.productIdentifier
        await commit(
            records,
            callbacks: [
                tell { $0.revokedTransactions([value]) },
                tell { $0.didRevokeEntitlements(forProductIdentifiers: [productIdentifier]) },
            ])
        return value
    }

    /// The subscriptions of the account, oldest first, as they stand now.
    public func subscriptionStatuses() async -> [SubscriptionStatus] {
        await prepare()
        let now = clock.now.timeIntervalSince1970
        return account.subscriptions.keys.sorted().compactMap { account.subscriptions[$0] }.map {
            status($0, now: now)
        }
    }

    /// The newest subscription to a product, as it stands now, or `nil` when never bought.
    public func subscriptionStatus(for productIdentifier: String) async -> SubscriptionStatus? {
        await subscriptionStatuses().last { $0.productIdentifier == productIdentifier }
    }

    /// Ends a subscription's current period now; it does not renew (`SKTestSession.expireSubscription`).
    /// Its latest transaction's expiration date becomes now, so receipts (`expires_date`), verifyReceipt
    /// (`latest_receipt_info`, and `pending_renewal_info` with auto-renew off and expiration intent 1) and
    /// ``accountTransactions`` show the early end. Observers are told nothing: StoreKit has no callback
    /// for an expiry. The provider adapter (``SimulatedAppStoreProvider``) is: when the period ended
    /// early, it sends the changed transaction through its `transactionUpdates` and hands it back from
    /// its `unfinishedTransactions()` (also after a relaunch) until the app's store finishes it.
    ///
    /// - Returns: `false` when the product has no subscription in the account.
    @discardableResult
    public func expireSubscription(productIdentifier: String) async -> Bool {
        await prepare()
        guard var subscription = newestSubscription(productIdentifier) else { return false }
        let endBefore = account.transactions[subscription.latestNumber]?.expiration ?? subscription.expiration
        subscription.expiration = min(subscription.expiration, clock.now.timeIntervalSince1970)
        subscription.willAutoRenew = false
        subscription.billing = .ok
        subscription.billingIssueSince = nil
        var records = latestTransactionRecords(subscription)
        var endedEarly: [PaymentTransaction] = []
        if case .put(var latest)? = records.first, let end = latest.expiration, end < endBefore {
            latest.expiryNoticePending = true
            records[0] = .put(latest)
            endedEarly.append(paymentTransaction(latest))
        }
        let told = endedEarly
        await commit(
            records + [.subscription(subscription)],
            callbacks: told.isEmpty ? [] : [tellAdapters { $0.transactionsEndedEarly(told) }])
        return true
    }

    /// The latest transaction of `subscription` brought in line with it: its expiration date no later
    /// than the subscription's, and its auto-renew flag the subscription's (empty when nothing changes).
    func latestTransactionRecords(_ subscription: SubscriptionRecord) -> [AccountRecord] {
        guard var latest = account.transactions[subscription.latestNumber] else { return [] }
        let before = latest
        latest.expiration = min(latest.expiration ?? subscription.expiration, subscription.expiration)
        latest.autoRenew = subscription.willAutoRenew ? 2 : 1
        return latest == before ? [] : [.put(latest)]
    }

    /// Renews a subscription now (`SKTestSession.forceRenewalOfSubscription`): a new purchased
    /// transaction, keeping the original identifier, starts a period from now.
    ///
    /// - Returns: the renewal, or `nil` when the product has no subscription that can renew.
    @discardableResult
    public func forceRenewalOfSubscription(productIdentifier: String) async -> PaymentTransaction? {
        await prepare()
        guard var subscription = newestSubscription(productIdentifier), !subscription.revoked else { return nil }
        let now = clock.now.timeIntervalSince1970
        subscription.billing = .ok
        subscription.billingIssueSince = nil
        subscription.willAutoRenew = true
        subscription.endedForBillingIssue = false
        guard let renewal = makeRenewal(of: &subscription, at: now) else { return nil }
        let value = paymentTransaction(renewal)
        await commit(
            [.put(renewal), .subscription(subscription)], callbacks: [tell { $0.updatedTransactions([value]) }],
            hints: CommitHints(renewals: [renewal.number]))
        return value
    }

    /// Turns auto-renew off (`SKTestSession.disableAutoRenewForTransaction`): the subscription ends at
    /// its expiry.
    ///
    /// - Parameter identifier: the subscription's original or any later transaction identifier.
    /// - Returns: `false` when no subscription has that transaction.
    @discardableResult
    public func disableAutoRenewForTransaction(_ identifier: String) async -> Bool {
        await setAutoRenew(false, forTransaction: identifier)
    }

    /// Turns auto-renew back on (`SKTestSession.enableAutoRenewForTransaction`).
    @discardableResult
    public func enableAutoRenewForTransaction(_ identifier: String) async -> Bool {
        await setAutoRenew(true, forTransaction: identifier)
    }

    private func setAutoRenew(_ on: Bool, forTransaction identifier: String) async -> Bool {
        await prepare()
        guard let number = Self.number(identifier) else { return false }
        let original = account.transactions[number]?.originalNumber ?? number
        guard var subscription = account.subscriptions[original] else { return false }
        subscription.willAutoRenew = on
        if on { subscription.endedForBillingIssue = false }
        await commit(latestTransactionRecords(subscription) + [.subscription(subscription)], callbacks: [])
        return true
    }

    /// Charges a subscription in grace period or billing retry now: it renews from now.
    ///
    /// - Returns: the renewal, or `nil` when the product has no subscription in billing trouble.
    @discardableResult
    public func resolveBillingIssue(productIdentifier: String) async -> PaymentTransaction? {
        await prepare()
        guard let subscription = newestSubscription(productIdentifier), subscription.billing != .ok else { return nil }
        return await forceRenewalOfSubscription(productIdentifier: productIdentifier)
    }

    // MARK: - Helpers

    /// The period a subscription renews at (a month when the catalog no longer has its product).
    func renewalPeriod(of subscription: SubscriptionRecord) -> SubscriptionPeriod {
        productsByIdentifier[subscription.productIdentifier]?.subscription?.period
            ?? SubscriptionPeriod(value: 1, unit: .month)
    }

    func newestSubscription(_ productIdentifier: String) -> SubscriptionRecord? {
        account.subscriptions.values.filter { $0.productIdentifier == productIdentifier }
            .max { $0.originalNumber < $1.originalNumber }
    }

    func status(_ subscription: SubscriptionRecord, now: Double) -> SubscriptionStatus {
        var graceEnd: Double?
        if subscription.billing == .gracePeriod, let since = subscription.billingIssueSince {
            graceEnd = since + controls.gracePeriod(for: renewalPeriod(of: subscription))
        }
        let billing: SubscriptionStatus.Billing =
            switch subscription.billing {
            case .ok: .ok
            case .gracePeriod: .gracePeriod
            case .retry: .billingRetry
            }
        let active =
            !subscription.revoked
            && (subscription.expiration > now || (graceEnd.map { $0 > now } ?? false))
            && subscription.billing != .retry
        var reason: ExpirationReason?
        if !subscription.revoked, subscription.expiration <= now {
            if subscription.billing != .ok || subscription.endedForBillingIssue {
                reason = .billingError
            } else if subscription.endedForPriceIncrease && !subscription.willAutoRenew {
                reason = .priceIncreaseNotConsented
            } else if !subscription.willAutoRenew {
                reason = .autoRenewDisabled
            }
        }
        return SubscriptionStatus(
            productIdentifier: subscription.productIdentifier,
            originalTransactionIdentifier: Self.identifier(subscription.originalNumber),
            latestTransactionIdentifier: Self.identifier(subscription.latestNumber),
            expirationDate: Date(timeIntervalSince1970: subscription.expiration),
            willAutoRenew: subscription.willAutoRenew,
            renewalProductIdentifier: subscription.renewalProductIdentifier,
            billing: billing,
            gracePeriodExpirationDate: graceEnd.map { Date(timeIntervalSince1970: $0) },
            isRevoked: subscription.revoked,
            isActive: active,
            expirationReason: reason,
            priceConsentStatus: subscription.priceConsent == .none
                ? nil : (subscription.priceConsent == .consented ? 1 : 0))
    }
}
