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
        #expect(PluralRules.category(for: 1, language: "de") == .one)
        #expect(PluralRules.category(for: 2, language: "de") == .other)
    }

    @Test(arguments: [
        ("en", [PluralCategory.one, .other]), ("ja", [.other]), ("zh-Hans", [.other]),
        ("ru", [.one, .few, .many, .other]),
    ])
    func categoriesListWhatALanguageUses(language: String, expected: [PluralCategory]) {
        #expect(PluralRules.categories(language: language) == expected)
    }

    @Test func categoriesAreInCLDROrder() {
        #expect(PluralCategory.allCases.sorted() == [.zero, .one, .two, .few, .many, .other])
        #expect(PluralCategory.few < PluralCategory.many)
    }
}
