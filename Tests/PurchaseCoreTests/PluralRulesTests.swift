import PurchaseCore
import Testing

struct PluralRulesTests {
    @Test(arguments: [
        (0, PluralCategory.other), (1, .one), (2, .other), (5, .other), (11, .other), (21, .other), (101, .other),
        (-1, .one),
    ])
    func englishHasOneAndOther(number: Int, expected: PluralCategory) {
        #expect(PluralRules.category(for: number, language: "en") == expected)
        #expect(PluralRules.category(for: number, language: "en_US") == expected)
    }

    @Test(arguments: [0, 1, 2, 3, 5, 11, 21, 100, 1_000_000])
    func japaneseAndChineseHaveOnlyOther(number: Int) {
        for language in ["ja", "ja_JP", "zh", "zh-Hans", "zh-Hans_CN", "zh_CN"] {
            #expect(PluralRules.category(for: number, language: language) == .other)
        }
    }

    /// CLDR integer rules for Russian: one n%10=1 and n%100≠11; few n%10=2..4 and n%100∉12..14; many otherwise.
    @Test(arguments: [
        (0, PluralCategory.many), (1, .one), (2, .few), (3, .few), (4, .few), (5, .many), (10, .many),
        (11, .many), (12, .many), (13, .many), (14, .many), (15, .many), (20, .many), (21, .one), (22, .few),
        (24, .few), (25, .many), (100, .many), (101, .one), (102, .few), (111, .many), (112, .many),
        (114, .many), (121, .one), (122, .few), (1001, .one), (1011, .many), (1_000_002, .few), (-21, .one),
    ])
    func russianFollowsCLDRIntegerRules(number: Int, expected: PluralCategory) {
        #expect(PluralRules.category(for: number, language: "ru") == expected)
        #expect(PluralRules.category(for: number, language: "ru_RU") == expected)
    }

    @Test func russianRulesMatchAReferenceImplementationUpTo10000() {
        for n in 0...10_000 {
            let expected: PluralCategory
            if n % 10 == 1 && n % 100 != 11 {
                expected = .one
            } else if [2, 3, 4].contains(n % 10) && ![12, 13, 14].contains(n % 100) {
                expected = .few
            } else {
                expected = .many
            }
            #expect(PluralRules.category(for: n, language: "ru") == expected, "n = \(n)")
        }
    }

    @Test func unknownLanguagesUseTheEnglishRule() {
        #expect(PluralRules.category(for: 1, language: "nl") == .one)
        #expect(PluralRules.category(for: 2, language: "nl") == .other)
        #expect(PluralRules.category(for: 1_000_000, language: "sv") == .other)
    }

    /// The numbers every rule is checked at: the edges of each CLDR condition for whole numbers.
    static let boundaries = [
        0, 1, 2, 3, 4, 5, 10, 11, 12, 19, 20, 21, 99, 100, 101, 102, 103, 110, 111, 199, 200, 1000, 1001, 100_000,
        999_999, 1_000_000, 1_000_001, 1_000_100, 2_000_000, 10_000_000,
    ]

    /// German, like English: one for 1, other for everything else (no `many`, even for millions).
    @Test(arguments: boundaries)
    func germanHasOneAndOther(number: Int) {
        for language in ["de", "de_DE", "de_AT", "de-CH"] {
            #expect(PluralRules.category(for: number, language: language) == (number == 1 ? .one : .other))
        }
    }

    /// CLDR `fr`: one for i = 0,1; many for i ≠ 0 and i % 1000000 = 0; other otherwise.
    @Test(arguments: [
        (0, PluralCategory.one), (1, .one), (2, .other), (3, .other), (10, .other), (11, .other), (99, .other),
        (100, .other), (101, .other), (1000, .other), (999_999, .other), (1_000_000, .many), (1_000_001, .other),
        (1_000_100, .other), (2_000_000, .many), (10_000_000, .many), (-1, .one), (-2_000_000, .many),
    ])
    func frenchCountsZeroAsOneAndMillionsAsMany(number: Int, expected: PluralCategory) {
        for language in ["fr", "fr_FR", "fr_CA", "fr-BE"] {
            #expect(PluralRules.category(for: number, language: language) == expected)
        }
    }

    /// CLDR `pt` (Brazilian Portuguese, and `pt` with any region but Portugal): one for i = 0..1; many for
    /// whole millions; other otherwise.
    @Test(arguments: [
        (0, PluralCategory.one), (1, .one), (2, .other), (3, .other), (11, .other), (100, .other), (101, .other),
        (999_999, .other), (1_000_000, .many), (1_000_001, .other), (2_000_000, .many),
    ])
    func brazilianPortugueseCountsZeroAsOne(number: Int, expected: PluralCategory) {
        for language in ["pt", "pt-BR", "pt_BR", "pt_AO"] {
            #expect(PluralRules.category(for: number, language: language) == expected)
        }
    }

    /// CLDR `es`, `it`, `ca` and `pt_PT`: one for 1 only; many for whole millions; other otherwise.
    @Test(arguments: [
        (0, PluralCategory.other), (1, .one), (2, .other), (3, .other), (10, .other), (11, .other), (99, .other),
        (100, .other), (101, .other), (1000, .other), (999_999, .other), (1_000_000, .many), (1_000_001, .other),
        (2_000_000, .many), (3_000_000, .many), (-1, .one),
    ])
    func spanishItalianAndEuropeanPortugueseCountOnlyOneAsOne(number: Int, expected: PluralCategory) {
        for language in ["es", "es_ES", "es_419", "es_MX", "it", "it_IT", "it_CH", "ca", "pt_PT", "pt-PT"] {
            #expect(PluralRules.category(for: number, language: language) == expected, "\(language)")
        }
    }

    /// CLDR `ar`: zero 0; one 1; two 2; few n % 100 = 3..10; many n % 100 = 11..99; other otherwise.
    @Test(arguments: [
        (0, PluralCategory.zero), (1, .one), (2, .two), (3, .few), (4, .few), (10, .few), (11, .many), (12, .many),
        (26, .many), (99, .many), (100, .other), (101, .other), (102, .other), (103, .few), (110, .few),
        (111, .many), (199, .many), (200, .other), (201, .other), (202, .other), (203, .few), (1000, .other),
        (1001, .other), (1002, .other), (1003, .few), (1011, .many), (1_000_000, .other), (2_000_000, .other),
        (-2, .two), (-11, .many),
    ])
    func arabicHasSixCategories(number: Int, expected: PluralCategory) {
        for language in ["ar", "ar_SA", "ar-EG", "ar_001"] {
            #expect(PluralRules.category(for: number, language: language) == expected)
        }
    }

    @Test(arguments: [0, 1, 2, 3, 5, 11, 21, 100, 1_000_000])
    func koreanAndTraditionalChineseHaveOnlyOther(number: Int) {
        for language in ["ko", "ko_KR", "zh-Hant", "zh-Hant_TW", "zh_TW", "zh_HK", "zh-Hant_HK"] {
            #expect(PluralRules.category(for: number, language: language) == .other)
        }
    }

    /// Every rule against a second, plain reading of CLDR's conditions, for 0 to 10,000 and around the
    /// first millions.
    @Test func rulesMatchAReferenceReadingOfCLDR() {
        func reference(_ n: Int, _ language: String) -> PluralCategory {
            let millions = n != 0 && n % 1_000_000 == 0
            switch language {
            case "fr", "pt":
                return n == 0 || n == 1 ? .one : millions ? .many : .other
            case "es", "it", "pt_PT":
                return n == 1 ? .one : millions ? .many : .other
            case "ar":
                if n == 0 { return .zero }
                if n == 1 { return .one }
                if n == 2 { return .two }
                if (3...10).contains(n % 100) { return .few }
                if (11...99).contains(n % 100) { return .many }
                return .other
            default:
                return n == 1 ? .one : .other
            }
        }
        let numbers = Array(0...10_000) + Array(999_990...1_000_010) + Array(1_999_990...2_000_010)
        for language in ["fr", "pt", "es", "it", "pt_PT", "ar", "de"] {
            for n in numbers {
                #expect(PluralRules.category(for: n, language: language) == reference(n, language), "\(language) \(n)")
            }
        }
    }

    /// Every category a rule gives for some whole number is one `categories(language:)` lists, and the
    /// list holds no category but `other` that no whole number takes.
    @Test(arguments: ["en", "de", "fr", "es", "it", "pt-BR", "pt_PT", "ja", "zh-Hans", "zh-Hant", "ko", "ru", "ar"])
    func categoriesListExactlyWhatWholeNumbersTake(language: String) {
        let numbers = Array(0...1_000) + [1_000_000, 2_000_000, 1_000_001]
        let taken = Set(numbers.map { PluralRules.category(for: $0, language: language) })
        let listed = PluralRules.categories(language: language)
        #expect(taken.isSubset(of: Set(listed)))
        #expect(Set(listed).subtracting(taken).isSubset(of: [.other]))
        #expect(listed.contains(.other))
        #expect(listed == listed.sorted())
    }

    @Test(arguments: [
        ("en", [PluralCategory.one, .other]), ("ja", [.other]), ("zh-Hans", [.other]),
        ("ru", [.one, .few, .many, .other]), ("de", [.one, .other]), ("de_DE", [.one, .other]),
        ("fr", [.one, .many, .other]), ("es", [.one, .many, .other]), ("it", [.one, .many, .other]),
        ("pt-BR", [.one, .many, .other]), ("pt_BR", [.one, .many, .other]), ("pt", [.one, .many, .other]),
        ("pt_PT", [.one, .many, .other]), ("ko", [.other]), ("zh-Hant", [.other]),
        ("ar", [.zero, .one, .two, .few, .many, .other]),
    ])
    func categoriesListWhatALanguageUses(language: String, expected: [PluralCategory]) {
        #expect(PluralRules.categories(language: language) == expected)
    }

    @Test func categoriesAreInCLDROrder() {
        #expect(PluralCategory.allCases.sorted() == [.zero, .one, .two, .few, .many, .other])
        #expect(PluralCategory.few < PluralCategory.many)
    }
}
