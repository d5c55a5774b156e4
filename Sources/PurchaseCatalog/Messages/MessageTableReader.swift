import Foundation
import PropertyList
import PurchaseCore

/// Reads folders of `<language>.lproj/Localizable.strings` and `Localizable.stringsdict` files (XML
/// property lists) into entries per language, collecting a positioned diagnostic for every problem.
///
/// A file that cannot be read contributes nothing; an entry that is wrong is skipped and the rest of its
/// file still counts. The files are found in the folder, not named by a person, so each must be a
/// regular file: a FIFO, a device or a socket there is an unreadable file
/// (`PropertyListError.Reason.notRegularFile`), never waited on. Entries of `.stringsdict` win over `.strings` for the same key, as on Apple
/// platforms.
///
/// Keys are checked against a reference table, the built-in English one: the keys of every module
/// of the package, with the placeholders their declared arguments call for (the package's tests check
/// that table against every module's `MessageKey` declarations, which this module cannot all see). An
/// entry whose key the reference lacks is an unknown key; an entry may use only placeholders the
/// reference's text of its key uses. Without a reference (reading the built-in tables), the English
/// folder is read first and becomes the reference for the others.
struct MessageTableReader {
    static let stringsFile = "Localizable.strings"
    static let stringsdictFile = "Localizable.stringsdict"
    static let formatKey = "NSStringLocalizedFormatKey"
    static let specTypeKey = "NSStringFormatSpecTypeKey"
    static let valueTypeKey = "NSStringFormatValueTypeKey"
    static let pluralRuleType = "NSStringPluralRuleType"

    /// The language whose built-in table is the reference.
    static let referenceLanguage = "en"

    /// The entries every other table is checked against, by key; `nil` until the reference is read.
    private var reference: [String: MessageEntry]?
    /// The reference's keys, sorted, and by their first component (`purchase`, `tool`, `catalog`...).
    private var knownKeys: [String] = []
    private var keysByFamily: [String: [String]] = [:]

    var reader = PropertyListReader(limits: .init(maximumDepth: 16, maximumDocumentSize: 4 * 1024 * 1024))
    private var found: [Diagnostic] = []

    /// A reader that checks keys against `reference` (the built-in English entries), or that takes the
    /// English folder it reads as the reference when `nil`.
    init(reference: [String: MessageEntry]? = nil) {
        if let reference { setReference(reference) }
    }

    private mutating func setReference(_ entries: [String: MessageEntry]) {
        reference = entries
        knownKeys = entries.keys.sorted()
        keysByFamily = Dictionary(grouping: knownKeys) {
            $0.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
        }
    }

    /// Every problem so far, ordered by file, then line and column.
    var diagnostics: [Diagnostic] {
        found.enumerated().sorted { lhs, rhs in
            let (left, right) = (lhs.element, rhs.element)
            if left.path != right.path { return (left.path ?? "") < (right.path ?? "") }
            if left.location != right.location { return left.location < right.location }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The entries of every `<language>.lproj` in `folder`, by canonical language identifier (the
    /// lowercased `zh-hans.lproj`, `zh-hant.lproj` and `pt-br.lproj` SwiftPM writes for Apple's
    /// `zh-Hans.lproj`, `zh-Hant.lproj` and `pt-BR.lproj` count as `zh-Hans`, `zh-Hant` and `pt_BR`).
    /// Folders whose name is no locale identifier (`Base.lproj`) are skipped. Without a reference, the English folder is read
    /// first and becomes it.
    mutating func readFolder(_ folder: String) -> [String: [String: MessageEntry]] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue,
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
        else {
            found.append(
                Diagnostic(.messageTablesFolderUnreadable, path: folder, at: SourceLocation(line: 1, column: 1)))
            return [:]
        }
        var folders: [(language: String, name: String)] = []
        for name in names.sorted() where name.hasSuffix(".lproj") {
            guard let language = LocaleFallback.canonicalIdentifier(String(name.dropLast(6))) else { continue }
            folders.append((language, name))
        }
        if reference == nil {
            let english = folders.filter { $0.language == Self.referenceLanguage }
            folders = english + folders.filter { $0.language != Self.referenceLanguage }
        }
        var languages: [String: [String: MessageEntry]] = [:]
        for (language, name) in folders {
            let entries = readLanguage(at: folder + "/" + name)
            languages[language, default: [:]].merge(entries) { _, new in new }
            if reference == nil && language == Self.referenceLanguage { setReference(languages[language] ?? [:]) }
        }
        return languages
    }

    /// The entries of one `<language>.lproj` folder: its `.strings` file, then its `.stringsdict`, whose
    /// entries win. Without a reference, what it reads is checked against nothing.
    mutating func readLanguage(at directory: String) -> [String: MessageEntry] {
        var entries: [String: MessageEntry] = [:]
        let strings = directory + "/" + Self.stringsFile
        if FileManager.default.fileExists(atPath: strings) {
            entries.merge(readStrings(atPath: strings)) { _, new in new }
        }
        let stringsdict = directory + "/" + Self.stringsdictFile
        if FileManager.default.fileExists(atPath: stringsdict) {
            entries.merge(readStringsdict(atPath: stringsdict)) { _, new in new }
        }
        return entries
    }

    /// The entries of a `.strings` file written as an XML property list: a dict from key to string.
    mutating func readStrings(atPath path: String) -> [String: MessageEntry] {
        guard let entries = rootEntries(atPath: path) else { return [:] }
        var result: [String: MessageEntry] = [:]
        for entry in unique(entries, path: path) {
            guard knownKey(entry, path: path) else { continue }
            guard case .string(let text) = entry.value.value else {
                wrongType(entry.key, expected: "string", found: entry.value, path: path)
                continue
            }
            let parsed = MessageEntry.text(text)
            if placeholdersFit(parsed, key: entry.key, path: path, at: entry.value.location) {
                result[entry.key] = parsed
            }
        }
        return result
    }

    /// The entries of a `.stringsdict` file: a dict from key to a dict with `NSStringLocalizedFormatKey`
    /// and one dict per plural variable.
    mutating func readStringsdict(atPath path: String) -> [String: MessageEntry] {
        guard let entries = rootEntries(atPath: path) else { return [:] }
        var result: [String: MessageEntry] = [:]
        for entry in unique(entries, path: path) {
            guard knownKey(entry, path: path), let parsed = pluralEntry(entry, path: path) else { continue }
            if placeholdersFit(parsed, key: entry.key, path: path, at: entry.value.location) {
                result[entry.key] = parsed
            }
        }
        return result
    }

    private mutating func pluralEntry(_ entry: PropertyListEntry, path: String) -> MessageEntry? {
        guard case .dictionary(let fields) = entry.value.value else {
            wrongType(entry.key, expected: "dict", found: entry.value, path: path)
            return nil
        }
        let container = CatalogContainer.messageEntry(entry.key)
        guard let formatField = fields.last(where: { $0.key == Self.formatKey }) else {
            problem(.missingKey(Self.formatKey, in: container), path: path, at: entry.value.location)
            return nil
        }
        guard case .string(let format) = formatField.value.value else {
            wrongType(Self.formatKey, expected: "string", found: formatField.value, path: path)
            return nil
        }
        var variables: [String: PluralVariable] = [:]
        for case .pluralVariable(let name, _) in MessageFormat(format).segments where variables[name] == nil {
            guard let field = fields.last(where: { $0.key == name }) else {
                problem(.missingKey(name, in: container), path: path, at: formatField.value.location)
                return nil
            }
            guard let variable = pluralVariable(field, path: path) else { return nil }
            variables[name] = variable
        }
        return .plural(format: format, variables: variables)
    }

    private mutating func pluralVariable(_ field: PropertyListEntry, path: String) -> PluralVariable? {
        guard case .dictionary(let parts) = field.value.value else {
            wrongType(field.key, expected: "dict", found: field.value, path: path)
            return nil
        }
        var valueType = "d"
        var forms: [PluralCategory: String] = [:]
        var sawRuleType = false
        for part in parts {
            guard case .string(let text) = part.value.value else {
                wrongType(part.key, expected: "string", found: part.value, path: path)
                return nil
            }
            switch part.key {
            case Self.specTypeKey:
                guard text == Self.pluralRuleType else {
                    problem(
                        .invalidValue(
                            key: Self.specTypeKey, value: text, allowed: [Self.pluralRuleType],
                            suggestion: Self.pluralRuleType),
                        path: path, at: part.value.location)
                    return nil
                }
                sawRuleType = true
            case Self.valueTypeKey:
                valueType = text
            default:
                if let category = PluralCategory(rawValue: part.key) {
                    forms[category] = text
                } else {
                    let known = [Self.specTypeKey, Self.valueTypeKey] + PluralCategory.allCases.map(\.rawValue)
                    problem(
                        .unknownKey(part.key, suggestion: ClosestMatch.find(part.key, in: known), known: known),
                        path: path, at: part.keyLocation)
                }
            }
        }
        let container = CatalogContainer.pluralVariable(field.key)
        guard sawRuleType else {
            problem(.missingKey(Self.specTypeKey, in: container), path: path, at: field.value.location)
            return nil
        }
        guard forms[.other] != nil else {
            problem(.missingKey(PluralCategory.other.rawValue, in: container), path: path, at: field.value.location)
            return nil
        }
        return PluralVariable(valueType: valueType, forms: forms)
    }

    private mutating func rootEntries(atPath path: String) -> [PropertyListEntry]? {
        let root: PropertyListNode
        do {
            root = try reader.read(contentsOfRegularFile: path)
        } catch {
            let problem: CatalogProblem =
                error.kind == .io ? .unreadableFile(error.reason) : .unreadableDocument(error.reason)
            found.append(Diagnostic(problem, path: error.path ?? path, at: error.location))
            return nil
        }
        guard case .dictionary(let entries) = root.value else {
            problem(.rootNotDictionary(found: root.value.typeName), path: path, at: root.location)
            return nil
        }
        return entries
    }

    /// Whether the reference has the entry's key (always, while the reference itself is read); reports
    /// an unknown key with the closest known one.
    private mutating func knownKey(_ entry: PropertyListEntry, path: String) -> Bool {
        guard let reference, reference[entry.key] == nil else { return true }
        // Suggestions come from the keys of the same family (`purchase.` for `purchase.complet`) of
        // about the same length (never more than 3 edits): there are more keys in all than a
        // suggestion search takes.
        let family = entry.key.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
        let length = entry.key.unicodeScalars.count
        let candidates = (keysByFamily[family] ?? knownKeys).filter {
            abs($0.unicodeScalars.count - length) <= 3
        }
        let suggestion = ClosestMatch.find(entry.key, in: candidates)
        problem(.unknownKey(entry.key, suggestion: suggestion, known: knownKeys), path: path, at: entry.keyLocation)
        return false
    }

    /// The entries with each key once (the last, as property lists read), warning about earlier duplicates.
    private mutating func unique(_ entries: [PropertyListEntry], path: String) -> [PropertyListEntry] {
        var last: [String: Int] = [:]
        for (index, entry) in entries.enumerated() { last[entry.key] = index }
        var first: [String: SourceLocation] = [:]
        var result: [PropertyListEntry] = []
        for (index, entry) in entries.enumerated() {
            if let earlier = first[entry.key] {
                problem(.duplicateKey(entry.key, first: earlier), path: path, at: entry.keyLocation)
            } else {
                first[entry.key] = entry.keyLocation
            }
            if last[entry.key] == index { result.append(entry) }
        }
        return result
    }

    /// Whether every placeholder of `entry` is one the key provides, by position and type, as the
    /// reference's text of the key uses them (a text may leave an argument out); reports the first that is
    /// not, and then the entry is skipped. While the reference itself is read, every text fits: the
    /// package's tests check it against the keys' declared arguments.
    private mutating func placeholdersFit(
        _ entry: MessageEntry, key: String, path: String, at location: SourceLocation
    ) -> Bool {
        guard let reference else { return true }
        let expected = reference[key]?.conversions ?? [:]
        let spelled = expected.sorted { $0.key < $1.key }.map { Self.spelling($0.key, $0.value) }
        let allowed = spelled.isEmpty ? ["no placeholder (write %% for a percent sign)"] : spelled
        let name = "placeholder for \(key)"
        guard let actual = entry.conversions else {
            problem(
                .invalidValue(key: name, value: entry.sourceText, allowed: allowed, suggestion: nil), path: path,
                at: location)
            return false
        }
        for (position, conversion) in actual.sorted(by: { $0.key < $1.key }) where expected[position] != conversion {
            let suggestion = expected[position].map { Self.spelling(position, $0) }
            problem(
                .invalidValue(
                    key: name, value: Self.spelling(position, conversion), allowed: allowed, suggestion: suggestion),
                path: path, at: location)
            return false
        }
        return true
    }

    private static func spelling(_ position: Int, _ conversion: MessageFormat.Conversion) -> String {
        "%\(position)$" + (conversion == .object ? "@" : "ld")
    }

    private mutating func wrongType(_ key: String, expected: String, found: PropertyListNode, path: String) {
        problem(.wrongType(key: key, expected: expected, found: found.value.typeName), path: path, at: found.location)
    }

    private mutating func problem(_ problem: CatalogProblem, path: String, at location: SourceLocation) {
        found.append(Diagnostic(problem, path: path, at: location))
    }
}
