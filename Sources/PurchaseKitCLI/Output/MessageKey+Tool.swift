import PurchaseCore

/// The keys of the tool's own texts (`tool.*`): ``ToolMessage`` and the commands name them with their
/// arguments. This file holds the command line's: help, usage errors, files, results and progress; the
/// tour's, the state folder's and `receipt inspect`'s are in the files beside it.
extension MessageKey {
    // MARK: Labels
    /// Heading of the product list.
    static let toolProducts = MessageKey("tool.label.products")
    /// Label of a price.
    static let toolPrice = MessageKey("tool.label.price")
    /// Heading of the balances.
    static let toolBalance = MessageKey("tool.label.balance")
    /// Heading of the entitlements.
    static let toolEntitlements = MessageKey("tool.label.entitlements")
    /// Heading of the subscriptions.
    static let toolSubscriptions = MessageKey("tool.label.subscriptions")
    /// Label before a subscription's expiry date (lower case, inside a line).
    static let toolExpires = MessageKey("tool.label.expires")
    /// Shown when the person owns nothing yet.
    static let toolNothingOwned = MessageKey("tool.label.nothingOwned")

    // MARK: Failures that end a command
    /// An input file does not exist; names the path.
    static let toolMissingFile = MessageKey("tool.error.missingFile", arguments: [.text])
    /// The command line is wrong; shows the synopsis.
    static let toolUsage = MessageKey("tool.error.usage", arguments: [.text])
    /// The catalog has errors; names its path.
    static let toolInvalidCatalog = MessageKey("tool.error.invalidCatalog", arguments: [.text])
    /// Reading or writing a file failed; names the path.
    static let toolIOError = MessageKey("tool.error.io", arguments: [.text])

    // MARK: Help
    /// One-line summary of the tool, in its help.
    static let toolHelpSummary = MessageKey("tool.help.summary")
    /// One-line summary of `plist`, in its help.
    static let toolHelpPlist = MessageKey("tool.help.plist")
    /// One-line summary of `catalog`, in its help.
    static let toolHelpCatalog = MessageKey("tool.help.catalog")
    /// One-line summary of `catalog validate`, in its help.
    static let toolHelpCatalogValidate = MessageKey("tool.help.catalogValidate")
    /// One-line summary of `catalog synthesize`, in its help.
    static let toolHelpCatalogSynthesize = MessageKey("tool.help.catalogSynthesize")
    /// One-line summary of `messages`, in its help.
    static let toolHelpMessages = MessageKey("tool.help.messages")
    /// One-line summary of `tour`, in its help.
    static let toolHelpTour = MessageKey("tool.help.tour")

    // MARK: Usage errors
    /// The command line names no command.
    static let toolMissingCommand = MessageKey("tool.usage.missingCommand")
    /// An unknown command; names it.
    static let toolUnknownCommand = MessageKey("tool.usage.unknownCommand", arguments: [.text])
    /// `catalog` without a subcommand.
    static let toolMissingCatalogSubcommand = MessageKey("tool.usage.missingCatalogSubcommand")
    /// An unknown `catalog` subcommand; names it.
    static let toolUnknownCatalogSubcommand = MessageKey("tool.usage.unknownCatalogSubcommand", arguments: [.text])
    /// An option the command does not know; names the option and the command.
    static let toolUnknownOption = MessageKey("tool.usage.unknownOption", arguments: [.text, .text])
    /// An option given without its value; names the option.
    static let toolMissingOptionValue = MessageKey("tool.usage.missingOptionValue", arguments: [.text])
    /// An argument the command does not take; names it and the command.
    static let toolUnexpectedArgument = MessageKey("tool.usage.unexpectedArgument", arguments: [.text, .text])
    /// A command that reads a file was given none; names the command.
    static let toolNeedsFile = MessageKey("tool.usage.missingFile", arguments: [.text])
    /// A command that reads one file was given several; names the command.
    static let toolTooManyFiles = MessageKey("tool.usage.tooManyFiles", arguments: [.text])
    /// `catalog synthesize` without `--products`.
    static let toolMissingProductCount = MessageKey("tool.usage.missingProductCount")
    /// `--products` with a value that is no count in range; names the value.
    static let toolInvalidProductCount = MessageKey("tool.usage.invalidProductCount", arguments: [.text])
    /// `buy` without a product identifier; names the command.
    static let toolMissingProduct = MessageKey("tool.usage.missingProduct", arguments: [.text])
    /// `--quantity` with a value that is no whole number from 1 to 10; names the value.
    static let toolInvalidQuantity = MessageKey("tool.usage.invalidQuantity", arguments: [.text])
    /// `--locale` with an empty value.
    static let toolEmptyLocale = MessageKey("tool.usage.emptyLocale")
    /// `--catalog` with an empty value.
    static let toolEmptyCatalog = MessageKey("tool.usage.emptyCatalog")
    /// `--state` with an empty value.
    static let toolEmptyState = MessageKey("tool.usage.emptyState")
    /// Points to a command's help after a usage error; names the command.
    static let toolSeeHelp = MessageKey("tool.usage.seeHelp", arguments: [.text])

    // MARK: Files and output
    /// An input file does not exist; names the path.
    static let toolFileNotFound = MessageKey("tool.file.notFound", arguments: [.text])
    /// An input path is a folder; names the path.
    static let toolFileIsFolder = MessageKey("tool.file.isFolder", arguments: [.text])
    /// A file the tool found by itself is a FIFO, a device or a socket, which it does not read; names the path.
    static let toolFileNotRegular = MessageKey("tool.file.notRegular", arguments: [.text])
    /// An input file may not be read; names the path.
    static let toolFilePermissionDenied = MessageKey("tool.file.permissionDenied", arguments: [.text])
    /// Reading an input file failed; names the path and the system's reason.
    static let toolFileUnreadable = MessageKey("tool.file.unreadable", arguments: [.text, .text])
    /// Writing the output failed; gives the system's reason.
    static let toolWriteFailed = MessageKey("tool.output.writeFailed", arguments: [.text])
    /// Writing the output failed after a purchase was recorded; gives the system's reason and the
    /// transaction's identifier, and says not to buy again.
    static let toolWriteFailedAfterPurchase = MessageKey(
        "tool.output.writeFailedAfterPurchase", arguments: [.text, .text])
    /// Why writing the output failed: whatever read it (a pipe) closed it.
    static let toolOutputClosed = MessageKey("tool.output.closed")

    // MARK: Results
    /// Heading of the `messages` listing; names the locale asked for and the language the texts come from.
    static let toolMessagesHeading = MessageKey("tool.messages.heading", arguments: [.text, .text])
    /// A transaction being charged, in a `history` line.
    static let toolHistoryPurchasing = MessageKey("tool.history.state.purchasing")
    /// A charged transaction, in a `history` line.
    static let toolHistoryPurchased = MessageKey("tool.history.state.purchased")
    /// A transaction brought back by a restore, in a `history` line.
    static let toolHistoryRestored = MessageKey("tool.history.state.restored")
    /// A transaction waiting for approval (Ask to Buy), in a `history` line.
    static let toolHistoryDeferred = MessageKey("tool.history.state.deferred")
    /// A refused or cancelled transaction, in a `history` line.
    static let toolHistoryFailed = MessageKey("tool.history.state.failed")
    /// A refunded or revoked transaction, in a `history` line.
    static let toolHistoryRevoked = MessageKey("tool.history.state.revoked")
    /// The units a refunded consumable credited that were already spent and could not be taken back,
    /// in a `history` line; names each balance with its units (`gems 70`).
    static let toolHistoryRefundShortfall = MessageKey("tool.history.refundShortfall", arguments: [.text])
    /// A transaction whose content was delivered (recorded in the ledger), in a `history` line.
    static let toolHistoryDelivered = MessageKey("tool.history.delivered")
    /// A transaction finished with its store, in a `history` line.
    static let toolHistoryFinished = MessageKey("tool.history.finished")
    /// The result line of checking one catalog: path, products, errors and warnings (plural on each count).
    static let toolCatalogSummary = MessageKey(
        "tool.catalog.summary", arguments: [.text, .integer, .integer, .integer], plural: true)
    /// The result line of checking several catalogs: files, errors and warnings (plural on each count).
    static let toolValidationSummary = MessageKey(
        "tool.validation.summary", arguments: [.integer, .integer, .integer], plural: true)
    /// The result line of checking several catalogs when some could not be read: files checked, files not
    /// read, errors and warnings (plural on each count).
    static let toolValidationSummaryUnread = MessageKey(
        "tool.validation.summaryUnread", arguments: [.integer, .integer, .integer, .integer], plural: true)
    /// After a file's diagnostics: how many more errors and warnings were found and not shown.
    static let toolValidationOmitted = MessageKey("tool.validation.omitted", arguments: [.text, .integer, .integer])
    /// After a file's diagnostics: how many more errors were found and not shown (no warning was left out).
    static let toolValidationOmittedErrors = MessageKey("tool.validation.omittedErrors", arguments: [.text, .integer])
    /// After a file's diagnostics: how many more warnings were found and not shown (no error was left out).
    static let toolValidationOmittedWarnings = MessageKey(
        "tool.validation.omittedWarnings", arguments: [.text, .integer])

    // MARK: Progress
    /// Progress while a catalog is synthesized; gives the number of products.
    static let toolProgressSynthesizing = MessageKey("tool.progress.synthesizing", arguments: [.integer])
    /// Progress while a synthesized catalog is written; gives the megabytes written and the total.
    static let toolProgressWriting = MessageKey("tool.progress.writing", arguments: [.integer, .integer])
    /// Progress while a scenario runs; gives the step's number, the number of steps and the step's name.
    static let toolProgressSimulating = MessageKey("tool.progress.simulating", arguments: [.integer, .integer, .text])
    /// Progress of a simulated hosted-content download; gives the content identifier and the percent done.
    static let toolProgressDownloading = MessageKey("tool.progress.downloading", arguments: [.text, .integer])
    /// A scenario expectation that did not hold; names the check, the value expected and the value found.
    static let toolSimulateExpectationFailed = MessageKey(
        "tool.simulate.expectationFailed", arguments: [.text, .text, .text])

    /// The keys above, in order.
    static let toolCommandLineKeys: [MessageKey] = [
        .toolProducts, .toolPrice, .toolBalance, .toolEntitlements, .toolSubscriptions, .toolExpires, .toolNothingOwned,
        .toolMissingFile, .toolUsage, .toolInvalidCatalog, .toolIOError, .toolHelpSummary, .toolHelpPlist,
        .toolHelpCatalog, .toolHelpCatalogValidate, .toolHelpCatalogSynthesize, .toolHelpMessages, .toolHelpTour,
        .toolMissingCommand, .toolUnknownCommand, .toolMissingCatalogSubcommand, .toolUnknownCatalogSubcommand,
        .toolUnknownOption, .toolMissingOptionValue, .toolUnexpectedArgument, .toolNeedsFile, .toolTooManyFiles,
        .toolMissingProductCount, .toolInvalidProductCount, .toolMissingProduct, .toolInvalidQuantity, .toolEmptyLocale,
        .toolEmptyCatalog, .toolEmptyState, .toolSeeHelp, .toolFileNotFound, .toolFileIsFolder, .toolFileNotRegular,
        .toolFilePermissionDenied, .toolFileUnreadable, .toolWriteFailed, .toolWriteFailedAfterPurchase,
        .toolOutputClosed, .toolMessagesHeading, .toolHistoryPurchasing, .toolHistoryPurchased, .toolHistoryRestored,
        .toolHistoryDeferred, .toolHistoryFailed, .toolHistoryRevoked, .toolHistoryRefundShortfall,
        .toolHistoryDelivered,
        .toolHistoryFinished,
        .toolCatalogSummary, .toolValidationSummary, .toolValidationSummaryUnread, .toolValidationOmitted,
        .toolValidationOmittedErrors, .toolValidationOmittedWarnings, .toolProgressSynthesizing, .toolProgressWriting,
        .toolProgressSimulating, .toolProgressDownloading, .toolSimulateExpectationFailed,
    ]

    /// Every key the tool declares: the command line's, the products', the tour's, the state folder's
    /// and `receipt inspect`'s, in that order.
    static let toolKeys: [MessageKey] =
        toolCommandLineKeys + toolProductKeys + toolTourKeys + toolStateFolderKeys + toolReceiptKeys
        + toolSignedDataKeys + toolAccountKeys + toolSigningChainKeys + toolReconcileKeys
        + toolLedgerKeys
}
