import Foundation
import PurchaseCatalog
import PurchaseCore
import PurchaseKit

/// The language the tool speaks in one run: the locale and the message table to render it from.
///
/// The locale is `--locale`, else the `Locale` of the `--catalog` deployment, else English. The table is
/// the built-in one with the deployment's `MessageTables` overrides when the catalog loads. Finding the
/// language never fails: a missing, unreadable or invalid catalog just means English and the built-in
/// texts (the commands that read the catalog report its problems themselves).
struct ToolLocale: Sendable {
    /// The locale identifier messages are rendered for, as given (`ja_JP`, `zh-Hans`, `fr`).
    var identifier: String
    /// The built-in texts with the deployment's overrides.
    var table: MessageTable
    /// Problems found in the deployment's override files.
    var overrideDiagnostics: [Diagnostic] = []
    /// An override file that is no regular file (a FIFO, a device), which the tool refuses to read: the
    /// run ends with 74 naming it, whatever the command.
    var unreadableOverride: ToolError? {
        for diagnostic in overrideDiagnostics {
            if case .unreadableFile(let reason) = diagnostic.problem, reason == .notRegularFile {
                return ToolError(message: .fileNotRegular(diagnostic.path ?? ""), exitCode: .ioError)
            }
        }
        return nil
    }
    /// The `--catalog` file as read to find the language (with the built-in providers' checks, as
    /// opening the deployment reads it), so that the buying commands open it without reading it
    /// again; `nil` when it is no regular readable file.
    var catalog: CatalogRead?

    /// A catalog file read once in a run.
    struct CatalogRead: Sendable {
        /// The path as given.
        var path: String
        /// What the loader made of it.
        var result: CatalogLoadResult
    }

    /// The language of the shipped or overriding table that `identifier` falls back to first (`ja` for
    /// `ja_JP`, `zh-Hans` for `zh_CN`, `en` for a language no table has).
    var language: String {
        let known = Set(table.languages + table.overriddenLanguages)
        return LocaleFallback.candidates(for: identifier).first { known.contains($0) }
            ?? MessageTable.fallbackLanguage
    }

    /// The locale and table for `options`, the catalog read with `registry`'s checks.
    static func resolve(_ options: GlobalOptions, registry: ProviderRegistry = .builtIn) -> ToolLocale {
        let read = read(options.catalogPath, registry: registry)
        guard let deployment = read.flatMap({ deployment(of: $0) }) else {
            return ToolLocale(
                identifier: options.locale ?? MessageTable.fallbackLanguage, table: .builtIn, catalog: read)
        }
        let overrides = MessageTable.forDeployment(deployment)
        return ToolLocale(
            identifier: options.locale ?? deployment.locale, table: overrides.table,
            overrideDiagnostics: overrides.diagnostics, catalog: read)
    }

    /// The catalog at `path` as the deployment reads it, or `nil` when it is no regular readable file
    /// (standard input is left for the command).
    private static func read(_ path: String, registry: ProviderRegistry) -> CatalogRead? {
        guard path != "-",
            let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            FileManager.default.isReadableFile(atPath: path)
        else { return nil }
        return CatalogRead(path: path, result: CatalogLoader(registry: registry).load(contentsOfFile: path))
    }

    /// The deployment of a catalog read; for one with errors, the deployment as read without the
    /// providers' checks (a refused setting still lets its problems be told in the catalog's
    /// language), or `nil` when the catalog is invalid even so.
    private static func deployment(of read: CatalogRead) -> Deployment? {
        if let catalog = read.result.catalog { return catalog.deployment }
        return CatalogLoader().load(contentsOfFile: read.path).catalog?.deployment
    }
}
