import Foundation
import PropertyList
import PurchaseCatalog
import PurchaseCore
import PurchaseKit

/// `purchasekit messages [--locale L] [--json]`: prints the message table of the tool's locale, so
/// translators can check every text.
///
/// The locale and the table are the tool's own (``ToolLocale``): `--locale`, else the catalog's
/// deployment locale, else English, with the deployment's `MessageTables` overrides. Each key shows the
/// text a person using that locale gets, after fallback (`ja_JP` → `ja` → `en`), with its placeholders
/// as a translator writes them.
///
/// - Text: a heading, then `key: text` per key in the order of ``keys``. A plural text prints one line per
///   plural category of the language its text comes from, `restore.succeeded [one]: ...`; each line uses
///   that category for every count in the text.
/// - JSON: one object from key to text, every value a string. A plural key maps to its `other` text, and
///   each category also appears as `key#category` (`restore.succeeded#few`).
///
/// Problems in the override files go to standard error as diagnostics; an error among them makes the
/// exit status 65, after the table is printed.
struct MessagesCommand {
    /// The global options (`--json`, `--locale`, `--catalog`).
    var options: GlobalOptions

    /// Takes no arguments of its own.
    init(arguments: CommandArguments, options: GlobalOptions) throws(ToolError) {
        if let extra = arguments.positionals.first {
            throw .usage(.unexpectedArgument(extra, command: "messages"))
        }
        self.options = options
    }

    /// Every key of the package: the libraries' (`MessageKey.libraryKeys`), then the tool's
    /// (``MessageKey/toolKeys``).
    static let keys = MessageKey.libraryKeys + MessageKey.toolKeys

    /// One line of the listing: a key, the plural category for plural texts, and the text.
    struct Line: Equatable {
        var key: MessageKey
        var category: PluralCategory?
        var text: String
    }

    /// Prints the table.
    func run() throws(ToolError) -> ExitCode {
        let language = ToolLocale.resolve(options)
        if let failure = language.unreadableOverride { throw failure }
        let console = Console(language)
        for diagnostic in language.overrideDiagnostics {
            console.diagnostic(diagnostic)
        }
        let lines = Self.lines(of: language.table, locale: language.identifier)
        if options.json {
            try console.print(TaggedJSON.encode(Self.json(lines), pretty: true) + "\n")
        } else {
            var text = console.text(.messagesHeading(locale: language.identifier, language: language.language)) + "\n"
            for line in lines {
                text += line.key.rawValue + (line.category.map { " [\($0.rawValue)]" } ?? "") + ": " + line.text + "\n"
            }
            try console.print(text)
        }
        return language.overrideDiagnostics.contains { $0.severity == .error } ? .dataError : .success
    }

    /// Every key's text in `locale`, plural texts once per category of their language.
    static func lines(of table: MessageTable, locale: String) -> [Line] {
        keys.flatMap { key -> [Line] in
            guard let match = table.lookup(key, locale: locale) else { return [] }
            switch match.entry {
            case .text(let format):
                return [Line(key: key, category: nil, text: format)]
            case .plural(let format, let variables):
                return PluralRules.categories(language: match.language).map { category in
                    Line(key: key, category: category, text: form(format, variables: variables, category: category))
                }
            }
        }
    }

    /// The JSON object, in the order of ``keys``: each key with its text; a plural key with its `other`
    /// text, followed by `key#category` for each category.
    static func json(_ lines: [Line]) -> PropertyListValue {
        var entries: [PropertyListEntry] = []
        for (index, line) in lines.enumerated() {
            guard let category = line.category else {
                entries.append(entry(line.key.rawValue, line.text))
                continue
            }
            if index == 0 || lines[index - 1].key != line.key {
                let other = lines[index...].first { $0.key == line.key && $0.category == .other }
                entries.append(entry(line.key.rawValue, other?.text ?? line.text))
            }
            entries.append(entry(line.key.rawValue + "#" + category.rawValue, line.text))
        }
        return .dictionary(entries)
    }

    /// `format` with each plural variable replaced by its form for `category` (or its `other` form). With
    /// one argument, forms show as written (`Restored %ld purchase.`); with several, every placeholder is
    /// spelled with its position (`%2$ld product`), since a form's `%ld` means its own variable's count.
    static func form(_ format: String, variables: [String: PluralVariable], category: PluralCategory) -> String {
        let parsed = MessageFormat(format)
        let positioned = (parsed.conversions?.count ?? 0) > 1
        var text = ""
        func spell(_ segments: [MessageFormat.Segment]) {
            for segment in segments {
                switch segment {
                case .literal(let literal):
                    text += literal.replacingOccurrences(of: "%", with: "%%")
                case .placeholder(let position, let conversion):
                    text += "%\(position)$" + (conversion == .object ? "@" : "ld")
                case .pluralVariable:
                    break  // Forms are one level deep, as when rendering.
                }
            }
        }
        for segment in parsed.segments {
            guard case .pluralVariable(let name, let position) = segment else {
                spell([segment])
                continue
            }
            let form = variables[name]?.form(for: category) ?? ""
            if positioned {
                spell(MessageFormat(form, argument: position).segments)
            } else {
                text += form
            }
        }
        return text
    }

    private static func entry(_ key: String, _ text: String) -> PropertyListEntry {
        PropertyListEntry(key: key, value: PropertyListNode(.string(text)))
    }
}
