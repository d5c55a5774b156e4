import Foundation
import PackagePlugin

/// `swift package validate-catalog [CATALOG...]`: checks every catalog of the package (the `*.plist` files
/// directly in `Catalog/`, `*.storekit` files there, and every `*.catalog.plist` in a target), or only the
/// ones named, printing `path:line:column: error|warning: message`; fails on any error.
///
/// `--export-storekit CATALOG OUT.storekit` also writes CATALOG as an Xcode StoreKit configuration file.
/// Paths are relative to the package root. Writing into the package needs
/// `swift package --allow-writing-to-package-directory validate-catalog --export-storekit ...`.
@main
struct ValidateCatalog: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        let root = context.package.directoryURL
        var explicit: [String] = []
        var export: (catalog: String, output: String)?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--export-storekit" {
                guard index + 2 < arguments.count else {
                    throw PluginError(
                        "--export-storekit needs a catalog and an output path: "
                            + "--export-storekit Catalog/Default.plist Default.storekit")
                }
                export = (arguments[index + 1], arguments[index + 2])
                index += 3
            } else if argument.hasPrefix("-") {
                throw PluginError(
                    "unknown option '\(argument)'; usage: swift package validate-catalog "
                        + "[CATALOG...] [--export-storekit CATALOG OUT.storekit]")
            } else {
                explicit.append(argument)
                index += 1
            }
        }
        let catalogs = explicit.isEmpty ? try discover(context.package, root: root) : explicit
        let tool = try context.tool(named: "purchasekit-catalog-tool")
        if !catalogs.isEmpty {
            try run(
                tool.url, ["validate"] + catalogs, in: root,
                failure: "validate-catalog found errors; fix the "
                    + "lines marked 'error:' above (each 'note:' says how)")
        } else {
            print(
                "validate-catalog: no catalogs found (Catalog/*.plist, Catalog/*.storekit, *.catalog.plist in targets)")
        }
        if let export {
            try run(
                tool.url, ["export-storekit", export.catalog, export.output], in: root,
                failure: "the .storekit export failed; see the lines above")
        }
    }

    /// The catalogs of the package, relative to its root, sorted.
    func discover(_ package: Package, root: URL) throws -> [String] {
        var found: Set<String> = []
        let folder = root.appending(path: "Catalog")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasSuffix(".plist") || name.hasSuffix(".storekit") {
            found.insert("Catalog/" + name)
        }
        for target in package.targets {
            guard let module = target.sourceModule else { continue }
            for file in module.sourceFiles where file.url.lastPathComponent.hasSuffix(".catalog.plist") {
                found.insert(relative(file.url, to: root))
            }
        }
        return found.sorted()
    }

    func relative(_ url: URL, to root: URL) -> String {
        let base = root.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }

    /// Runs the tool in the package root; its output goes straight to the terminal.
    func run(_ tool: URL, _ arguments: [String], in directory: URL, failure: String) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else { throw PluginError(failure) }
    }
}

/// A problem with the command, said with how to fix it.
struct PluginError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
