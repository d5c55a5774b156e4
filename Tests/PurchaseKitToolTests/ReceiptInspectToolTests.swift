import Foundation
import TestSupport
import Testing

/// `purchasekit receipt inspect FILE [--json]`.
struct ReceiptInspectToolTests {
    static let conformance = ConformanceCorpus.root

    /// The verifyreceipt rows of the conformance manifest (empty when the folder is absent).
    static let corpus: [(file: String, label: String)] = {
        guard
            let manifest = try? String(
                contentsOf: conformance.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        else { return [] }
        return manifest.split(separator: "\n").compactMap { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count > 2, columns[0].hasPrefix("verifyreceipt/"), columns[2] != "n/a" else { return nil }
            return (columns[0], columns[2])
        }
    }()

    static func object(_ result: ToolRunner.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
    }

    @Test(.enabled(if: ConformanceCorpus.runs("verifyreceipt"), "../shared/conformance/verifyreceipt is absent"))
    func classifiesEveryConformanceBodyAsLabelled() throws {
        _ = try ConformanceCorpus.require("verifyreceipt")
        #expect(Self.corpus.count >= 20)
        for (file, label) in Self.corpus {
            let path = Self.conformance.appendingPathComponent(file).path
            let result = try ToolRunner.run(["receipt", "inspect", "--json", path])
            if label.hasPrefix("status-") {
                #expect(result.status == 0, "\(file)")
                let status = Int(label.dropFirst("status-".count))
                #expect(try Self.object(result)["status"] as? Int == status, "\(file)")
                #expect(result.stderr.isEmpty, "\(file)")
            } else {
                #expect(result.status == 65, "\(file) [\(label)]")
                #expect(result.stdout.isEmpty)
                #expect(result.stderr.hasPrefix("\(path): error: not a verifyReceipt response body"), "\(file)")
            }
        }
    }

    @Test(
        arguments: [
            (#"{"status": 21007}"#, false, "sandbox"),
            (#"{"status": 21008, "environment": "Sandbox"}"#, false, "production"),
            (#"{"status": 21100, "is-retryable": true}"#, true, nil),
            (#"{"status": 21199, "is-retryable": false}"#, false, nil),
            (#"{"status": 21005}"#, true, nil),
            (#"{"status": 0, "environment": "Production"}"#, false, nil),
        ] as [(String, Bool, String?)])
    func printsRetryClassificationAsJSON(body: String, retryable: Bool, retryIn: String?) throws {
        let path = try ToolRunner.file(named: "body.json", containing: body)
        let result = try ToolRunner.run(["--json", "receipt", "inspect", path])
        #expect(result.status == 0)
        let object = try Self.object(result)
        #expect(object["retryable"] as? Bool == retryable)
        #expect(object["retryIn"] as? String == retryIn)
        #expect(object.keys.contains("environment"))
        for key in ["inApp", "latestReceiptInfo", "pendingRenewalInfo"] {
            #expect(object[key] is [Any], "\(key)")
        }
    }

    /// A device or a pipe is read like a file (Foundation refused `/dev/null` as "permission
    /// denied", exit 74): empty, it is an empty body.
    @Test func aDeviceIsReadLikeAFile() throws {
        let result = try ToolRunner.run(["receipt", "inspect", "/dev/null"])
        #expect(result.status == 65)
        #expect(result.stderr == "/dev/null: error: not a verifyReceipt response body: the body is empty\n")
    }

    @Test func printsTransactionsAndRenewalInfo() throws {
        let body = """
            {"status": 0, "environment": "Production",
             "receipt": {"bundle_id": "com.example.app", "receipt_type": "Production",
               "in_app": [{"quantity": "2", "product_id": "gems", "transaction_id": "11",
                 "purchase_date_ms": "1767225600000"}]},
             "latest_receipt_info": [{"quantity": "1", "product_id": "monthly", "transaction_id": "12",
                 "original_transaction_id": "10", "purchase_date_ms": "1767225600000",
                 "expires_date_ms": "1769904000000", "cancellation_date_ms": "1767312000000",
                 "cancellation_reason": "1"}],
             "pending_renewal_info": [{"original_transaction_id": "10", "product_id": "monthly",
                 "auto_renew_status": "0", "expiration_intent": "1", "is_in_billing_retry_period": "1"}]}
            """
        let path = try ToolRunner.file(named: "body.json", containing: body)
        let json = try Self.object(try ToolRunner.run(["receipt", "inspect", path, "--json"]))
        let inApp = try #require(json["inApp"] as? [[String: Any]])
        #expect(inApp.first?["quantity"] as? Int == 2)
        #expect(inApp.first?["purchaseDate"] as? String == "2026-01-01T00:00:00Z")
        let latest = try #require((json["latestReceiptInfo"] as? [[String: Any]])?.first)
        #expect(latest["expiresDate"] as? String == "2026-02-01T00:00:00Z")
        #expect(latest["cancellationDate"] as? String == "2026-01-02T00:00:00Z")
        let renewal = try #require((json["pendingRenewalInfo"] as? [[String: Any]])?.first)
        #expect(renewal["autoRenewStatus"] as? Bool == false)
        #expect(renewal["expirationIntent"] as? Int == 1)
        #expect(renewal["isInBillingRetryPeriod"] as? Bool == true)

        let text = try ToolRunner.run(["receipt", "inspect", path])
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("status 0: the receipt is valid\nenvironment: Production\nretryable: no\n"))
        #expect(text.stdout.contains("receipt: com.example.app"))
        #expect(text.stdout.contains("  11  gems  x2  purchased 2026-01-01T00:00:00Z"))
        #expect(text.stdout.contains("cancelled 2026-01-02T00:00:00Z"))
        #expect(text.stdout.contains("  10  monthly  auto-renew off  expiration intent 1  in billing retry"))
    }

    @Test func peopleOutputNamesTheEnvironmentToRetryIn() throws {
        let path = try ToolRunner.file(named: "body.json", containing: #"{"status": 21007}"#)
        let result = try ToolRunner.run(["receipt", "inspect", path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("status 21007: a sandbox receipt was sent to production"))
        #expect(result.stdout.contains("retry in: sandbox"))
    }

    @Test(arguments: [
        ("[1, 2]", "not a JSON object"),
        (#"{"status": "maybe"}"#, "status"),
        (#"{"environment": "Sandbox"}"#, "missing 'status'"),
        ("{", "not valid JSON"),
        (#"{"product_id": "p", "transaction_id": "1", "purchase_date_ms": "1"}"#, "single in_app"),
    ])
    func refusesMalformedBodiesWith65(body: String, reason: String) throws {
        let path = try ToolRunner.file(named: "bad.json", containing: body)
        let result = try ToolRunner.run(["receipt", "inspect", path])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("\(path): error: not a verifyReceipt response body: "))
        #expect(result.stderr.contains(reason))
    }

    @Test func reportsPartsItSkipped() throws {
        let body = #"{"status": 0, "latest_receipt_info": [{"product_id": "p"}]}"#
        let path = try ToolRunner.file(named: "odd.json", containing: body)
        let json = try Self.object(try ToolRunner.run(["receipt", "inspect", "--json", path]))
        #expect((json["decodingIssues"] as? [String])?.count == 1)
        #expect((json["latestReceiptInfo"] as? [Any])?.isEmpty == true)
        let text = try ToolRunner.run(["receipt", "inspect", path])
        #expect(text.status == 0)
        #expect(text.stdout.contains("skipped: latest_receipt_info[0]"))
    }

    /// A date the body writes outside 0000-01-01 to 9999-12-31 is refused with the field's path, never
    /// shown as another date; the first and last dates of the range are shown as they are.
    @Test(arguments: ["-100000000000000", "9223372036854775807", "253402300800000", "-62167219200001"])
    func aDateOutsideTheRangeIsRefusedWithItsPath(_ milliseconds: String) throws {
        let body =
            #"{"status": 0, "receipt": {"bundle_id": "b", "in_app": ["#
            + #"{"product_id": "p", "transaction_id": "1", "purchase_date_ms": "\#(milliseconds)"}]}}"#
        let path = try ToolRunner.file(named: "dates.json", containing: body)
        let text = try ToolRunner.run(["receipt", "inspect", path])
        #expect(text.status == 0)
        #expect(!text.stdout.contains("purchased"), "\(text.stdout)")
        #expect(text.stdout.contains("skipped: receipt.in_app[0].purchase_date_ms: the date is out of range"))
        let json = try Self.object(try ToolRunner.run(["receipt", "inspect", "--json", path]))
        #expect((json["decodingIssues"] as? [String])?.first?.contains("in_app[0].purchase_date_ms") == true)
    }

    @Test func theEarliestAndLatestDatesArePrintedAsTheyAre() throws {
        let body =
            #"{"status": 0, "receipt": {"bundle_id": "b", "in_app": ["#
            + #"{"product_id": "p", "transaction_id": "1", "purchase_date_ms": "-62167219200000"},"#
            + #"{"product_id": "q", "transaction_id": "2", "purchase_date_ms": "253402300799999"}]}}"#
        let path = try ToolRunner.file(named: "edges.json", containing: body)
        let text = try ToolRunner.run(["receipt", "inspect", path])
        #expect(text.stdout.contains("  1  p  x1  purchased 0000-01-01T00:00:00Z\n"), "\(text.stdout)")
        #expect(text.stdout.contains("  2  q  x1  purchased 9999-12-31T23:59:59Z\n"), "\(text.stdout)")
    }

    @Test func readsStandardInput() throws {
        let result = try ToolRunner.run(["receipt", "inspect", "-", "--json"], stdin: Data(#"{"status": 21002}"#.utf8))
        #expect(result.status == 0)
        #expect(try Self.object(result)["status"] as? Int == 21002)
    }

    @Test func missingFileExits66() throws {
        let result = try ToolRunner.run(["receipt", "inspect", "/nonexistent/body.json"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("/nonexistent/body.json: no such file"))
    }

    @Test func usageErrorsAndHelp() throws {
        let help = try ToolRunner.run(["receipt", "inspect", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("USAGE: purchasekit receipt inspect FILE [--json]"))
        #expect(try ToolRunner.run(["--help"]).stdout.contains("receipt inspect FILE"))
        let missing = try ToolRunner.run(["receipt", "inspect"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("'receipt inspect' needs a file"))
        #expect(try ToolRunner.run(["receipt", "frob"]).status == 64)
        #expect(try ToolRunner.run(["receipt", "inspect", "a.json", "b.json"]).status == 64)
    }
}
