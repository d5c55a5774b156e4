/// The stable name of every text a person may see, and the arguments its text takes.
///
/// The raw value is the key in the message tables (`Localizable.strings` and `Localizable.stringsdict`);
/// it never changes once released, so deployment overrides keep working. `allCases` (from `CaseIterable`) lists every key, so
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
    /// A product's name with the number of units bought at once; gives the name and the number.
    case purchaseQuantityName = "purchase.quantityName"
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
    /// More than one unit of a product that is not a consumable was asked for.
    case quantityRequiresConsumable = "error.quantityRequiresConsumable"
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
    /// The store ended a subscription before the end of the period it was paid for; names the product
    /// and the date it ended.
    case subscriptionEndedEarly = "subscription.endedEarly"
    /// A subscription's renewal could not be charged and access continues while the store retries;
    /// names the product and the date access ends.
    case subscriptionGracePeriod = "subscription.gracePeriod"

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
    /// Another process kept the state folder locked too long; names the folder's lock file.
    case toolStateFolderBusy = "tool.error.stateFolderBusy"
    /// The simulated App Store's receipt key cannot be used; gives why and how to fix it (a
    /// `tool.receiptKey.*` text).
    case toolReceiptKeyUnusable = "tool.error.receiptKeyUnusable"
    /// Why the receipt key cannot be used: its file is a symbolic link (never followed); how to fix it.
    case toolReceiptKeySymbolicLink = "tool.receiptKey.symbolicLink"
    /// Why the receipt key cannot be used: its file is a folder, a FIFO, a device or a socket; how to fix it.
    case toolReceiptKeyNotRegularFile = "tool.receiptKey.notRegularFile"
    /// Why the receipt key cannot be used: its file is far too large to be a key; how to fix it.
    case toolReceiptKeyTooLarge = "tool.receiptKey.tooLarge"
    /// Why the receipt key cannot be used: its file is not text, so not PEM; how to fix it.
    case toolReceiptKeyNotText = "tool.receiptKey.notText"
    /// Why the receipt key cannot be used: its file holds no PEM block of the kind needed; gives the
    /// block's label (`PRIVATE KEY`) and how to fix it.
    case toolReceiptKeyNoPEMBlock = "tool.receiptKey.noPEMBlock"
    /// Why the receipt key cannot be used: its PEM block holds no readable key (damaged or cut short);
    /// how to fix it.
    case toolReceiptKeyDamaged = "tool.receiptKey.damaged"
    /// Why the receipt key cannot be used: it is not an elliptic-curve key; gives libcrypto's name of
    /// its algorithm (`ED25519`) and how to fix it.
    case toolReceiptKeyWrongAlgorithm = "tool.receiptKey.wrongAlgorithm"
    /// Why the receipt key cannot be used: it is on another curve than P-256; gives the curve's name
    /// (`secp384r1`) and how to fix it.
    case toolReceiptKeyWrongCurve = "tool.receiptKey.wrongCurve"
    /// Why the receipt key cannot be used: its file cannot be read; gives the system's reason (a
    /// `tool.journal.*` reason).
    case toolReceiptKeyReadFailed = "tool.receiptKey.readFailed"
    /// Why the receipt key cannot be used: a new key file cannot be written; gives the system's reason
    /// (a `tool.journal.*` reason).
    case toolReceiptKeyWriteFailed = "tool.receiptKey.writeFailed"
    /// Why the receipt key cannot be used: its file disappeared while a new key was made.
    case toolReceiptKeyVanished = "tool.receiptKey.vanished"
    /// Why the receipt key cannot be used: libcrypto or PurchaseKit failed with a valid key.
    case toolReceiptKeyInternal = "tool.receiptKey.internal"
    /// After a file's diagnostics: how many more errors and warnings were found and not shown.
    case toolValidationOmitted = "tool.validation.omitted"
    /// After a file's diagnostics: how many more errors were found and not shown (no warning was left out).
    case toolValidationOmittedErrors = "tool.validation.omittedErrors"
    /// After a file's diagnostics: how many more warnings were found and not shown (no error was left out).
    case toolValidationOmittedWarnings = "tool.validation.omittedWarnings"
    /// Where in a journal file a problem is; gives the byte offset.
    case toolJournalAtByte = "tool.journal.atByte"
    /// A journal file is damaged (a checksum, length or order that does not hold).
    case toolJournalDamaged = "tool.journal.damaged"
    /// A journal file of a format version this build cannot read.
    case toolJournalUnsupportedVersion = "tool.journal.unsupportedVersion"
    /// A journal record this build cannot apply (from a newer version, or damaged).
    case toolJournalRecordRejected = "tool.journal.recordRejected"
    /// Another process held the journal's lock longer than the wait allows.
    case toolJournalLockTimeout = "tool.journal.lockTimeout"
    /// The disk is full.
    case toolJournalDiskFull = "tool.journal.diskFull"
    /// Permission to the file or folder was denied.
    case toolJournalPermissionDenied = "tool.journal.permissionDenied"
    /// The file system is read-only.
    case toolJournalReadOnly = "tool.journal.readOnly"
    /// A part of the path is a file where a folder should be.
    case toolJournalNotAFolder = "tool.journal.notAFolder"
    /// The path is a folder where a file should be.
    case toolJournalIsAFolder = "tool.journal.isAFolder"
    /// Another system failure; gives the system's error number.
    case toolJournalSystemError = "tool.journal.systemError"
    /// A failure that is a bug of PurchaseKit or its use; gives the journal's error code.
    case toolJournalInternal = "tool.journal.internal"
    /// Records that were acknowledged as saved are missing from a journal (it was cut, damaged or
    /// replaced by an older copy); nothing was changed.
    case toolJournalRecordsLost = "tool.journal.recordsLost"
    /// A file of the state folder is a symbolic link, a FIFO, a device or a folder, not a regular file.
    case toolJournalNotRegularFile = "tool.journal.notRegularFile"

    // MARK: Command-line tool: help, usage and files
    /// One-line summary of the tool, in its help.
    case toolHelpSummary = "tool.help.summary"
    /// One-line summary of `plist`, in its help.
    case toolHelpPlist = "tool.help.plist"
    /// One-line summary of `catalog`, in its help.
    case toolHelpCatalog = "tool.help.catalog"
    /// One-line summary of `catalog validate`, in its help.
    case toolHelpCatalogValidate = "tool.help.catalogValidate"
    /// One-line summary of `catalog synthesize`, in its help.
    case toolHelpCatalogSynthesize = "tool.help.catalogSynthesize"
    /// One-line summary of `messages`, in its help.
    case toolHelpMessages = "tool.help.messages"
    /// The command line names no command.
    case toolMissingCommand = "tool.usage.missingCommand"
    /// An unknown command; names it.
    case toolUnknownCommand = "tool.usage.unknownCommand"
    /// `catalog` without a subcommand.
    case toolMissingCatalogSubcommand = "tool.usage.missingCatalogSubcommand"
    /// An unknown `catalog` subcommand; names it.
    case toolUnknownCatalogSubcommand = "tool.usage.unknownCatalogSubcommand"
    /// An option the command does not know; names the option and the command.
    case toolUnknownOption = "tool.usage.unknownOption"
    /// An option given without its value; names the option.
    case toolMissingOptionValue = "tool.usage.missingOptionValue"
    /// An argument the command does not take; names it and the command.
    case toolUnexpectedArgument = "tool.usage.unexpectedArgument"
    /// A command that reads a file was given none; names the command.
    case toolNeedsFile = "tool.usage.missingFile"
    /// A command that reads one file was given several; names the command.
    case toolTooManyFiles = "tool.usage.tooManyFiles"
    /// `catalog synthesize` without `--products`.
    case toolMissingProductCount = "tool.usage.missingProductCount"
    /// `--products` with a value that is no count in range; names the value.
    case toolInvalidProductCount = "tool.usage.invalidProductCount"
    /// `buy` without a product identifier; names the command.
    case toolMissingProduct = "tool.usage.missingProduct"
    /// `--quantity` with a value that is no whole number from 1 to 10; names the value.
    case toolInvalidQuantity = "tool.usage.invalidQuantity"
    /// `--locale` with an empty value.
    case toolEmptyLocale = "tool.usage.emptyLocale"
    /// `--catalog` with an empty value.
    case toolEmptyCatalog = "tool.usage.emptyCatalog"
    /// `--state` with an empty value.
    case toolEmptyState = "tool.usage.emptyState"
    /// Points to a command's help after a usage error; names the command.
    case toolSeeHelp = "tool.usage.seeHelp"
    /// An input file does not exist; names the path.
    case toolFileNotFound = "tool.file.notFound"
    /// An input path is a folder; names the path.
    case toolFileIsFolder = "tool.file.isFolder"
    /// A file the tool found by itself is a FIFO, a device or a socket, which it does not read; names the path.
    case toolFileNotRegular = "tool.file.notRegular"
    /// An input file may not be read; names the path.
    case toolFilePermissionDenied = "tool.file.permissionDenied"
    /// Reading an input file failed; names the path and the system's reason.
    case toolFileUnreadable = "tool.file.unreadable"
    /// Writing the output failed; gives the system's reason.
    case toolWriteFailed = "tool.output.writeFailed"
    /// Writing the output failed after a purchase was recorded; gives the system's reason and the
    /// transaction's identifier, and says not to buy again.
    case toolWriteFailedAfterPurchase = "tool.output.writeFailedAfterPurchase"
    /// Why writing the output failed: whatever read it (a pipe) closed it.
    case toolOutputClosed = "tool.output.closed"
    /// Heading of the `messages` listing; names the locale asked for and the language the texts come from.
    case toolMessagesHeading = "tool.messages.heading"
    /// A transaction being charged, in a `history` line.
    case toolHistoryPurchasing = "tool.history.state.purchasing"
    /// A charged transaction, in a `history` line.
    case toolHistoryPurchased = "tool.history.state.purchased"
    /// A transaction brought back by a restore, in a `history` line.
    case toolHistoryRestored = "tool.history.state.restored"
    /// A transaction waiting for approval (Ask to Buy), in a `history` line.
    case toolHistoryDeferred = "tool.history.state.deferred"
    /// A refused or cancelled transaction, in a `history` line.
    case toolHistoryFailed = "tool.history.state.failed"
    /// A refunded or revoked transaction, in a `history` line.
    case toolHistoryRevoked = "tool.history.state.revoked"
    /// A transaction whose content was delivered (recorded in the ledger), in a `history` line.
    case toolHistoryDelivered = "tool.history.delivered"
    /// A transaction finished with its store, in a `history` line.
    case toolHistoryFinished = "tool.history.finished"
    /// The result line of checking one catalog: path, products, errors and warnings (plural on each count).
    case toolCatalogSummary = "tool.catalog.summary"
    /// The result line of checking several catalogs: files, errors and warnings (plural on each count).
    case toolValidationSummary = "tool.validation.summary"
    /// The result line of checking several catalogs when some could not be read: files checked, files not
    /// read, errors and warnings (plural on each count).
    case toolValidationSummaryUnread = "tool.validation.summaryUnread"

    // MARK: Command-line tool: the guided tour and progress
    /// One-line summary of `tour`, in its help.
    case toolHelpTour = "tool.help.tour"
    /// Opens the tour; names the deployment.
    case toolTourIntro = "tool.tour.intro"
    /// The tour's purchases go to a temporary state folder removed at the end; names it.
    case toolTourStateTemporary = "tool.tour.state.temporary"
    /// The tour's purchases go to the state folder given with `--state`, which is kept; names it.
    case toolTourStateKept = "tool.tour.state.kept"
    /// Narration before the product list; names the storefront.
    case toolTourProducts = "tool.tour.products"
    /// Narration before buying a consumable; names the product.
    case toolTourBuyConsumable = "tool.tour.buyConsumable"
    /// Narration before buying a non-consumable; names the product.
    case toolTourBuyNonConsumable = "tool.tour.buyNonConsumable"
    /// Narration before buying the non-consumable again; names the product.
    case toolTourBuyAgain = "tool.tour.buyAgain"
    /// Narration before an Ask to Buy purchase; names the product.
    case toolTourAskToBuy = "tool.tour.askToBuy"
    /// Narration of the approval of the Ask to Buy purchase.
    case toolTourApproved = "tool.tour.approved"
    /// Narration before a purchase whose payment the store declines; names the product.
    case toolTourDeclined = "tool.tour.declined"
    /// Narration before restoring on a fresh install.
    case toolTourRestore = "tool.tour.restore"
    /// Label of what the person owns before the restore (on the fresh install).
    case toolTourBeforeRestore = "tool.tour.beforeRestore"
    /// Label of what the person owns after the restore.
    case toolTourAfterRestore = "tool.tour.afterRestore"
    /// The end of the tour when its temporary state folder was removed.
    case toolTourDoneTemporary = "tool.tour.done.temporary"
    /// The end of the tour when its state folder is kept; names the folder.
    case toolTourDoneKept = "tool.tour.done.kept"
    /// The tour's deployment is not sold through the file store; names the catalog and its provider kind.
    case toolTourNeedsFileStore = "tool.tour.needsFileStore"
    /// The tour's catalog lacks a consumable or a non-consumable; names the catalog.
    case toolTourNeedsProducts = "tool.tour.needsProducts"
    /// Progress while a catalog is synthesized; gives the number of products.
    case toolProgressSynthesizing = "tool.progress.synthesizing"
    /// Progress while a synthesized catalog is written; gives the megabytes written and the total.
    case toolProgressWriting = "tool.progress.writing"
    /// Progress while a scenario runs; gives the step's number, the number of steps and the step's name.
    case toolProgressSimulating = "tool.progress.simulating"
    /// Progress of a simulated hosted-content download; gives the content identifier and the percent done.
    case toolProgressDownloading = "tool.progress.downloading"

    // MARK: Catalog diagnostics (`catalog.<problem>` and how to fix it, `catalog.<problem>.hint`)
    /// The file is not a readable property list; gives the reader's reason (a `plist.<reason>` message).
    case catalogUnreadableDocument = "catalog.unreadableDocument"
    /// How to fix `catalog.unreadableDocument`.
    case catalogUnreadableDocumentHint = "catalog.unreadableDocument.hint"
    /// The file could not be read; gives the reader's reason (a `plist.<reason>` message).
    case catalogUnreadableFile = "catalog.unreadableFile"
    /// How to fix `catalog.unreadableFile`.
    case catalogUnreadableFileHint = "catalog.unreadableFile.hint"
    /// A message tables folder that does not exist or cannot be read.
    case catalogMessageTablesFolderUnreadable = "catalog.messageTablesFolderUnreadable"
    /// How to fix `catalog.messageTablesFolderUnreadable`.
    case catalogMessageTablesFolderUnreadableHint = "catalog.messageTablesFolderUnreadable.hint"
    // Why a document cannot be read (`plist.<reason>`), shown inside `catalog.unreadableDocument`,
    // `catalog.unreadableFile` and `catalog.storeKitUnreadable`; PropertyListError.Reason names them.
    /// A file does not exist or cannot be opened.
    case plistFileNotReadable = "plist.fileNotReadable"
    /// A path to read names a folder.
    case plistFileIsFolder = "plist.fileIsFolder"
    /// A path to read names a pipe, a device or a socket where only a regular file may be read.
    case plistNotRegularFile = "plist.notRegularFile"
    /// Reading a file failed; gives the system's description.
    case plistReadFailed = "plist.readFailed"
    /// A document without any bytes.
    case plistEmptyDocument = "plist.emptyDocument"
    /// libxml2 could not create a parser.
    case plistParserUnavailable = "plist.parserUnavailable"
    /// An encoding libxml2 cannot convert from; names it.
    case plistUnsupportedEncoding = "plist.unsupportedEncoding"
    /// A document libxml2 found not well-formed without saying why.
    case plistNotWellFormed = "plist.notWellFormed"
    /// The document ends inside an element; names it and gives the line and column it was opened at.
    case plistUnclosedElement = "plist.unclosedElement"
    /// An end tag that does not match the open element; names the element, the line it was opened on, and the end tag.
    case plistTagMismatch = "plist.tagMismatch"
    /// Content after the end of the root element.
    case plistContentAfterRoot = "plist.contentAfterRoot"
    /// A document without any element.
    case plistNoRootElement = "plist.noRootElement"
    /// A character XML does not allow; gives its code point (U+0001).
    case plistInvalidCharacter = "plist.invalidCharacter"
    /// A character reference to a character XML does not allow; gives the code point.
    case plistInvalidCharacterReference = "plist.invalidCharacterReference"
    /// A character reference whose digits are not a number.
    case plistMalformedCharacterReference = "plist.malformedCharacterReference"
    /// A document that is not UTF-8 and declares no other encoding.
    case plistInvalidUTF8 = "plist.invalidUTF8"
    /// A document that is not UTF-8 and declares no other encoding; gives the bytes.
    case plistInvalidUTF8Bytes = "plist.invalidUTF8.bytes"
    /// An attribute given twice in one tag; names it.
    case plistDuplicateAttribute = "plist.duplicateAttribute"
    /// An attribute without a value; names it.
    case plistAttributeWithoutValue = "plist.attributeWithoutValue"
    /// An attribute value not in quotes.
    case plistUnquotedAttributeValue = "plist.unquotedAttributeValue"
    /// A '<' inside an attribute value.
    case plistLessThanInAttributeValue = "plist.lessThanInAttributeValue"
    /// A tag that does not end with '>'; names the element.
    case plistUnfinishedTag = "plist.unfinishedTag"
    /// A tag that does not end with '>'.
    case plistUnfinishedTagUnnamed = "plist.unfinishedTag.unnamed"
    /// A '<' not followed by an element name.
    case plistMissingElementName = "plist.missingElementName"
    /// A comment that does not end with '-->'.
    case plistUnfinishedComment = "plist.unfinishedComment"
    /// '--' inside a comment.
    case plistDoubleHyphenInComment = "plist.doubleHyphenInComment"
    /// A '&' not followed by an entity name.
    case plistBareAmpersand = "plist.bareAmpersand"
    /// An entity reference without its closing ';'.
    case plistUnfinishedEntityReference = "plist.unfinishedEntityReference"
    /// A reference to an entity that is not defined; names it.
    case plistUndeclaredEntity = "plist.undeclaredEntity"
    /// Entities that refer to each other in a loop.
    case plistEntityLoop = "plist.entityLoop"
    /// Any other diagnosis of libxml2; gives its text (English, one line).
    case plistXMLError = "plist.xmlError"
    /// An entity declaration, refused; names the entity.
    case plistEntityDeclaration = "plist.entityDeclaration"
    /// Another DTD declaration, refused; gives its keyword and the name it declares.
    case plistDTDDeclaration = "plist.dtdDeclaration"
    /// A document without a property-list value.
    case plistNoValue = "plist.noValue"
    /// Something other than <plist> or a value at the root; gives what was found.
    case plistUnexpectedAtRoot = "plist.unexpectedAtRoot"
    /// Something other than a value inside <plist>; gives what was found.
    case plistUnexpectedInPlist = "plist.unexpectedInPlist"
    /// A second value inside <plist>; gives the element.
    case plistSecondValueInPlist = "plist.secondValueInPlist"
    /// A key without a value; names the key and gives what came instead.
    case plistMissingValue = "plist.missingValue"
    /// Something other than <key> inside <dict>; gives what was found.
    case plistUnexpectedInDict = "plist.unexpectedInDict"
    /// Something other than a value inside <array>; gives what was found.
    case plistUnexpectedInArray = "plist.unexpectedInArray"
    /// An element inside an element that holds text; gives both.
    case plistElementInText = "plist.elementInText"
    /// Text inside <true/> or <false/>; gives the element and the text.
    case plistTextInEmptyElement = "plist.textInEmptyElement"
    /// Text found where an element was expected, as the reasons above show it; gives the text.
    case plistFoundText = "plist.found.text"
    /// A character from the document in quotes, as the reasons above show it.
    case plistFoundQuoted = "plist.found.quoted"
    /// The text of an <integer> is not a number; gives it.
    case plistInvalidInteger = "plist.invalidInteger"
    /// The text of an <integer> is not a hexadecimal number; gives it.
    case plistInvalidIntegerHexadecimal = "plist.invalidInteger.hexadecimal"
    /// An <integer> without text.
    case plistInvalidIntegerEmpty = "plist.invalidInteger.empty"
    /// An integer outside Int64.min...UInt64.max; gives it.
    case plistIntegerOutOfRange = "plist.integerOutOfRange"
    /// A <real> without text.
    case plistEmptyReal = "plist.emptyReal"
    /// The text of a <real> is not a decimal number; gives it.
    case plistInvalidReal = "plist.invalidReal"
    /// The text of a <date> is not a date; gives it.
    case plistInvalidDate = "plist.invalidDate"
    /// A <date> without text.
    case plistInvalidDateEmpty = "plist.invalidDate.empty"
    /// A <date> outside 0000-01-01 to 9999-12-31; gives its text.
    case plistDateOutOfRange = "plist.dateOutOfRange"
    /// A character that is not base64 inside <data>; gives it.
    case plistInvalidBase64Character = "plist.invalidBase64Character"
    /// Base64 after the '=' padding of a <data>.
    case plistBase64AfterPadding = "plist.base64AfterPadding"
    /// More than two '=' of padding in a <data>.
    case plistBase64TooMuchPadding = "plist.base64TooMuchPadding"
    /// Base64 whose length is not a whole number of bytes.
    case plistBase64PartialByte = "plist.base64PartialByte"
    /// JSON that is not UTF-8.
    case plistJSONNotUTF8 = "plist.json.notUTF8"
    /// Something after the JSON value.
    case plistJSONTrailingContent = "plist.json.trailingContent"
    /// A misspelt true, false or null; gives the word expected.
    case plistJSONExpectedLiteral = "plist.json.expectedLiteral"
    /// JSON that ends where a value is expected.
    case plistJSONUnexpectedEnd = "plist.json.unexpectedEnd"
    /// Something that is no JSON value where a value is expected.
    case plistJSONExpectedValue = "plist.json.expectedValue"
    /// Something other than a string where an object's key is expected.
    case plistJSONExpectedKey = "plist.json.expectedKey"
    /// No ':' after an object's key; names the key.
    case plistJSONExpectedColon = "plist.json.expectedColon"
    /// Neither ',' nor '}' after an object's member.
    case plistJSONExpectedObjectSeparator = "plist.json.expectedObjectSeparator"
    /// Neither ',' nor ']' after an array's element.
    case plistJSONExpectedArraySeparator = "plist.json.expectedArraySeparator"
    /// A number not written as JSON writes numbers.
    case plistJSONMalformedNumber = "plist.json.malformedNumber"
    /// A JSON number without digits after its '.'.
    case plistJSONMissingFractionDigits = "plist.json.missingFractionDigits"
    /// A JSON number without digits in its exponent.
    case plistJSONMissingExponentDigits = "plist.json.missingExponentDigits"
    /// A JSON string without its closing quote.
    case plistJSONUnterminatedString = "plist.json.unterminatedString"
    /// A control character inside a JSON string.
    case plistJSONControlCharacter = "plist.json.controlCharacter"
    /// A backslash at the end of the JSON text.
    case plistJSONUnterminatedEscape = "plist.json.unterminatedEscape"
    /// A \u escape of half a surrogate pair.
    case plistJSONUnpairedSurrogate = "plist.json.unpairedSurrogate"
    /// An escape JSON does not define; gives the character after the backslash.
    case plistJSONUnknownEscape = "plist.json.unknownEscape"
    /// A \u not followed by four hexadecimal digits.
    case plistJSONExpectedHexDigits = "plist.json.expectedHexDigits"
    /// A JSON null, which no property-list value stands for.
    case plistJSONNull = "plist.json.null"
    /// A JSON integer outside Int64.min...UInt64.max; gives it.
    case plistJSONIntegerOutOfRange = "plist.json.integerOutOfRange"
    /// A tagged-JSON key that must hold a number of seconds; names it.
    case plistTagSeconds = "plist.tag.seconds"
    /// A tag that must hold an object; names it.
    case plistTagObject = "plist.tag.object"
    /// A tag that must hold a non-negative integer; names it.
    case plistTagUnsignedInteger = "plist.tag.unsignedInteger"
    /// A tag that must hold a string; names it.
    case plistTagString = "plist.tag.string"
    /// A tag that must hold a decimal integer; names it.
    case plistTagDecimalInteger = "plist.tag.decimalInteger"
    /// A tag that must hold a number, inf, -inf or nan; names it.
    case plistTagReal = "plist.tag.real"
    /// A tag that must hold base64; names it.
    case plistTagBase64 = "plist.tag.base64"
    /// A tag that must hold a date; names it.
    case plistTagDate = "plist.tag.date"
    /// Text XML 1.0 cannot hold, refused by the writer; names the element and the path to the value.
    case plistUnwritableCharacter = "plist.unwritableCharacter"
    /// A root value XML 1.0 cannot hold, refused by the writer; names the element.
    case plistUnwritableCharacterRoot = "plist.unwritableCharacter.root"
    /// A reader error given as an English sentence alone; gives the sentence.
    case plistOther = "plist.other"
    /// A document larger than the reader's limit; gives its size and the limit in bytes (plural).
    case plistDocumentTooLarge = "plist.documentTooLarge"
    /// A file larger than the reader's limit; gives its size and the limit in bytes (plural).
    case plistFileTooLarge = "plist.fileTooLarge"
    /// A file that grew past the reader's limit while read; gives the limit in bytes (plural).
    case plistFileGrewPastLimit = "plist.fileGrewPastLimit"
    /// A pipe, device or standard input that went on past the reader's limit; gives the limit in bytes (plural).
    case plistInputTooLarge = "plist.inputTooLarge"
    /// An element nested deeper than the reader's limit; gives the element, its depth and the limit (plural).
    case plistNestingTooDeep = "plist.nestingTooDeep"
    /// JSON nested deeper than the limit; gives the limit (plural).
    case plistJSONTooDeep = "plist.json.tooDeep"
    /// The document's root is not a dict; names the element found.
    case catalogRootNotDictionary = "catalog.rootNotDictionary"
    /// How to fix `catalog.rootNotDictionary`.
    case catalogRootNotDictionaryHint = "catalog.rootNotDictionary.hint"
    /// A required key is missing from a dict named by its key (`Deployment`, `Subscription`); names both.
    case catalogMissingKey = "catalog.missingKey"
    /// A required key is missing from the catalog's root dict; names the key.
    case catalogMissingKeyRoot = "catalog.missingKey.root"
    /// A required key is missing from a storefront's dict; names the key and the storefront code.
    case catalogMissingKeyStorefront = "catalog.missingKey.storefront"
    /// A required key is missing from a product; names the key and the product's `ProductID`.
    case catalogMissingKeyProduct = "catalog.missingKey.product"
    /// A required key is missing from a product without a `ProductID`; names the key.
    case catalogMissingKeyUnnamedProduct = "catalog.missingKey.unnamedProduct"
    /// A required key is missing from a product's localization; names the key and the locale identifier.
    case catalogMissingKeyLocalization = "catalog.missingKey.localization"
    /// A required key is missing from a payout; names the key.
    case catalogMissingKeyPayout = "catalog.missingKey.payout"
    /// A required key is missing from an element of `Providers`; names the key.
    case catalogMissingKeyProviderEntry = "catalog.missingKey.providerEntry"
    /// A required key is missing from an element of a simulation's `Failures`; names the key.
    case catalogMissingKeyFailure = "catalog.missingKey.failure"
    /// A required key is missing from an entry of a `.stringsdict` message table; names the key and the entry.
    case catalogMissingKeyMessageEntry = "catalog.missingKey.messageEntry"
    /// A required key is missing from a plural variable of a `.stringsdict` entry; names the key and the variable.
    case catalogMissingKeyPluralVariable = "catalog.missingKey.pluralVariable"
    /// How to fix `catalog.missingKey`.
    case catalogMissingKeyHint = "catalog.missingKey.hint"
    /// A value has the wrong element type; names the key, the type expected and the type found.
    case catalogWrongType = "catalog.wrongType"
    /// How to fix `catalog.wrongType`.
    case catalogWrongTypeHint = "catalog.wrongType.hint"
    /// How to fix `catalog.wrongType.boolean`.
    case catalogWrongTypeBooleanHint = "catalog.wrongType.boolean.hint"
    /// A key the format does not define; names it.
    case catalogUnknownKey = "catalog.unknownKey"
    /// A key the format does not define; names it and the closest known key.
    case catalogUnknownKeySuggestion = "catalog.unknownKey.suggestion"
    /// How to fix `catalog.unknownKey`; lists the keys allowed.
    case catalogUnknownKeyHint = "catalog.unknownKey.hint"
    /// How to fix `catalog.unknownKey.suggestion`; names the closest known key.
    case catalogUnknownKeySuggestionHint = "catalog.unknownKey.suggestion.hint"
    /// A key appears twice in one dict; names it and the first one's line and column.
    case catalogDuplicateKey = "catalog.duplicateKey"
    /// How to fix `catalog.duplicateKey`.
    case catalogDuplicateKeyHint = "catalog.duplicateKey.hint"
    /// `CatalogVersion` is not 1; gives the value found.
    case catalogUnsupportedVersion = "catalog.unsupportedVersion"
    /// How to fix `catalog.unsupportedVersion`.
    case catalogUnsupportedVersionHint = "catalog.unsupportedVersion.hint"
    /// A value that must not be empty is empty; names the key.
    case catalogEmptyValue = "catalog.emptyValue"
    /// How to fix `catalog.emptyValue`.
    case catalogEmptyValueHint = "catalog.emptyValue.hint"
    /// A value outside a fixed set; names the key and the value.
    case catalogInvalidValue = "catalog.invalidValue"
    /// A value outside a fixed set; names the key, the value and the closest allowed value.
    case catalogInvalidValueSuggestion = "catalog.invalidValue.suggestion"
    /// How to fix `catalog.invalidValue`; lists the allowed values.
    case catalogInvalidValueHint = "catalog.invalidValue.hint"
    /// How to fix `catalog.invalidValue.suggestion`; names the closest allowed value and lists them all.
    case catalogInvalidValueSuggestionHint = "catalog.invalidValue.suggestion.hint"
    /// A number below its minimum; names the key, the value and the minimum.
    case catalogOutOfRange = "catalog.outOfRange"
    /// How to fix `catalog.outOfRange`; gives the minimum.
    case catalogOutOfRangeHint = "catalog.outOfRange.hint"
    /// A malformed `ProductID`; names it.
    case catalogInvalidProductID = "catalog.invalidProductID"
    /// How to fix `catalog.invalidProductID`.
    case catalogInvalidProductIDHint = "catalog.invalidProductID.hint"
    /// A `ProductID` used twice; names it and the first one's line and column.
    case catalogDuplicateProductID = "catalog.duplicateProductID"
    /// How to fix `catalog.duplicateProductID`.
    case catalogDuplicateProductIDHint = "catalog.duplicateProductID.hint"
    /// A price that is no plain decimal; gives the text.
    case catalogInvalidPrice = "catalog.invalidPrice"
    /// How to fix `catalog.invalidPrice`.
    case catalogInvalidPriceHint = "catalog.invalidPrice.hint"
    /// A price of plain digits with more digits than accepted; gives the text and the largest price accepted.
    case catalogPriceTooLarge = "catalog.priceTooLarge"
    /// How to fix `catalog.priceTooLarge`.
    case catalogPriceTooLargeHint = "catalog.priceTooLarge.hint"
    /// A price written as `<real>`; gives the value.
    case catalogInexactPrice = "catalog.inexactPrice"
    /// How to fix `catalog.inexactPrice`; gives the value.
    case catalogInexactPriceHint = "catalog.inexactPrice.hint"
    /// A storefront code `Storefronts` does not declare; names it.
    case catalogUndeclaredStorefront = "catalog.undeclaredStorefront"
    /// An undeclared storefront code; names it and the closest declared one.
    case catalogUndeclaredStorefrontSuggestion = "catalog.undeclaredStorefront.suggestion"
    /// How to fix `catalog.undeclaredStorefront`; names the storefront code.
    case catalogUndeclaredStorefrontHint = "catalog.undeclaredStorefront.hint"
    /// How to fix `catalog.undeclaredStorefront.suggestion`; names the storefront code and the closest declared one.
    case catalogUndeclaredStorefrontSuggestionHint = "catalog.undeclaredStorefront.suggestion.hint"
    /// A storefront code that is not three capital letters; names it.
    case catalogInvalidStorefrontCode = "catalog.invalidStorefrontCode"
    /// How to fix `catalog.invalidStorefrontCode`.
    case catalogInvalidStorefrontCodeHint = "catalog.invalidStorefrontCode.hint"
    /// A currency code that is not three capital letters; names it.
    case catalogInvalidCurrencyCode = "catalog.invalidCurrencyCode"
    /// How to fix `catalog.invalidCurrencyCode`.
    case catalogInvalidCurrencyCodeHint = "catalog.invalidCurrencyCode.hint"
    /// A malformed locale identifier; gives it.
    case catalogInvalidLocale = "catalog.invalidLocale"
    /// How to fix `catalog.invalidLocale`.
    case catalogInvalidLocaleHint = "catalog.invalidLocale.hint"
    /// A product without a localization for the deployment's locale; names both.
    case catalogMissingLocalization = "catalog.missingLocalization"
    /// A product without a `ProductID` and without a localization for the deployment's locale; names the locale.
    case catalogMissingLocalizationUnnamed = "catalog.missingLocalization.unnamed"
    /// How to fix `catalog.missingLocalization`; lists the locale identifiers that would do.
    case catalogMissingLocalizationHint = "catalog.missingLocalization.hint"
    /// A product without a price in the deployment's storefront; names both.
    case catalogMissingDefaultPrice = "catalog.missingDefaultPrice"
    /// A product without a `ProductID` and without a price in the deployment's storefront; names the storefront.
    case catalogMissingDefaultPriceUnnamed = "catalog.missingDefaultPrice.unnamed"
    /// How to fix `catalog.missingDefaultPrice`; names the storefront.
    case catalogMissingDefaultPriceHint = "catalog.missingDefaultPrice.hint"
    /// A value that is no ISO 8601 duration; names the key and the value.
    case catalogInvalidPeriod = "catalog.invalidPeriod"
    /// How to fix `catalog.invalidPeriod`.
    case catalogInvalidPeriodHint = "catalog.invalidPeriod.hint"
    /// A key a product of a type must have; names the key and the type.
    case catalogRequiredForType = "catalog.requiredForType"
    /// How to fix `catalog.requiredForType`; names the key (a duration).
    case catalogRequiredForTypeHint = "catalog.requiredForType.hint"
    /// How to fix `catalog.requiredForType.subscription`.
    case catalogRequiredForTypeSubscriptionHint = "catalog.requiredForType.subscription.hint"
    /// A key a product of a type must not have; names the key and the type.
    case catalogNotAllowedForType = "catalog.notAllowedForType"
    /// How to fix `catalog.notAllowedForType`.
    case catalogNotAllowedForTypeHint = "catalog.notAllowedForType.hint"
    /// The deployment has both `Provider` and `Providers`.
    case catalogConflictingProviderKeys = "catalog.conflictingProviderKeys"
    /// How to fix `catalog.conflictingProviderKeys`.
    case catalogConflictingProviderKeysHint = "catalog.conflictingProviderKeys.hint"
    /// The deployment has neither `Provider` nor `Providers`.
    case catalogMissingProvider = "catalog.missingProvider"
    /// How to fix `catalog.missingProvider`.
    case catalogMissingProviderHint = "catalog.missingProvider.hint"
    /// `ProviderSettings` next to `Providers`.
    case catalogProviderSettingsWithProviders = "catalog.providerSettingsWithProviders"
    /// How to fix `catalog.providerSettingsWithProviders`.
    case catalogProviderSettingsWithProvidersHint = "catalog.providerSettingsWithProviders.hint"
    /// `Providers` is empty.
    case catalogEmptyProviders = "catalog.emptyProviders"
    /// How to fix `catalog.emptyProviders`.
    case catalogEmptyProvidersHint = "catalog.emptyProviders.hint"
    /// A provider kind listed twice; names it and the first one's line and column.
    case catalogDuplicateProvider = "catalog.duplicateProvider"
    /// How to fix `catalog.duplicateProvider`.
    case catalogDuplicateProviderHint = "catalog.duplicateProvider.hint"
    /// A malformed provider kind; names it.
    case catalogInvalidProviderKind = "catalog.invalidProviderKind"
    /// How to fix `catalog.invalidProviderKind`.
    case catalogInvalidProviderKindHint = "catalog.invalidProviderKind.hint"
    /// A provider kind that is not registered; names it.
    case catalogUnknownProviderKind = "catalog.unknownProviderKind"
    /// An unregistered provider kind; names it and the closest registered one.
    case catalogUnknownProviderKindSuggestion = "catalog.unknownProviderKind.suggestion"
    /// How to fix `catalog.unknownProviderKind`.
    case catalogUnknownProviderKindHint = "catalog.unknownProviderKind.hint"
    /// How to fix `catalog.unknownProviderKind.suggestion`; names the closest registered kind.
    case catalogUnknownProviderKindSuggestionHint = "catalog.unknownProviderKind.suggestion.hint"
    /// A store ID for a provider the deployment does not use; names the provider.
    case catalogStoreIDForUnusedProvider = "catalog.storeIDForUnusedProvider"
    /// A store ID for an unused provider; names it and the closest used one.
    case catalogStoreIDForUnusedProviderSuggestion = "catalog.storeIDForUnusedProvider.suggestion"
    /// How to fix `catalog.storeIDForUnusedProvider`.
    case catalogStoreIDForUnusedProviderHint = "catalog.storeIDForUnusedProvider.hint"
    /// A paying introductory offer without prices; names its mode.
    case catalogOfferPricesRequired = "catalog.offerPricesRequired"
    /// How to fix `catalog.offerPricesRequired`.
    case catalogOfferPricesRequiredHint = "catalog.offerPricesRequired.hint"
    /// A free trial with prices.
    case catalogOfferPricesIgnored = "catalog.offerPricesIgnored"
    /// How to fix `catalog.offerPricesIgnored`.
    case catalogOfferPricesIgnoredHint = "catalog.offerPricesIgnored.hint"
    /// Entitlements on a consumable; names the product.
    case catalogEntitlementsOnConsumable = "catalog.entitlementsOnConsumable"
    /// How to fix `catalog.entitlementsOnConsumable`.
    case catalogEntitlementsOnConsumableHint = "catalog.entitlementsOnConsumable.hint"
    /// A consumable without payouts; names the product.
    case catalogConsumableWithoutPayouts = "catalog.consumableWithoutPayouts"
    /// How to fix `catalog.consumableWithoutPayouts`.
    case catalogConsumableWithoutPayoutsHint = "catalog.consumableWithoutPayouts.hint"
    /// A family-shareable consumable; names the product.
    case catalogFamilyShareableConsumable = "catalog.familyShareableConsumable"
    /// How to fix `catalog.familyShareableConsumable`.
    case catalogFamilyShareableConsumableHint = "catalog.familyShareableConsumable.hint"
    /// An entitlement named twice; names it.
    case catalogDuplicateEntitlement = "catalog.duplicateEntitlement"
    /// How to fix `catalog.duplicateEntitlement`.
    case catalogDuplicateEntitlementHint = "catalog.duplicateEntitlement.hint"
    /// `Simulation` in a deployment without the simulated App Store.
    case catalogSimulationUnused = "catalog.simulationUnused"
    /// How to fix `catalog.simulationUnused`.
    case catalogSimulationUnusedHint = "catalog.simulationUnused.hint"
    /// A setting of a type settings cannot hold; names the type.
    case catalogUnsupportedSettingValue = "catalog.unsupportedSettingValue"
    /// How to fix `catalog.unsupportedSettingValue`.
    case catalogUnsupportedSettingValueHint = "catalog.unsupportedSettingValue.hint"
    /// A provider setting that must be `<true/>` or `<false/>`; names the key and the provider.
    case catalogProviderSettingBoolean = "catalog.providerSetting.boolean"
    /// A provider setting that must be a string; names the key and the provider.
    case catalogProviderSettingString = "catalog.providerSetting.string"
    /// A provider setting that must be a non-empty string; names the key and the provider.
    case catalogProviderSettingNonEmptyString = "catalog.providerSetting.nonEmptyString"
    /// A provider setting that must be an integer of 1 or more; names the key and the provider.
    case catalogProviderSettingPositiveInteger = "catalog.providerSetting.positiveInteger"
    /// A provider setting that must be an integer of 0 or more; names the key and the provider.
    case catalogProviderSettingNonNegativeInteger = "catalog.providerSetting.nonNegativeInteger"
    /// A provider setting that must be an integer; names the key and the provider.
    case catalogProviderSettingInteger = "catalog.providerSetting.integer"
    /// A provider setting that must be a number from 0 to 1; names the key and the provider.
    case catalogProviderSettingFraction = "catalog.providerSetting.fraction"
    /// A provider setting that must be a dict; names the key and the provider.
    case catalogProviderSettingDictionary = "catalog.providerSetting.dictionary"
    /// A provider setting that must be one of some words; names the key, the provider and the words.
    case catalogProviderSettingOneOf = "catalog.providerSetting.oneOf"
    /// A nested provider setting whose key is not one the provider knows; names the key, the
    /// provider and the known keys.
    case catalogProviderSettingKnownKey = "catalog.providerSetting.knownKey"
    /// A provider setting that must name a StoreKit error; names the key and the provider.
    case catalogProviderSettingErrorCode = "catalog.providerSetting.errorCode"
    /// A provider setting that must be a rate; names the key and the provider.
    case catalogProviderSettingTimeRate = "catalog.providerSetting.timeRate"
    /// How to fix a `catalog.providerSetting.*` problem.
    case catalogProviderSettingHint = "catalog.providerSetting.hint"
    /// A `.storekit` file is not readable JSON; gives the parser's message.
    case catalogStoreKitUnreadable = "catalog.storeKitUnreadable"
    /// How to fix `catalog.storeKitUnreadable`.
    case catalogStoreKitUnreadableHint = "catalog.storeKitUnreadable.hint"
    /// A `.storekit` value has the wrong JSON type; names the key, the type expected and the type found.
    case catalogStoreKitWrongType = "catalog.storeKitWrongType"
    /// How to fix `catalog.storeKitWrongType`; names the type expected.
    case catalogStoreKitWrongTypeHint = "catalog.storeKitWrongType.hint"
    /// A `.storekit` object lacks a required key; names the key and the object.
    case catalogStoreKitMissingKey = "catalog.storeKitMissingKey"
    /// How to fix `catalog.storeKitMissingKey`; names the key.
    case catalogStoreKitMissingKeyHint = "catalog.storeKitMissingKey.hint"
    /// A `.storekit` storefront whose currency is unknown; names the code.
    case catalogStoreKitUnknownStorefront = "catalog.storeKitUnknownStorefront"
    /// How to fix `catalog.storeKitUnknownStorefront`.
    case catalogStoreKitUnknownStorefrontHint = "catalog.storeKitUnknownStorefront.hint"
    /// A `.storekit` format version the importer does not know; gives the value found.
    case catalogStoreKitUnsupportedVersion = "catalog.storeKitUnsupportedVersion"
    /// How to fix `catalog.storeKitUnsupportedVersion`.
    case catalogStoreKitUnsupportedVersionHint = "catalog.storeKitUnsupportedVersion.hint"
    /// A `.storekit` `_timeRate` number no public source explains; gives the number.
    case catalogStoreKitUnknownTimeRate = "catalog.storeKitUnknownTimeRate"
    /// How to fix `catalog.storeKitUnknownTimeRate`.
    case catalogStoreKitUnknownTimeRateHint = "catalog.storeKitUnknownTimeRate.hint"

    // MARK: Scenario diagnostics (`scenario.<problem>`, a simulated App Store scenario file)
    /// A scenario whose root is not a dict.
    case scenarioRootNotDictionary = "scenario.rootNotDictionary"
    /// A scenario's `Session` that is not a dict.
    case scenarioSessionNotDictionary = "scenario.sessionNotDictionary"
    /// A scenario's `Steps` that is not an array.
    case scenarioStepsNotArray = "scenario.stepsNotArray"
    /// A key a scenario does not define; names it.
    case scenarioUnknownKey = "scenario.unknownKey"
    /// A scenario without `Catalog`.
    case scenarioMissingCatalog = "scenario.missingCatalog"
    /// A scenario whose catalog has no `simulated-app-store` provider; names the catalog as the scenario writes it.
    case scenarioNoSimulatedAppStore = "scenario.noSimulatedAppStore"
    /// A step written as a string that is not a step without parameters; names it.
    case scenarioStepNeedsParameters = "scenario.stepNeedsParameters"
    /// A step that is neither a dict with `Step` nor a string.
    case scenarioStepNotDictionary = "scenario.stepNotDictionary"
    /// A step's parameter the step does not take; names the step and the parameter.
    case scenarioUnexpectedParameter = "scenario.unexpectedParameter"
    /// A step's required parameter that is missing; names the step and the parameter.
    case scenarioMissingParameter = "scenario.missingParameter"
    /// An `advanceTime` step's `Seconds` that is negative or not a number.
    case scenarioNegativeSeconds = "scenario.negativeSeconds"
    /// An `advanceTime` step's `Duration` that is not an ISO 8601 duration; gives it.
    case scenarioInvalidDuration = "scenario.invalidDuration"
    /// An `advanceTime` step that takes the scenario's clock past the last date receipts carry.
    case scenarioTimeOutOfRange = "scenario.timeOutOfRange"
    /// A `togglePayments` step without `Allowed`.
    case scenarioMissingAllowed = "scenario.missingAllowed"
    /// A `togglePayments` step's `Allowed` that is not a boolean.
    case scenarioAllowedNotBoolean = "scenario.allowedNotBoolean"
    /// A `verifyReceipt` step's `Environment` that is neither `Sandbox` nor `Production`.
    case scenarioInvalidEnvironment = "scenario.invalidEnvironment"
    /// A step name the format does not define; names it and lists the steps.
    case scenarioUnknownStep = "scenario.unknownStep"
    /// An expectation's `VerifyStatuses` that is not an array.
    case scenarioVerifyStatusesNotArray = "scenario.verifyStatusesNotArray"
    /// A value that must be a string; names the key and the element found.
    case scenarioNotString = "scenario.notString"
    /// A value that must be an integer; names the key and the element found.
    case scenarioNotInteger = "scenario.notInteger"
    /// A value that must be an array of strings; names the key.
    case scenarioNotStringArray = "scenario.notStringArray"
    /// A value that must be a dict of names to integers; names the key.
    case scenarioNotCountDictionary = "scenario.notCountDictionary"
    /// A `Session` setting of a type settings cannot hold; names the element found.
    case scenarioUnsupportedSetting = "scenario.unsupportedSetting"
    /// An Ask to Buy step with no request to decide.
    case scenarioStepNoAskToBuyRequest = "scenario.step.noAskToBuyRequest"
    /// A `resolveInterrupted` step with no interrupted purchase.
    case scenarioStepNoInterruptedPurchase = "scenario.step.noInterruptedPurchase"
    /// A `refund` step with no purchase of the product; names the product.
    case scenarioStepNothingToRefund = "scenario.step.nothingToRefund"
    /// An `advanceTime` step of a scenario built in code that would take the clock past the last date
    /// receipts carry (or by a number of seconds that is negative or not a number).
    case scenarioStepTimeOutOfRange = "scenario.step.timeOutOfRange"

    // MARK: Tool: receipt inspect and simulate
    /// A verifyReceipt status line; gives the number and its meaning.
    case toolReceiptStatus = "tool.receipt.status"
    /// verifyReceipt status 0.
    case toolReceiptStatus0 = "tool.receipt.status.0"
    /// verifyReceipt status 2 (undocumented).
    case toolReceiptStatus2 = "tool.receipt.status.2"
    /// verifyReceipt status 21000.
    case toolReceiptStatus21000 = "tool.receipt.status.21000"
    /// verifyReceipt status 21001 (undocumented).
    case toolReceiptStatus21001 = "tool.receipt.status.21001"
    /// verifyReceipt status 21002.
    case toolReceiptStatus21002 = "tool.receipt.status.21002"
    /// verifyReceipt status 21003.
    case toolReceiptStatus21003 = "tool.receipt.status.21003"
    /// verifyReceipt status 21004.
    case toolReceiptStatus21004 = "tool.receipt.status.21004"
    /// verifyReceipt status 21005.
    case toolReceiptStatus21005 = "tool.receipt.status.21005"
    /// verifyReceipt status 21006.
    case toolReceiptStatus21006 = "tool.receipt.status.21006"
    /// verifyReceipt status 21007.
    case toolReceiptStatus21007 = "tool.receipt.status.21007"
    /// verifyReceipt status 21008.
    case toolReceiptStatus21008 = "tool.receipt.status.21008"
    /// verifyReceipt status 21009.
    case toolReceiptStatus21009 = "tool.receipt.status.21009"
    /// verifyReceipt status 21010.
    case toolReceiptStatus21010 = "tool.receipt.status.21010"
    /// A verifyReceipt status from 21100 to 21199 (internal App Store errors).
    case toolReceiptStatusInternal = "tool.receipt.status.internal"
    /// A verifyReceipt status with no documented meaning.
    case toolReceiptStatusUnknown = "tool.receipt.status.unknown"
    /// The environment a verifyReceipt body names; gives it as written.
    case toolReceiptEnvironment = "tool.receipt.environment"
    /// A verifyReceipt body names no environment.
    case toolReceiptEnvironmentMissing = "tool.receipt.environment.missing"
    /// Sending the receipt again may succeed.
    case toolReceiptRetryableYes = "tool.receipt.retryable.yes"
    /// Sending the receipt again will not help.
    case toolReceiptRetryableNo = "tool.receipt.retryable.no"
    /// Where to send the receipt again; names the environment (sandbox or production).
    case toolReceiptRetryIn = "tool.receipt.retryIn"
    /// The receipt line of a verifyReceipt body; names the bundle identifier and what follows.
    case toolReceiptApp = "tool.receipt.app"
    /// The app version a receipt names.
    case toolReceiptAppVersion = "tool.receipt.app.version"
    /// When a receipt was created; gives the date.
    case toolReceiptAppCreated = "tool.receipt.app.created"
    /// Heading of a list of a verifyReceipt body; names the field and the number of entries.
    case toolReceiptSection = "tool.receipt.section"
    /// When a transaction was bought; gives the date.
    case toolReceiptPurchased = "tool.receipt.entry.purchased"
    /// The original transaction of a renewal or restore; gives its identifier.
    case toolReceiptOriginal = "tool.receipt.entry.original"
    /// When a subscription transaction expires; gives the date.
    case toolReceiptExpires = "tool.receipt.entry.expires"
    /// A transaction in a free trial.
    case toolReceiptTrial = "tool.receipt.entry.trial"
    /// A transaction in an introductory offer.
    case toolReceiptIntroOffer = "tool.receipt.entry.introOffer"
    /// When a transaction was cancelled or refunded; gives the date.
    case toolReceiptCancelled = "tool.receipt.entry.cancelled"
    /// A subscription renews automatically.
    case toolReceiptAutoRenewOn = "tool.receipt.renewal.autoRenewOn"
    /// A subscription does not renew automatically.
    case toolReceiptAutoRenewOff = "tool.receipt.renewal.autoRenewOff"
    /// The product a subscription renews to; names it.
    case toolReceiptRenewsTo = "tool.receipt.renewal.to"
    /// Why a subscription expired; gives Apple's expiration intent code.
    case toolReceiptExpirationIntent = "tool.receipt.renewal.expirationIntent"
    /// The App Store keeps trying to charge for a subscription.
    case toolReceiptBillingRetry = "tool.receipt.renewal.billingRetry"
    /// A subscription in a billing grace period; gives its end.
    case toolReceiptGracePeriod = "tool.receipt.renewal.gracePeriod"
    /// A part of a verifyReceipt body that could not be read and was skipped; names it and why (a
    /// `tool.receipt.field` text).
    case toolReceiptSkipped = "tool.receipt.skipped"
    /// A field of a verifyReceipt body and what is wrong with it; gives its path
    /// (`in_app[0].purchase_date_ms`) and a `tool.receipt.decoding.*` text.
    case toolReceiptField = "tool.receipt.field"
    /// Why a verifyReceipt body cannot be read: it is empty.
    case toolReceiptDecodingEmptyBody = "tool.receipt.decoding.emptyBody"
    /// Why a verifyReceipt body cannot be read: it is JSON but not an object.
    case toolReceiptDecodingNotAnObject = "tool.receipt.decoding.notAnObject"
    /// Why a verifyReceipt body cannot be read: it is not JSON.
    case toolReceiptDecodingNotJSON = "tool.receipt.decoding.notJSON"
    /// Why a part of a verifyReceipt body cannot be read: a required key is missing; names it.
    case toolReceiptDecodingMissingKey = "tool.receipt.decoding.missingKey"
    /// Why a field cannot be read: its value is null or missing.
    case toolReceiptDecodingMissingValue = "tool.receipt.decoding.missingValue"
    /// Why a field cannot be read: it is neither a string nor a whole number.
    case toolReceiptDecodingExpectedStringOrWholeNumber = "tool.receipt.decoding.expectedStringOrWholeNumber"
    /// Why a field cannot be read: it is not a whole number.
    case toolReceiptDecodingExpectedWholeNumber = "tool.receipt.decoding.expectedWholeNumber"
    /// Why a field cannot be read: it is not a boolean.
    case toolReceiptDecodingExpectedBoolean = "tool.receipt.decoding.expectedBoolean"
    /// Why `status` cannot be read: it is not a JSON integer.
    case toolReceiptDecodingExpectedJSONInteger = "tool.receipt.decoding.expectedJSONInteger"
    /// Why a field cannot be read: its value has a type the field cannot have.
    case toolReceiptDecodingWrongType = "tool.receipt.decoding.wrongType"
    /// Why a date field is refused: it is outside what receipts carry.
    case toolReceiptDecodingDateOutOfRange = "tool.receipt.decoding.dateOutOfRange"
    /// Why `quantity` is refused: negative or too large.
    case toolReceiptDecodingQuantityOutOfRange = "tool.receipt.decoding.quantityOutOfRange"
    /// Why a field cannot be read, when the JSON decoder gives only its own words.
    case toolReceiptDecodingInvalidValue = "tool.receipt.decoding.invalidValue"
    /// Why a body cannot be read, when the JSON decoder fails in a way it does not name.
    case toolReceiptDecodingNotABody = "tool.receipt.decoding.notABody"
    /// A file is not a verifyReceipt response body; gives why.
    case toolReceiptNotABody = "tool.receipt.notABody"
    /// The file is an App Store server notification; names its type.
    case toolReceiptNotABodyNotification = "tool.receipt.notABody.notification"
    /// The file is one transaction of a verifyReceipt body.
    case toolReceiptNotABodyTransaction = "tool.receipt.notABody.transaction"
    /// The file is one pending renewal of a verifyReceipt body.
    case toolReceiptNotABodyRenewal = "tool.receipt.notABody.renewal"
    /// A scenario expectation that did not hold; names the check, the value expected and the value found.
    case toolSimulateExpectationFailed = "tool.simulate.expectationFailed"
}
