import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// Receipts carry dates from 0000-01-01 to 9999-12-31, as property lists do: a date outside is an
/// error naming its field, written or read, never a trap and never a wrong date.
struct ReceiptDateRangeTests {
    static let unwritable: [Double] = [
        9_223_372_036_854_775.807, 1e16, 1e300, -1e300, .infinity, -.infinity, .nan, 253_402_300_800,
        -62_167_219_201,
    ]

    @Test(arguments: unwritable)
    func aReceiptWithADateOutsideTheRangeIsNotIssued(_ seconds: Double) {
        let entry = ReceiptFixtures.monthly(at: Date(timeIntervalSince1970: seconds))
        #expect(throws: ReceiptKeyError.self) {
            try ReceiptFixtures.issuer.issue(ReceiptFixtures.receipt(.sandbox, [entry]))
        }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(entry) }
    }

    @Test func theFirstAndLastDatesOfTheRangeAreWrittenAndReadBack() throws {
        let first = ReceiptFixtures.gems(at: AppReceipt.dateRange.lowerBound)
        let last = ReceiptFixtures.gems("1000000000000009", at: Date(timeIntervalSince1970: 253_402_300_799))
        let receipt = ReceiptFixtures.receipt(.production, [first, last])
        let decoded = try ReceiptFixtures.validator.validate(ReceiptFixtures.issuer.issue(receipt))
        #expect(decoded.inApp.map(\.purchaseDate) == [first.purchaseDate, last.purchaseDate])
    }

    /// A body whose purchase date is outside the range loses that element, with the field's path in
    /// the issue, instead of showing a wrong year.
    @Test(arguments: ["-100000000000000", "9223372036854775807", "\"253402300800000\""])
    func aBodyDateOutsideTheRangeIsRefusedWithItsPath(_ milliseconds: String) throws {
        let body = """
            {"status": 0, "receipt": {"bundle_id": "com.example.app", "in_app": [
            {"product_id": "a", "transaction_id": "1", "purchase_date_ms": \(milliseconds)},
            {"product_id": "b", "transaction_id": "2", "purchase_date_ms": "1767225600000"}]}}
            """
        let response = try VerifyReceiptResponse(jsonData: Data(body.utf8))
        #expect(response.inApp.map(\.productID) == ["b"])
        #expect(response.decodingIssues.count == 1)
        let issue = try #require(response.decodingIssues.first)
        #expect(issue.part == "receipt.in_app[0]")
        #expect(issue.error == VerifyReceiptDecodingError(.dateOutOfRange, path: "receipt.in_app[0].purchase_date_ms"))
        #expect(issue.description.contains("in_app[0].purchase_date_ms: the date is out of range"), "\(issue)")
    }
}
