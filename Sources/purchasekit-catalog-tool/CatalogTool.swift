import Foundation
import PropertyList
import PurchaseCatalog
import PurchaseCore
import PurchaseKit

/// The commands of `purchasekit-catalog-tool`, the executable behind the package's plugins.
///
/// Every problem is printed to standard error as `path:line:column: error|warning: message` with a
/// `note:` line saying how to fix it, so the compiler, editors and CI logs show it at the catalog's line.
struct CatalogTool {
    /// Where diagnostics and messages go (standard error).
    var errors: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    /// Where summaries go (standard output).
    var output: (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }

    /// The loader every command reads catalogs with: it checks the settings of the built-in
    /// provider kinds (`file`, `simulated-app-store`) as `purchasekit catalog validate` does, so a
    /// setting the provider would refuse fails the build at its line; a kind it does not know is
    /// left alone, since the project using the plugin may register its own.
    static var loader: CatalogLoader {
        let registry = ProviderRegistry.builtIn
        var loader = CatalogLoader(providerSettingsCheck: { registry.settingProblems(in: $0) })
        loader.providerSettingKeys = { registry.settingKeys(of: $0) }
        return loader
    }

    static let usage = """
        usage: purchasekit-catalog-tool generate --input CATALOG --output FILE.swift [--type-name NAME]
               purchasekit-catalog-tool validate CATALOG...
               purchasekit-catalog-tool export-storekit CATALOG OUT.storekit
        """

    /// Runs the command in `arguments` (without the program name) and returns the exit status:
    /// 0 success, 1 a catalog has errors, 64 a usage error, 74 a file could not be written.
    func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else { return usageError("missing command") }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "generate":
            var input: String?
            var output: String?
            var typeName: String?
            var index = 0
            while index < rest.count {
                let value = index + 1 < rest.count ? rest[index + 1] : nil
                switch rest[index] {
                case "--input": input = value
                case "--output": output = value
                case "--type-name": typeName = value
                default: return usageError("unknown option '\(rest[index])'")
                }
                index += 2
            }
            guard let input, let output else { return usageError("generate needs --input and --output") }
            return generate(input: input, output: output, typeName: typeName)
        case "validate":
            guard !rest.isEmpty else { return usageError("validate needs at least one catalog") }
            return validate(rest)
        case "export-storekit":
            guard rest.count == 2 else { return usageError("export-storekit needs CATALOG and OUT.storekit") }
            return exportStoreKit(catalog: rest[0], to: rest[1])
        case "--help", "-h", "help":
            output(Self.usage)
            return 0
        default:
            return usageError("unknown command '\(command)'")
        }
    }

    private func usageError(_ message: String) -> Int32 {
        errors("purchasekit-catalog-tool: \(message)\n\(Self.usage)")
        return 64
    }

    // MARK: - Commands

    /// Writes the generated Swift for `input` to `output` (only when it changed, so builds stay incremental).
    func generate(input: String, output: String, typeName: String?) -> Int32 {
        guard let catalog = load(input) else { return 1 }
        let name = typeName ?? CatalogCodeGenerator.typeName(forFile: URL(fileURLWithPath: input).lastPathComponent)
        let generator = CatalogCodeGenerator(typeName: name, sourceName: URL(fileURLWithPath: input).lastPathComponent)
        let source: String
        do {
            source = try generator.generate(catalog)
        } catch {
            report(error, path: input)
            return 1
        }
        let data = Data(source.utf8)
        if (try? Data(contentsOf: URL(fileURLWithPath: output))) == data { return 0 }
        do {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            errors("\(output): error: cannot write the generated code: \(error.localizedDescription)")
            return 74
        }
        return 0
    }

    /// Checks each catalog; a `*.catalog.plist` must also yield distinct case names for the build-tool plugin.
    func validate(_ paths: [String]) -> Int32 {
        var failed = false
        var totals = (errors: 0, warnings: 0)
        for path in paths {
            let result = Self.loader.load(contentsOfFile: path)
            result.diagnostics.forEach { errors($0.description) }
            var errorCount = result.errors.count
            if let catalog = result.catalog, path.hasSuffix(".catalog.plist") {
                let generator = CatalogCodeGenerator(typeName: "Products", sourceName: path)
                do {
                    _ = try generator.generate(catalog)
                } catch {
                    errorCount += report(error, path: path)
                }
            }
            totals.errors += errorCount
            totals.warnings += result.warnings.count
            failed = failed || errorCount > 0
            let count = result.catalog?.products.count ?? 0
            output(
                "\(path): \(count) product\(count == 1 ? "" : "s"), \(Self.count(errorCount, "error")), "
                    + Self.count(result.warnings.count, "warning"))
        }
        output(
            "validate-catalog: \(Self.count(paths.count, "catalog")) checked, \(Self.count(totals.errors, "error")), "
                + Self.count(totals.warnings, "warning"))
        return failed ? 1 : 0
    }

    /// Exports `catalog` as a `.storekit` file at `path`.
    func exportStoreKit(catalog path: String, to outputPath: String) -> Int32 {
        guard let catalog = load(path) else { return 1 }
        let text: String
        do {
            text = try StoreKitExporter().export(catalog)
        } catch {
            let list = error.unpricedProducts.map { "'\($0)'" }.joined(separator: ", ")
            errors(
                "\(path): error: cannot export: \(list) \(error.unpricedProducts.count == 1 ? "has" : "have") no price "
                    + "in the deployment's storefront '\(error.storefront)'")
            errors(
                "\(path): note: give every product a price in '\(error.storefront)', the one storefront a .storekit file prices in"
            )
            return 1
        }
        let imported = StoreKitConfigurationImporter().load(Data(text.utf8), path: outputPath)
        if let storefront = imported.catalog?.defaultStorefront,
            storefront.currencyCode != catalog.defaultStorefront?.currencyCode
        {
            errors(
                "\(path): warning: Xcode prices storefront '\(storefront.code)' in \(storefront.currencyCode), "
                    + "not \(catalog.defaultStorefront?.currencyCode ?? "?") as the catalog does")
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: outputPath), options: .atomic)
        } catch {
            errors("\(outputPath): error: cannot write the .storekit file: \(error.localizedDescription)")
            errors(
                "\(outputPath): note: check the folder exists; from the plugin, run "
                    + "'swift package --allow-writing-to-package-directory validate-catalog --export-storekit ...'")
            return 74
        }
        if let back = imported.catalog {
            for loss in StoreKitExportLoss.losses(of: catalog, importedAs: back) {
                let shown = loss.productIDs.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
                let more = loss.productIDs.count > 5 ? " and \(loss.productIDs.count - 5) more" : ""
                errors(
                    "\(path): warning: a .storekit file has no place for '\(loss.key)': \(shown)\(more) will "
                        + "import with the importer's defaults instead (Catalog/README.md)")
            }
        }
        output(
            "\(outputPath): exported \(Self.count(catalog.products.count, "product")) priced in "
                + "\(catalog.deployment.storefront) from \(path) (.storekit format version \(StoreKitExporter.formatVersion))"
        )
        return 0
    }

    // MARK: - Helpers

    /// Loads a catalog, printing every diagnostic; `nil` when it has errors.
    func load(_ path: String) -> Catalog? {
        let result = Self.loader.load(contentsOfFile: path)
        result.diagnostics.forEach { errors($0.description) }
        return result.catalog
    }

    /// Prints a generation failure as compiler diagnostics and returns how many errors it printed.
    @discardableResult
    func report(_ failure: CatalogCodeGenerator.Failure, path: String) -> Int {
        switch failure {
        case .noProducts:
            errors("\(path):1:1: error: the catalog has no products, so there is nothing to generate")
            errors("\(path):1:1: note: add a product, or remove the PurchaseCatalogCodegen plugin from the target")
            return 1
        case .invalidTypeName(let name):
            errors("\(path):1:1: error: '\(name)' is not a Swift type name")
            errors("\(path):1:1: note: rename the file so its name starts with a letter (Shop.catalog.plist)")
            return 1
        case .collisions(let list):
            let locations = Self.productLocations(path)
            for collision in list.collisions {
                let name = collision.name.replacingOccurrences(of: "`", with: "")
                let first = collision.productIDs[0]
                for other in collision.productIDs.dropFirst() {
                    let place = "\(path):\(Self.position(locations[other]))"
                    errors(
                        "\(place): error: products '\(first)' and '\(other)' would both be named '\(name)' in the "
                            + "generated code")
                    errors(
                        "\(place): note: give the products IDs that differ by more than punctuation ('.', '-', '_') "
                            + "or letter case, or keep them in separate catalogs (Plugins/README.md, \"Case names\")")
                    errors("\(path):\(Self.position(locations[first])): note: '\(first)' is declared here")
                }
            }
            return list.collisions.reduce(0) { $0 + $1.productIDs.count - 1 }
        }
    }

    /// Where each `ProductID` value is in a catalog property list (empty when it cannot be read).
    static func productLocations(_ path: String) -> [String: SourceLocation] {
        guard let root = try? PropertyListReader().read(contentsOfFile: path),
            case .array(let products)? = root.value["Products"]?.value
        else { return [:] }
        var result: [String: SourceLocation] = [:]
        for product in products {
            if let node = product.value["ProductID"], case .string(let id) = node.value, result[id] == nil {
                result[id] = node.location
            }
        }
        return result
    }

    static func position(_ location: SourceLocation?) -> String {
        "\(location?.line ?? 1):\(location?.column ?? 1)"
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
