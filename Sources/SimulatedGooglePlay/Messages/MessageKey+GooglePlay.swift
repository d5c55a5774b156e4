public import PurchaseCore

/// The keys of the simulated Google Play's texts (`googlePlay.*`): what each Play Billing response code
/// means (``BillingResponseCode/messageKey``), the purchase states (``PlayPurchaseState/messageKey``), the
/// subscription states (``PlaySubscriptionState/messageKey``) and
/// why signed purchase data was refused (``PlaySignatureError/Kind/messageKey``).
extension MessageKey {
    /// `FEATURE_NOT_SUPPORTED`.
    public static let googlePlayFeatureNotSupported = MessageKey("googlePlay.response.featureNotSupported")
    /// `SERVICE_DISCONNECTED`.
    public static let googlePlayServiceDisconnected = MessageKey("googlePlay.response.serviceDisconnected")
    /// `OK`.
    public static let googlePlayOK = MessageKey("googlePlay.response.ok")
    /// `USER_CANCELED`.
    public static let googlePlayUserCanceled = MessageKey("googlePlay.response.userCanceled")
    /// `SERVICE_UNAVAILABLE`.
    public static let googlePlayServiceUnavailable = MessageKey("googlePlay.response.serviceUnavailable")
    /// `BILLING_UNAVAILABLE`.
    public static let googlePlayBillingUnavailable = MessageKey("googlePlay.response.billingUnavailable")
    /// `ITEM_UNAVAILABLE`.
    public static let googlePlayItemUnavailable = MessageKey("googlePlay.response.itemUnavailable")
    /// `DEVELOPER_ERROR`.
    public static let googlePlayDeveloperError = MessageKey("googlePlay.response.developerError")
    /// `ERROR`.
    public static let googlePlayError = MessageKey("googlePlay.response.error")
    /// `ITEM_ALREADY_OWNED`.
    public static let googlePlayItemAlreadyOwned = MessageKey("googlePlay.response.itemAlreadyOwned")
    /// `ITEM_NOT_OWNED`.
    public static let googlePlayItemNotOwned = MessageKey("googlePlay.response.itemNotOwned")
    /// `NETWORK_ERROR`.
    public static let googlePlayNetworkError = MessageKey("googlePlay.response.networkError")
    /// A purchase in `PURCHASED` state.
    public static let googlePlayStatePurchased = MessageKey("googlePlay.purchaseState.purchased")
    /// A purchase in `PENDING` state.
    public static let googlePlayStatePending = MessageKey("googlePlay.purchaseState.pending")
    /// A purchase in `UNSPECIFIED_STATE` (a pending purchase that was cancelled).
    public static let googlePlayStateUnspecified = MessageKey("googlePlay.purchaseState.unspecified")
    /// A subscription paid for, in its period, renewing.
    public static let googlePlaySubscriptionActive = MessageKey("googlePlay.subscriptionState.active")
    /// A subscription whose auto-renew is off, with access until its period ends.
    public static let googlePlaySubscriptionCanceled = MessageKey("googlePlay.subscriptionState.canceled")
    /// A subscription whose renewal failed to charge, with access while Play retries.
    public static let googlePlaySubscriptionInGracePeriod = MessageKey("googlePlay.subscriptionState.inGracePeriod")
    /// A subscription on account hold: no access until the payment is fixed.
    public static let googlePlaySubscriptionOnHold = MessageKey("googlePlay.subscriptionState.onHold")
    /// A subscription the person paused.
    public static let googlePlaySubscriptionPaused = MessageKey("googlePlay.subscriptionState.paused")
    /// A subscription that ended.
    public static let googlePlaySubscriptionExpired = MessageKey("googlePlay.subscriptionState.expired")
    /// Signed purchase data that cannot be read.
    public static let googlePlaySignatureMalformedData = MessageKey("googlePlay.signature.malformedData")
    /// A license key that is not a 2048-bit RSA public key.
    public static let googlePlaySignatureInvalidKey = MessageKey("googlePlay.signature.invalidKey")
    /// A signature that does not match the purchase data.
    public static let googlePlaySignatureInvalid = MessageKey("googlePlay.signature.invalid")
    /// Purchase data of another app.
    public static let googlePlaySignatureWrongPackage = MessageKey("googlePlay.signature.wrongPackage")
    /// Purchase data of another product.
    public static let googlePlaySignatureWrongProduct = MessageKey("googlePlay.signature.wrongProduct")
    /// Purchase data of a purchase not paid for.
    public static let googlePlaySignatureNotPurchased = MessageKey("googlePlay.signature.notPurchased")
    /// A catalog product's `GooglePlay` setting that only a one-time product may have (arguments: the
    /// setting's path, its owner), as the other `googlePlay.setting.*` keys.
    public static let googlePlaySettingOneTimeOnly = MessageKey(
        "googlePlay.setting.oneTimeOnly", arguments: [.text, .text])
    /// A `GooglePlay` setting only a subscription may have.
    public static let googlePlaySettingSubscriptionsOnly = MessageKey(
        "googlePlay.setting.subscriptionsOnly", arguments: [.text, .text])
    /// A `GooglePlay` setting that must be a (non-empty) array.
    public static let googlePlaySettingArray = MessageKey("googlePlay.setting.array", arguments: [.text, .text])
    /// A base plan or offer id used twice.
    public static let googlePlaySettingDuplicateID = MessageKey(
        "googlePlay.setting.duplicateID", arguments: [.text, .text])
    /// A `GooglePlay` setting that is required and missing.
    public static let googlePlaySettingRequired = MessageKey("googlePlay.setting.required", arguments: [.text, .text])
    /// A price that is not a decimal amount.
    public static let googlePlaySettingPrice = MessageKey("googlePlay.setting.price", arguments: [.text, .text])
    /// A base plan id, offer id or tag outside Play's rule.
    public static let googlePlaySettingID = MessageKey("googlePlay.setting.id", arguments: [.text, .text])
    /// A period that is not an ISO 8601 duration.
    public static let googlePlaySettingPeriod = MessageKey("googlePlay.setting.period", arguments: [.text, .text])
    /// A price for a storefront the catalog does not declare.
    public static let googlePlaySettingStorefront = MessageKey(
        "googlePlay.setting.storefront", arguments: [.text, .text])

    /// Every key this module declares, in the order above.
    public static let googlePlayKeys: [MessageKey] = [
        .googlePlayFeatureNotSupported, .googlePlayServiceDisconnected, .googlePlayOK, .googlePlayUserCanceled,
        .googlePlayServiceUnavailable, .googlePlayBillingUnavailable, .googlePlayItemUnavailable,
        .googlePlayDeveloperError, .googlePlayError, .googlePlayItemAlreadyOwned, .googlePlayItemNotOwned,
        .googlePlayNetworkError, .googlePlayStatePurchased, .googlePlayStatePending, .googlePlayStateUnspecified,
        .googlePlaySubscriptionActive, .googlePlaySubscriptionCanceled, .googlePlaySubscriptionInGracePeriod,
        .googlePlaySubscriptionOnHold, .googlePlaySubscriptionPaused, .googlePlaySubscriptionExpired,
        .googlePlaySignatureMalformedData, .googlePlaySignatureInvalidKey, .googlePlaySignatureInvalid,
        .googlePlaySignatureWrongPackage, .googlePlaySignatureWrongProduct, .googlePlaySignatureNotPurchased,
        .googlePlaySettingOneTimeOnly, .googlePlaySettingSubscriptionsOnly, .googlePlaySettingArray,
        .googlePlaySettingDuplicateID, .googlePlaySettingRequired, .googlePlaySettingPrice, .googlePlaySettingID,
        .googlePlaySettingPeriod, .googlePlaySettingStorefront,
    ]
}
