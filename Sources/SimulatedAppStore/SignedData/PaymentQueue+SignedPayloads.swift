import AppStoreSignedData
import Foundation
import PurchaseCore

// The signed-data payloads of the account's records, with Apple's names and units: a transaction
// (`JWSTransactionDecodedPayload`), a subscription's renewal info (`JWSRenewalInfoDecodedPayload`)
// and the app transaction.
extension PaymentQueue {
    /// The app transaction's identifier, which every transaction and renewal info also carries
    /// (`appTransactionId`): the account has one download of the app.
    static let appTransactionIdentifier = identifier(0)

    /// A transaction's payload as the App Store signs it at `now`.
    func transactionPayload(
        _ transaction: AccountTransaction, identity: SignedDataIdentity, now: Double
    ) -> TransactionPayload {
        let product = productsByIdentifier[transaction.productIdentifier]
        let isSubscription = transaction.productType == .autoRenewable
        var payload = TransactionPayload()
        payload.transactionId = Self.identifier(transaction.number)
        payload.originalTransactionId = Self.identifier(transaction.originalNumber)
        if isSubscription { payload.webOrderLineItemId = Self.webOrderLineItemIdentifier(transaction.number) }
        payload.bundleId = identity.bundleID
        payload.productId = transaction.productIdentifier
        payload.subscriptionGroupIdentifier = product?.subscription?.group
        payload.purchaseDate = Self.date(transaction.date)
        payload.originalPurchaseDate = Self.date(transaction.originalDate)
        if isSubscription { payload.expiresDate = transaction.expiration.map(Self.date) }
        payload.quantity = transaction.quantity
        payload.type = TransactionType(transaction.productType)
        payload.appAccountToken = transaction.applicationUsername.flatMap(UUID.init(uuidString:))
        payload.inAppOwnershipType = transaction.isFamilyShared ? .familyShared : .purchased
        payload.signedDate = Self.date(now)
        if let revocation = transaction.revocation {
            payload.revocationDate = Self.date(revocation)
            payload.revocationReason = transaction.revokedForAppIssue ? .appIssue : .other
        }
        if transaction.upgraded { payload.isUpgraded = true }
        if let offer = transaction.offer {
            payload.offerType = OfferType(offer.kind)
            payload.offerIdentifier = offer.id
            payload.offerDiscountType = OfferDiscountType(offer.paymentMode)
            payload.offerPeriod = product.flatMap { terms(of: offer, on: $0) }.map(Self.offerPeriod)
        }
        payload.environment = identity.environment
        payload.storefront = storefront
        payload.storefrontId = Self.storefrontIdentifiers[storefront]
        payload.transactionReason =
            isSubscription && transaction.number != transaction.originalNumber ? .renewal : .purchase
        if let price = transaction.price {
            payload.currency = price.currencyCode
            payload.price = Self.milliunits(price)
        }
        payload.appTransactionId = Self.appTransactionIdentifier
        return payload
    }

    /// A subscription's renewal info as the App Store signs it at `now`.
    func renewalInfoPayload(
        _ subscription: SubscriptionRecord, identity: SignedDataIdentity, now: Double
    ) -> RenewalInfoPayload {
        let status = status(subscription, now: now)
        let latest = account.transactions[subscription.latestNumber]
        var payload = RenewalInfoPayload()
        payload.originalTransactionId = Self.identifier(subscription.originalNumber)
        payload.productId = subscription.productIdentifier
        payload.autoRenewProductId = subscription.renewalProductIdentifier
        payload.autoRenewStatus = subscription.willAutoRenew ? .on : .off
        payload.expirationIntent = status.expirationReason.map { ExpirationIntent(rawValue: $0.rawValue) }
        if subscription.revoked, payload.expirationIntent == nil { payload.expirationIntent = .other }
        payload.isInBillingRetryPeriod = subscription.billing != .ok
        switch subscription.priceConsent {
        case .none: break
        case .pending, .declined: payload.priceIncreaseStatus = .notResponded
        case .consented: payload.priceIncreaseStatus = .consented
        }
        payload.gracePeriodExpiresDate = status.gracePeriodExpirationDate.map { AppStoreDate($0) }
        payload.renewalDate = Self.date(subscription.expiration)
        payload.recentSubscriptionStartDate = Self.date(
            account.transactions[subscription.originalNumber]?.originalDate ?? latest?.originalDate
                ?? subscription.expiration)
        if let renewalProduct = productsByIdentifier[subscription.renewalProductIdentifier] {
            let offer = nextRenewalOffer(subscription, product: renewalProduct)
            let regular = subscription.renewalPrice ?? currentPrice(of: renewalProduct)
            let price = offer.map { $0.price(in: storefront, regular: regular) } ?? regular
            if let price {
                payload.currency = price.currencyCode
                payload.renewalPrice = Self.milliunits(price)
            }
            if let offer {
                payload.offerType = OfferType(offer.offer.kind)
                payload.offerIdentifier = offer.offer.id
                payload.offerDiscountType = OfferDiscountType(offer.offer.paymentMode)
                payload.offerPeriod = Self.offerPeriod(offer)
            }
        }
        payload.signedDate = Self.date(now)
        payload.environment = identity.environment
        payload.appAccountToken = latest?.applicationUsername.flatMap(UUID.init(uuidString:))
        payload.appTransactionId = Self.appTransactionIdentifier
        return payload
    }

    /// The app transaction (the app's download by this account) as the App Store signs it at `now`:
    /// its original purchase is when the account first asked for it (`AccountRecord.appTransaction`).
    func appTransactionPayload(identity: SignedDataIdentity, originalPurchaseDate: Double, now: Double)
        -> AppTransactionPayload
    {
        var payload = AppTransactionPayload()
        payload.receiptType = identity.environment
        payload.appAppleId = identity.appAppleIDInPayloads
        payload.bundleId = identity.bundleID
        payload.applicationVersion = identity.bundleVersion
        payload.receiptCreationDate = Self.date(now)
        payload.originalPurchaseDate = Self.date(originalPurchaseDate)
        payload.originalApplicationVersion = identity.bundleVersion
        payload.appTransactionId = Self.appTransactionIdentifier
        payload.originalPlatform = "iOS"
        payload.signedDate = Self.date(now)
        return payload
    }

    /// The terms the subscription's next renewal is charged at, when it is still in an offer.
    private func nextRenewalOffer(_ subscription: SubscriptionRecord, product: Product) -> OfferTerms? {
        guard subscription.introPeriodsLeft > 0, subscription.nextNumber == nil else { return nil }
        let offer =
            subscription.periodOffer
            ?? product.subscription?.introductoryOffer.map {
                TransactionOffer(kind: .introductory, paymentMode: $0.mode)
            }
        return offer.flatMap { terms(of: $0, on: product) }
    }

    /// The whole offer's duration as an ISO 8601 period (`P3M` for three monthly periods).
    static func offerPeriod(_ terms: OfferTerms) -> String {
        "P\(terms.period.value * terms.periods)\(terms.period.unit.rawValue)"
    }

    /// Seconds since 1970 as Apple's milliseconds.
    static func date(_ seconds: Double) -> AppStoreDate {
        AppStoreDate(Date(timeIntervalSince1970: seconds))
    }

    /// A price's amount in milli-units of its currency (9.99 is 9990), rounded to the nearest.
    static func milliunits(_ price: Price) -> Int64 {
        var amount = price.amount * 1000
        var rounded = Decimal()
        NSDecimalRound(&rounded, &amount, 0, .plain)
        return NSDecimalNumber(decimal: rounded).int64Value
    }

    /// A subscription transaction's `webOrderLineItemId`: a number of its own, distinct from
    /// transaction identifiers.
    static func webOrderLineItemIdentifier(_ number: UInt64) -> String {
        String(8_000_000_000 + number)
    }

    /// Apple's storefront identifiers (`storefrontId`) of some ISO 3166-1 alpha-3 storefronts; a
    /// storefront not listed has none in the payload.
    static let storefrontIdentifiers: [String: String] = [
        "USA": "143441", "FRA": "143442", "DEU": "143443", "GBR": "143444", "ITA": "143450", "ESP": "143454",
        "CAN": "143455", "AUS": "143460", "JPN": "143462", "CHN": "143465", "KOR": "143466", "RUS": "143469",
        "BRA": "143503", "TWN": "143470", "HKG": "143463", "SAU": "143479", "CHE": "143459", "NLD": "143452",
    ]
}
