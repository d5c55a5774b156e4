public import Foundation

/// Formats prices the way a store shows them to a person: the currency's symbol and digits, laid out for
/// the person's locale.
///
/// It uses Foundation's currency style (ICU data) with the price's currency, so the currency decides the
/// number of fraction digits and the locale the symbol, separators and order. On this project's Linux
/// toolchain that gives exactly what the App Store shows in each storefront:
///
/// | locale | price | text |
/// |---|---|---|
/// | `en_US` | 0.99 USD | `$0.99` |
/// | `ja_JP` | 160 JPY | `¥160` (U+00A5, no fraction digits) |
/// | `zh-Hans_CN` | 6 CNY | `¥6.00` |
/// | `ru_RU` | 99 RUB | `99,00 ₽` (U+00A0 NO-BREAK SPACE before the sign) |
///
/// Grouping separators follow the locale too (`1 299,50 ₽` uses U+00A0 between groups). Text is meant for
/// display; never parse it back. A formatter is a value and is safe to share across tasks.
public struct PriceFormatter: Sendable, Hashable {
    /// The locale identifier the prices are laid out for (`en_US`, `ja_JP`, `zh-Hans`, `ru_RU`).
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
