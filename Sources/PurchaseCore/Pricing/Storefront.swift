/// A country or region's store, identified as App Store Connect does, and the currency it charges in.
public struct Storefront: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The ISO 3166-1 alpha-3 code (`USA`, `JPN`, `CHN`, `RUS`).
    public var code: String
    /// The ISO 4217 currency code prices in this storefront use (`USD`, `JPY`).
    public var currencyCode: String

    /// Creates a storefront.
    public init(code: String, currencyCode: String) {
        self.code = code
        self.currencyCode = currencyCode
    }

    /// `code (currency)`, e.g. `JPN (JPY)`.
    public var description: String { "\(code) (\(currencyCode))" }

    /// Whether `text` has the shape of an ISO 3166-1 alpha-3 code: exactly three ASCII capital letters.
    ///
    /// This checks the shape only, not the list of assigned codes.
    public static func isValidCode(_ text: String) -> Bool {
        isThreeCapitals(text)
    }

    /// Whether `text` has the shape of an ISO 4217 alphabetic currency code: exactly three ASCII capital
    /// letters.
    public static func isValidCurrencyCode(_ text: String) -> Bool {
        isThreeCapitals(text)
    }

    private static func isThreeCapitals(_ text: String) -> Bool {
        var count = 0
        for byte in text.utf8 {
            guard byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") else { return false }
            count += 1
        }
        return count == 3
    }
}
