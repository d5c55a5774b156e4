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
///
/// The commands that open the deployment take the language from the catalog they read for it
/// (``resolve(_:catalog:)``); the others find it only when they have a text to render
/// (``resolve(_:)``, through ``Console``), so a command that prints none reads no catalog.
struct ToolLocale: Sendable {
    /// The locale identifier messages are rendered for, as given (`ja_JP`, `zh-Hans`, `fr`).
    var identifier: String
    /// The built-in texts with the deployment's overrides.
    var table: MessageTable
    /// Problems found in the deployment's override files.
    var overrideDiagnostics: [Diagnostic] = []
    /// An override file that is no regular file (a FIFO, a device), which the tool refuses to read: a
    /// command that reads the deployment ends with 74 naming it.
    var unreadableOverride: ToolError? {
        for diagnostic in overrideDiagnostics {
            if case .unreadableFile(let reason) = diagnostic.problem, reason == .notRegularFile {
                return ToolError(message: .fileNotRegular(diagnostic.path ?? ""), exitCode: .ioError)
            }
        }
        return nil
    }

    /// The language of the shipped or overriding table that `identifier` falls back to first (`ja` for
    /// `ja_JP`, `zh-Hans` for `zh_CN`, `en` for a language no table has).
    var language: String {
        let known = Set(table.languages + table.overriddenLanguages)
        return LocaleFallback.candidates(for: identifier).first { known.contains($0) }
            ?? MessageTable.fallbackLanguage
    }

    /// English, or `--locale`, with the built-in texts.
    static func builtIn(_ options: GlobalOptions) -> ToolLocale {
        ToolLocale(identifier: options.locale ?? MessageTable.fallbackLanguage, table: .builtIn)
    }

    /// The language `options` give, with the `--catalog` deployment's locale and overrides read from the
    /// file (without the providers' checks, which the language does not need): for the commands that
    /// do not open the deployment. A catalog that is no regular readable file (standard input, a pipe,
    /// a missing file) is not read and means ``builtIn(_:)``.
    static func resolve(_ options: GlobalOptions) -> ToolLocale {
        let path = options.catalogPath
        guard path != "-",
            let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            FileManager.default.isReadableFile(atPath: path),
            let deployment = CatalogLoader().load(contentsOfFile: path).catalog?.deployment
        else { return builtIn(options) }
        return resolve(options, deployment: deployment)
    }

    /// The language `options` give with the deployment of `catalog`, the `--catalog` file as the command
    /// read it (with its registry's checks). A catalog with errors still gives its language when the
    /// file reads without the providers' checks (a refused setting is told in the catalog's language).
    static func resolve(_ options: GlobalOptions, catalog: CatalogLoadResult) -> ToolLocale {
        if let deployment = catalog.catalog?.deployment { return resolve(options, deployment: deployment) }
        return resolve(options)
    }

    private static func resolve(_ options: GlobalOptions, deployment: Deployment) -> ToolLocale {
        let overrides = MessageTable.forDeployment(deployment)
        return ToolLocale(
            identifier: options.locale ?? deployment.locale, table: overrides.table,
            overrideDiagnostics: overrides.diagnostics)
    }
}
