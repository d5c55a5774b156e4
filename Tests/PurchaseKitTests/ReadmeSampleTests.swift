import Foundation
import PurchaseKit
import PurchaseTesting
import Testing

// The sample in README.md ("Testing your purchase code"), kept compiling and passing here.
struct ReadmeSampleTests {
    static let catalogPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Catalog/Default.plist").path

    @Test func gemsAreDeliveredOnceAfterACrashBeforeFinish() async throws {
        let catalog = try CatalogLoader().load(contentsOfFile: Self.catalogPath).get()
        let harness = StoreTestHarness(catalog: catalog)
        await harness.provider.script("com.example.gems.100", .crashBeforeFinish)

        guard case .purchased = await harness.store.purchase("com.example.gems.100") else {
            Issue.record("expected the purchase to go through")
            return
        }
        _ = await harness.relaunched().start()  // handed back unfinished, found already delivered

        #expect(try await harness.store.entitlements().balances["gems"] == 100)
    }
}
