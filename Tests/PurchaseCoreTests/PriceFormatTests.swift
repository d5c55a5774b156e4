import Foundation
import PurchaseCore
import Testing

/// Exact texts, including Foundation's (ICU's) spacing on Linux: Russian puts U+00A0 NO-BREAK SPACE
/// between the amount and the sign and between digit groups.
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

    @Test func acceptsEitherSeparatorInTheLocale() {
        let price = Self.price("0.99", "USD")
        #expect(
            PriceFormatter(locale: "en-US").string(for: price) == PriceFormatter(locale: "en_US").string(for: price))
    }
}
