import Foundation
import PurchaseCore
import Testing

struct PriceTests {
    @Test(arguments: [
        ("0.99", "0.99"), ("160", "160"), ("6", "6"), ("1200.50", "1200.5"), ("0", "0"), ("0.10", "0.1"),
        ("007", "7"), ("39.99", "39.99"), ("999999999999999999", "999999999999999999"),
    ])
    func parsesPlainDecimalsExactly(text: String, expected: String) throws {
        let amount = try #require(Price.amount(parsing: text))
        #expect(amount == Decimal(string: expected, locale: Locale(identifier: "en_US_POSIX")))
        #expect(amount.description == expected)
    }

    @Test func keepsDecimalAmountsThatBinaryFloatsCannotHold() throws {
        let sum = try #require(Price.amount(parsing: "0.1")) + #require(Price.amount(parsing: "0.2"))
        #expect(sum == Price.amount(parsing: "0.3"))
    }

    @Test(arguments: [
        "", "1,99", "abc", "-1", "-0.99", "+1", "1e3", "1E3", ".5", "1.", "1..2", "1.2.3", " 1", "1 ", "0x10",
        "１６０", "1_000", "NaN", "inf", "1,000.00", "9999999999999999999",
    ])
    func rejectsAnythingButPlainDigits(text: String) {
        #expect(Price.amount(parsing: text) == nil)
    }

    @Test func describesAmountAndCurrency() {
        #expect(Price(amount: Decimal(string: "0.99")!, currencyCode: "USD").description == "0.99 USD")
    }
}
