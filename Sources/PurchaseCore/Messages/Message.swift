public import Foundation

/// A text a person sees, named by its key and carrying its arguments, ready to render in any locale.
///
/// Code never spells out what a person reads: it builds a `Message`, and a message table (see
/// `MessageTable` in PurchaseCatalog) turns it into text for an explicit locale. ``key`` is stable and
/// ``arguments`` always match ``MessageKey/argumentKinds`` of that key.
public enum Message: Sendable, Hashable {
    /// Title of the question asked before restoring purchases.
    case restoreConfirmTitle
    /// The question asked before restoring purchases.
    case restoreConfirmQuestion
    /// Restore brought back `count` purchases.
    case restoreSucceeded(count: Int)
    /// Restore brought back `count` purchases, but some could not be restored.
    case restorePartial(count: Int)
    /// Restore found nothing the person owns.
    case nothingToRestore
    /// Restore failed.
    case restoreFailed
    /// Asks to confirm buying a product for a price.
    case purchaseConfirm(productName: String, price: Price)
    /// A purchase completed.
    case purchaseComplete(productName: String)
    /// A purchase failed for a reason without a more specific message.
    case purchaseFailed
    /// The person cancelled the purchase; nothing was charged.
    case purchaseCancelled
    /// The purchase waits for approval (Ask to Buy).
    case purchasePending
    /// The purchase is being verified.
    case purchaseVerifying
    /// Another purchase is already running.
    case purchaseInProgress
    /// The person already owns the product.
    case alreadyOwned
    /// Purchases are turned off on this device, with where to turn them on.
    case paymentsDisabled
    /// The product is not for sale here or now.
    case productUnavailable
    /// The store does not know some of the requested products.
    case invalidProductIdentifiers
    /// The store cannot be reached.
    case storeUnavailable
    /// The payment method was declined.
    case paymentInvalid
    /// Several units of a product that is not a consumable were asked for; only consumables can be bought
    /// more than one at a time.
    case quantityRequiresConsumable
    /// The device or account may not make the request.
    case clientInvalid
    /// The person is not eligible for an offer.
    case ineligibleForOffer
    /// Verification refused the purchase.
    case verificationFailed
    /// The receipt is invalid.
    case receiptInvalid
    /// Verification is unavailable for now.
    case verificationUnavailable
    /// The purchase could not be recorded on this device.
    case ledgerFailed
    /// The product catalog is invalid.
    case catalogInvalid
    /// A store provider is set up wrongly.
    case providerMisconfigured
    /// The operation is not supported.
    case unsupported
    /// An error of unknown cause.
    case unknownError
    /// A balance of a payout (`gems: 100`).
    case balanceAmount(name: String, quantity: Int)
    /// A balance is too low for a spend.
    case insufficientBalance
    /// A subscription is active.
    case subscriptionActive(productName: String)
    /// A subscription is active until `date`.
    case subscriptionExpires(productName: String, date: Date)
    /// A subscription has expired.
    case subscriptionExpired(productName: String)
    /// The store ended a subscription early, on `date`, before the end of the period paid for.
    case subscriptionEndedEarly(productName: String, date: Date)
    /// A subscription's renewal could not be charged; access continues until `date` while the store
    /// retries billing.
    case subscriptionInGracePeriod(productName: String, date: Date)
    /// The text of `key` with `arguments`, for the keys other modules declare with their own typed
    /// vocabulary: catalog diagnostics (`CatalogProblem` in PurchaseCatalog), scenario problems, the
    /// command-line tool's messages.
    ///
    /// The module that builds it guarantees that `arguments` match ``MessageKey/argumentKinds`` of `key`;
    /// code in this module's domain uses the typed cases above instead.
    case keyed(MessageKey, arguments: [MessageArgument])

    /// The message's key in the tables.
    public var key: MessageKey {
        switch self {
        case .restoreConfirmTitle: .restoreConfirmTitle
        case .restoreConfirmQuestion: .restoreConfirmQuestion
        case .restoreSucceeded: .restoreSucceeded
        case .restorePartial: .restorePartial
        case .nothingToRestore: .nothingToRestore
        case .restoreFailed: .restoreFailed
        case .purchaseConfirm: .purchaseConfirm
        case .purchaseComplete: .purchaseComplete
        case .purchaseFailed: .purchaseFailed
        case .purchaseCancelled: .purchaseCancelled
        case .purchasePending: .purchasePending
        case .purchaseVerifying: .purchaseVerifying
        case .purchaseInProgress: .purchaseInProgress
        case .alreadyOwned: .alreadyOwned
        case .paymentsDisabled: .paymentsDisabled
        case .productUnavailable: .productUnavailable
        case .invalidProductIdentifiers: .invalidProductIdentifiers
        case .storeUnavailable: .storeUnavailable
        case .paymentInvalid: .paymentInvalid
        case .quantityRequiresConsumable: .quantityRequiresConsumable
        case .clientInvalid: .clientInvalid
        case .ineligibleForOffer: .ineligibleForOffer
        case .verificationFailed: .verificationFailed
        case .receiptInvalid: .receiptInvalid
        case .verificationUnavailable: .verificationUnavailable
        case .ledgerFailed: .ledgerFailed
        case .catalogInvalid: .catalogInvalid
        case .providerMisconfigured: .providerMisconfigured
        case .unsupported: .unsupported
        case .unknownError: .unknownError
        case .balanceAmount: .balanceAmount
        case .insufficientBalance: .insufficientBalance
        case .subscriptionActive: .subscriptionActive
        case .subscriptionExpires: .subscriptionExpires
        case .subscriptionExpired: .subscriptionExpired
        case .subscriptionEndedEarly: .subscriptionEndedEarly
        case .subscriptionInGracePeriod: .subscriptionGracePeriod
        case .keyed(let key, _): key
        }
    }

    /// The values the text substitutes, in the order of ``MessageKey/argumentKinds``.
    public var arguments: [MessageArgument] {
        switch self {
        case .restoreSucceeded(let count), .restorePartial(let count):
            [.integer(count)]
        case .purchaseConfirm(let name, let price):
            [.text(name), .price(price)]
        case .purchaseComplete(let name), .subscriptionActive(let name), .subscriptionExpired(let name):
            [.text(name)]
        case .balanceAmount(let name, let quantity):
            [.text(name), .integer(quantity)]
        case .subscriptionExpires(let name, let date), .subscriptionEndedEarly(let name, let date),
            .subscriptionInGracePeriod(let name, let date):
            [.text(name), .date(date)]
        case .keyed(_, let arguments):
            arguments
        default:
            []
        }
    }
}
