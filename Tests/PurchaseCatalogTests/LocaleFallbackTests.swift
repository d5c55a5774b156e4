import PurchaseCore
import Testing

struct LocaleFallbackTests {
    @Test(arguments: [
        ("en", "en"), ("en_US", "en_US"), ("en-US", "en_US"), ("EN_us", "en_US"), ("zh-Hans", "zh-Hans"),
        ("zh_hans", "zh-Hans"), ("zh-Hans-CN", "zh-Hans_CN"), ("ru_RU", "ru_RU"), ("es_419", "es_419"),
        ("fil", "fil"),
    ])
    func canonicalizesIdentifiers(text: String, expected: String) {
        #expect(LocaleFallback.canonicalIdentifier(text) == expected)
    }

    @Test(arguments: ["", "e", "english", "en_", "en__US", "en_USA", "en_US_POSIX", "1en", "en-Hans-CN-x", "ja JP"])
    func rejectsMalformedIdentifiers(text: String) {
        #expect(LocaleFallback.canonicalIdentifier(text) == nil)
        #expect(LocaleFallback.candidates(for: text).isEmpty)
    }

    @Test(arguments: [
        ("ja_JP", ["ja_JP", "ja"]),
        ("ja", ["ja"]),
        ("en_US", ["en_US", "en"]),
        ("zh-Hans", ["zh-Hans", "zh"]),
        ("zh_CN", ["zh_CN", "zh-Hans_CN", "zh-Hans", "zh"]),
        ("zh-Hans_CN", ["zh-Hans_CN", "zh-Hans", "zh"]),
        ("zh_TW", ["zh_TW", "zh-Hant_TW", "zh-Hant"]),
        ("zh-Hant", ["zh-Hant"]),
        ("ru-RU", ["ru_RU", "ru"]),
    ])
    func fallsBackFromSpecificToLanguage(locale: String, expected: [String]) {
        #expect(LocaleFallback.candidates(for: locale) == expected)
    }

    @Test func productLocalizationFallsBackThenToEnglish() {
        let product = Product(
            productID: "p",
            type: .consumable,
            localizations: [
                "en": ProductLocalization(displayName: "Gems", description: ""),
                "ja": ProductLocalization(displayName: "ジェム", description: ""),
                "zh-Hans": ProductLocalization(displayName: "宝石", description: ""),
            ]
        )
        #expect(product.localization(for: "ja_JP")?.displayName == "ジェム")
        #expect(product.localization(for: "zh_CN")?.displayName == "宝石")
        #expect(product.localization(for: "zh-Hans_SG")?.displayName == "宝石")
        #expect(product.localization(for: "zh_TW")?.displayName == "Gems")
        #expect(product.localization(for: "ru_RU")?.displayName == "Gems")
        #expect(Product(productID: "q", type: .consumable).localization(for: "en") == nil)
    }
}
