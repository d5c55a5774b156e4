import PurchaseCore

/// The keys of `receipt inspect` (`tool.receipt.*`): a verifyReceipt body's status, receipt, transactions
/// and renewals, and why a body or one of its fields cannot be read.
extension MessageKey {
    // MARK: Status
    /// A verifyReceipt status line; gives the number and its meaning.
    static let toolReceiptStatus = MessageKey("tool.receipt.status", arguments: [.text, .text])
    /// verifyReceipt status 0.
    static let toolReceiptStatus0 = MessageKey("tool.receipt.status.0")
    /// verifyReceipt status 2 (undocumented).
    static let toolReceiptStatus2 = MessageKey("tool.receipt.status.2")
    /// verifyReceipt status 21000.
    static let toolReceiptStatus21000 = MessageKey("tool.receipt.status.21000")
    /// verifyReceipt status 21001 (undocumented).
    static let toolReceiptStatus21001 = MessageKey("tool.receipt.status.21001")
    /// verifyReceipt status 21002.
    static let toolReceiptStatus21002 = MessageKey("tool.receipt.status.21002")
    /// verifyReceipt status 21003.
    static let toolReceiptStatus21003 = MessageKey("tool.receipt.status.21003")
    /// verifyReceipt status 21004.
    static let toolReceiptStatus21004 = MessageKey("tool.receipt.status.21004")
    /// verifyReceipt status 21005.
    static let toolReceiptStatus21005 = MessageKey("tool.receipt.status.21005")
    /// verifyReceipt status 21006.
    static let toolReceiptStatus21006 = MessageKey("tool.receipt.status.21006")
    /// verifyReceipt status 21007.
    static let toolReceiptStatus21007 = MessageKey("tool.receipt.status.21007")
    /// verifyReceipt status 21008.
    static let toolReceiptStatus21008 = MessageKey("tool.receipt.status.21008")
    /// verifyReceipt status 21009.
    static let toolReceiptStatus21009 = MessageKey("tool.receipt.status.21009")
    /// verifyReceipt status 21010.
    static let toolReceiptStatus21010 = MessageKey("tool.receipt.status.21010")
    /// A verifyReceipt status from 21100 to 21199 (internal App Store errors).
    static let toolReceiptStatusInternal = MessageKey("tool.receipt.status.internal")
    /// A verifyReceipt status with no documented meaning.
    static let toolReceiptStatusUnknown = MessageKey("tool.receipt.status.unknown")
    /// The environment a verifyReceipt body names; gives it as written.
    static let toolReceiptEnvironment = MessageKey("tool.receipt.environment", arguments: [.text])
    /// A verifyReceipt body names no environment.
    static let toolReceiptEnvironmentMissing = MessageKey("tool.receipt.environment.missing")
    /// Sending the receipt again may succeed.
    static let toolReceiptRetryableYes = MessageKey("tool.receipt.retryable.yes")
    /// Sending the receipt again will not help.
    static let toolReceiptRetryableNo = MessageKey("tool.receipt.retryable.no")
    /// Where to send the receipt again; names the environment (sandbox or production).
    static let toolReceiptRetryIn = MessageKey("tool.receipt.retryIn", arguments: [.text])

    // MARK: Receipt and transactions
    /// The receipt line of a verifyReceipt body; names the bundle identifier and what follows.
    static let toolReceiptApp = MessageKey("tool.receipt.app", arguments: [.text])
    /// The app version a receipt names.
    static let toolReceiptAppVersion = MessageKey("tool.receipt.app.version", arguments: [.text])
    /// When a receipt was created; gives the date.
    static let toolReceiptAppCreated = MessageKey("tool.receipt.app.created", arguments: [.text])
    /// Heading of a list of a verifyReceipt body; names the field and the number of entries.
    static let toolReceiptSection = MessageKey("tool.receipt.section", arguments: [.text, .integer])
    /// When a transaction was bought; gives the date.
    static let toolReceiptPurchased = MessageKey("tool.receipt.entry.purchased", arguments: [.text])
    /// The original transaction of a renewal or restore; gives its identifier.
    static let toolReceiptOriginal = MessageKey("tool.receipt.entry.original", arguments: [.text])
    /// When a subscription transaction expires; gives the date.
    static let toolReceiptExpires = MessageKey("tool.receipt.entry.expires", arguments: [.text])
    /// A transaction in a free trial.
    static let toolReceiptTrial = MessageKey("tool.receipt.entry.trial")
    /// A transaction in an introductory offer.
    static let toolReceiptIntroOffer = MessageKey("tool.receipt.entry.introOffer")
    /// When a transaction was cancelled or refunded; gives the date.
    static let toolReceiptCancelled = MessageKey("tool.receipt.entry.cancelled", arguments: [.text])
    /// A subscription renews automatically.
    static let toolReceiptAutoRenewOn = MessageKey("tool.receipt.renewal.autoRenewOn")
    /// A subscription does not renew automatically.
    static let toolReceiptAutoRenewOff = MessageKey("tool.receipt.renewal.autoRenewOff")
    /// The product a subscription renews to; names it.
    static let toolReceiptRenewsTo = MessageKey("tool.receipt.renewal.to", arguments: [.text])
    /// Why a subscription expired; gives Apple's expiration intent code.
    static let toolReceiptExpirationIntent = MessageKey("tool.receipt.renewal.expirationIntent", arguments: [.text])
    /// The App Store keeps trying to charge for a subscription.
    static let toolReceiptBillingRetry = MessageKey("tool.receipt.renewal.billingRetry")
    /// A subscription in a billing grace period; gives its end.
    static let toolReceiptGracePeriod = MessageKey("tool.receipt.renewal.gracePeriod", arguments: [.text])

    // MARK: What cannot be read
    /// A part of a verifyReceipt body that could not be read and was skipped; names it and why (a
    /// `tool.receipt.field` text).
    static let toolReceiptSkipped = MessageKey("tool.receipt.skipped", arguments: [.text])
    /// A field of a verifyReceipt body and what is wrong with it; gives its path
    /// (`in_app[0].purchase_date_ms`) and a `tool.receipt.decoding.*` text.
    static let toolReceiptField = MessageKey("tool.receipt.field", arguments: [.text, .text])
    /// Why a verifyReceipt body cannot be read: it is empty.
    static let toolReceiptDecodingEmptyBody = MessageKey("tool.receipt.decoding.emptyBody")
    /// Why a verifyReceipt body cannot be read: it is JSON but not an object.
    static let toolReceiptDecodingNotAnObject = MessageKey("tool.receipt.decoding.notAnObject")
    /// Why a verifyReceipt body cannot be read: it is not JSON.
    static let toolReceiptDecodingNotJSON = MessageKey("tool.receipt.decoding.notJSON")
    /// Why a part of a verifyReceipt body cannot be read: a required key is missing; names it.
    static let toolReceiptDecodingMissingKey = MessageKey("tool.receipt.decoding.missingKey", arguments: [.text])
    /// Why a field cannot be read: its value is null or missing.
    static let toolReceiptDecodingMissingValue = MessageKey("tool.receipt.decoding.missingValue")
    /// Why a field cannot be read: it is neither a string nor a whole number.
    static let toolReceiptDecodingExpectedStringOrWholeNumber = MessageKey(
        "tool.receipt.decoding.expectedStringOrWholeNumber")
    /// Why a field cannot be read: it is not a whole number.
    static let toolReceiptDecodingExpectedWholeNumber = MessageKey("tool.receipt.decoding.expectedWholeNumber")
    /// Why a field cannot be read: it is not a boolean.
    static let toolReceiptDecodingExpectedBoolean = MessageKey("tool.receipt.decoding.expectedBoolean")
    /// Why `status` cannot be read: it is not a JSON integer.
    static let toolReceiptDecodingExpectedJSONInteger = MessageKey("tool.receipt.decoding.expectedJSONInteger")
    /// Why a field cannot be read: its value has a type the field cannot have.
    static let toolReceiptDecodingWrongType = MessageKey("tool.receipt.decoding.wrongType")
    /// Why a date field is refused: it is outside what receipts carry.
    static let toolReceiptDecodingDateOutOfRange = MessageKey("tool.receipt.decoding.dateOutOfRange")
    /// Why `quantity` is refused: negative or too large.
    static let toolReceiptDecodingQuantityOutOfRange = MessageKey("tool.receipt.decoding.quantityOutOfRange")
    /// Why a field cannot be read, when the JSON decoder gives only its own words.
    static let toolReceiptDecodingInvalidValue = MessageKey("tool.receipt.decoding.invalidValue")
    /// Why a body cannot be read, when the JSON decoder fails in a way it does not name.
    static let toolReceiptDecodingNotABody = MessageKey("tool.receipt.decoding.notABody")
    /// A file is not a verifyReceipt response body; gives why.
    static let toolReceiptNotABody = MessageKey("tool.receipt.notABody", arguments: [.text])
    /// The file is an App Store server notification; names its type.
    static let toolReceiptNotABodyNotification = MessageKey("tool.receipt.notABody.notification", arguments: [.text])
    /// The file is one transaction of a verifyReceipt body.
    static let toolReceiptNotABodyTransaction = MessageKey("tool.receipt.notABody.transaction")
    /// The file is one pending renewal of a verifyReceipt body.
    static let toolReceiptNotABodyRenewal = MessageKey("tool.receipt.notABody.renewal")

    /// The keys above, in order.
    static let toolReceiptKeys: [MessageKey] = [
        .toolReceiptStatus, .toolReceiptStatus0, .toolReceiptStatus2, .toolReceiptStatus21000, .toolReceiptStatus21001,
        .toolReceiptStatus21002, .toolReceiptStatus21003, .toolReceiptStatus21004, .toolReceiptStatus21005,
        .toolReceiptStatus21006, .toolReceiptStatus21007, .toolReceiptStatus21008, .toolReceiptStatus21009,
        .toolReceiptStatus21010, .toolReceiptStatusInternal, .toolReceiptStatusUnknown, .toolReceiptEnvironment,
        .toolReceiptEnvironmentMissing, .toolReceiptRetryableYes, .toolReceiptRetryableNo, .toolReceiptRetryIn,
        .toolReceiptApp, .toolReceiptAppVersion, .toolReceiptAppCreated, .toolReceiptSection, .toolReceiptPurchased,
        .toolReceiptOriginal, .toolReceiptExpires, .toolReceiptTrial, .toolReceiptIntroOffer, .toolReceiptCancelled,
        .toolReceiptAutoRenewOn, .toolReceiptAutoRenewOff, .toolReceiptRenewsTo, .toolReceiptExpirationIntent,
        .toolReceiptBillingRetry, .toolReceiptGracePeriod, .toolReceiptSkipped, .toolReceiptField,
        .toolReceiptDecodingEmptyBody, .toolReceiptDecodingNotAnObject, .toolReceiptDecodingNotJSON,
        .toolReceiptDecodingMissingKey, .toolReceiptDecodingMissingValue,
        .toolReceiptDecodingExpectedStringOrWholeNumber, .toolReceiptDecodingExpectedWholeNumber,
        .toolReceiptDecodingExpectedBoolean, .toolReceiptDecodingExpectedJSONInteger, .toolReceiptDecodingWrongType,
        .toolReceiptDecodingDateOutOfRange, .toolReceiptDecodingQuantityOutOfRange, .toolReceiptDecodingInvalidValue,
        .toolReceiptDecodingNotABody, .toolReceiptNotABody, .toolReceiptNotABodyNotification,
        .toolReceiptNotABodyTransaction, .toolReceiptNotABodyRenewal,
    ]
}
