import PropertyList
import PurchaseCatalog
import PurchaseCore

/// Every text the tool shows a person, as a key with its arguments.
///
/// Call sites never hold prose: they name a message, and ``text(locale:table:)`` renders it from the
/// message tables (`tool.*` keys of ``MessageKey``) for the tool's locale, with the deployment's
/// overrides. Paths, options, product identifiers and values from files are arguments and are never
/// translated. Help screens put the localized one-line summary under the `USAGE` lines; the rest of a
/// help screen (options, formats, exit statuses) is reference text kept in English (``HelpText``).
enum ToolMessage: Sendable, Equatable {
    // Help.
    case toolHelp
    case plistHelp
    case catalogHelp
    case catalogValidateHelp
    case catalogSynthesizeHelp
    case messagesHelp
    case tourHelp

    // Usage errors.
    case missingCommand
    case unknownCommand(String)
    case missingCatalogSubcommand
    case unknownCatalogSubcommand(String)
    case unknownOption(String, command: String)
    case missingOptionValue(String)
    case unexpectedArgument(String, command: String)
    case missingFile(command: String)
    case tooManyFiles(command: String)
    case missingProductCount
    case invalidProductCount(String)
    case missingProduct(command: String)
    case invalidQuantity(String)
    /// `--account` with a value that is no UUID.
    case invalidAccount(String)
    case emptyLocale
    case emptyCatalog
    case emptyState
    case seeHelp(command: String)

    // Files.
    case fileNotFound(String)
    /// The default catalog is not in the working folder (no `--catalog` was given).
    case defaultCatalogNotFound(String)
    case fileIsFolder(String)
    /// A file the tool found by itself (a message table) is a FIFO, a device or a socket.
    case fileNotRegular(String)
    case filePermissionDenied(String)
    case fileUnreadable(String, reason: String)
    /// A file the property-list reader could not read, with the reader's reason (rendered in the same
    /// language).
    case unreadableFile(String, reason: PropertyListError.Reason)
    case writeFailed(reason: String)
    /// Standard output could not be written; the reason comes from the system error number.
    case outputFailed(errno: Int32)
    /// Standard output could not be written after a purchase was recorded durably: the reason, and the
    /// transaction's identifier, so that nobody buys again thinking the purchase failed.
    case outputFailedAfterPurchase(errno: Int32, transactionID: String)

    // Results.
    case catalogSummary(path: String, products: Int, errors: Int, warnings: Int)
    case validationSummary(files: Int, errors: Int, warnings: Int)
    case validationSummaryUnread(files: Int, unread: Int, errors: Int, warnings: Int)
    case messagesHeading(locale: String, language: String)

    // History.
    case transactionState(TransactionState)
    case transactionRevoked
    /// What a refund could not take back, as `gems 70, coins 5`.
    case refundShortfall(String)
    case delivered
    case finished

    /// The key of the message's text in the tables (for a help screen, of its one-line summary).
    var key: MessageKey {
        switch self {
        case .toolHelp: .toolHelpSummary
        case .plistHelp: .toolHelpPlist
        case .catalogHelp: .toolHelpCatalog
        case .catalogValidateHelp: .toolHelpCatalogValidate
        case .catalogSynthesizeHelp: .toolHelpCatalogSynthesize
        case .messagesHelp: .toolHelpMessages
        case .tourHelp: .toolHelpTour
        case .missingCommand: .toolMissingCommand
        case .unknownCommand: .toolUnknownCommand
        case .missingCatalogSubcommand: .toolMissingCatalogSubcommand
        case .unknownCatalogSubcommand: .toolUnknownCatalogSubcommand
        case .unknownOption: .toolUnknownOption
        case .missingOptionValue: .toolMissingOptionValue
        case .unexpectedArgument: .toolUnexpectedArgument
        case .missingFile: .toolNeedsFile
        case .tooManyFiles: .toolTooManyFiles
        case .missingProductCount: .toolMissingProductCount
        case .invalidProductCount: .toolInvalidProductCount
        case .missingProduct: .toolMissingProduct
        case .invalidQuantity: .toolInvalidQuantity
        case .invalidAccount: .toolInvalidAccount
        case .emptyLocale: .toolEmptyLocale
        case .emptyCatalog: .toolEmptyCatalog
        case .emptyState: .toolEmptyState
        case .seeHelp: .toolSeeHelp
        case .fileNotFound: .toolFileNotFound
        case .defaultCatalogNotFound: .toolDefaultCatalogNotFound
        case .fileIsFolder: .toolFileIsFolder
        case .fileNotRegular: .toolFileNotRegular
        case .filePermissionDenied: .toolFilePermissionDenied
        case .fileUnreadable, .unreadableFile: .toolFileUnreadable
        case .writeFailed, .outputFailed: .toolWriteFailed
        case .outputFailedAfterPurchase: .toolWriteFailedAfterPurchase
        case .catalogSummary: .toolCatalogSummary
        case .validationSummary: .toolValidationSummary
        case .validationSummaryUnread: .toolValidationSummaryUnread
        case .messagesHeading: .toolMessagesHeading
        case .transactionState(let state):
            switch state {
            case .purchasing: .toolHistoryPurchasing
            case .purchased: .toolHistoryPurchased
            case .restored: .toolHistoryRestored
            case .deferred: .toolHistoryDeferred
            case .failed: .toolHistoryFailed
            }
        case .transactionRevoked: .toolHistoryRevoked
        case .refundShortfall: .toolHistoryRefundShortfall
        case .delivered: .toolHistoryDelivered
        case .finished: .toolHistoryFinished
        }
    }

    /// The values the text substitutes, in the order of the key's ``MessageKey/argumentKinds``.
    var arguments: [MessageArgument] {
        switch self {
        case .toolHelp, .plistHelp, .catalogHelp, .catalogValidateHelp, .catalogSynthesizeHelp, .messagesHelp,
            .tourHelp, .missingCommand, .missingCatalogSubcommand, .missingProductCount, .emptyLocale,
            .emptyCatalog, .emptyState, .transactionState, .transactionRevoked, .delivered, .finished:
            []
        case .unknownCommand(let text), .unknownCatalogSubcommand(let text), .missingOptionValue(let text),
            .missingFile(let text), .tooManyFiles(let text), .invalidProductCount(let text), .missingProduct(let text),
            .invalidQuantity(let text), .invalidAccount(let text), .seeHelp(let text), .refundShortfall(let text),
            .fileNotFound(let text), .defaultCatalogNotFound(let text), .fileIsFolder(let text),
            .fileNotRegular(let text),
            .filePermissionDenied(let text),
            .writeFailed(let text):
            [.text(text)]
        case .unknownOption(let first, let second), .unexpectedArgument(let first, let second),
            .fileUnreadable(let first, let second), .messagesHeading(let first, let second):
            [.text(first), .text(second)]
        case .unreadableFile(let path, let reason):
            [.text(path), .message(reason.messageText)]
        case .outputFailed(let number):
            [.message(Console.systemReason(errno: number))]
        case .outputFailedAfterPurchase(let number, let transactionID):
            [.message(Console.systemReason(errno: number)), .text(transactionID)]
        case .catalogSummary(let path, let products, let errors, let warnings):
            [.text(path), .integer(products), .integer(errors), .integer(warnings)]
        case .validationSummary(let files, let errors, let warnings):
            [.integer(files), .integer(errors), .integer(warnings)]
        case .validationSummaryUnread(let files, let unread, let errors, let warnings):
            [.integer(files), .integer(unread), .integer(errors), .integer(warnings)]
        }
    }

    /// The message as the tables render any message.
    var tableMessage: PurchaseCore.Message {
        .keyed(key, arguments: arguments)
    }

    /// The text for a person using `locale` (English when `nil`), from `table`.
    func text(locale: String?, table: MessageTable = .builtIn) -> String {
        let text = table.render(tableMessage, locale: locale ?? MessageTable.fallbackLanguage)
        guard let reference = helpReference else { return text }
        return HelpText.screen(reference, summary: text)
    }

    /// The English reference part of a help screen, or `nil` for a message that is no help screen.
    private var helpReference: String? {
        switch self {
        case .toolHelp: HelpText.tool
        case .plistHelp: HelpText.plist
        case .catalogHelp: HelpText.catalog
        case .catalogValidateHelp: HelpText.catalogValidate
        case .catalogSynthesizeHelp: HelpText.catalogSynthesize
        case .messagesHelp: HelpText.messages
        case .tourHelp: HelpText.tour
        default: nil
        }
    }
}
