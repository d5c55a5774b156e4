extension Tool {
    /// The commands that open the deployment and use its store.
    static let buyingCommandNames: Set<String> = ["products", "buy", "restore", "entitlements", "history"]

    /// Runs `products`, `buy`, `restore`, `entitlements` or `history`.
    func dispatchBuying(
        _ command: String,
        _ words: ArraySlice<String>,
        options: GlobalOptions,
        console: Console
    ) throws(ToolError) -> ExitCode {
        if options.help {
            try console.print(HelpText.buying(command) + "\n")
            return .success
        }
        switch command {
        case "products":
            var products = try ProductsCommand(arguments: CommandArguments(words, command: command), options: options)
            products.registry = registry
            return try products.run(console: console)
        case "buy":
            let arguments = try CommandArguments(
                words, command: command, valueOptions: ["--quantity", AccountOption.name])
            var buy = try BuyCommand(arguments: arguments, options: options)
            buy.registry = registry
            return try buy.run(console: console)
        case "restore":
            var restore = try RestoreCommand(arguments: CommandArguments(words, command: command), options: options)
            restore.registry = registry
            return try restore.run(console: console)
        case "entitlements":
            var entitlements = try EntitlementsCommand(
                arguments: CommandArguments(words, command: command, valueOptions: [AccountOption.name]),
                options: options)
            entitlements.registry = registry
            return try entitlements.run(console: console)
        default:
            var history = try HistoryCommand(
                arguments: CommandArguments(words, command: command, valueOptions: [AccountOption.name]),
                options: options)
            history.registry = registry
            return try history.run(console: console)
        }
    }
}

extension HelpText {
    /// The help screen of a buying command.
    static func buying(_ command: String) -> String {
        let body =
            switch command {
            case "products":
                """
                USAGE: purchasekit products

                Lists the catalog's products as the deployment's store offers them: identifier, price
                in the storefront's currency formatted for the locale, and name. With --json, an array
                of {productID, type, displayName, description, price, currency, displayPrice, store}.

                Examples:
                  purchasekit products
                  purchasekit products --locale ru_RU
                  purchasekit --catalog Catalog/Simulated.plist products --json
                """
            case "buy":
                """
                USAGE: purchasekit buy PRODUCT [--quantity N] [--account UUID]

                Buys PRODUCT through the whole flow: the store charges, the purchase is verified,
                delivered exactly once (recorded in the state folder) and finished. Prints the message
                a person would see; with --json {outcome, productID, account, transactionID, quantity,
                message, error: {code, name}}.

                  --quantity N      units to buy, 1 to 10 (StoreKit's limit for one payment); more
                                    than 1 for consumables only (default 1)
                  --account UUID    the app account token the purchase carries (StoreKit's
                                    appAccountToken): it is delivered to that account of the ledger
                                    (default: the default account)

                Exits 0 when purchased or pending approval, 1 when cancelled or refused (for instance
                already owned), 74 when the state folder cannot be used or the outcome cannot be
                written (if the purchase was recorded, the message says so with its transaction ID:
                do not buy again), 75 when it is busy.

                Examples:
                  purchasekit buy com.example.removeads
                  purchasekit buy com.example.gems.100 --quantity 3
                  purchasekit --state /tmp/demo buy com.example.pro.monthly --json
                  purchasekit buy com.example.gems.100 --account E621E1F8-C36C-495A-93FC-0C247A3E6E5F
                """
            case "restore":
                """
                USAGE: purchasekit restore

                Restores the non-consumables and subscriptions you own through the same flow and prints
                the outcome; with --json {outcome, restored, message}.

                Examples:
                  purchasekit restore
                  purchasekit --state /tmp/demo restore --json
                """
            case "entitlements":
                """
                USAGE: purchasekit entitlements [--account UUID]

                Prints what you own now: entitlements, balances and subscriptions with their expiry.
                With --json {entitlements, balances, subscriptions: [{productID, group, level, expiry,
                state, grantsAccess, willAutoRenew}], account}.

                  --account UUID    what that account of the ledger owns (default: the default
                                    account, purchases made without a token)

                Examples:
                  purchasekit entitlements
                  purchasekit entitlements --locale ja_JP --json
                """
            default:
                """
                USAGE: purchasekit history [--account UUID]

                Prints every transaction the state folder knows, oldest first. With --json an array of
                {transactionID, originalTransactionID, productID, store, state, purchaseDate, quantity,
                expirationDate, delivered, finished, account (for a purchase made for an account)}.

                  --account UUID    only that account's transactions (default: every account's)

                Examples:
                  purchasekit history
                  purchasekit --state /tmp/demo history --json
                """
            }
        return body + "\n\n" + globalOptions + "\n\n" + exitStatus
    }
}
