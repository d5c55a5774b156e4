import Foundation
import PurchaseKit
import Testing

/// `purchasekit history` shows what a consumable's refund could not take back (units already spent),
/// for people in their language and in `--json`.
struct ToolConsumableRefundTests {
    static let simulated = ToolRunner.packageRoot.appendingPathComponent("Catalog/Simulated.plist")
    static let gems = "com.example.gems.100"

    @Test func historyShowsTheShortfallOfARefundedConsumable() async throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appendingPathComponent("state")
        let deployment = try PurchaseDeployment.open(catalogPath: Self.simulated.path, stateDirectory: state)
        let provider = try #require(deployment.providers.first as? SimulatedAppStoreProvider)
        let events = await deployment.store.events()
        await deployment.store.start()
        guard case .purchased(let bought) = await deployment.store.purchase(Self.gems) else {
            Issue.record("expected purchased")
            return
        }
        _ = try await deployment.store.spend("gems", quantity: 70)
        #expect(await provider.queue.refundTransaction(bought.id) != nil)
        for await event in events where event.name == "revoked" { break }
        await deployment.close()
        await provider.queue.close()

        let arguments = ["--catalog", Self.simulated.path, "--state", state.path]
        for (locale, text) in [
            ("en_US", "gems 70 already spent, not taken back"),
            ("de_DE", "gems 70 bereits ausgegeben, nicht zurückgebucht"),
        ] {
            let result = try ToolRunner.run(arguments + ["--locale", locale, "history"])
            #expect(result.status == 0, "\(result.stderr)")
            let line = try #require(result.stdout.split(separator: "\n").first { $0.contains(bought.id) })
            #expect(line.contains(text), "\(locale): \(line)")
        }
        let json = try ToolRunner.run(arguments + ["history", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [[String: Any]])
        let row = try #require(rows.first { ($0["transactionID"] as? String) == bought.id })
        #expect(row["state"] as? String == "revoked")
        #expect(row["refundShortfall"] as? [String: Int] == ["gems": 70])
        let balances = try ToolRunner.run(arguments + ["entitlements", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: balances.stdoutData) as? [String: Any])
        #expect((object["balances"] as? [String: Int])?["gems", default: 0] == 0)
    }
}
