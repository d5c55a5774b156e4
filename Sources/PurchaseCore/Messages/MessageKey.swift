/// The stable name of every text a person may see, and the arguments its text takes.
///
/// The raw value is the key in the message tables (`Localizable.strings` and `Localizable.stringsdict`);
/// it never changes once released, so deployment overrides keep working. ``allCases`` lists every key, so
/// tests and translators can check a table for completeness. A ``Message`` pairs a key with its arguments.
public enum MessageKey: String, Sendable, Hashable, CaseIterable {
    // MARK: Restore
    /// Title of the question asked before restoring purchases.
    case restoreConfirmTitle = "restore.confirm.title"
    /// The question asked before restoring purchases.
    case restoreConfirmQuestion = "restore.confirm.question"
    /// Restore brought back a number of purchases (plural on the count).
    case restoreSucceeded = "restore.succeeded"
    /// Restore brought back some purchases but not all (plural on the count restored).
    case restorePartial = "restore.partial"
    /// Restore found nothing the person owns.
    case nothingToRestore = "restore.nothing"
    /// Restore failed.
    case restoreFailed = "restore.failed"

    // MARK: Purchase
    /// Asks to confirm buying a product for a price.
    case purchaseConfirm = "purchase.confirm"
    /// A purchase completed; names the product.
    case purchaseComplete = "purchase.complete"
    /// A purchase failed for a reason without a more specific message.
    case purchaseFailed = "purchase.failed"
    /// The person cancelled the purchase.
    case purchaseCancelled = "purchase.cancelled"
    /// The purchase waits for approval (Ask to Buy).
    case purchasePending = "purchase.pending"
    /// The purchase is being verified.
    case purchaseVerifying = "purchase.verifying"
    /// Another purchase is already running.
    case purchaseInProgress = "purchase.inProgress"
    /// The person already owns the product.
    case alreadyOwned = "purchase.alreadyOwned"
    /// Purchases are turned off on the device, and where to turn them on.
    case paymentsDisabled = "payments.disabled"
    /// The product is not for sale here or now.
    case productUnavailable = "product.unavailable"
    /// The store does not know some of the requested products.
    case invalidProductIdentifiers = "product.invalidIdentifiers"
    /// The store cannot be reached.
    case storeUnavailable = "store.unavailable"

    // MARK: Other errors
    /// The payment method was declined.
    case paymentInvalid = "error.paymentInvalid"
    /// The device or account may not make the request.
    case clientInvalid = "error.clientInvalid"
    /// The person is not eligible for an offer.
    case ineligibleForOffer = "error.ineligibleForOffer"
    /// Verification refused the purchase.
    case verificationFailed = "error.verificationFailed"
    /// The receipt is invalid.
    case receiptInvalid = "error.receiptInvalid"
    /// Verification is unavailable for now.
    case verificationUnavailable = "error.verificationUnavailable"
    /// The purchase could not be recorded on the device.
    case ledgerFailed = "error.ledgerFailed"
    /// The product catalog is invalid.
    case catalogInvalid = "error.catalogInvalid"
    /// A store provider is set up wrongly.
    case providerMisconfigured = "error.providerMisconfigured"
    /// The operation is not supported.
    case unsupported = "error.unsupported"
    /// An error of unknown cause.
    case unknownError = "error.unknown"

    // MARK: Balances and subscriptions
    /// A balance: payout name and quantity.
    case balanceAmount = "balance.amount"
    /// A balance is too low for a spend.
    case insufficientBalance = "balance.insufficient"
    /// A subscription is active; names the product.
    case subscriptionActive = "subscription.active"
    /// A subscription is active until a date; names the product and the date.
    case subscriptionExpires = "subscription.expires"
    /// A subscription has expired; names the product.
    case subscriptionExpired = "subscription.expired"

    // MARK: Command-line tool
    /// Heading of the product list.
    case toolProducts = "tool.label.products"
    /// Label of a price.
    case toolPrice = "tool.label.price"
    /// Heading of the balances.
    case toolBalance = "tool.label.balance"
    /// Heading of the entitlements.
    case toolEntitlements = "tool.label.entitlements"
    /// Heading of the subscriptions.
    case toolSubscriptions = "tool.label.subscriptions"
    /// Label before a subscription's expiry date (lower case, inside a line).
    case toolExpires = "tool.label.expires"
    /// Shown when the person owns nothing yet.
    case toolNothingOwned = "tool.label.nothingOwned"
    /// An input file does not exist; names the path.
    case toolMissingFile = "tool.error.missingFile"
    /// The command line is wrong; shows the synopsis.
    case toolUsage = "tool.error.usage"
    /// The catalog has errors; names its path.
    case toolInvalidCatalog = "tool.error.invalidCatalog"
    /// Reading or writing a file failed; names the path.
    case toolIOError = "tool.error.io"

    /// The arguments the key's text takes, in order; every table's text for the key uses exactly these
    /// (by position), and ``Message/arguments`` supplies them.
    public var argumentKinds: [MessageArgument.Kind] {
        switch self {
        case .restoreSucceeded, .restorePartial: [.integer]
        case .purchaseConfirm: [.text, .price]
        case .purchaseComplete, .subscriptionActive, .subscriptionExpired: [.text]
        case .balanceAmount: [.text, .integer]
        case .subscriptionExpires: [.text, .date]
        case .toolMissingFile, .toolUsage, .toolInvalidCatalog, .toolIOError: [.text]
        default: []
        }
    }

    /// Whether the key's text depends on a count, so tables give it in `Localizable.stringsdict` with
    /// plural forms.
    public var isPlural: Bool {
        self == .restoreSucceeded || self == .restorePartial
    }
}
