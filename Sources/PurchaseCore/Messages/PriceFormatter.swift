public import Foundation

/// Formats prices the way a store shows them to a person: the currency's symbol and digits, laid out for
/// the person's locale.
///
/// It uses Foundation's currency style (ICU data) with the price's currency, so the currency decides the
/// number of fraction digits and the locale the symbol, separators, digits and order: the same CLDR data
/// StoreKit's formatted prices come from on Apple's platforms. This project's Linux toolchain gives, for
/// each shipped language in its storefront:
///
/// | locale | price | text |
/// |---|---|---|
/// | `en_US` | 0.99 USD | `$0.99` |
/// | `ja_JP` | 160 JPY | `¥160` (U+00A5, no fraction digits) |
/// | `zh-Hans_CN` | 6 CNY | `¥6.00` |
/// | `zh-Hant_TW` | 30 TWD | `$30.00` (ICU's Traditional Chinese symbol for the local dollar is a bare `$`, and CLDR gives TWD two fraction digits, so the App Store's whole-dollar prices keep `.00`) |
/// | `ko_KR` | 1200 KRW | `₩1,200` (U+20A9, no fraction digits) |
/// | `ru_RU` | 99 RUB | `99,00 ₽` (U+00A0 NO-BREAK SPACE before the sign) |
/// | `de_DE` | 0.99 EUR | `0,99 €` (U+00A0 before the sign; `1.299,50 €`) |
/// | `fr_FR` | 0.99 EUR | `0,99 €` (U+00A0 before the sign; U+202F NARROW NO-BREAK SPACE between groups: `1 299,50 €`) |
/// | `es_ES` | 0.99 EUR | `0,99 €` (U+00A0 before the sign; no grouping below five digits: `1299,50 €`, `12.999,00 €`) |
/// | `it_IT` | 0.99 EUR | `0,99 €` (U+00A0 before the sign; no grouping below five digits: `1299,50 €`) |
/// | `pt_BR` | 5.90 BRL | `R$ 5,90` (U+00A0 after the sign; `R$ 1.299,50`) |
/// | `ar_SA` | 3.99 SAR | `٣٫٩٩ ر.س.` in Arabic-Indic digits with U+066B ARABIC DECIMAL SEPARATOR, U+00A0 before the sign, and the whole between U+200F RIGHT-TO-LEFT MARKs |
/// | `ar` | 3.99 SAR | `3.99 ر.س.` in Latin digits, with the same marks and space |
///
/// Arabic digits follow the locale as CLDR gives them: Saudi Arabia (`ar_SA`), like Egypt, writes
/// Arabic-Indic digits, while Arabic with no region, the United Arab Emirates and the Maghreb write Latin
/// ones. The formatter does not override it, so a price reads as Apple's own formatting of the same
/// locale does.
///
/// Grouping separators follow the locale too (`1 299,50 ₽` uses U+00A0 between groups). Text is meant for
/// display; never parse it back. A formatter is a value and is safe to share across tasks.
public struct PriceFormatter: Sendable, Hashable {
    /// The locale identifier the prices are laid out for (`en_US`, `ja_JP`, `zh-Hans`, `de_DE`, `pt_BR`).
    public var locale: String

    /// Creates a formatter for a locale identifier; `_` and `-` separators are both accepted.
    public init(locale: String) {
        self.locale = locale
    }

    /// The price as the store shows it in ``locale``.
    public func string(for price: Price) -> String {
        // NumberFormatter is not Sendable; a fresh one per call keeps the formatter a plain value.
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: LocaleFallback.canonicalIdentifier(locale) ?? "en_US")
        formatter.numberStyle = .currency
        formatter.currencyCode = price.currencyCode
        let number = NSDecimalNumber(decimal: price.amount)
        return formatter.string(from: number) ?? "\(price.amount) \(price.currencyCode)"
    }

    /// An amount in a storefront's currency as the store shows it in ``locale`` (`160` in `JPN` for `ja_JP`
    /// is `¥160`).
    public func string(for amount: Decimal, in storefront: Storefront) -> String {
        string(for: Price(amount: amount, currencyCode: storefront.currencyCode))
    }
}
