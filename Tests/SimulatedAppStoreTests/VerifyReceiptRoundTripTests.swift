import Foundation
import SimulatedAppStore
import Testing

/// A verifyReceipt body that decodes writes back as Apple's JSON and decodes to the same body, whatever
/// its dates (the fuzz target `Fuzz/VerifyReceiptFuzzer` checks the same on any bytes).
struct VerifyReceiptRoundTripTests {
    /// Milliseconds at Int64's ends became a date whose milliseconds, written back, rounded past
    /// Int64.max and trapped ("Double value cannot be converted to Int64").
    @Test(arguments: ["9223372036854775807", "-9223372036854775808", "9223372036854775000"])
    func datesAtTheEndsOfMillisecondsDoNotTrapWhenWrittenBack(milliseconds: String) throws {
        let body = #"""
            {"status": 0, "latest_receipt_info": [{"product_id": "p", "transaction_id": "1",
              "purchase_date_ms": "\#(milliseconds)", "expires_date_ms": \#(milliseconds)}]}
            """#
        let response: VerifyReceiptResponse
        do {
            response = try VerifyReceiptResponse(jsonData: Data(body.utf8))
        } catch {
            // Refusing such a date, with the field's path, keeps the promise too.
            #expect(error.reason.contains("latest_receipt_info"))
            return
        }
        // Or refusing the element, with the field's path in the issue that says it was skipped.
        #expect(response.decodingIssues.allSatisfy { $0.contains("latest_receipt_info[0].purchase_date_ms") })
        let written = response.jsonData()
        let again = try VerifyReceiptResponse(jsonData: written)
        // What decoding skipped is described in decodingIssues, which are never written.
        var expected = response
        expected.decodingIssues = []
        #expect(again == expected)
        #expect(again.jsonData() == written)
    }
}
