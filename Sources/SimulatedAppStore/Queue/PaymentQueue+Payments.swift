import Foundation
import PurchaseCore

// Payments: adding one (Ask to Buy, simulated failures, interrupted purchases), what a purchase
// records in the account, and finishing transactions.
extension PaymentQueue {
    /// Adds a payment: observers are told the transaction `purchasing`, then its outcome.
    ///
    /// - Returns: the transaction as it was created (`purchasing`); its outcome follows through observers.
    @discardableResult
    public func add(_ payment: Payment) async -> PaymentTransaction {
        await addPayment(payment, answeredTo: nil).purchasing
    }

    /// ``add(_:)`` for the provider adapter: the observer `answeredTo` gets the outcome as the
    /// return value and is not told this purchase's first two states (every other observer is).
    ///
    /// - Returns: the transaction as created (`purchasing`) and its first outcome (purchased,
    ///   failed or deferred), the two states observers are told.
    func addPayment(
        _ payment: Payment, answeredTo: ObjectIdentifier?
    ) async -> (purchasing: PaymentTransaction, outcome: PaymentTransaction) {
        await prepare()
        if !account.subscriptions.isEmpty { await renewDue() }
        let number = account.nextNumber
        account.nextNumber += 1
        let id = Self.identifier(number)
        let now = clock.now.timeIntervalSince1970
        let product = productsByIdentifier[payment.productIdentifier]
        let purchasing = PaymentTransaction(
            id: id, payment: payment, transactionState: .purchasing, productType: product?.type ?? .consumable,
            environment: controls.environment)

        var records: [AccountRecord] = []
        var transaction = AccountTransaction(
            number: number, originalNumber: number, productIdentifier: payment.productIdentifier,
            productType: product?.type ?? .consumable, quantity: payment.quantity, state: .failed, date: now,
            originalDate: now)
        transaction.applicationUsername = payment.applicationUsername
        var resolution: ProductSimulation.AskToBuy?
        var refunded: [AccountTransaction] = []
        var offer: OfferTerms?

        if let failure = purchaseFailure(payment, product: product, records: &records)
            ?? promotionalOfferFailure(payment, product: product, terms: &offer)
        {
            transaction.errorCode = failure.code.rawValue
            transaction.interrupted = failure.isInterruption
            transaction.awaitingResolution = failure.isInterruption
            records.append(.put(transaction))
        } else if let product, let askToBuy = askToBuy(for: payment, product: product) {
            transaction.state = .deferred
            // A promotional offer the store accepted waits with the request; its nonce is used now.
            transaction.offer = offer?.offer
            records.append(.put(transaction))
            if let nonce = payment.paymentDiscount?.nonce, offer != nil { records.append(.offerNonce(nonce)) }
            resolution = askToBuy == .pending ? nil : askToBuy
        } else if let product {
            records.append(
                contentsOf: purchase(&transaction, product: product, at: now, refunded: &refunded, offer: offer))
            if let nonce = payment.paymentDiscount?.nonce, offer != nil { records.append(.offerNonce(nonce)) }
        }
        let outcome = transaction
        let outcomeValue = paymentTransaction(outcome)
        let ended = refunded.map(paymentTransaction)
        await commit(
            records,
            callbacks: [
                tell(skipping: answeredTo) { $0.updatedTransactions([purchasing]) },
                tell(skipping: answeredTo) { $0.updatedTransactions([outcomeValue]) },
                ended.isEmpty ? nil : tell { $0.revokedTransactions(ended) },
            ])
        switch resolution {
        case .approved?: _ = await approveAskToBuy(id)
        case .declined?: _ = await declineAskToBuy(id)
        default: break
        }
        return (purchasing, outcomeValue)
    }

    /// Why a payment fails, if it does: the checks StoreKit makes, then the session's simulations.
    private func purchaseFailure(
        _ payment: Payment, product: Product?, records: inout [AccountRecord]
    ) -> StoreKitError? {
        guard controls.canMakePayments else {
            return StoreKitError(.paymentNotAllowed, message: "payments are turned off for this account")
        }
        guard let product, isSold(product) else {
            return StoreKitError(
                .storeProductNotAvailable, message: "'\(payment.productIdentifier)' is not for sale in this storefront")
        }
        guard payment.quantity >= 1, payment.quantity == 1 || product.type == .consumable else {
            return StoreKitError(.paymentInvalid, message: "quantity \(payment.quantity) for a \(product.type)")
        }
        let attempt = (account.attempts[payment.productIdentifier] ?? 0) + 1
        records.append(.attempts(productIdentifier: payment.productIdentifier, count: attempt))
        if let code = controls.simulatedErrors[.purchase] {
            return StoreKitError(code, message: "simulated purchase error")
        }
        if faultHappens() {
            return StoreKitError(controls.faultError, message: "simulated random fault")
        }
        if controls.failTransactionsEnabled {
            return StoreKitError(controls.failureError, message: "the session fails every transaction")
        }
        if let failure = product.simulation?.failure(onAttempt: attempt) {
            let code = StoreKitError.Code(parsing: failure.error) ?? .unknown
            return StoreKitError(code, message: "simulated failure of attempt \(attempt) (\(failure.error))")
        }
        if controls.interruptedPurchasesEnabled || product.simulation?.interrupted == true {
            return StoreKitError(
                .unknown, message: "the purchase was interrupted; the person must act outside the app",
                isInterruption: true)
        }
        return nil
    }

    private func askToBuy(for payment: Payment, product: Product) -> ProductSimulation.AskToBuy? {
        if let planned = product.simulation?.askToBuy { return planned }
        if controls.askToBuyEnabled { return .pending }
        if payment.simulatesAskToBuyInSandbox && controls.environment == .sandbox { return .pending }
        return nil
    }

    /// Turns `transaction` into a charged purchase of `product` at `now`: subscriptions start or
    /// continue (by the group rules of ``groupPurchase(of:at:)`` when another of the group is held),
    /// an owned non-consumable is given again for free under its original identifier.
    ///
    /// - Parameters:
    ///   - refunded: receives the transactions of the group the purchase refunded
    ///     (``GroupPurchase/refunded``), for observers.
    ///   - offer: a promotional offer or offer code the purchase is charged at: a new subscription
    ///     (or one replacing another of its group at once) starts with it, instead of any
    ///     introductory offer; one continuing the same product, or following another at its next
    ///     renewal, takes it from that renewal.
    func purchase(
        _ transaction: inout AccountTransaction, product: Product, at now: Double,
        refunded: inout [AccountTransaction], offer: OfferTerms? = nil
    ) -> [AccountRecord] {
        var records: [AccountRecord] = []
        transaction.state = .purchased
        transaction.date = now
        transaction.originalDate = now
        transaction.errorCode = nil
        transaction.price = currentPrice(of: product)
        switch product.type {
        case .consumable:
            break
        case .nonConsumable:
            if let owned = ownedPurchase(of: transaction.productIdentifier) {
                transaction.originalNumber = owned.originalNumber
                transaction.originalDate = owned.originalDate
            }
        case .nonRenewing:
            if let duration = product.duration {
                transaction.expiration = duration.added(to: Date(timeIntervalSince1970: now)).timeIntervalSince1970
            }
        case .autoRenewable:
            transaction.autoRenew = 2
            let renewing = activeSubscription(for: transaction.productIdentifier, at: now)
            let group = renewing == nil ? groupPurchase(of: product, at: now) : GroupPurchase()
            records.append(contentsOf: group.records)
            refunded.append(contentsOf: group.refunded)
            if var subscription = renewing {
                transaction.originalNumber = subscription.originalNumber
                transaction.originalDate = account.transactions[subscription.originalNumber]?.originalDate ?? now
                transaction.expiration = subscription.expiration
                subscription.willAutoRenew = true
                if let offer {
                    subscription.periodOffer = offer.offer
                    subscription.introPeriodsLeft = offer.charges
                }
                records.append(.subscription(subscription))
            } else if let held = group.followed {
                records.append(contentsOf: follow(held, with: &transaction, product: product))
                if let offer {
                    let start = Date(timeIntervalSince1970: transaction.date)
                    transaction.expiration = startOffer(offer, for: &transaction, from: start).end
                }
            } else {
                let start = Date(timeIntervalSince1970: now)
                var end =
                    product.subscription.map { controls.periodEnd($0.period, from: start).timeIntervalSince1970 }
                    ?? now
                var introPeriodsLeft = 0
                if let offer {
                    (end, introPeriodsLeft) = startOffer(offer, for: &transaction, from: start)
                } else if let info = product.subscription, let offer = info.introductoryOffer,
                    isEligibleForIntroductoryOffer(group: info.group)
                {
                    (end, introPeriodsLeft) = startOffer(
                        OfferTerms(introductory: offer), for: &transaction, from: start)
                }
                transaction.expiration = end
                var subscription = SubscriptionRecord(
                    originalNumber: transaction.number, productIdentifier: transaction.productIdentifier,
                    latestNumber: transaction.number, expiration: end)
                subscription.willAutoRenew = true
                subscription.introPeriodsLeft = introPeriodsLeft
                if transaction.offer?.kind != .introductory { subscription.periodOffer = transaction.offer }
                records.append(.subscription(subscription))
            }
        }
        records.append(.put(transaction))
        if let content = product.hostedContent {
            registerDownload(for: transaction, content: content)
        }
        return records
    }

    /// Whether the account never subscribed to the group: StoreKit gives introductory offers to new
    /// subscribers of a group only.
    /// ``isEligibleForIntroductoryOffer(group:)`` once the account is loaded.
    func introductoryOfferEligibility(group: String) async -> Bool {
        await prepare()
        return isEligibleForIntroductoryOffer(group: group)
    }

    func isEligibleForIntroductoryOffer(group: String) -> Bool {
        !account.subscriptions.values.contains {
            productsByIdentifier[$0.productIdentifier]?.subscription?.group == group
        }
    }

    func ownedPurchase(of productIdentifier: String) -> AccountTransaction? {
        account.transactions.values
            .filter {
                $0.productIdentifier == productIdentifier && $0.state == .purchased && $0.revocation == nil
                    && !$0.isFamilyShared
            }
            .min { $0.number < $1.number }
    }

    func activeSubscription(for productIdentifier: String, at now: Double) -> SubscriptionRecord? {
        account.subscriptions.values.first {
            $0.productIdentifier == productIdentifier && !$0.revoked && $0.expiration > now
        }
    }

    /// Finishes a transaction: it leaves the queue and observers are told it was removed.
    /// Finishing a purchasing or deferred transaction, or one already finished, does nothing.
    public func finishTransaction(_ transaction: PaymentTransaction) async {
        await finishTransaction(withIdentifier: transaction.id)
    }

    /// ``finishTransaction(_:)`` by the transaction's ``PaymentTransaction/id``.
    public func finishTransaction(withIdentifier identifier: String) async {
        await finishTransaction(withIdentifier: identifier, acknowledgingExpiry: false)
    }
}
