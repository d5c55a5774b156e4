/// Locale identifiers as catalogs and message tables use them, and the order in which to look for a
/// localization.
///
/// Identifiers are Apple-style: a language (`ja`), an optional script (`zh-Hans`) and an optional region
/// (`ja_JP`, `zh-Hans_CN`). Either `-` or `_` may separate the parts on input; the canonical form writes
/// the language in lower case, `-Script` in title case and `_REGION` in upper case.
///
/// Fallback goes from the most specific identifier to the bare language and never jumps to another
/// language: `ja_JP` looks for `ja_JP`, then `ja`; `de_AT` for `de_AT`, `de`; `ar_SA` for `ar_SA`, `ar`.
/// Two languages have variants that need more:
///
/// - Chinese knows its scripts: `zh_CN`, `zh_SG` and `zh` imply `zh-Hans`; `zh_TW`, `zh_HK` and `zh_MO`
///   imply `zh-Hant`; so `zh_CN` looks for `zh_CN`, `zh-Hans_CN`, `zh-Hans`, `zh`, while `zh_HK` looks
///   for `zh_HK`, `zh-Hant_HK`, `zh-Hant` (never bare `zh`, which means Simplified Chinese).
/// - Portuguese without a region means Brazilian Portuguese, as on Apple's platforms (a `pt.lproj` is
///   Brazilian there, and Brazilian texts ship as `pt-BR.lproj`, canonical `pt_BR`). So `pt` looks for
///   `pt`, `pt_BR`; `pt_BR` for `pt_BR`, `pt`; and any other Portuguese, European `pt_PT` included, for
///   itself, `pt`, then `pt_BR`: a person in Portugal reads Brazilian texts rather than English when
///   there are no European ones, as Apple's bundle lookup gives them.
///
/// Callers that want a last resort such as English add it themselves.
public enum LocaleFallback {
    /// The canonical form of `identifier` (`en-us` becomes `en_US`, `zh_hans` becomes `zh-Hans`), or `nil`
    /// when it is not a language of 2 or 3 letters optionally followed by a 4-letter script and a region
    /// of 2 letters or 3 digits.
    public static func canonicalIdentifier(_ identifier: String) -> String? {
        isCanonical(identifier) ? identifier : parse(identifier)?.canonical
    }

    /// Whether `identifier` is already in canonical form; checks bytes without allocating.
    private static func isCanonical(_ identifier: String) -> Bool {
        identifier.utf8.withContiguousStorageIfAvailable(isCanonical) ?? false
    }

    private static func isCanonical(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func count(_ accept: (UInt8) -> Bool, atMost limit: Int) -> Int {
            var taken = 0
            while taken < limit, index < bytes.count, accept(bytes[index]) {
                index += 1
                taken += 1
            }
            return taken
        }
        func lower(_ byte: UInt8) -> Bool { byte >= 97 && byte <= 122 }
        func upper(_ byte: UInt8) -> Bool { byte >= 65 && byte <= 90 }
        func digit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
        guard count(lower, atMost: 3) >= 2 else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            index += 1
            guard count(upper, atMost: 1) == 1, count(lower, atMost: 3) == 3 else { return false }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "_") {
            index += 1
            guard index < bytes.count else { return false }
            if upper(bytes[index]) {
                guard count(upper, atMost: 2) == 2 else { return false }
            } else {
                guard count(digit, atMost: 3) == 3 else { return false }
            }
        }
        return index == bytes.count
    }

    /// The identifiers to try, most specific first, when looking for a localization for `identifier`;
    /// empty when the identifier is malformed.
    public static func candidates(for identifier: String) -> [String] {
        // Every message rendered asks for its locale's candidates: each locale is worked out once.
        if let known = knownCandidates.withLock({ $0[identifier] }) { return known }
        let result = computeCandidates(for: identifier)
        knownCandidates.withLock { if $0.count < 256 { $0[identifier] = result } }
        return result
    }

    /// Locales already worked out; bounded, so that identifiers read from files cannot grow it without end.
    private static let knownCandidates = Locked<[String: [String]]>([:])

    private static func computeCandidates(for identifier: String) -> [String] {
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
        if parts.language == "pt" && parts.script == nil {
            add(brazilianPortuguese)
        }
        return result
    }

    /// The identifier of Brazilian Portuguese texts, where every Portuguese without texts of its own
    /// ends up.
    private static let brazilianPortuguese = "pt_BR"

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
