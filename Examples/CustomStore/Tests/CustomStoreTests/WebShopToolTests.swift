import CustomStore
import Foundation
import PurchaseKit
import Testing

/// The example's own `webshop` tool: PurchaseKit's commands with this package's plug-ins, as a
/// person runs them.
struct WebShopToolTests {
    /// Runs `webshop` with `arguments`; its exit status and everything it printed.
    private func webshop(_ arguments: [String], in folder: URL) async throws -> (status: Int32, output: String) {
        try await runBuiltExecutable("webshop", arguments, in: folder, capturingErrors: true)
    }

    @Test func theToolBuysThroughTheWebShopAndDeliversOncePaid() async throws {
        try await withTemporaryFolder { folder in
            let fixture = WebShopFixture(root: folder)
            let common = ["--catalog", webShopCatalogPath, "--state", fixture.state.path, "--json"]
            #expect(try await webshop(common + ["catalog", "validate", webShopCatalogPath], in: folder).status == 0)

            let bought = try await webshop(common + ["buy", "com.example.webshop.gems.100"], in: folder)
            #expect(bought.status == 0)
            #expect(bought.output.contains("\"outcome\":\"pending\""))

            // The person pays in the browser; the next run of the tool delivers the order, once.
            #expect(try fixture.shop.payPendingCheckouts(at: Date()).count == 1)
            for _ in 0..<2 {
                let owned = try await webshop(common + ["entitlements"], in: folder)
                #expect(owned.status == 0)
                #expect(owned.output.contains("\"gems\":100"))
            }
            #expect(
                FileManager.default.fileExists(atPath: fixture.state.appendingPathComponent("purchases.sqlite").path))
        }
    }
}
