import Foundation
import SimulatedAppStore

/// libFuzzer entry point: decodes the input as a verifyReceipt response body, and as the bodies a
/// client may mistake for one (a server notification, a lone transaction, a renewal info), and checks
/// what the decoders promise.
///
/// Compiled against the PurchaseCore, Journal and SimulatedAppStore modules built by
/// `Fuzz/run-verifyreceipt.sh`. Whatever the bytes: decoding returns a value or throws
/// `VerifyReceiptDecodingError` with a reason; a decoded body is classified (meaning, retry, where to
/// resend) and, written back as Apple's JSON, decodes to the same body, written the same way again.
@_cdecl("LLVMFuzzerTestOneInput")
public func verifyReceiptFuzzTarget(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    checkResponse(data)
    checkRoundTrip(try? JSONDecoder().decode(ReceiptTransaction.self, from: data))
    checkRoundTrip(try? JSONDecoder().decode(PendingRenewalInfo.self, from: data))
    if let notification = try? ServerNotificationV1(jsonData: data) {
        notification.latestReceiptInfo.forEach { checkRoundTrip($0) }
        notification.pendingRenewalInfo.forEach { checkRoundTrip($0) }
    }
    return 0
}

private func checkResponse(_ data: Data) {
    let response: VerifyReceiptResponse
    do {
        response = try VerifyReceiptResponse(jsonData: data)
    } catch {
        precondition(!error.reason.isEmpty, "decoding error without a reason")
        return
    }
    precondition(!response.status.meaning.isEmpty, "status \(response.status) has no meaning")
    _ = (response.isRetryable, response.retryIn, response.inApp.count)
    // Encoding cannot fail: jsonData() falls back to the bare status when it does, which loses the body.
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
        _ = try encoder.encode(response)
    } catch {
        preconditionFailure("a decoded body does not encode: \(error)")
    }
    let body = response.jsonData()
    let again: VerifyReceiptResponse
    do {
        again = try VerifyReceiptResponse(jsonData: body)
    } catch {
        preconditionFailure("a body written back does not decode: \(error)\n\(String(decoding: body, as: UTF8.self))")
    }
    // What decoding skipped is described in decodingIssues, which are never written.
    var expected = response
    expected.decodingIssues = []
    expected.receipt?.decodingIssues = []
    precondition(again.decodingIssues.isEmpty, "issues in a written body: \(again.decodingIssues)")
    precondition(again == expected, "the round trip changed the body:\n\(String(decoding: body, as: UTF8.self))")
    precondition(again.jsonData() == body, "the body is not written the same way twice")
}

/// A value decoded from Apple's JSON encodes, and decodes back to itself.
private func checkRoundTrip<Value: Codable & Equatable>(_ value: Value?) {
    guard let value else { return }
    do {
        let data = try JSONEncoder().encode(value)
        let again = try JSONDecoder().decode(Value.self, from: data)
        precondition(again == value, "\(Value.self) changed in a round trip:\n\(String(decoding: data, as: UTF8.self))")
    } catch {
        preconditionFailure("\(Value.self) does not round-trip: \(error)")
    }
}
