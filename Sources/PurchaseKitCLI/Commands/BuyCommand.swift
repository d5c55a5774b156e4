import Foundation
import PurchaseCatalog
import PurchaseKit

/// `purchasekit buy PRODUCT [--quantity N] [--account UUID]`: runs the whole flow (charge, verify,
/// deliver exactly once, finish) and prints the outcome with the message a person would see. With
/// `--account`, the purchase carries that app account token and is delivered to that account; the
/// JSON output names it (`account`).
///
/// Exits 0 when purchased (verified, delivered and recorded durably) or pending, 1 when cancelled
/// or refused (already owned, unknown product...), 74/75 for storage failures. Standard output that
/// cannot be written is 74 as for every command; when the purchase was recorded before, the message
/// says so with its transaction identifier, so that a script retrying on 74 does not buy twice.
struct BuyCommand {
    var productID: String
    var quantity: Int
    /// The app account token the purchase carries; `nil` for the default account.
    var account: UUID?
    var options: GlobalOptions
    /// The plug-ins deployments and catalogs are read with (the tool's, `ProviderRegistry.builtIn` by default).
    var registry: ProviderRegistry = .builtIn

    /// The most units one `buy` asks for: StoreKit's limit for one payment (`SKPayment.quantity` is 1
    /// to 10), which the tool applies to every store.
    static let maximumQuantity = 10

    init(arguments: CommandArguments, options: GlobalOptions) throws(ToolError) {
        guard let productID = arguments.positionals.first else { throw .usage(.missingProduct(command: "buy")) }
        if arguments.positionals.count > 1 {
            throw .usage(.unexpectedArgument(arguments.positionals[1], command: "buy"))
        }
        self.productID = productID
        if let text = arguments.values["--quantity"] {
            guard let quantity = Int(text), (1...Self.maximumQuantity).contains(quantity) else {
                throw .usage(.invalidQuantity(text))
            }
            self.quantity = quantity
        } else {
            quantity = 1
        }
        account = try AccountOption.parse(arguments)
        self.options = options
    }

    func run(console: Console) throws(ToolError) -> ExitCode {
        let (productID, quantity, account, json, catalogPath) = (
            self.productID, self.quantity, self.account, options.json, options.catalogPath
        )
        return try DeploymentSession(options: options, console: console, registry: registry).run {
            deployment, console throws(PurchaseError) in
            let outcome = await deployment.store.purchase(
                productID, options: PurchaseOptions(quantity: quantity, appAccountToken: account))
            let message = deployment.render(
                PurchaseCore.Message(outcome: outcome, productName: Self.name(of: productID, quantity, in: deployment)))
            var entries: [(String, JSONText)] = [("outcome", .string(outcome.name)), ("productID", .string(productID))]
            if let account { entries.append(("account", AccountOption.json(account))) }
            let status: ExitCode
            switch outcome {
            case .purchased(let transaction):
                entries.append(("transactionID", .string(transaction.id)))
                entries.append(("quantity", .number(transaction.quantity)))
                status = .success
            case .pending:
                status = .success
            case .cancelled:
                status = .refused
            case .failed(let error):
                status = DeploymentSession.exitCode(for: error)
            }
            entries.append(("message", .string(message)))
            if case .failed(let error) = outcome {
                entries.append(
                    ("error", .object([("code", .number(error.code.rawValue)), ("name", .string(error.code.name))])))
            }
            if json {
                try Self.write(JSONText.object(entries).text + "\n", after: outcome, console)
            } else if status == .success {
                try Self.write(message + "\n", after: outcome, console)
            } else {
                console.diagnostic("purchasekit: " + message)
                if case .failed(let error) = outcome,
                    let note = Self.unknownProductNote(productID, error, deployment, catalogPath)
                {
                    console.diagnostic("purchasekit: " + console.text(note))
                }
                if case .failed(let error) = outcome, let journal = error.underlyingError as? JournalError {
                    console.diagnostic(console.detail(of: journal))
                }
            }
            return status
        }
    }

    /// Writes the outcome to standard output; a failure after a recorded purchase names the purchase.
    private static func write(_ text: String, after outcome: PurchaseOutcome, _ console: Console)
        throws(PurchaseError)
    {
        do throws(ToolError) {
            try console.print(text)
        } catch {
            var failure = error
            if case .purchased(let transaction) = outcome, case .outputFailed(let number) = error.message {
                failure.message = .outputFailedAfterPurchase(errno: number, transactionID: transaction.id)
            }
            throw PurchaseError(.ledgerIOFailed, detail: "cannot write to standard output", underlyingError: failure)
        }
    }

    /// For a product the catalog does not have, a note naming it, the catalog, and the catalog's product
    /// spelled most like it (the person's message says only that an item could not be found, as an
    /// app's does).
    private static func unknownProductNote(
        _ productID: String, _ error: PurchaseError, _ deployment: PurchaseDeployment, _ catalog: String
    ) -> PurchaseCore.Message? {
        guard [.invalidProductIdentifiers, .productUnavailable].contains(error.code),
            deployment.catalog.product(withID: productID) == nil
        else { return nil }
        let candidates = deployment.catalog.products.map(\.productID)
        if let closest = ClosestMatch.find(productID, in: candidates) {
            return .keyed(.toolUnknownProductSuggestion, arguments: [.text(productID), .text(catalog), .text(closest)])
        }
        return .keyed(.toolUnknownProduct, arguments: [.text(productID), .text(catalog)])
    }

    /// The product's name for people, with the number of units when more than one was bought
    /// (`100 Gems × 3`: the purchase credited three times the product's payouts).
    private static func name(of productID: String, _ quantity: Int, in deployment: PurchaseDeployment) -> String {
        let name = deployment.displayName(of: productID)
        guard quantity > 1 else { return name }
        return deployment.render(.keyed(.purchaseQuantityName, arguments: [.text(name), .integer(quantity)]))
    }
}
