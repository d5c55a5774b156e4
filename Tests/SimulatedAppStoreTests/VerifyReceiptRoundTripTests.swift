import Foundation
import SimulatedAppStore
import Testing

/// A verifyReceipt body that decodes writes back as Apple's JSON and decodes to the same body, whatever
/// its dates (the fuzz target `Fuzz/VerifyReceiptFuzzer` checks the same on any bytes): the first and
/// last instants a receipt carries are kept exactly, and milliseconds past them lose their element, with
/// the field's path, rather than trap or become another date.
struct VerifyReceiptRoundTripTests {
    /// A body with one `latest_receipt_info` element whose purchase and expiry are `milliseconds`
    /// (written as a string and as a number, as Apple's bodies mix them).
    static func body(_ milliseconds: String) -> Data {
        Data(
            #"""
            {"status": 0, "latest_receipt_info": [{"product_id": "p", "transaction_id": "1",
              "purchase_date_ms": "\#(milliseconds)", "expires_date_ms": \#(milliseconds)}]}
            """#.utf8)
    }

    /// 0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z: the element is kept, and written back with
    /// the same milliseconds.
    @Test(arguments: [("-62167219200000", -62_167_219_200.0), ("253402300799999", 253_402_300_799.999)])
    func theEndsOfTheRangeAreKeptAndWrittenBackExactly(milliseconds: String, seconds: Double) throws {
        let response = try VerifyReceiptResponse(jsonData: Self.body(milliseconds))
        #expect(response.decodingIssues.isEmpty, "\(response.decodingIssues)")
        let entry = try #require(response.latestReceiptInfo.first)
        #expect(entry.purchaseDate == Date(timeIntervalSince1970: seconds))
        #expect(entry.expiresDate == entry.purchaseDate)
        let written = response.jsonData()
        let object = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
        let element = try #require((object["latest_receipt_info"] as? [[String: Any]])?.first)
        #expect(element["purchase_date_ms"] as? String == milliseconds)
        #expect(element["expires_date_ms"] as? String == milliseconds)
        let again = try VerifyReceiptResponse(jsonData: written)
        #expect(again == response)
        #expect(again.jsonData() == written)
    }

    /// Milliseconds past either end, Int64's ends among them (which once trapped when written back
    /// with "Double value cannot be converted to Int64"): the element is skipped, the issue names the
    /// field, and what is left writes back and reads again the same.
    @Test(arguments: [
        "9223372036854775807", "-9223372036854775808", "9223372036854775000", "253402300800000", "-62167219200001",
    ])
    func pastTheEndsOfTheRangeTheElementIsSkippedWithTheFieldsPath(milliseconds: String) throws {
        let response = try VerifyReceiptResponse(jsonData: Self.body(milliseconds))
        #expect(response.latestReceiptInfo.isEmpty)
        let field = VerifyReceiptDecodingError(.dateOutOfRange, path: "latest_receipt_info[0].purchase_date_ms")
        #expect(response.decodingIssues == [VerifyReceiptDecodingIssue(part: "latest_receipt_info[0]", error: field)])
        let issue = try #require(response.decodingIssues.first?.description)
        #expect(
            issue.hasPrefix("latest_receipt_info[0] skipped: latest_receipt_info[0].purchase_date_ms: "), "\(issue)")
        #expect(issue.contains("the date is out of range"), "\(issue)")
        let written = response.jsonData()
        let again = try VerifyReceiptResponse(jsonData: written)
        // What decoding skipped is described in decodingIssues, which are never written.
        var expected = response
        expected.decodingIssues = []
        #expect(again == expected)
        #expect(again.jsonData() == written)
    }
}
