import Foundation
import Testing

/// `history --json` gives each StoreKit 2 transaction's JWS as `signedTransaction`, what an app posts
/// to its server; a store that does not sign its transactions gives none.
struct ToolSignedHistoryTests {
    @Test func aStoreKit2TransactionCarriesItsJWSWhichVerifiesAgainstTheStoresRoot() throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = ToolRunner.packageRoot.appendingPathComponent("Catalog/SimulatedStoreKit2.plist").path
        let base = ["--catalog", catalog, "--state", folder.appendingPathComponent("state").path]
        let bought = try ToolRunner.run(base + ["buy", "com.example.removeads"])
        #expect(bought.status == 0, "\(bought.stderr)")
        let history = try ToolRunner.run(base + ["history", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: history.stdoutData) as? [[String: Any]])
        let row = try #require(rows.first)
        let token = try #require(row["signedTransaction"] as? String)

        let file = try ToolRunner.file(named: "transaction.jws", containing: token)
        let root = folder.appendingPathComponent("state/simulated-app-store/signing-root-LocalTesting.pem").path
        let inspected = try ToolRunner.run(["jws", "inspect", file, "--root", root, "--json"])
        #expect(inspected.status == 0, "\(inspected.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: inspected.stdoutData) as? [String: Any])
        let payload = try #require(object["payload"] as? [String: Any])
        #expect(payload["transactionId"] as? String == row["transactionID"] as? String)
        #expect(payload["productId"] as? String == "com.example.removeads")
        #expect(row["finished"] as? Bool == true && row["delivered"] as? Bool == true)
    }

    @Test func aFileStoreTransactionCarriesNone() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        #expect(try fixture.run(["buy", "com.example.gems.100"]).status == 0)
        let rows = try fixture.history()
        #expect(rows.count == 1)
        #expect(rows.allSatisfy { $0["signedTransaction"] == nil })
    }
}
