/// Every text the tool shows a person, as a key with its arguments.
///
/// Call sites never hold English: they name a message, and ``text(locale:)`` renders it. Only English
/// exists so far; a later issue adds message tables keyed by ``key`` and falls back to English.
/// Paths, product identifiers and values from files are arguments and are never translated.
enum Message: Sendable, Equatable {
    // Help.
    case toolHelp
    case plistHelp
    case catalogHelp
    case catalogValidateHelp
    case catalogSynthesizeHelp

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
    case emptyLocale
    case seeHelp(command: String)

    // Files.
    case fileNotFound(String)
    case fileIsFolder(String)
    case filePermissionDenied(String)
    case fileUnreadable(String, reason: String)
    case writeFailed(reason: String)

    // Results.
    case catalogSummary(path: String, products: Int, errors: Int, warnings: Int)
    case catalogProduct(productID: String, type: String, price: String, displayName: String)
    case validationSummary(files: Int, errors: Int, warnings: Int)

    /// A stable name for the message, for message tables (`tool.unknownCommand`).
    var key: String {
        let name =
            switch self {
            case .toolHelp: "toolHelp"
            case .plistHelp: "plistHelp"
            case .catalogHelp: "catalogHelp"
            case .catalogValidateHelp: "catalogValidateHelp"
            case .catalogSynthesizeHelp: "catalogSynthesizeHelp"
            case .missingCommand: "missingCommand"
            case .unknownCommand: "unknownCommand"
            case .missingCatalogSubcommand: "missingCatalogSubcommand"
            case .unknownCatalogSubcommand: "unknownCatalogSubcommand"
            case .unknownOption: "unknownOption"
            case .missingOptionValue: "missingOptionValue"
            case .unexpectedArgument: "unexpectedArgument"
            case .missingFile: "missingFile"
            case .tooManyFiles: "tooManyFiles"
            case .missingProductCount: "missingProductCount"
            case .invalidProductCount: "invalidProductCount"
            case .emptyLocale: "emptyLocale"
            case .seeHelp: "seeHelp"
            case .fileNotFound: "fileNotFound"
            case .fileIsFolder: "fileIsFolder"
            case .filePermissionDenied: "filePermissionDenied"
            case .fileUnreadable: "fileUnreadable"
            case .writeFailed: "writeFailed"
            case .catalogSummary: "catalogSummary"
            case .catalogProduct: "catalogProduct"
            case .validationSummary: "validationSummary"
            }
        return "tool." + name
    }

    /// The message for a person reading `locale` (English for every locale until tables exist).
    func text(locale: String?) -> String {
        english
    }

    /// The English text.
    var english: String {
        switch self {
        case .toolHelp: HelpText.tool
        case .plistHelp: HelpText.plist
        case .catalogHelp: HelpText.catalog
        case .catalogValidateHelp: HelpText.catalogValidate
        case .catalogSynthesizeHelp: HelpText.catalogSynthesize
        case .missingCommand: "no command given"
        case .unknownCommand(let command): "unknown command '\(command)'"
        case .missingCatalogSubcommand: "'catalog' needs a subcommand: validate or synthesize"
        case .unknownCatalogSubcommand(let name):
            "unknown catalog subcommand '\(name)'; the subcommands are validate and synthesize"
        case .unknownOption(let option, let command): "unknown option '\(option)' for '\(command)'"
        case .missingOptionValue(let option): "option '\(option)' needs a value"
        case .unexpectedArgument(let argument, let command): "unexpected argument '\(argument)' for '\(command)'"
        case .missingFile(let command): "'\(command)' needs a file"
        case .tooManyFiles(let command): "'\(command)' reads one file"
        case .missingProductCount: "'catalog synthesize' needs --products N"
        case .invalidProductCount(let value):
            "--products wants a whole number from 0 to 1000000, not '\(value)'"
        case .emptyLocale: "--locale needs a locale identifier such as en_US or ja_JP"
        case .seeHelp(let command): "run '\(command) --help' for usage"
        case .fileNotFound(let path): "\(path): no such file"
        case .fileIsFolder(let path): "\(path): cannot read: it is a folder"
        case .filePermissionDenied(let path): "\(path): cannot read: permission denied"
        case .fileUnreadable(let path, let reason): "\(path): cannot read: \(reason)"
        case .writeFailed(let reason): "cannot write the output: \(reason)"
        case .catalogSummary(let path, let products, let errors, let warnings):
            "\(path): \(products) \(products == 1 ? "product" : "products"), "
                + "\(errors) \(errors == 1 ? "error" : "errors"), \(warnings) \(warnings == 1 ? "warning" : "warnings")"
        case .catalogProduct(let productID, let type, let price, let displayName):
            "  \(productID)  \(type)  \(price)  \(displayName)"
        case .validationSummary(let files, let errors, let warnings):
            "\(files) \(files == 1 ? "file" : "files") checked: "
                + "\(errors) \(errors == 1 ? "error" : "errors"), \(warnings) \(warnings == 1 ? "warning" : "warnings")"
        }
    }
}
