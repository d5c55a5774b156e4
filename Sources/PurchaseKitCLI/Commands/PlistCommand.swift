import PropertyList
import PurchaseCatalog

/// `purchasekit plist FILE [--json]`: reads any XML property list and prints it, indented for people
/// or as tagged JSON.
struct PlistCommand {
    /// The file to read (`-` for standard input).
    var path: String
    /// Whether to print tagged JSON.
    var json: Bool

    /// Takes exactly one file.
    init(arguments: CommandArguments, options: GlobalOptions) throws(ToolError) {
        guard let path = arguments.positionals.first else { throw .usage(.missingFile(command: "plist")) }
        guard arguments.positionals.count == 1 else { throw .usage(.tooManyFiles(command: "plist")) }
        self.path = path
        self.json = options.json
    }

    /// Prints the file, or the reason it cannot be read.
    func run(console: Console) throws(ToolError) -> ExitCode {
        let node: PropertyListNode
        do {
            node = try InputFile.readPropertyList(path)
        } catch {
            switch error {
            case .tool(let failure): throw failure
            case .invalid(let invalid):
                // The reader's reason is rendered from the tables too, inside the same sentence as a catalog's.
                let problem = CatalogProblem.unreadableDocument(invalid.reason)
                let place = "\(invalid.path ?? "<input>"):\(invalid.location.line):\(invalid.location.column)"
                console.diagnostic("\(place): error: " + console.text(problem.messageText))
                return .dataError
            }
        }
        if json {
            try console.print(TaggedJSON.encode(node.value, pretty: true) + "\n")
        } else {
            try console.print(PlistPrinter.text(for: node.value))
        }
        return .success
    }
}
