import Foundation
import PackagePlugin

/// Adds typed product identifiers to a target: for each `*.catalog.plist` among the target's files, runs
/// `purchasekit-catalog-tool generate`, which writes `<Name>Products.swift` (one enum case per product).
///
/// The plugin only finds inputs and declares the command; the tool validates the catalog and writes the
/// code, and a catalog error fails the build with the tool's `path:line:column: error:` lines.
@main
struct PurchaseCatalogCodegen: BuildToolPlugin {
    static let suffix = ".catalog.plist"

    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let catalogs = module.sourceFiles.map(\.url).filter { $0.lastPathComponent.hasSuffix(Self.suffix) }
            .sorted { $0.path < $1.path }
        let tool = try context.tool(named: "purchasekit-catalog-tool")
        var outputs: [String: URL] = [:]
        var commands: [Command] = []
        for catalog in catalogs {
            let base = String(catalog.lastPathComponent.dropLast(Self.suffix.count))
            let fileName = base + "Products.swift"
            if let other = outputs[fileName] {
                throw PluginError(
                    "target '\(target.name)' has two catalogs that generate \(fileName): \(other.path) and "
                        + "\(catalog.path); rename one (the name before '\(Self.suffix)' names the generated enum)")
            }
            outputs[fileName] = catalog
            let output = context.pluginWorkDirectoryURL.appending(path: fileName)
            commands.append(
                .buildCommand(
                    displayName: "Generating \(fileName) from \(catalog.lastPathComponent)",
                    executable: tool.url,
                    arguments: ["generate", "--input", catalog.path, "--output", output.path],
                    inputFiles: [catalog, tool.url],
                    outputFiles: [output]
                )
            )
        }
        return commands
    }
}

/// A problem with how the package uses the plugin, said with how to fix it.
struct PluginError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
