import Foundation
import PurchaseCore
import Testing

/// Exact texts, including Foundation's (ICU's) spacing on Linux: Russian puts U+00A0 NO-BREAK SPACE
/// between the amount and the sign and between digit groups, French U+202F NARROW NO-BREAK SPACE between
/// groups; Spanish and Italian group only from five digits on.
struct PriceFormatTests {
    private static func price(_ amount: String, _ currency: String) -> Price {
        Price(amount: Price.amount(parsing: amount)!, currencyCode: currency)
    }

    @Test(arguments: [
        ("en_US", "0.99", "USD", "$0.99"),
        ("en_US", "1299.5", "USD", "$1,299.50"),
        ("ja_JP", "160", "JPY", "¥160"),
        ("ja_JP", "1200", "JPY", "¥1,200"),
        ("zh-Hans_CN", "6", "CNY", "¥6.00"),
        ("zh_CN", "6", "CNY", "¥6.00"),
        ("zh-Hans", "6", "CNY", "¥6.00"),
        ("ru_RU", "99", "RUB", "99,00\u{A0}₽"),
        ("ru_RU", "1299.5", "RUB", "1\u{A0}299,50\u{A0}₽"),
        ("de_DE", "0.99", "EUR", "0,99\u{A0}€"),
        ("de_DE", "1299.5", "EUR", "1.299,50\u{A0}€"),
        ("de", "0.99", "EUR", "0,99\u{A0}€"),
        ("fr_FR", "0.99", "EUR", "0,99\u{A0}€"),
        ("fr_FR", "1299.5", "EUR", "1\u{202F}299,50\u{A0}€"),
        ("es_ES", "0.99", "EUR", "0,99\u{A0}€"),
        ("es_ES", "1299.5", "EUR", "1299,50\u{A0}€"),
        ("es_ES", "12999", "EUR", "12.999,00\u{A0}€"),
        ("it_IT", "0.99", "EUR", "0,99\u{A0}€"),
        ("it_IT", "1299.5", "EUR", "1299,50\u{A0}€"),
        ("it_IT", "12999", "EUR", "12.999,00\u{A0}€"),
        ("pt_BR", "5.9", "BRL", "R$\u{A0}5,90"),
        ("pt-BR", "1299.5", "BRL", "R$\u{A0}1.299,50"),
        ("pt", "5.9", "BRL", "R$\u{A0}5,90"),
        ("ko_KR", "1200", "KRW", "₩1,200"),
        ("ko", "1200", "KRW", "₩1,200"),
        ("zh-Hant_TW", "30", "TWD", "$30.00"),
        ("zh_TW", "1290", "TWD", "$1,290.00"),
        // Saudi Arabia writes Arabic-Indic digits (U+0660...) with U+066B ARABIC DECIMAL SEPARATOR and
        // U+066C ARABIC THOUSANDS SEPARATOR; Arabic with no region writes Latin digits. Both put the
        // whole between U+200F RIGHT-TO-LEFT MARKs and U+00A0 before the sign.
        ("ar_SA", "3.99", "SAR", "\u{200F}٣٫٩٩\u{A0}ر.س.\u{200F}"),
        ("ar_SA", "1299.5", "SAR", "\u{200F}١٬٢٩٩٫٥٠\u{A0}ر.س.\u{200F}"),
        ("ar", "3.99", "SAR", "\u{200F}3.99\u{A0}ر.س.\u{200F}"),
    ])
    func formatsAsTheStoreShows(locale: String, amount: String, currency: String, expected: String) {
        #expect(PriceFormatter(locale: locale).string(for: Self.price(amount, currency)) == expected)
    }

    @Test func yenHasNoFractionDigits() {
        let text = PriceFormatter(locale: "ja_JP").string(for: Self.price("160", "JPY"))
        #expect(!text.contains("."))
        #expect(text.unicodeScalars.first == "\u{A5}")
    }

    @Test func formatsAnAmountInAStorefrontsCurrency() {
        let japan = Storefront(code: "JPN", currencyCode: "JPY")
        let russia = Storefront(code: "RUS", currencyCode: "RUB")
        #expect(PriceFormatter(locale: "ja_JP").string(for: 160, in: japan) == "¥160")
        #expect(PriceFormatter(locale: "ru_RU").string(for: 99, in: russia) == "99,00\u{A0}₽")
    }

    @Test func formatsAnAmountInEachNewStorefrontsCurrency() {
        let cases: [(locale: String, storefront: Storefront, amount: String, text: String)] = [
            ("de_DE", Storefront(code: "DEU", currencyCode: "EUR"), "0.99", "0,99\u{A0}€"),
            ("fr_FR", Storefront(code: "FRA", currencyCode: "EUR"), "0.99", "0,99\u{A0}€"),
            ("es_ES", Storefront(code: "ESP", currencyCode: "EUR"), "0.99", "0,99\u{A0}€"),
            ("it_IT", Storefront(code: "ITA", currencyCode: "EUR"), "0.99", "0,99\u{A0}€"),
            ("pt_BR", Storefront(code: "BRA", currencyCode: "BRL"), "5.9", "R$\u{A0}5,90"),
            ("ko_KR", Storefront(code: "KOR", currencyCode: "KRW"), "1200", "₩1,200"),
            ("zh-Hant_TW", Storefront(code: "TWN", currencyCode: "TWD"), "30", "$30.00"),
            ("ar_SA", Storefront(code: "SAU", currencyCode: "SAR"), "3.99", "\u{200F}٣٫٩٩\u{A0}ر.س.\u{200F}"),
        ]
        for (locale, storefront, amount, text) in cases {
            #expect(
                PriceFormatter(locale: locale).string(for: Price.amount(parsing: amount)!, in: storefront) == text,
                "\(locale)")
        }
    }

    /// Won and yen have no minor unit: no fraction digits, whatever the amount.
    @Test func wonHasNoFractionDigits() {
        let text = PriceFormatter(locale: "ko_KR").string(for: Self.price("12000", "KRW"))
        #expect(text == "₩12,000")
        #expect(!text.contains("."))
    }

    @Test func acceptsEitherSeparatorInTheLocale() {
        let price = Self.price("0.99", "USD")
        #expect(
            PriceFormatter(locale: "en-US").string(for: price) == PriceFormatter(locale: "en_US").string(for: price))
    }
}
