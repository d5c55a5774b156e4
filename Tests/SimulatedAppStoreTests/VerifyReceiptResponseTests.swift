import Foundation
import SimulatedAppStore
import Testing

struct VerifyReceiptResponseTests {
    static func decode(_ json: String) throws -> VerifyReceiptResponse {
        try VerifyReceiptResponse(jsonData: Data(json.utf8))
    }

    @Test func readsAppleStringTypedFields() throws {
        let response = try Self.decode(
            """
            {"status": 0, "environment": "Sandbox", "unknown_key": {"x": [1]},
             "receipt": {"bundle_id": "com.foo", "adam_id": 0, "receipt_type": "ProductionSandbox",
               "receipt_creation_date_ms": "1605229765000",
               "in_app": [{"quantity": "3", "product_id": "p", "transaction_id": "1000000741421650",
                 "purchase_date": "2020-11-13 01:09:23 Etc/GMT", "is_trial_period": "true",
                 "cancellation_date_ms": "1605229943000", "cancellation_reason": "1"}]},
             "latest_receipt_info": [{"quantity": 1, "product_id": "s", "transaction_id": 1000000741421949,
               "original_transaction_id": "1000000741421650", "purchase_date_ms": 1605229943000,
               "expires_date_ms": "1605230123000", "in_app_ownership_type": "FAMILY_SHARED"}],
             "pending_renewal_info": [{"original_transaction_id": "1000000741421650", "product_id": "s",
               "auto_renew_status": "0", "expiration_intent": "1", "is_in_billing_retry_period": "0",
               "grace_period_expires_date_ms": "1605230200000"}],
             "latest_receipt": "MIIX"}
            """)
        #expect(response.status == .valid)
        #expect(response.environment == .sandbox)
        #expect(!response.isRetryable && response.retryIn == nil)
        let entry = try #require(response.inApp.first)
        #expect(entry.quantity == 3)
        #expect(entry.purchaseDate == Date(timeIntervalSince1970: 1_605_229_763))
        #expect(entry.originalTransactionID == "1000000741421650")
        #expect(entry.isTrialPeriod == true)
        #expect(entry.cancellationDate == Date(timeIntervalSince1970: 1_605_229_943))
        let latest = try #require(response.latestReceiptInfo.first)
        #expect(latest.transactionID == "1000000741421949")
        #expect(latest.expiresDate == Date(timeIntervalSince1970: 1_605_230_123))
        #expect(latest.inAppOwnershipType == "FAMILY_SHARED")
        let renewal = try #require(response.pendingRenewalInfo.first)
        #expect(renewal.autoRenewStatus == false && renewal.expirationIntent == 1)
        #expect(renewal.isInBillingRetryPeriod == false)
        #expect(renewal.gracePeriodExpiresDate == Date(timeIntervalSince1970: 1_605_230_200))
        #expect(response.receipt?.environment == .sandbox)
        #expect(response.latestReceipt == "MIIX")
    }

    @Test(arguments: [
        #"{"status": true}"#, #"{"status": 0.5}"#, #"{"environment": "Sandbox"}"#, "[]", #"[{"status": 0}]"#,
        "", "   ", "null", "21007", #""status""#, #"{"status": 0"#, "<html>502 Bad Gateway</html>",
        #"{"status": "0"}"#, #"{"status": null}"#, #"{"status": {"code": 0}}"#,
    ])
    func refusesMalformedBodies(body: String) {
        #expect(throws: VerifyReceiptDecodingError.self) { try Self.decode(body) }
    }

    /// Why a body is refused is a typed problem at the field's path (what a tool words in its user's
    /// language), and the same English reason as ever for logs.
    @Test(
        arguments: [
            ("", VerifyReceiptDecodingError.Problem.emptyBody, nil, "the body is empty"),
            ("[]", .notAnObject, nil, "the body is not a JSON object"),
            (#"{"status": 0"#, .notJSON(detail: nil), nil, "not valid JSON"),
            (#"{"environment": "Sandbox"}"#, .missingKey("status"), nil, "missing 'status'"),
            (#"{"status": "0"}"#, .expectedJSONInteger, "status", "status: must be a JSON integer"),
        ] as [(String, VerifyReceiptDecodingError.Problem, String?, String)])
    func aRefusedBodySaysWhyAndWhere(
        body: String, problem: VerifyReceiptDecodingError.Problem, path: String?, reason: String
    ) {
        #expect(throws: VerifyReceiptDecodingError(problem, path: path)) { try Self.decode(body) }
        #expect(VerifyReceiptDecodingError(problem, path: path).reason == reason)
    }

    /// A skipped element names the part, the field and the problem.
    @Test(
        arguments: [
            (
                #"{"product_id": "p", "purchase_date_ms": "1"}"#,
                VerifyReceiptDecodingError.Problem.missingKey("transaction_id"), "latest_receipt_info[0]"
            ),
            (
                #"{"product_id": "p", "transaction_id": "1", "purchase_date_ms": "1", "quantity": "-1"}"#,
                .quantityOutOfRange, "latest_receipt_info[0].quantity"
            ),
            (
                #"{"product_id": "p", "transaction_id": "1", "purchase_date_ms": "1", "quantity": "x"}"#,
                .expectedWholeNumber,
                "latest_receipt_info[0].quantity"
            ),
            (
                #"{"product_id": "p", "transaction_id": "1", "purchase_date_ms": "1", "is_trial_period": 2}"#,
                .expectedBoolean, "latest_receipt_info[0].is_trial_period"
            ),
            (
                #"{"product_id": [], "transaction_id": "1", "purchase_date_ms": "1"}"#, .expectedStringOrWholeNumber,
                "latest_receipt_info[0].product_id"
            ),
        ] as [(String, VerifyReceiptDecodingError.Problem, String)])
    func aSkippedElementSaysWhyAndWhere(element: String, problem: VerifyReceiptDecodingError.Problem, path: String)
        throws
    {
        let response = try Self.decode(#"{"status": 0, "latest_receipt_info": ["# + element + "]}")
        let error = VerifyReceiptDecodingError(problem, path: path)
        #expect(response.decodingIssues == [VerifyReceiptDecodingIssue(part: "latest_receipt_info[0]", error: error)])
        #expect(response.decodingIssues.first?.description == "latest_receipt_info[0] skipped: " + error.reason)
    }

    @Test(
        arguments: [
            (21005, nil, true), (21009, nil, true), (21100, nil, true), (21150, true, true), (21199, false, false),
            (21100, false, false), (21007, nil, false), (21003, true, false), (0, nil, false), (2, nil, false),
            (21002, nil, true),
        ] as [(Int, Bool?, Bool)])
    func classifiesRetryableStatuses(status: Int, flag: Bool?, retryable: Bool) throws {
        let flagText = flag.map { #", "is-retryable": \#($0)"# } ?? ""
        let response = try Self.decode(#"{"status": \#(status)\#(flagText)}"#)
        #expect(response.status.rawValue == status)
        #expect(response.isRetryable == retryable)
    }

    @Test func readsIsRetryableAsNumberOrString() throws {
        #expect(try Self.decode(#"{"status": 21100, "is-retryable": 0}"#).isRetryable == false)
        #expect(try Self.decode(#"{"status": 21100, "is-retryable": "false"}"#).isRetryable == false)
        #expect(try Self.decode(#"{"status": 21101, "is_retryable": false}"#).isRetryableFlag == false)
    }

    @Test func namesTheEnvironmentToRetryIn() throws {
        #expect(try Self.decode(#"{"status": 21007}"#).retryIn == .sandbox)
        #expect(try Self.decode(#"{"status": 21008}"#).retryIn == .production)
        #expect(try Self.decode(#"{"status": 21002}"#).retryIn == nil)
    }

    @Test func encodingRoundTripsInAppleShape() throws {
        let response = VerifyReceiptResponse(
            status: .valid, environment: .production,
            receipt: ReceiptFixtures.receipt(.production, [ReceiptFixtures.gems()]),
            latestReceiptInfo: [ReceiptFixtures.monthly()], latestReceipt: "abc",
            pendingRenewalInfo: [PendingRenewalInfo(originalTransactionID: "1000000000000002", productID: "m")])
        let data = response.jsonData()
        #expect(try VerifyReceiptResponse(jsonData: data) == response)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["status"] as? Int == 0)
        #expect(object["environment"] as? String == "Production")
        let renewal = try #require((object["pending_renewal_info"] as? [[String: Any]])?.first)
        #expect(renewal["auto_renew_status"] as? String == "1")
    }
}
