import Foundation
import PurchaseCatalog
import PurchaseCore
import PurchaseTesting
import Testing

/// The built-in tables and how they render. That every key of every module is in every shipped language,
/// with its arguments and plural forms, is checked where all modules' keys are visible:
/// `Tests/PurchaseKitToolTests/MessageKeyCompletenessTests.swift`.
struct MessageTableTests {
    /// The languages the package ships; the completeness tests check each.
    static let shipped = ["ar", "de", "en", "es", "fr", "it", "ja", "ko", "pt_BR", "ru", "zh-Hans", "zh-Hant"]
    static let table = MessageTable.builtIn

    @Test func builtInTablesLoadWithoutProblems() {
        let result = MessageTable.loadBuiltIn()
        #expect(result.diagnostics.map(\.description) == [])
        #expect(result.table.languages == Self.shipped)
        #expect(!result.hasErrors)
    }

    /// The shared table reads each language when first asked for it; what it reads is what reading
    /// them all at once gives, entry for entry.
    @Test(arguments: shipped)
    func theSharedTableReadsEachLanguageAsTheWholeLoadDoes(language: String) {
        let whole = MessageTable.loadBuiltIn().table
        #expect(Self.table.languages == Self.shipped)
        let keys = whole.builtInKeys(language: language)
        #expect(keys.count > 300)
        #expect(Self.table.builtInKeys(language: language) == keys)
        for key in keys.map(MessageKey.init(rawValue:)) {
            #expect(Self.table.builtInEntry(key, language: language) == whole.builtInEntry(key, language: language))
        }
    }

    @Test(arguments: [
        (Message.restoreSucceeded(count: 1), "Restored 1 purchase."),
        (.restoreSucceeded(count: 2), "Restored 2 purchases."),
        (.restoreSucceeded(count: 0), "Restored 0 purchases."),
        (.purchaseComplete(productName: "100 Gems"), "Thank you! Your purchase of 100 Gems is complete."),
        (.nothingToRestore, "There are no purchases to restore for this account."),
        (.purchaseCancelled, "The purchase was canceled. You haven’t been charged."),
        (.restoreConfirmTitle, "Restore Purchases"),
        (
            .paymentsDisabled,
            "In-app purchases are turned off on this device. To allow them, go to Settings > Screen Time > "
                + "Content & Privacy Restrictions > iTunes & App Store Purchases, then set In-app Purchases to Allow."
        ),
        (.balanceAmount(name: "gems", quantity: 100), "gems: 100"),
        (.subscriptionExpires(productName: "Pro", date: MessageSamples.date), "Pro is active until January 1, 2027."),
        // A key of a module this one cannot see (the tool's), named by its raw value.
        (.keyed(MessageKey(rawValue: "tool.label.nothingOwned"), arguments: []), "nothing owned yet"),
    ])
    func englishTextsAreExact(message: Message, expected: String) {
        #expect(Self.table.render(message, locale: "en_US") == expected)
    }

    @Test(arguments: [
        (1, "Восстановлена 1 покупка."), (2, "Восстановлено 2 покупки."), (5, "Восстановлено 5 покупок."),
        (11, "Восстановлено 11 покупок."), (21, "Восстановлена 21 покупка."), (22, "Восстановлено 22 покупки."),
        (25, "Восстановлено 25 покупок."), (111, "Восстановлено 111 покупок."), (0, "Восстановлено 0 покупок."),
    ])
    func russianRestoredCountsAgree(count: Int, expected: String) {
        #expect(Self.table.render(.restoreSucceeded(count: count), locale: "ru_RU") == expected)
    }

    @Test(arguments: [
        (0, "0 Käufe wurden wiederhergestellt."), (1, "1 Kauf wurde wiederhergestellt."),
        (2, "2 Käufe wurden wiederhergestellt."), (1_000_000, "1000000 Käufe wurden wiederhergestellt."),
    ])
    func germanRestoredCountsAgree(count: Int, expected: String) {
        #expect(Self.table.render(.restoreSucceeded(count: count), locale: "de_DE") == expected)
    }

    /// French counts 0 and 1 as one; French, Spanish and Italian give whole millions a form of their own.
    @Test(arguments: [
        ("fr_FR", 0, "0 achat restauré."), ("fr_FR", 1, "1 achat restauré."),
        ("fr_FR", 2, "2 achats restaurés."), ("fr_FR", 1_000_000, "1000000 d’achats restaurés."),
        ("es_ES", 0, "Se han restaurado 0 compras."), ("es_ES", 1, "Se ha restaurado 1 compra."),
        ("es_ES", 2_000_000, "Se han restaurado 2000000 de compras."), ("it_IT", 0, "0 acquisti ripristinati."),
        ("it_IT", 1, "1 acquisto ripristinato."), ("it_IT", 1_000_001, "1000001 acquisti ripristinati."),
        ("it_IT", 3_000_000, "3000000 di acquisti ripristinati."),
    ])
    func romanceRestoredCountsAgree(locale: String, count: Int, expected: String) {
        #expect(Self.table.render(.restoreSucceeded(count: count), locale: locale) == expected)
    }

    @Test func japaneseAndChineseCountsNeedNoPluralForms() {
        #expect(Self.table.render(.restoreSucceeded(count: 1), locale: "ja_JP") == "1件の購入を復元しました。")
        #expect(Self.table.render(.restoreSucceeded(count: 21), locale: "ja_JP") == "21件の購入を復元しました。")
        #expect(Self.table.render(.restoreSucceeded(count: 1), locale: "zh_CN") == "已恢复 1 项购买。")
        #expect(Self.table.render(.restoreSucceeded(count: 1), locale: "zh_TW") == "已恢復 1 個購買項目。")
        #expect(Self.table.render(.restoreSucceeded(count: 21), locale: "zh-Hant_HK") == "已恢復 21 個購買項目。")
    }

    /// Traditional Chinese is its own table, in Taiwan's wording, with the product name in 「」.
    @Test func traditionalChineseIsNotSimplified() {
        #expect(Self.table.render(.purchaseComplete(productName: "寶石"), locale: "zh_TW") == "謝謝！你已成功購買「寶石」。")
        #expect(Self.table.render(.restoreConfirmTitle, locale: "zh-Hant") == "恢復購買項目")
        #expect(Self.table.render(.restoreConfirmTitle, locale: "zh_CN") == "恢复购买")
    }

    /// Korean uses the App Store's words (구입, 구입 내역 복원) in the polite 합니다 style, with one plural form.
    @Test func koreanUsesTheAppStoresWords() {
        #expect(Self.table.render(.restoreConfirmTitle, locale: "ko_KR") == "구입 내역 복원")
        #expect(Self.table.render(.restoreSucceeded(count: 1), locale: "ko_KR") == "구입 항목 1개를 복원했습니다.")
        #expect(Self.table.render(.restoreSucceeded(count: 3), locale: "ko") == "구입 항목 3개를 복원했습니다.")
        #expect(Self.table.render(.purchaseComplete(productName: "보석"), locale: "ko") == "감사합니다! ‘보석’ 구입이 완료되었습니다.")
    }

    /// Brazilian Portuguese, by CLDR: one for 0 and 1, many for whole millions (“1000000 de compras”), other
    /// for the rest.
    @Test(arguments: [
        (1, "1 compra restaurada."), (0, "0 compra restaurada."), (2, "2 compras restauradas."),
        (21, "21 compras restauradas."), (1_000_000, "1000000 de compras restauradas."),
        (3_000_000, "3000000 de compras restauradas."), (1_000_001, "1000001 compras restauradas."),
    ])
    func brazilianRestoredCountsAgree(count: Int, expected: String) {
        #expect(Self.table.render(.restoreSucceeded(count: count), locale: "pt_BR") == expected)
    }

    /// Arabic has all six CLDR forms: zero, one and two without the number, few for 3-10 with the plural,
    /// many for 11-99 with the singular, other for 100-102 and the like (by the last two digits).
    @Test(arguments: [
        (0, "لم تتم استعادة أي عملية شراء."), (1, "تمت استعادة عملية شراء واحدة."), (2, "تمت استعادة عمليتي شراء."),
        (3, "تمت استعادة 3 عمليات شراء."), (10, "تمت استعادة 10 عمليات شراء."), (11, "تمت استعادة 11 عملية شراء."),
        (99, "تمت استعادة 99 عملية شراء."), (100, "تمت استعادة 100 عملية شراء."), (102, "تمت استعادة 102 عملية شراء."),
        (103, "تمت استعادة 103 عمليات شراء."), (111, "تمت استعادة 111 عملية شراء."),
    ])
    func arabicRestoredCountsTakeTheirForm(count: Int, expected: String) {
        #expect(Self.table.render(.restoreSucceeded(count: count), locale: "ar_SA") == expected)
    }

    /// The Arabic forms differ by more than the number: a summary says “two errors” with the dual.
    @Test func arabicSummariesUseTheDual() {
        let summary = MessageKey(rawValue: "tool.catalog.summary")
        let render = { (counts: [Int]) in
            Self.table.render(
                .keyed(summary, arguments: [.text("a.plist")] + counts.map { .integer($0) }), locale: "ar")
        }
        #expect(render([2, 1, 0]) == "a.plist: منتجان، خطأ واحد، 0 تحذير")
        #expect(render([12, 5, 100]) == "a.plist: 12 منتجًا، 5 أخطاء، 100 تحذير")
    }

    @Test(arguments: [
        ("ja_JP", "ja"), ("ja", "ja"), ("zh_CN", "zh-Hans"), ("zh-Hans_CN", "zh-Hans"), ("zh-Hans", "zh-Hans"),
        ("zh", "zh-Hans"), ("zh_hans", "zh-Hans"), ("ru_RU", "ru"), ("en_GB", "en"), ("de_DE", "de"), ("de_AT", "de"),
        ("de", "de"), ("fr_FR", "fr"), ("fr_CA", "fr"), ("es_ES", "es"), ("es_MX", "es"), ("it_IT", "it"),
        ("it_CH", "it"), ("ko_KR", "ko"), ("pt_BR", "pt_BR"), ("pt-br", "pt_BR"), ("ar_SA", "ar"), ("ar", "ar"),
        ("zh_TW", "zh-Hant"), ("zh-Hant_HK", "zh-Hant"), ("zh_MO", "zh-Hant"), ("nl_NL", "en"), ("", "en"),
        ("not a locale", "en"),
    ])
    func localesFallBackToAShippedLanguage(locale: String, expected: String) throws {
        let match = try #require(Self.table.lookup(.purchaseFailed, locale: locale))
        #expect(match.language == expected)
        #expect(!match.isOverride)
    }

    /// Foundation (ICU) on Linux puts U+00A0 before the ruble sign and U+202F NARROW NO-BREAK SPACE before
    /// Russian "г." (year); the texts keep them.
    @Test func pricesAndDatesFollowTheLocale() {
        let yen = Price(amount: 160, currencyCode: "JPY")
        let rubles = Price(amount: 99, currencyCode: "RUB")
        let yuan = Price(amount: 6, currencyCode: "CNY")
        #expect(
            Self.table.render(.purchaseConfirm(productName: "ジェム", price: yen), locale: "ja_JP") == "ジェムを¥160で購入しますか？")
        #expect(
            Self.table.render(.purchaseConfirm(productName: "Кристаллы", price: rubles), locale: "ru_RU")
                == "Купить «Кристаллы» за 99,00\u{A0}₽?")
        // The Chinese text puts the price (argument 2) before the product (argument 1).
        #expect(
            Self.table.render(.purchaseConfirm(productName: "宝石", price: yuan), locale: "zh-Hans_CN")
                == "要以 ¥6.00 购买“宝石”吗？")
        let date = MessageSamples.date
        #expect(
            Self.table.render(.subscriptionExpires(productName: "Pro", date: date), locale: "ja_JP")
                == "Proは2027年1月1日まで有効です。")
        #expect(
            Self.table.render(.subscriptionExpires(productName: "Pro", date: date), locale: "ru_RU")
                == "1 января 2027\u{202F}г. истекает срок действия подписки «Pro».")
    }

    @Test func sourceTextsShowEveryKeyAndThePluralForms() throws {
        let keys = MessageKey.coreKeys + MessageKey.catalogKeys + MessageKey.propertyListKeys
        let texts = Self.table.sourceTexts(of: keys, locale: "ru")
        #expect(texts.map(\.key) == keys)
        let restored = try #require(texts.first { $0.key == .restoreSucceeded }?.text)
        #expect(
            restored
                == "one: Восстановлена %ld покупка. | few: Восстановлено %ld покупки. | many: Восстановлено %ld покупок. | "
                + "other: Восстановлено %ld покупки.")
        #expect(texts.first { $0.key == .purchaseConfirm }?.text == "Купить «%1$@» за %2$@?")
    }
}
