/// CLDR cardinal plural rules for whole numbers, for the languages PurchaseKit ships and their close
/// relatives.
///
/// Foundation's own plural lookup is unusable on Linux (it crashes on `.stringsdict`), so the rules are
/// written out here from CLDR's `plurals.xml`, integer cases only (`v = 0`):
/// - Japanese, Chinese, Korean, Vietnamese, Thai, Indonesian: always ``PluralCategory/other``.
/// - Russian, Ukrainian, Belarusian: ``PluralCategory/one`` when n % 10 = 1 and n % 100 ≠ 11;
///   ``PluralCategory/few`` when n % 10 is 2-4 and n % 100 is not 12-14; ``PluralCategory/many`` otherwise.
/// - English and every other language: ``PluralCategory/one`` for 1 and ``PluralCategory/other`` otherwise
///   (CLDR's rule for English, German, Dutch, Swedish, Italian and many more).
///
/// Negative numbers take the category of their absolute value, as CLDR's `n` is absolute.
public enum PluralRules {
    /// The category of `number` in `language`, given as a language code or any locale identifier
    /// (`ru`, `ru_RU`, `zh-Hans`); only the language part counts, in any case.
    public static func category(for number: Int, language: String) -> PluralCategory {
        let n = number.magnitude
        switch languageCode(language) {
        case "ja", "zh", "ko", "vi", "th", "id", "ms", "yue":
            return .other
        case "ru", "uk", "be":
            let lastDigit = n % 10
            let lastTwo = n % 100
            if lastDigit == 1 && lastTwo != 11 { return .one }
            if (2...4).contains(lastDigit) && !(12...14).contains(lastTwo) { return .few }
            return .many
        default:
            return n == 1 ? .one : .other
        }
    }

    /// The categories `language` uses for whole numbers, in CLDR order; a plural variable in a table of that
    /// language should give a form for each.
    public static func categories(language: String) -> [PluralCategory] {
        switch languageCode(language) {
        case "ja", "zh", "ko", "vi", "th", "id", "ms", "yue": [.other]
        case "ru", "uk", "be": [.one, .few, .many, .other]
        default: [.one, .other]
        }
    }

    private static func languageCode(_ identifier: String) -> String {
        let end = identifier.firstIndex { $0 == "-" || $0 == "_" } ?? identifier.endIndex
        return identifier[..<end].lowercased()
    }
}
