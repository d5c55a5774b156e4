/// CLDR cardinal plural rules for whole numbers, for the languages PurchaseKit ships and their close
/// relatives.
///
/// Foundation's own plural lookup is unusable on Linux (it crashes on `.stringsdict`), so the rules are
/// written out here from CLDR's `common/supplemental/plurals.xml` (`<plurals type="cardinal">`), integer
/// cases only (`v = 0`, no exponent, so `n` and `i` are the number itself):
///
/// | languages | categories | rule |
/// |---|---|---|
/// | Japanese, Chinese (Simplified and Traditional), Korean, Vietnamese, Thai, Indonesian, Malay, Cantonese | other | always ``PluralCategory/other`` |
/// | English, German, Dutch, Swedish and every language not listed | one, other | ``PluralCategory/one`` for 1 |
/// | Russian, Ukrainian, Belarusian | one, few, many, other | one: n % 10 = 1 and n % 100 ≠ 11; few: n % 10 = 2-4 and n % 100 ≠ 12-14; many: the rest |
/// | French | one, many, other | one: 0 and 1; many: n ≠ 0 and n % 1000000 = 0 |
/// | Portuguese (Brazilian, and `pt` with no region) | one, many, other | one: 0 and 1; many: n ≠ 0 and n % 1000000 = 0 |
/// | Spanish, Italian, Catalan, European Portuguese (`pt_PT`) | one, many, other | one: 1; many: n ≠ 0 and n % 1000000 = 0 |
/// | Arabic | zero, one, two, few, many, other | zero: 0; one: 1; two: 2; few: n % 100 = 3-10; many: n % 100 = 11-99; other: the rest (100-102, 200-202, ...) |
///
/// Russian's CLDR `other` is for decimals only, so no whole number takes it; it is listed because a
/// `.stringsdict` needs an `other` form in every language. Likewise, no whole number takes German's or
/// English's `many`: they have none.
///
/// Negative numbers take the category of their absolute value, as CLDR's `n` is absolute.
public enum PluralRules {
    /// The category of `number` in `language`, given as a language code or any locale identifier
    /// (`ru`, `ru_RU`, `zh-Hans`, `pt-BR`); only the language part counts, in any case, except that
    /// European Portuguese (`pt_PT`) has a rule of its own.
    public static func category(for number: Int, language: String) -> PluralCategory {
        let n = number.magnitude
        let isMillions = n != 0 && n % 1_000_000 == 0
        switch family(of: language) {
        case .otherOnly:
            return .other
        case .oneOther:
            return n == 1 ? .one : .other
        case .eastSlavic:
            let lastDigit = n % 10
            let lastTwo = n % 100
            if lastDigit == 1 && lastTwo != 11 { return .one }
            if (2...4).contains(lastDigit) && !(12...14).contains(lastTwo) { return .few }
            return .many
        case .zeroAndOneManyOther:
            if n <= 1 { return .one }
            return isMillions ? .many : .other
        case .oneManyOther:
            if n == 1 { return .one }
            return isMillions ? .many : .other
        case .arabic:
            let lastTwo = n % 100
            switch n {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            default:
                if (3...10).contains(lastTwo) { return .few }
                if (11...99).contains(lastTwo) { return .many }
                return .other
            }
        }
    }

    /// The categories `language` uses for whole numbers, in CLDR order: a plural variable in a table of
    /// that language must give a form for each (Russian's `other`, which no whole number takes, is listed
    /// too, since a `.stringsdict` variable needs an `other` form).
    public static func categories(language: String) -> [PluralCategory] {
        switch family(of: language) {
        case .otherOnly: [.other]
        case .oneOther: [.one, .other]
        case .eastSlavic: [.one, .few, .many, .other]
        case .zeroAndOneManyOther, .oneManyOther: [.one, .many, .other]
        case .arabic: [.zero, .one, .two, .few, .many, .other]
        }
    }

    /// The groups of languages sharing one integer rule.
    private enum Family {
        case otherOnly
        case oneOther
        case eastSlavic
        /// French and Brazilian Portuguese: `one` for 0 and 1.
        case zeroAndOneManyOther
        /// Spanish, Italian, Catalan, European Portuguese: `one` for 1 only.
        case oneManyOther
        case arabic
    }

    private static func family(of identifier: String) -> Family {
        let (language, rest) = split(identifier)
        switch language {
        case "ja", "zh", "ko", "vi", "th", "id", "ms", "yue": return .otherOnly
        case "ru", "uk", "be": return .eastSlavic
        case "fr": return .zeroAndOneManyOther
        case "pt": return isPortugal(rest) ? .oneManyOther : .zeroAndOneManyOther
        case "es", "it", "ca": return .oneManyOther
        case "ar", "ars": return .arabic
        default: return .oneOther
        }
    }

    /// The language code in lower case and what follows it (`-Latn_PT`, `_BR`, or nothing).
    private static func split(_ identifier: String) -> (language: String, rest: Substring) {
        let end = identifier.firstIndex { $0 == "-" || $0 == "_" } ?? identifier.endIndex
        return (identifier[..<end].lowercased(), identifier[end...])
    }

    /// Whether the part after `pt` names Portugal (`_PT`, `-PT`, `-Latn_PT`, any case); CLDR gives
    /// `pt_PT` its own rule while every other Portuguese follows `pt`'s.
    private static func isPortugal(_ rest: Substring) -> Bool {
        let parts = rest.split { $0 == "-" || $0 == "_" }
        return parts.last.map { $0.uppercased() == "PT" } ?? false
    }
}
