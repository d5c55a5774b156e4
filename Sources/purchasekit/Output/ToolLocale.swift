import Foundation
import PurchaseCatalog
import PurchaseCore

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

    /// The language of the shipped or overriding table that `identifier` falls back to first (`ja` for
    /// `ja_JP`, `zh-Hans` for `zh_CN`, `en` for a language no table has).
    var language: String {
        let known = Set(table.languages + table.overriddenLanguages)
        return LocaleFallback.candidates(for: identifier).first { known.contains($0) }
            ?? MessageTable.fallbackLanguage
    }

    /// The locale and table for `options`.
    static func resolve(_ options: GlobalOptions) -> ToolLocale {
        guard let deployment = deployment(atPath: options.catalogPath) else {
            return ToolLocale(identifier: options.locale ?? MessageTable.fallbackLanguage, table: .builtIn)
        }
        let overrides = MessageTable.forDeployment(deployment)
        return ToolLocale(
            identifier: options.locale ?? deployment.locale, table: overrides.table,
            overrideDiagnostics: overrides.diagnostics)
    }

    /// The deployment of the catalog at `path`, or `nil` when it is no regular readable file (standard
    /// input is left for the command) or not a valid catalog.
    private static func deployment(atPath path: String) -> Deployment? {
        guard path != "-",
            let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            FileManager.default.isReadableFile(atPath: path)
        else { return nil }
        return CatalogLoader().load(contentsOfFile: path).catalog?.deployment
    }
}
