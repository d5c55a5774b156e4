import PurchaseCatalog
import PurchaseCore

/// `purchasekit catalog synthesize --products N`: writes a valid catalog of N products to standard
/// output.
///
/// The output is always the XML property list a catalog is, with `--json` too (a catalog has no JSON
/// form; `purchasekit plist - --json` converts it), as its help and README say.
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

    /// From how many products on a progress line is drawn (at a terminal only).
    static let progressThreshold = 10_000

    /// Writes the catalog; for a large one at a terminal, a progress line on standard error says
    /// what is happening (standard output gets the same bytes either way).
    func run(console: Console) throws(ToolError) -> ExitCode {
        var progress = ProgressLine()
        progress.enabled = progress.enabled && products >= Self.progressThreshold
        progress.show(console.text(.keyed(.toolProgressSynthesizing, arguments: [.integer(products)])))
        let data = CatalogSynthesizer.plist(products: products)
        defer { progress.finish() }
        guard progress.enabled else {
            try console.print(bytes: data)
            return .success
        }
        let chunk = 1 << 20
        let totalMB = (data.count + chunk - 1) / chunk
        var offset = 0
        while offset < data.count {
            let end = min(offset + chunk, data.count)
            try console.print(bytes: data[offset..<end])
            offset = end
            let writing = PurchaseCore.Message.keyed(
                .toolProgressWriting, arguments: [.integer((offset + chunk - 1) / chunk), .integer(totalMB)])
            progress.show(console.text(writing))
        }
        return .success
    }
}
