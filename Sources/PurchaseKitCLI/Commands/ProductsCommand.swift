import Foundation
import PurchaseKit

/// `purchasekit products`: the catalog's products as the provider offers them, with names in the
/// deployment's (or `--locale`'s) language and prices formatted for it.
struct ProductsCommand {
    var options: GlobalOptions
    /// The plug-ins deployments and catalogs are read with (the tool's, `ProviderRegistry.builtIn` by default).
    var registry: ProviderRegistry = .builtIn

    init(arguments: CommandArguments, options: GlobalOptions) throws(ToolError) {
        if let extra = arguments.positionals.first { throw .usage(.unexpectedArgument(extra, command: "products")) }
        self.options = options
    }

    func run(console: Console) throws(ToolError) -> ExitCode {
        let json = options.json
        return try DeploymentSession(options: options, console: console, access: .readOnly, registry: registry).run {
            deployment, console throws(PurchaseError) in
            let response: ProductsResponse
            do {
                response = try await deployment.store.products()
            } catch {
                throw error as? PurchaseError ?? PurchaseError(.unknown, underlyingError: error)
            }
            let formatter = PriceFormatter(locale: deployment.locale)
            let rows = response.products.map { product in
                let localization = product.product.localization(for: deployment.locale)
                return (
                    product: product, name: localization?.displayName ?? product.displayName,
                    description: localization?.description ?? product.description,
                    price: formatter.string(for: product.price)
                )
            }
            // The catalog's products the store does not sell: listed after the others, without a price.
            let unavailable = response.invalidProductIDs.compactMap { deployment.catalog.product(withID: $0) }
            var output: String
            if json {
                let sold: [JSONText] = rows.map { row in
                    .object([
                        ("productID", .string(row.product.id)), ("type", .string(row.product.type.rawValue)),
                        ("displayName", .string(row.name)), ("description", .string(row.description)),
                        ("price", .string("\(row.product.price.amount)")),
                        ("currency", .string(row.product.price.currencyCode)),
                        ("displayPrice", .string(row.price)), ("store", .string(row.product.store)),
                        ("available", .bool(true)),
                    ])
                }
                let unsold: [JSONText] = unavailable.map { product in
                    let localization = product.localization(for: deployment.locale)
                    return .object([
                        ("productID", .string(product.productID)), ("type", .string(product.type.rawValue)),
                        ("displayName", .string(localization?.displayName ?? product.productID)),
                        ("description", .string(localization?.description ?? "")), ("available", .bool(false)),
                    ])
                }
                output = JSONText.array(sold + unsold).text + "\n"
            } else {
                let unavailableText = console.text(.keyed(.toolProductUnavailable, arguments: []))
                let ids = rows.map(\.product.id) + unavailable.map(\.productID)
                let idWidth = ids.map(\.count).max() ?? 0
                let priceWidth = rows.map(\.price.count).max() ?? 0
                output = ""
                for row in rows {
                    output += row.product.id.padding(toLength: idWidth, withPad: " ", startingAt: 0) + "  "
                    output += String(repeating: " ", count: priceWidth - row.price.count) + row.price + "  "
                    output += row.name + "\n"
                }
                for product in unavailable {
                    let name = product.localization(for: deployment.locale)?.displayName ?? product.productID
                    output += product.productID.padding(toLength: idWidth, withPad: " ", startingAt: 0) + "  "
                    output += name + " (" + unavailableText + ")\n"
                }
            }
            try Self.write(output, console)
            return .success
        }
    }

    /// Prints to standard output; a failed write is an I/O error, reported as the tool's own
    /// (``DeploymentSession`` prints the `ToolError` it carries, not a purchase failure).
    static func write(_ text: String, _ console: Console) throws(PurchaseError) {
        do {
            try console.print(text)
        } catch {
            throw PurchaseError(.ledgerIOFailed, detail: "cannot write to standard output", underlyingError: error)
        }
    }
}
