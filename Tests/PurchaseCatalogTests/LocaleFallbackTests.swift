import PurchaseCore
import Testing

struct LocaleFallbackTests {
    @Test(arguments: [
        ("en", "en"), ("en_US", "en_US"), ("en-US", "en_US"), ("EN_us", "en_US"), ("zh-Hans", "zh-Hans"),
        ("zh_hans", "zh-Hans"), ("zh-Hans-CN", "zh-Hans_CN"), ("ru_RU", "ru_RU"), ("es_419", "es_419"),
        ("fil", "fil"), ("pt-BR", "pt_BR"), ("pt-br", "pt_BR"), ("zh-hant", "zh-Hant"), ("zh-Hant-TW", "zh-Hant_TW"),
        ("ar-SA", "ar_SA"), ("ko-KR", "ko_KR"), ("de-de", "de_DE"), ("fr_fr", "fr_FR"), ("ES-es", "es_ES"),
        ("it", "it"),
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
        ("zh_HK", ["zh_HK", "zh-Hant_HK", "zh-Hant"]),
        ("zh_MO", ["zh_MO", "zh-Hant_MO", "zh-Hant"]),
        ("zh-Hant_TW", ["zh-Hant_TW", "zh-Hant"]),
        ("zh-hant-hk", ["zh-Hant_HK", "zh-Hant"]),
        ("zh_SG", ["zh_SG", "zh-Hans_SG", "zh-Hans", "zh"]),
        // Portuguese without a region is Brazilian, as on Apple's platforms; other Portuguese falls back to
        // Brazilian texts last.
        ("pt", ["pt", "pt_BR"]),
        ("pt-BR", ["pt_BR", "pt"]),
        ("pt_BR", ["pt_BR", "pt"]),
        ("pt_PT", ["pt_PT", "pt", "pt_BR"]),
        ("pt-AO", ["pt_AO", "pt", "pt_BR"]),
        ("ko_KR", ["ko_KR", "ko"]),
        ("ar", ["ar"]),
        ("ar_SA", ["ar_SA", "ar"]),
        ("ar_001", ["ar_001", "ar"]),
        ("de_DE", ["de_DE", "de"]),
        ("de-AT", ["de_AT", "de"]),
        ("fr_FR", ["fr_FR", "fr"]),
        ("fr_CA", ["fr_CA", "fr"]),
        ("es_ES", ["es_ES", "es"]),
        ("es_419", ["es_419", "es"]),
        ("es_MX", ["es_MX", "es"]),
        ("it_IT", ["it_IT", "it"]),
        ("it_CH", ["it_CH", "it"]),
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

    @Test func brazilianPortugueseServesEveryPortuguese() {
        let product = Product(
            productID: "p",
            type: .consumable,
            localizations: [
                "en": ProductLocalization(displayName: "Gems", description: ""),
                "pt_BR": ProductLocalization(displayName: "Gemas", description: ""),
                "zh-Hant": ProductLocalization(displayName: "寶石", description: ""),
            ]
        )
        for locale in ["pt", "pt_BR", "pt-BR", "pt_PT", "pt_MZ"] {
            #expect(product.localization(for: locale)?.displayName == "Gemas", "\(locale)")
        }
        for locale in ["zh_TW", "zh_HK", "zh_MO", "zh-Hant"] {
            #expect(product.localization(for: locale)?.displayName == "寶石", "\(locale)")
        }
        #expect(product.localization(for: "zh_CN")?.displayName == "Gems")
        #expect(product.localization(for: "es_ES")?.displayName == "Gems")
    }
}
