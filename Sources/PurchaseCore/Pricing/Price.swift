public import Foundation

/// An amount of money in one currency, held as an exact decimal (never a binary float).
public struct Price: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The amount, exactly as the catalog wrote it (`0.99`, `160`).
    public var amount: Decimal
    /// The ISO 4217 currency code (`USD`, `JPY`).
    public var currencyCode: String

    /// Creates a price.
    public init(amount: Decimal, currencyCode: String) {
        self.amount = amount
        self.currencyCode = currencyCode
    }

    /// The amount and currency for logs, e.g. `0.99 USD` (not localized; format for people with the
    /// locale's currency style).
    public var description: String { "\(amount) \(currencyCode)" }

    /// Parses a price amount written as plain decimal digits with an optional `.` and fraction, such as
    /// `0.99`, `160` or `1200.50`.
    ///
    /// Accepts only ASCII digits, at most one `.` with digits on both sides, and at most 18 digits in
    /// all, so the result is exact. Rejects signs, exponents, grouping or comma separators (`1,99`),
    /// spaces and anything else, returning `nil`.
    public static func amount(parsing text: String) -> Decimal? {
        var digits = 0
        var sawPoint = false
        var digitsAfterPoint = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                if sawPoint { digitsAfterPoint += 1 }
            case UInt8(ascii: "."):
                if sawPoint || digits == 0 { return nil }
                sawPoint = true
            default:
                return nil
            }
        }
        guard digits > 0, digits <= 18, !sawPoint || digitsAfterPoint > 0 else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }
}
