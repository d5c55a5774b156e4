// The answers of the simulated Play Developer API in androidpublisher v3's JSON: 64-bit numbers as
// decimal strings, times as RFC 3339 in UTC, absent values left out.

/// `ProductPurchase`: a one-time purchase as `purchases.products.get` gives it.
struct ProductPurchaseBody: Encodable {
    var kind = "androidpublisher#productPurchase"
    var purchaseTimeMillis: String
    /// 0 purchased, 1 canceled (a pending purchase never paid, or every unit taken back), 2 pending.
    var purchaseState: Int
    var consumptionState: Int
    var orderId: String?
    var acknowledgementState: Int
    var purchaseToken: String
    var productId: String
    var quantity: Int
    var refundableQuantity: Int
    var obfuscatedExternalAccountId: String?
    var obfuscatedExternalProfileId: String?
    var regionCode: String

    init(_ record: PlayPurchaseRecord, regionCode: String) {
        purchaseTimeMillis = String(record.purchaseTime)
        purchaseState =
            switch record.state {
            case .purchased: record.revoked ? 1 : 0
            case .pendingCanceled: 1
            case .pending: 2
            }
        consumptionState = record.consumed ? 1 : 0
        orderId = record.orderId
        acknowledgementState = record.acknowledged ? 1 : 0
        purchaseToken = record.purchaseToken
        productId = record.productId
        quantity = record.quantity
        refundableQuantity = record.state == .purchased ? max(0, record.quantity - record.refundedQuantity) : 0
        obfuscatedExternalAccountId = record.obfuscatedAccountId
        obfuscatedExternalProfileId = record.obfuscatedProfileId
        self.regionCode = regionCode
    }
}

/// `SubscriptionPurchaseV2`: a subscription purchase as `purchases.subscriptionsv2.get` gives it.
struct SubscriptionPurchaseV2Body: Encodable {
    struct ExternalAccountIdentifiers: Encodable {
        var obfuscatedExternalAccountId: String?
        var obfuscatedExternalProfileId: String?
    }

    struct PausedStateContext: Encodable {
        var autoResumeTime: String
    }

    struct CanceledStateContext: Encodable {
        struct UserInitiatedCancellation: Encodable {}
        var userInitiatedCancellation = UserInitiatedCancellation()
    }

    struct LineItem: Encodable {
        struct AutoRenewingPlan: Encodable {
            var autoRenewEnabled: Bool
        }

        struct PrepaidPlan: Encodable {}

        struct OfferDetails: Encodable {
            var basePlanId: String
            var offerId: String?
            var offerTags: [String]
        }

        var productId: String
        var expiryTime: String?
        var latestSuccessfulOrderId: String?
        var autoRenewingPlan: AutoRenewingPlan?
        var prepaidPlan: PrepaidPlan?
        var offerDetails: OfferDetails?
    }

    var kind = "androidpublisher#subscriptionPurchaseV2"
    var regionCode: String
    var startTime: String?
    var subscriptionState: String
    var latestOrderId: String?
    var linkedPurchaseToken: String?
    var acknowledgementState: String
    var externalAccountIdentifiers: ExternalAccountIdentifiers?
    var pausedStateContext: PausedStateContext?
    var canceledStateContext: CanceledStateContext?
    var lineItems: [LineItem]

    init(_ record: PlayPurchaseRecord, product: PlayProduct?, regionCode: String) {
        let term = record.subscription
        self.regionCode = regionCode
        startTime = record.state == .purchased ? record.purchasedTime.map(PlayTimestamp.rfc3339) : nil
        subscriptionState = "SUBSCRIPTION_STATE_" + Self.state(of: record)
        latestOrderId = record.state == .purchased ? record.latestOrderId : nil
        linkedPurchaseToken = term?.linkedPurchaseToken
        acknowledgementState =
            record.acknowledged ? "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED" : "ACKNOWLEDGEMENT_STATE_PENDING"
        if record.obfuscatedAccountId != nil || record.obfuscatedProfileId != nil {
            externalAccountIdentifiers = ExternalAccountIdentifiers(
                obfuscatedExternalAccountId: record.obfuscatedAccountId,
                obfuscatedExternalProfileId: record.obfuscatedProfileId)
        }
        if let term, term.state == .paused, let resume = term.autoResumeTime {
            pausedStateContext = PausedStateContext(autoResumeTime: PlayTimestamp.rfc3339(resume))
        }
        if let term, term.canceledTime != nil, [.canceled, .expired].contains(term.state) {
            canceledStateContext = CanceledStateContext()
        }
        let plan = product?.basePlan(record.basePlanId ?? "")
        var item = LineItem(productId: record.productId)
        if let term, record.state == .purchased {
            item.expiryTime = PlayTimestamp.rfc3339(term.expiryTime)
            item.latestSuccessfulOrderId = record.orders.last?.orderId
        }
        if let plan {
            if plan.kind == .prepaid {
                item.prepaidPlan = LineItem.PrepaidPlan()
            } else {
                item.autoRenewingPlan = LineItem.AutoRenewingPlan(autoRenewEnabled: term?.autoRenewing ?? true)
            }
            let offer = plan.offers.first { $0.id == record.offerId }
            item.offerDetails = LineItem.OfferDetails(
                basePlanId: plan.id, offerId: offer?.id, offerTags: plan.tags + (offer?.tags ?? []))
        }
        lineItems = [item]
    }

    /// The name of `record`'s `SubscriptionState` without its prefix.
    private static func state(of record: PlayPurchaseRecord) -> String {
        switch record.state {
        case .pending: return "PENDING"
        case .pendingCanceled: return "PENDING_PURCHASE_CANCELED"
        case .purchased: break
        }
        switch record.subscription?.state ?? .expired {
        case .active: return "ACTIVE"
        case .canceled: return "CANCELED"
        case .inGracePeriod: return "IN_GRACE_PERIOD"
        case .onHold: return "ON_HOLD"
        case .paused: return "PAUSED"
        case .expired: return "EXPIRED"
        }
    }
}

/// `VoidedPurchase`: one item of `voidedpurchases.list`.
struct VoidedPurchaseBody: Encodable {
    var kind = "androidpublisher#voidedPurchase"
    var purchaseToken: String
    var purchaseTimeMillis: String
    var voidedTimeMillis: String
    var orderId: String
    var voidedSource: Int
    var voidedReason: Int
    var refundType: Int
    var voidedQuantity: Int?

    init(_ voided: PlayVoidedPurchase) {
        purchaseToken = voided.purchaseToken
        purchaseTimeMillis = String(voided.purchaseTimeMillis)
        voidedTimeMillis = String(voided.voidedTimeMillis)
        orderId = voided.orderId
        voidedSource = voided.voidedSource.rawValue
        voidedReason = voided.voidedReason.rawValue
        refundType = voided.refundType.rawValue
        voidedQuantity = voided.refundType == .quantityBasedPartialRefund ? voided.voidedQuantity : nil
    }
}

/// `VoidedPurchasesListResponse`: a page of voided purchases; Google leaves out an empty list and the
/// pagination when no page follows.
struct VoidedPurchasesPageBody: Encodable {
    struct TokenPagination: Encodable {
        var nextPageToken: String
    }

    var voidedPurchases: [VoidedPurchaseBody]?
    var tokenPagination: TokenPagination?
}
