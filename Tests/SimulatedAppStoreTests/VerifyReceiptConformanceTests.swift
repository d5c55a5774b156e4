import Foundation
import SimulatedAppStore
import TestSupport
import Testing

/// Every body in `../shared/conformance/verifyreceipt` decodes and classifies as MANIFEST.tsv labels it.
struct VerifyReceiptConformanceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var label: String
        var testDescription: String { "\(file) [\(label)]" }
    }

    static let conformance = ConformanceCorpus.root

    static let cases: [Case] = {
        guard
            let manifest = try? String(contentsOf: conformance.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        else { return [] }
        return manifest.split(separator: "\n").compactMap { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count > 2, columns[0].hasPrefix("verifyreceipt/"), columns[2] != "n/a" else { return nil }
            return Case(file: columns[0], label: columns[2])
        }
    }()

    @Test(.enabled(if: ConformanceCorpus.runs("verifyreceipt"), "../shared/conformance/verifyreceipt is absent"))
    func corpusIsFound() throws {
        let folder = try ConformanceCorpus.require("verifyreceipt")
        #expect(Self.cases.count >= 20)
        // Every JSON file of the folder is in the manifest.
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".json") && !path.hasSuffix("status_expectations_by_peer.json") {
                files.append("verifyreceipt/" + path)
            }
        }
        #expect(!files.isEmpty)
        #expect(Set(files).isSubset(of: Set(Self.cases.map(\.file))))
    }

    @Test(
        .enabled(if: ConformanceCorpus.runs("verifyreceipt"), "../shared/conformance/verifyreceipt is absent"),
        arguments: cases)
    func classifiesAsLabelled(_ testCase: Case) throws {
        let data = try Data(contentsOf: Self.conformance.appendingPathComponent(testCase.file))
        switch testCase.label {
        case let label where label.hasPrefix("status-"):
            let expected = try #require(Int(label.dropFirst("status-".count)))
            let response = try VerifyReceiptResponse(jsonData: data)
            #expect(response.status.rawValue == expected)
            #expect(
                response.isRetryable == [21002, 21005, 21009].contains(expected) || (21100...21199).contains(expected))
            #expect(response.retryIn == (expected == 21007 ? .sandbox : expected == 21008 ? .production : nil))
            if expected == 0, data.count > 100 {
                #expect(response.receipt?.bundleID == "com.foo.foo")
                #expect(response.environment == .sandbox)
                #expect(!(response.inApp + response.latestReceiptInfo).isEmpty)
            }
        case "fragment":
            #expect(throws: VerifyReceiptDecodingError.self) { try VerifyReceiptResponse(jsonData: data) }
            let transaction = try? JSONDecoder().decode(ReceiptTransaction.self, from: data)
            let renewal = try? JSONDecoder().decode(PendingRenewalInfo.self, from: data)
            #expect(transaction != nil || renewal != nil)
            if testCase.file.contains("pending_renewal_info") {
                #expect(transaction == nil)
                #expect(renewal?.autoRenewStatus == true)
            } else {
                #expect(transaction?.quantity == 1)
            }
        case "malformed":
            #expect(throws: VerifyReceiptDecodingError.self) { try VerifyReceiptResponse(jsonData: data) }
        case "s2s-v1":
            #expect(throws: VerifyReceiptDecodingError.self) { try VerifyReceiptResponse(jsonData: data) }
            let notification = try ServerNotificationV1(jsonData: data)
            #expect(notification.notificationType == "CANCEL")
            #expect(!notification.latestReceiptInfo.isEmpty)
            #expect(!notification.pendingRenewalInfo.isEmpty)
        default:
            Issue.record("unknown label \(testCase.label) for \(testCase.file)")
        }
    }

    /// The peers' status tables agree with ours where they agree with each other.
    @Test(.enabled(if: ConformanceCorpus.runs("verifyreceipt"), "../shared/conformance/verifyreceipt is absent"))
    func agreesWithPeerStatusExpectations() throws {
        let url = try ConformanceCorpus.require("verifyreceipt")
            .appendingPathComponent("status_expectations_by_peer.json")
        let data = try Data(contentsOf: url)
        let peers = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        // go-iap maps 21100-21199 to the same error as 21009: both are retryable here.
        let goIAP = try #require(peers["awa/go-iap"] as? [String: Any])
        #expect(goIAP["21100-21199"] as? String == goIAP["21009"] as? String)
        #expect(VerifyReceiptStatus(21100).isRetryable(flag: nil) == VerifyReceiptStatus(21009).isRetryable(flag: nil))
        // node-apple-receipt-verify retries a 21007 from production against the sandbox.
        let node = try #require(peers["ladeiko/node-apple-receipt-verify"] as? [String: Any])
        #expect((node["21007_production"] as? String)?.contains("sandbox") == true)
        #expect(VerifyReceiptStatus(21007).retryEnvironment == .sandbox)
        // Every status a peer names has a documented meaning here.
        let aporat = try #require(
            (peers["aporat/store-receipt-validator"] as? [String: Any])?["enum"] as? [String: Any])
        let rejected = try #require(node["rejects_with_message"] as? [String: Any])
        for code in Set(aporat.keys).union(rejected.keys) {
            let status = VerifyReceiptStatus(try #require(Int(code)))
            #expect(status.meaning != "unknown status", "status \(code)")
        }
        // dollabill counts 0 and 21006 as successful: so does the verifier by default.
        let dollabill = try #require(peers["levibostian/dollabill-apple"] as? [String: Any])
        #expect(dollabill["successful_statuses"] as? [Int] == [0, 21006])
    }
}
