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

    /// The most digits an amount may have, before and after the `.` together: 18 digits always fit the
    /// 64-bit significand that keeps a parsed amount exact.
    public static let maximumDigits = 18

    /// The largest amount ``amount(parsing:)`` accepts, as written: ``maximumDigits`` nines.
    public static let largestAmountText = String(repeating: "9", count: maximumDigits)

    /// Whether `text` is written as an amount should be (digits with an optional `.` and fraction) but has
    /// more than ``maximumDigits`` digits, so ``amount(parsing:)`` refuses it for its size alone.
    public static func exceedsMaximumDigits(_ text: String) -> Bool {
        var digits = 0
        var digitsAfterPoint = 0
        var sawPoint = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                if sawPoint { digitsAfterPoint += 1 }
            case UInt8(ascii: ".") where !sawPoint && digits > 0:
                sawPoint = true
            default:
                return false
            }
        }
        return digits > maximumDigits && (!sawPoint || digitsAfterPoint > 0)
    }

    /// Parses a price amount written as plain decimal digits with an optional `.` and fraction, such as
    /// `0.99`, `160` or `1200.50`.
    ///
    /// Accepts only ASCII digits, at most one `.` with digits on both sides, and at most ``maximumDigits``
    /// (18) digits in all, so the result is exact. Rejects signs, exponents, grouping or comma separators (`1,99`),
    /// spaces and anything else, returning `nil`.
    public static func amount(parsing text: String) -> Decimal? {
        // Scanning the contiguous UTF-8 directly is several times cheaper than iterating `text.utf8`.
        if let parsed = text.utf8.withContiguousStorageIfAvailable(amount(parsing:)) { return parsed }
        return Array(text.utf8).withUnsafeBufferPointer(amount(parsing:))
    }

    private static func amount(parsing text: UnsafeBufferPointer<UInt8>) -> Decimal? {
        var significand: UInt64 = 0
        var exponent: Int32 = 0
        var digits = 0
        var sawPoint = false
        var digitsAfterPoint = 0
        for byte in text {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                guard digits <= maximumDigits else { return nil }
                significand = significand * 10 + UInt64(byte - UInt8(ascii: "0"))
                if sawPoint {
                    digitsAfterPoint += 1
                    exponent -= 1
                }
            case UInt8(ascii: "."):
                if sawPoint || digits == 0 { return nil }
                sawPoint = true
            default:
                return nil
            }
        }
        guard digits > 0, !sawPoint || digitsAfterPoint > 0 else { return nil }
        return exactDecimal(significand: significand, exponent: exponent)
    }

    /// `significand × 10^exponent` as a `Decimal` with no trailing zeros in its significand, built from
    /// integers: parsing through `Decimal(string:)` costs more than the rest of catalog validation together.
    private static func exactDecimal(significand: UInt64, exponent: Int32) -> Decimal {
        var significand = significand
        var exponent = exponent
        guard significand != 0 else { return Decimal.zero }
        while significand % 10 == 0 {
            significand /= 10
            exponent += 1
        }
        return Decimal(sign: .plus, exponent: Int(exponent), significand: Decimal(significand))
    }
}
