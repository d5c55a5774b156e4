import Foundation
public import PurchaseCore

extension SimulatedGooglePlayProvider {
    /// The transaction of `purchase`'s latest order (a subscription's current period).
    func latestTransaction(_ purchase: PlayPurchase) async -> StoreTransaction? {
        await transaction(token: purchase.purchaseToken, orderId: nil)
    }

    /// The transaction of `purchase`'s first order (what acknowledging finishes).
    func firstTransaction(_ purchase: PlayPurchase) async -> StoreTransaction? {
        guard let record = await store.record(purchase.purchaseToken) else { return nil }
        return await transaction(token: purchase.purchaseToken, orderId: record.orderId)
    }

    /// The transaction of the order `orderId` (the latest when `nil`) of the purchase `token`, with the
    /// purchase's signed data as it stands now; revoked when Play took the purchase (or that order) back.
    /// A deferred replacement not charged yet is the period it will start: from the replaced subscription's
    /// end for one billing period.
    func transaction(token: String, orderId: String?) async -> StoreTransaction? {
        guard let record = await store.record(token), record.state == .purchased,
            let productID = catalogProducts.catalogIDs[record.productId],
            let product = catalogProducts.catalogProducts[productID],
            let firstOrderId = record.orderId
        else { return nil }
        let orders = record.orders
        let index = orderId.flatMap { id in orders.firstIndex { $0.orderId == id } } ?? (orders.count - 1)
        let order = orders.indices.contains(index) ? orders[index] : nil
        let signed = await store.signedPurchase(of: token)
        let paid = Self.date(record.purchasedTime ?? record.purchaseTime)
        var revocation: Date?
        if record.revoked || order?.refunded == true {
            let voided = await store.voidedPurchases().last { $0.purchaseToken == token }
            revocation = Self.date(voided?.voidedTimeMillis ?? record.purchaseTime)
        }
        if record.revoked, record.productType == .inapp, record.revokedQuantity < record.quantity { revocation = nil }
        var expiration: Date?
        var purchaseDate = order.map { Self.date($0.time) } ?? paid
        if order == nil, let term = record.subscription {
            // A deferred replacement, not charged yet: the period it will start.
            purchaseDate = Self.date(term.startTime)
            expiration = Self.date(term.expiryTime)
        }
        if let end = order?.periodEnd {
            expiration = Self.date(end)
            if let term = record.subscription, index == orders.count - 1, term.expiryTime < end {
                expiration = Self.date(term.expiryTime)
            }
        }
        return StoreTransaction(
            id: order?.orderId ?? firstOrderId, originalID: firstOrderId, store: storeName, productID: productID,
            productType: product.type, quantity: record.quantity,
            purchaseDate: purchaseDate, originalPurchaseDate: paid,
            expirationDate: expiration, revocationDate: revocation,
            revocationReason: revocation == nil ? nil : .other, environment: environment,
            state: .purchased, willAutoRenew: record.subscription.map(\.autoRenewing),
            verificationData: signed?.verificationData,
            appAccountToken: record.obfuscatedAccountId.flatMap(UUID.init(uuidString:)))
    }

    static func date(_ millis: Int64) -> Date { Date(timeIntervalSince1970: Double(millis) / 1000) }

    /// A one-time product's price, or a subscription's first offer's first phase price... the price a
    /// person sees first: a one-time product's, a subscription base plan's recurring price.
    static func price(of details: PlayProductDetails) -> Price? {
        if let offer = details.oneTimePurchaseOfferDetails {
            return PlayPrice(micros: offer.priceAmountMicros, currencyCode: offer.priceCurrencyCode).price
        }
        guard let plan = details.subscriptionOfferDetails?.first(where: { $0.offerId == nil }),
            let phase = plan.pricingPhases.last
        else { return nil }
        return PlayPrice(micros: phase.priceAmountMicros, currencyCode: phase.priceCurrencyCode).price
    }

    /// The offer token a subscription is bought with: the first base plan's first offer the person may
    /// take (Play lists only those), else that base plan alone; `nil` for a one-time product.
    static func offerToken(in details: PlayProductDetails) -> String? {
        guard let offers = details.subscriptionOfferDetails, let plan = offers.first?.basePlanId else { return nil }
        let ofPlan = offers.filter { $0.basePlanId == plan }
        return (ofPlan.first { $0.offerId != nil } ?? ofPlan.first)?.offerToken
    }

    /// The `PurchaseError` for a Play Billing response code other than `OK` and `USER_CANCELED`.
    ///
    /// `ITEM_ALREADY_OWNED` is `alreadyOwned`, `ITEM_UNAVAILABLE` `productUnavailable`,
    /// `BILLING_UNAVAILABLE` `paymentNotAllowed`, `SERVICE_UNAVAILABLE`, `SERVICE_DISCONNECTED` and
    /// `NETWORK_ERROR` `storeUnavailable`, `FEATURE_NOT_SUPPORTED` `unsupported`, `DEVELOPER_ERROR`
    /// `clientInvalid`, `ITEM_NOT_OWNED` and `ERROR` `unknown`; the detail names Play's code and message.
    public static func purchaseError(_ result: BillingResult, productID: String?) -> PurchaseError {
        let code: PurchaseError.Code =
            switch result.responseCode {
            case .itemAlreadyOwned: .alreadyOwned
            case .itemUnavailable: .productUnavailable
            case .billingUnavailable: .paymentNotAllowed
            case .serviceUnavailable, .serviceDisconnected, .networkError: .storeUnavailable
            case .featureNotSupported: .unsupported
            case .developerError: .clientInvalid
            case .userCanceled: .paymentCancelled
            case .ok, .error, .itemNotOwned: .unknown
            }
        return PurchaseError(
            code, detail: "Play Billing answered \(result.responseCode.name): \(result.debugMessage)",
            productID: productID)
    }
}
