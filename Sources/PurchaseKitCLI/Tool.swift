import PurchaseKit

/// The `purchasekit` command-line tool: parses the command line, runs one command, and turns every
/// failure into a message on standard error and an exit status.
struct Tool {
    /// The command line without the program name.
    var arguments: [String]
    /// The plug-ins deployments and catalogs are read with.
    var registry: ProviderRegistry = .builtIn

    /// Runs the command and returns the status to exit with; never exits the process itself.
    func run() -> ExitCode {
        let parsed = CommandLineParser(arguments)
        // The language of the options found, even when one of them is wrong; the commands that open
        // the deployment speak the language of the catalog they read for it.
        let console = Console(resolvingLanguageOf: parsed.options)
        if let failure = parsed.failure {
            return fail(failure, console: console, commandWords: parsed.words)
        }
        do {
            return try dispatch(parsed.words, options: parsed.options, console: console)
        } catch {
            return fail(error, console: console, commandWords: parsed.words)
        }
    }

    /// Prints `error` (and for a usage error, where to find help) and returns its exit status.
    private func fail(_ error: ToolError, console: Console, commandWords: [String]) -> ExitCode {
        console.error(error.message)
        if error.exitCode == .usage {
            console.error(.seeHelp(command: Self.helpCommand(for: commandWords)))
        }
        return error.exitCode
    }

    /// The command whose help a usage error points to (`purchasekit`, `purchasekit catalog`...).
    private static func helpCommand(for commandWords: [String]) -> String {
        let words = commandWords.filter { !$0.hasPrefix("-") }
        switch words.first {
        case "plist": return "purchasekit plist"
        case let word? where buyingCommandNames.contains(word): return "purchasekit \(word)"
        case "catalog" where words.count > 1 && ["validate", "synthesize"].contains(words[1]):
            return "purchasekit catalog \(words[1])"
        case "catalog": return "purchasekit catalog"
        case "messages": return "purchasekit messages"
        case "receipt": return "purchasekit receipt inspect"
        case "jws": return "purchasekit jws inspect"
        case "notification": return "purchasekit notification inspect"
        case "ledger": return "purchasekit ledger copy"
        case "simulate": return "purchasekit simulate"
        case "reconcile": return "purchasekit reconcile"
        case "tour": return "purchasekit tour"
        default: return "purchasekit"
        }
    }

    private func dispatch(_ words: [String], options: GlobalOptions, console: Console) throws(ToolError) -> ExitCode {
        if options.version && !options.help {
            try console.print(ToolVersion.line + "\n")
            return .success
        }
        guard let command = words.first else {
            if options.help {
                try console.print(.toolHelp)
                return .success
            }
            throw .usage(.missingCommand)
        }
        if command.hasPrefix("-") && command != "-" {
            throw .usage(.unknownOption(CommandLineParser.split(command).name, command: "purchasekit"))
        }
        let rest = words.dropFirst()
        switch command {
        case "plist":
            if options.help { return try help(.plistHelp, console) }
            return try PlistCommand(arguments: CommandArguments(rest, command: "plist"), options: options)
                .run(console: console)
        case "messages":
            if options.help { return try help(.messagesHelp, console) }
            return try MessagesCommand(arguments: CommandArguments(rest, command: "messages"), options: options).run()
        case "catalog":
            return try dispatchCatalog(rest, options: options, console: console)
        case "products", "buy", "restore", "entitlements", "history":
            return try dispatchBuying(command, rest, options: options, console: console)
        case "receipt":
            if options.help { return try help(HelpText.receiptInspect, console) }
            guard let subcommand = rest.first else { throw .usage(.missingFile(command: "receipt inspect")) }
            guard subcommand == "inspect" else { throw .usage(.unknownCommand("receipt \(subcommand)")) }
            let arguments = try CommandArguments(rest.dropFirst(), command: "receipt inspect")
            return try ReceiptInspectCommand(arguments: arguments, options: options).run(console: console)
        case "jws", "notification":
            return try dispatchSignedData(command, rest, options: options, console: console)
        case "reconcile":
            if options.help { return try help(HelpText.reconcile, console) }
            var reconcile = try ReconcileCommand(
                arguments: CommandArguments(rest, command: "reconcile", valueOptions: ReconcileCommand.valueOptions),
                options: options)
            reconcile.registry = registry
            return try reconcile.run(console: console)
        case "ledger":
            if options.help { return try help(HelpText.ledgerCopy, console) }
            guard let subcommand = rest.first else { throw .usage(.unknownCommand("ledger")) }
            guard subcommand == "copy" else { throw .usage(.unknownCommand("ledger \(subcommand)")) }
            let arguments = try CommandArguments(rest.dropFirst(), command: "ledger copy", valueOptions: ["--to"])
            var copy = try LedgerCopyCommand(arguments: arguments, options: options)
            copy.registry = registry
            return try copy.run(console: console)
        case "simulate":
            if options.help { return try help(HelpText.simulate, console) }
            return try SimulateCommand(arguments: CommandArguments(rest, command: "simulate"), options: options)
                .run(console: console)
        case "tour":
            if options.help { return try help(.tourHelp, console) }
            var tour = try TourCommand(arguments: CommandArguments(rest, command: "tour"), options: options)
            tour.registry = registry
            return try tour.run(console: console)
        case "help":
            // `help COMMAND...` is `COMMAND... --help`: an unknown command is the same usage error.
            var helpOptions = options
            helpOptions.help = true
            return try dispatch(Array(rest), options: helpOptions, console: console)
        default:
            throw .usage(.unknownCommand(command))
        }
    }

    /// `jws inspect` and `notification inspect`.
    private func dispatchSignedData(
        _ command: String, _ words: ArraySlice<String>, options: GlobalOptions, console: Console
    ) throws(ToolError) -> ExitCode {
        if options.help {
            return try help(command == "jws" ? HelpText.jwsInspect : HelpText.notificationInspect, console)
        }
        guard let subcommand = words.first else { throw .usage(.missingFile(command: "\(command) inspect")) }
        guard subcommand == "inspect" else { throw .usage(.unknownCommand("\(command) \(subcommand)")) }
        let arguments = try CommandArguments(
            words.dropFirst(), command: "\(command) inspect", valueOptions: SignedDataOptions.valueOptions)
        return command == "jws"
            ? try JWSInspectCommand(arguments: arguments, options: options).run(console: console)
            : try NotificationInspectCommand(arguments: arguments, options: options).run(console: console)
    }

    private func dispatchCatalog(
        _ words: ArraySlice<String>,
        options: GlobalOptions,
        console: Console
    ) throws(ToolError) -> ExitCode {
        guard let subcommand = words.first else {
            if options.help { return try help(.catalogHelp, console) }
            throw .usage(.missingCatalogSubcommand)
        }
        let rest = words.dropFirst()
        switch subcommand {
        case "validate":
            if options.help { return try help(.catalogValidateHelp, console) }
            let arguments = try CommandArguments(rest, command: "catalog validate")
            var validate = try CatalogValidateCommand(arguments: arguments, options: options)
            validate.registry = registry
            return try validate.run(console: console)
        case "synthesize":
            if options.help { return try help(.catalogSynthesizeHelp, console) }
            let arguments = try CommandArguments(rest, command: "catalog synthesize", valueOptions: ["--products"])
            return try CatalogSynthesizeCommand(arguments: arguments).run(console: console)
        default:
            if options.help { return try help(.catalogHelp, console) }
            throw .usage(.unknownCatalogSubcommand(subcommand))
        }
    }

    private func help(_ message: ToolMessage, _ console: Console) throws(ToolError) -> ExitCode {
        try console.print(message)
        return .success
    }

    private func help(_ text: String, _ console: Console) throws(ToolError) -> ExitCode {
        try console.print(text + "\n")
        return .success
    }
}
