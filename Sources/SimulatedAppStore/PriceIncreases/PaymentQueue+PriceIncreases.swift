public import Foundation
import PurchaseCore

// Subscription price increases: the App Store raises a product's price; subscribers consent or not
// (StoreKit 1's price consent sheet), or, for a rise that needs no consent, renew at the new price.
extension PaymentQueue {
    /// Installs the delegate asked whether to show the price consent sheet (`SKPaymentQueue.delegate`);
    /// `nil` shows it at once.
    public func setDelegate(_ delegate: (any PaymentQueueDelegate)?) {
        self.delegate = delegate
    }

    /// The price a product sells at in the current storefront: the App Store's changed price, else
    /// the catalog's; `nil` when it is not priced there.
    func currentPrice(of product: Product) -> Price? {
        let identifier = product.storeID(for: .simulatedAppStore)
        return account.priceChanges[SimulatedAccount.priceKey(identifier, storefront: storefront)]
            ?? product.price(in: storefront)
    }

    /// The App Store raises a subscription's price in the current storefront (App Store Connect's
    /// price change). New purchases pay the new price at once. For subscribers:
    /// - `needsConsent` (Apple's rule for most increases): each active subscriber keeps the old price
    ///   until they consent. The delegate is asked whether to show the consent sheet now
    ///   (``PaymentQueueDelegate/shouldShowPriceConsent(for:)``); `pending_renewal_info` says
    ///   `price_consent_status` 0. Answer with ``respondToPriceIncrease(productIdentifier:consent:)``;
    ///   without consent by the end of the period the subscription does not renew (`expiration_intent` 3).
    /// - otherwise (a small increase Apple allows with notice only): renewals are charged the new
    ///   price from the next one.
    ///
    /// Renewals due before now happen first, at the old price.
    ///
    /// - Parameters:
    ///   - productIdentifier: the App Store product identifier of an auto-renewable subscription.
    ///   - amount: the new price, in the storefront's currency.
    ///   - needsConsent: whether subscribers must agree to it.
    /// - Returns: the increases waiting for consent it started (empty without consent, or when the
    ///   product is not an auto-renewable subscription priced in the storefront).
    @discardableResult
    public func increasePrice(productIdentifier: String, to amount: Decimal, needsConsent: Bool = true) async
        -> [PriceIncrease]
    {
        await prepare()
        if !account.subscriptions.isEmpty { await renewDue() }
        guard let product = productsByIdentifier[productIdentifier], product.type == .autoRenewable,
            let before = currentPrice(of: product)
        else { return [] }
        let raised = Price(amount: amount, currencyCode: before.currencyCode)
        var records: [AccountRecord] = [
            .priceChange(productIdentifier: productIdentifier, storefront: storefront, price: raised)
        ]
        var started: [PriceIncrease] = []
        let now = clock.now.timeIntervalSince1970
        for original in account.subscriptions.keys.sorted() where needsConsent {
            guard var subscription = account.subscriptions[original],
                subscription.productIdentifier == productIdentifier, subscription.nextNumber == nil,
                subscription.willAutoRenew, !subscription.hasEnded(at: now)
            else { continue }
            subscription.renewalPrice = subscription.renewalPrice ?? before
            subscription.raisedPrice = raised
            subscription.priceConsent = .pending
            subscription.endedForPriceIncrease = false
            guard var increase = priceIncrease(subscription) else { continue }
            increase.isSheetShown = delegate?.shouldShowPriceConsent(for: increase) ?? true
            subscription.consentSheet = increase.isSheetShown ? .shown : .heldByApp
            records.append(.subscription(subscription))
            started.append(increase)
        }
        await commit(records, callbacks: [])
        return started
    }

    /// Shows the price consent sheets the delegate held (`SKPaymentQueue.showPriceConsentIfNeeded()`);
    /// does nothing when none waits for an answer.
    ///
    /// - Returns: the increases whose sheet it showed.
    @discardableResult
    public func showPriceConsentIfNeeded() async -> [PriceIncrease] {
        await prepare()
        var records: [AccountRecord] = []
        var shown: [PriceIncrease] = []
        for original in account.subscriptions.keys.sorted() {
            guard var subscription = account.subscriptions[original], subscription.priceConsent == .pending,
                subscription.consentSheet == .heldByApp
            else { continue }
            subscription.consentSheet = .shown
            records.append(.subscription(subscription))
            if let increase = priceIncrease(subscription) { shown.append(increase) }
        }
        if !records.isEmpty { await commit(records, callbacks: []) }
        return shown
    }

    /// The person answers the price increase of their subscription to a product (on the sheet, in the
    /// email or in the account's subscription settings). Consenting renews at the new price from the
    /// next renewal (`price_consent_status` 1), also after declining while the period lasts; declining
    /// turns auto-renew off, so the subscription ends with its period (`expiration_intent` 3).
    ///
    /// - Returns: the increase as it stands now, or `nil` when no increase of that product waits for
    ///   an answer (none made, already consented, or the subscription ended).
    @discardableResult
    public func respondToPriceIncrease(productIdentifier: String, consent: Bool) async -> PriceIncrease? {
        await prepare()
        if !account.subscriptions.isEmpty { await renewDue() }
        let now = clock.now.timeIntervalSince1970
        guard
            var subscription = account.subscriptions.values.filter({
                $0.productIdentifier == productIdentifier && !$0.revoked && $0.expiration > now
                    && ($0.priceConsent == .pending || ($0.priceConsent == .declined && consent))
            }).max(by: { $0.originalNumber < $1.originalNumber }),
            var increase = priceIncrease(subscription)
        else { return nil }
        subscription.consentSheet = .notShown
        if consent {
            subscription.priceConsent = .consented
            subscription.renewalPrice = nil
            subscription.raisedPrice = nil
            subscription.willAutoRenew = true
            subscription.endedForPriceIncrease = false
            increase.consent = .consented
        } else {
            subscription.priceConsent = .declined
            subscription.willAutoRenew = false
            subscription.endedForPriceIncrease = true
            increase.consent = .declined
        }
        increase.isSheetShown = false
        await commit(latestTransactionRecords(subscription) + [.subscription(subscription)], callbacks: [])
        return increase
    }

    /// Every price increase subscribers were asked about, oldest subscription first: pending, declined
    /// or consented to.
    public func priceIncreases() async -> [PriceIncrease] {
        await prepare()
        return account.subscriptions.keys.sorted().compactMap { account.subscriptions[$0] }.compactMap(priceIncrease)
    }

    /// The increase a subscription stands on, or `nil` when none needed its consent.
    private func priceIncrease(_ subscription: SubscriptionRecord) -> PriceIncrease? {
        let consent: PriceIncrease.Consent
        switch subscription.priceConsent {
        case .none: return nil
        case .pending: consent = .pending
        case .consented: consent = .consented
        case .declined: consent = .declined
        }
        let product = productsByIdentifier[subscription.productIdentifier]
        guard let price = subscription.raisedPrice ?? product.flatMap(currentPrice) else { return nil }
        return PriceIncrease(
            productIdentifier: subscription.productIdentifier,
            originalTransactionIdentifier: Self.identifier(subscription.originalNumber), price: price,
            previousPrice: subscription.renewalPrice, consent: consent,
            isSheetShown: subscription.consentSheet == .shown)
    }

    /// Ends a subscription whose raised price got no consent by the end of its period: it does not
    /// renew (`expiration_intent` 3). Returns the latest transaction's records brought in line.
    func endForPriceIncrease(_ subscription: inout SubscriptionRecord) -> [AccountRecord] {
        subscription.willAutoRenew = false
        subscription.endedForPriceIncrease = true
        subscription.consentSheet = .notShown
        return latestTransactionRecords(subscription)
    }
}

extension SubscriptionRecord {
    /// Whether a raised price waits for the person's consent (the period's end without it ends the
    /// subscription).
    var awaitsPriceConsent: Bool { priceConsent == .pending }
}
