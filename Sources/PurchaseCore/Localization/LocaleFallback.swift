/// Locale identifiers as catalogs and message tables use them, and the order in which to look for a
/// localization.
///
/// Identifiers are Apple-style: a language (`ja`), an optional script (`zh-Hans`) and an optional region
/// (`ja_JP`, `zh-Hans_CN`). Either `-` or `_` may separate the parts on input; the canonical form writes
/// the language in lower case, `-Script` in title case and `_REGION` in upper case.
///
/// Fallback goes from the most specific identifier to the bare language and never jumps to another
/// language: `ja_JP` looks for `ja_JP`, then `ja`. Chinese knows its scripts: `zh_CN`, `zh_SG` and `zh`
/// imply `zh-Hans`; `zh_TW`, `zh_HK` and `zh_MO` imply `zh-Hant`; so `zh_CN` looks for `zh_CN`,
/// `zh-Hans_CN`, `zh-Hans`, `zh`, while `zh-Hant_TW` looks for `zh-Hant_TW`, `zh-Hant` (never bare `zh`,
/// which means Simplified Chinese). Callers that want a last resort such as English add it themselves.
public enum LocaleFallback {
    /// The canonical form of `identifier` (`en-us` becomes `en_US`, `zh_hans` becomes `zh-Hans`), or `nil`
    /// when it is not a language of 2 or 3 letters optionally followed by a 4-letter script and a region
    /// of 2 letters or 3 digits.
    public static func canonicalIdentifier(_ identifier: String) -> String? {
        parse(identifier)?.canonical
    }

    /// The identifiers to try, most specific first, when looking for a localization for `identifier`;
    /// empty when the identifier is malformed.
    public static func candidates(for identifier: String) -> [String] {
        guard let parts = parse(identifier) else { return [] }
        var result = [parts.canonical]
        func add(_ candidate: String) {
            if !result.contains(candidate) { result.append(candidate) }
        }
        let script = parts.script ?? impliedScript(language: parts.language, region: parts.region)
        if let script {
            if let region = parts.region { add("\(parts.language)-\(script)_\(region)") }
            add("\(parts.language)-\(script)")
        }
        if parts.language != "zh" || script == nil || script == "Hans" {
            add(parts.language)
        }
        return result
    }

    private struct Parts {
        var language: String
        var script: String?
        var region: String?

        var canonical: String {
            var text = language
            if let script { text += "-" + script }
            if let region { text += "_" + region }
            return text
        }
    }

    private static func impliedScript(language: String, region: String?) -> String? {
        guard language == "zh" else { return nil }
        switch region {
        case "TW", "HK", "MO": return "Hant"
        default: return "Hans"
        }
    }

    private static func parse(_ identifier: String) -> Parts? {
        let pieces = identifier.split(separator: "_", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "-", omittingEmptySubsequences: false) }
        guard let first = pieces.first, (2...3).contains(first.utf8.count), isLetters(first) else { return nil }
        var parts = Parts(language: first.lowercased())
        var rest = pieces.dropFirst()
        if let next = rest.first, next.utf8.count == 4, isLetters(next) {
            parts.script = next.prefix(1).uppercased() + next.dropFirst().lowercased()
            rest = rest.dropFirst()
        }
        if let next = rest.first {
            if next.utf8.count == 2, isLetters(next) {
                parts.region = next.uppercased()
            } else if next.utf8.count == 3, next.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
                parts.region = String(next)
            } else {
                return nil
            }
            rest = rest.dropFirst()
        }
        return rest.isEmpty ? parts : nil
    }

    private static func isLetters(_ text: Substring) -> Bool {
        text.utf8.allSatisfy { ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) }
    }
}
