/// The keys of the texts the purchase flow shows a person: restoring, buying, errors, balances and
/// subscriptions (``Message`` gives most of them a typed case). Other modules declare the keys of their
/// own texts (catalog diagnostics in PurchaseCatalog, the command-line tool's in `purchasekit`).
extension MessageKey {
    // MARK: Restore
    /// Title of the question asked before restoring purchases.
    public static let restoreConfirmTitle = MessageKey("restore.confirm.title")
    /// The question asked before restoring purchases.
    public static let restoreConfirmQuestion = MessageKey("restore.confirm.question")
    /// Restore brought back a number of purchases (plural on the count).
    public static let restoreSucceeded = MessageKey("restore.succeeded", arguments: [.integer], plural: true)
    /// Restore brought back some purchases but not all (plural on the count restored).
    public static let restorePartial = MessageKey("restore.partial", arguments: [.integer], plural: true)
    /// Restore found nothing the person owns.
    public static let nothingToRestore = MessageKey("restore.nothing")
    /// Restore failed.
    public static let restoreFailed = MessageKey("restore.failed")

    // MARK: Purchase
    /// Asks to confirm buying a product for a price.
    public static let purchaseConfirm = MessageKey("purchase.confirm", arguments: [.text, .price])
    /// A purchase completed; names the product.
    public static let purchaseComplete = MessageKey("purchase.complete", arguments: [.text])
    /// A product's name with the number of units bought at once; gives the name and the number.
    public static let purchaseQuantityName = MessageKey("purchase.quantityName", arguments: [.text, .integer])
    /// A purchase failed for a reason without a more specific message.
    public static let purchaseFailed = MessageKey("purchase.failed")
    /// The person cancelled the purchase.
    public static let purchaseCancelled = MessageKey("purchase.cancelled")
    /// The purchase waits for approval (Ask to Buy).
    public static let purchasePending = MessageKey("purchase.pending")
    /// The person who approves purchases (Ask to Buy) declined the request; nothing was charged.
    public static let purchaseDeclined = MessageKey("purchase.declined")
    /// The purchase was delivered but its downloadable content could not be downloaded; it is
    /// downloaded again the next time the app starts.
    public static let downloadFailed = MessageKey("purchase.downloadFailed")
    /// The purchase was delivered but the download of its content was cancelled; it is downloaded
    /// again the next time the app starts.
    public static let downloadCancelled = MessageKey("purchase.downloadCancelled")
    /// The purchase is being verified.
    public static let purchaseVerifying = MessageKey("purchase.verifying")
    /// Another purchase is already running.
    public static let purchaseInProgress = MessageKey("purchase.inProgress")
    /// The person already owns the product.
    public static let alreadyOwned = MessageKey("purchase.alreadyOwned")
    /// Purchases are turned off on the device, and where to turn them on.
    public static let paymentsDisabled = MessageKey("payments.disabled")
    /// The product is not for sale here or now.
    public static let productUnavailable = MessageKey("product.unavailable")
    /// The store does not know some of the requested products.
    public static let invalidProductIdentifiers = MessageKey("product.invalidIdentifiers")
    /// The store cannot be reached.
    public static let storeUnavailable = MessageKey("store.unavailable")

    // MARK: Other errors
    /// The payment method was declined.
    public static let paymentInvalid = MessageKey("error.paymentInvalid")
    /// More than one unit of a product that is not a consumable was asked for.
    public static let quantityRequiresConsumable = MessageKey("error.quantityRequiresConsumable")
    /// The device or account may not make the request.
    public static let clientInvalid = MessageKey("error.clientInvalid")
    /// The person is not eligible for an offer.
    public static let ineligibleForOffer = MessageKey("error.ineligibleForOffer")
    /// A subscription offer the store does not have for the product (or whose parameters or price are
    /// not valid); nothing was charged.
    public static let offerUnavailable = MessageKey("error.offerUnavailable")
    /// A signed promotional offer that did not verify or expired; nothing was charged.
    public static let offerNotVerified = MessageKey("error.offerNotVerified")
    /// An offer code the store does not know.
    public static let offerCodeInvalid = MessageKey("error.offerCodeInvalid")
    /// A one-time offer code redeemed before.
    public static let offerCodeRedeemed = MessageKey("error.offerCodeRedeemed")
    /// A plan, offer or replacement mode named in the store's own identifiers that the store does not
    /// have for the product; nothing was charged.
    public static let storeOptionUnavailable = MessageKey("error.storeOptionUnavailable")
    /// Verification refused the purchase.
    public static let verificationFailed = MessageKey("error.verificationFailed")
    /// The receipt is invalid.
    public static let receiptInvalid = MessageKey("error.receiptInvalid")
    /// Verification is unavailable for now.
    public static let verificationUnavailable = MessageKey("error.verificationUnavailable")
    /// The purchase could not be recorded on the device.
    public static let ledgerFailed = MessageKey("error.ledgerFailed")
    /// The product catalog is invalid.
    public static let catalogInvalid = MessageKey("error.catalogInvalid")
    /// A store provider is set up wrongly.
    public static let providerMisconfigured = MessageKey("error.providerMisconfigured")
    /// The operation is not supported.
    public static let unsupported = MessageKey("error.unsupported")
    /// An error of unknown cause.
    public static let unknownError = MessageKey("error.unknown")

    // MARK: Balances and subscriptions
    /// A balance: payout name and quantity.
    public static let balanceAmount = MessageKey("balance.amount", arguments: [.text, .integer])
    /// A balance is too low for a spend.
    public static let insufficientBalance = MessageKey("balance.insufficient")
    /// A spend's identifier was used before for another spend (another balance or quantity).
    public static let spendIDConflict = MessageKey("balance.spendIDConflict")
    /// A subscription is active; names the product.
    public static let subscriptionActive = MessageKey("subscription.active", arguments: [.text])
    /// A subscription is active until a date; names the product and the date.
    public static let subscriptionExpires = MessageKey("subscription.expires", arguments: [.text, .date])
    /// A subscription has expired; names the product.
    public static let subscriptionExpired = MessageKey("subscription.expired", arguments: [.text])
    /// The store ended a subscription before the end of the period it was paid for; names the product
    /// and the date it ended.
    public static let subscriptionEndedEarly = MessageKey("subscription.endedEarly", arguments: [.text, .date])
    /// A subscription's renewal could not be charged and access continues while the store retries;
    /// names the product and the date access ends.
    public static let subscriptionGracePeriod = MessageKey("subscription.gracePeriod", arguments: [.text, .date])

    /// Every key this module declares, in the order above: what a table needs for the purchase flow's
    /// texts. The core keeps only purchase-facing keys (at most 80; a test checks).
    public static let coreKeys: [MessageKey] = [
        .restoreConfirmTitle, .restoreConfirmQuestion, .restoreSucceeded, .restorePartial, .nothingToRestore,
        .restoreFailed, .purchaseConfirm, .purchaseComplete, .purchaseQuantityName, .purchaseFailed, .purchaseCancelled,
        .purchasePending, .purchaseDeclined, .downloadFailed, .downloadCancelled, .purchaseVerifying,
        .purchaseInProgress, .alreadyOwned, .paymentsDisabled,
        .productUnavailable, .invalidProductIdentifiers, .storeUnavailable, .paymentInvalid,
        .quantityRequiresConsumable, .clientInvalid, .ineligibleForOffer, .verificationFailed, .receiptInvalid,
        .verificationUnavailable, .ledgerFailed, .catalogInvalid, .providerMisconfigured, .unsupported, .unknownError,
        .balanceAmount, .insufficientBalance, .subscriptionActive, .subscriptionExpires, .subscriptionExpired,
        .subscriptionEndedEarly, .subscriptionGracePeriod, .offerUnavailable, .offerNotVerified,
        .offerCodeInvalid, .offerCodeRedeemed, .spendIDConflict, .storeOptionUnavailable,
    ]
}
