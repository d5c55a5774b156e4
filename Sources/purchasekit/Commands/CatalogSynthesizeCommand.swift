import PurchaseCatalog

/// `purchasekit catalog synthesize --products N`: writes a valid catalog of N products to standard
/// output.
struct CatalogSynthesizeCommand {
    /// The most products one run writes (about 470 MB of XML).
    static let maximumProducts = 1_000_000

    /// How many products to write.
    var products: Int

    /// Reads `--products N` and refuses stray arguments.
    init(arguments: CommandArguments) throws(ToolError) {
        if let extra = arguments.positionals.first {
            throw .usage(.unexpectedArgument(extra, command: "catalog synthesize"))
        }
        guard let text = arguments.values["--products"] else { throw .usage(.missingProductCount) }
        guard let count = Int(text), (0...Self.maximumProducts).contains(count) else {
            throw .usage(.invalidProductCount(text))
        }
        products = count
    }

    /// Writes the catalog.
    func run(console: Console) throws(ToolError) -> ExitCode {
        try console.print(bytes: CatalogSynthesizer.plist(products: products))
        return .success
    }
}
