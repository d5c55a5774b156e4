public import Foundation
public import PurchaseCore

/// The texts of every `MessageKey` of the package's modules in every shipped language, with a deployment's
/// overrides, and the renderer that turns a `Message` into what a person reads.
///
/// The built-in tables ship as resources in Apple's formats (`<language>.lproj/Localizable.strings` as
/// an XML property list, and `Localizable.stringsdict` for plural texts) and are read with the project's
/// own property-list reader, never with Foundation's localization lookup.
///
/// Lookup for a key and a locale walks `LocaleFallback.candidates(for:)` and then English
/// (`ja_JP` → `ja` → `en`; `zh_CN` → `zh-Hans` → `en`; `fr_CA` → `fr` → `en`; `pt_PT` → `pt` → `pt_BR`
/// → `en`; unknown → `en`). A table's language is its `.lproj` folder's name in canonical form
/// (`pt-BR.lproj` is `pt_BR`, `zh-Hant.lproj` is `zh-Hant`). At each step an override of that
/// language wins over the built-in text, so an override replaces single keys and everything it leaves out
/// falls back to the built-in table, and a key missing from a built-in language falls back to English.
public struct MessageTable: Sendable {
    /// Entries by canonical language identifier, then by key.
    typealias Languages = [String: [String: MessageEntry]]

    /// What a lookup found.
    public struct Match: Sendable, Hashable {
        /// The entry.
        public var entry: MessageEntry
        /// The language of the table it came from (`ja`, `zh-Hans`, `en`); plural rules follow it.
        public var language: String
        /// Whether it came from the deployment's overrides rather than the built-in tables.
        public var isOverride: Bool
    }

    /// The language every lookup falls back to last.
    public static let fallbackLanguage = "en"

    private var builtInTables: BuiltInMessages
    private var overrideLanguages: Languages

    init(builtIn: BuiltInMessages, overrides: Languages = [:]) {
        builtInTables = builtIn
        overrideLanguages = overrides
    }

    /// The built-in tables of the module's resources, each language read from them the first time it is
    /// looked up (a process speaking one language reads two: English, the fallback, and that one).
    /// Problems in them (there are none in a release; tests check) are reported by ``loadBuiltIn()``.
    public static let builtIn = MessageTable(builtIn: BuiltInMessages(folder: resourceFolder))

    /// Reads the built-in tables from the module's resources, with any problems found: the other languages
    /// are checked against English, as overrides are (see ``overridden(byFolder:)``).
    public static func loadBuiltIn() -> MessageTableLoadResult {
        var reader = MessageTableReader()
        let languages = reader.readFolder(resourceFolder)
        let table = MessageTable(builtIn: BuiltInMessages(folder: resourceFolder, languages: languages))
        return MessageTableLoadResult(table: table, diagnostics: reader.diagnostics)
    }

    /// This table with the texts of `folder` laid over it: the folder holds `<language>.lproj` folders
    /// like the built-in tables, and each key it gives replaces that key in that language only.
    ///
    /// Malformed files and entries are skipped, each with a diagnostic at its line and column; everything
    /// else still applies. An entry is skipped when its value is not a string (or, in a `.stringsdict`, a
    /// well-formed plural rule with an `other` form), or when it uses a placeholder the key does not give
    /// or gives another type (leaving an argument out is fine). An unknown key is a warning naming the
    /// closest known key; of duplicate keys the last counts. Keys and their placeholders are those of the
    /// built-in English table, which holds every key the package's modules declare, with the placeholders
    /// of their arguments (the package's tests check it).
    public func overridden(byFolder folder: String) -> MessageTableLoadResult {
        var reader = MessageTableReader(reference: builtInTables.entries(MessageTableReader.referenceLanguage) ?? [:])
        let languages = reader.readFolder(folder)
        var table = self
        for (language, entries) in languages {
            table.overrideLanguages[language, default: [:]].merge(entries) { _, new in new }
        }
        return MessageTableLoadResult(table: table, diagnostics: reader.diagnostics)
    }

    /// The built-in tables with the deployment's `MessageTables` overrides, when its catalog names a folder.
    public static func forDeployment(_ deployment: Deployment) -> MessageTableLoadResult {
        guard let folder = deployment.messageTables else {
            return MessageTableLoadResult(table: builtIn, diagnostics: [])
        }
        return builtIn.overridden(byFolder: folder)
    }

    /// The languages of the built-in tables, by canonical identifier, sorted (`de`, `en`, `es`, `fr`, `it`,
    /// `ja`, `ru`, `zh-Hans`...).
    public var languages: [String] { builtInTables.languages }

    /// The languages the overrides give texts for, sorted.
    public var overriddenLanguages: [String] { overrideLanguages.keys.sorted() }

    /// The entry for `key` in `locale`, following the fallback described on the type; `nil` only when no
    /// table, not even English, has the key.
    public func lookup(_ key: MessageKey, locale: String) -> Match? {
        var chain = LocaleFallback.candidates(for: locale)
        if !chain.contains(Self.fallbackLanguage) { chain.append(Self.fallbackLanguage) }
        for language in chain {
            if let entry = overrideLanguages[language]?[key.rawValue] {
                return Match(entry: entry, language: language, isOverride: true)
            }
            if let entry = builtInTables.entries(language)?[key.rawValue] {
                return Match(entry: entry, language: language, isOverride: false)
            }
        }
        return nil
    }

    /// The text of `message` for a person using `locale`, with its arguments in place.
    ///
    /// Plural variables choose their form by the CLDR rules of the language the text came from; dates use
    /// that locale's long date style in `timeZone`, prices `PriceFormatter`; a nested message is rendered
    /// the same way, for the same locale. A key no table has renders as the key itself, so a gap shows up
    /// instead of an empty line.
    public func render(_ message: Message, locale: String, timeZone: TimeZone = TimeZone(identifier: "UTC")!)
        -> String
    {
        guard let match = lookup(message.key, locale: locale) else { return message.key.rawValue }
        let renderer = MessageRenderer(
            table: self, arguments: message.arguments, language: match.language, locale: locale, timeZone: timeZone)
        return renderer.render(match.entry)
    }

    /// The text of each of `keys` in `locale` as a translator checks it (see ``MessageEntry/sourceText``),
    /// in the order of `keys` (`MessageKey.coreKeys + MessageKey.catalogKeys`, say); keys no table has are
    /// left out.
    public func sourceTexts(of keys: [MessageKey], locale: String) -> [(key: MessageKey, text: String)] {
        keys.compactMap { key in
            lookup(key, locale: locale).map { (key, $0.entry.sourceText) }
        }
    }

    /// The entry of `key` in exactly `language` of the built-in tables, without fallback.
    public func builtInEntry(_ key: MessageKey, language: String) -> MessageEntry? {
        builtInTables.entries(language)?[key.rawValue]
    }

    /// The raw values of the keys the built-in table of exactly `language` gives, sorted: to check it
    /// against the keys the modules declare.
    public func builtInKeys(language: String) -> [String] {
        (builtInTables.entries(language) ?? [:]).keys.sorted()
    }

    private static var resourceFolder: String {
        Bundle.module.resourcePath ?? Bundle.module.bundlePath
    }
}
