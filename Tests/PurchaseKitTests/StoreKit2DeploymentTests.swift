import Foundation
import PurchaseKit
import Testing

/// `Catalog/SimulatedStoreKit2.plist`: a deployment on the simulated App Store's StoreKit 2 face, whose
/// `Store` verifies each signed transaction against the root kept in its state folder.
struct StoreKit2DeploymentTests {
    static let catalog: Catalog = {
        let path = PurchaseDeploymentTests.packageRoot.appendingPathComponent("Catalog/SimulatedStoreKit2.plist")
            .path
        return CatalogLoader().load(contentsOfFile: path).catalog!
    }()

    @Test func purchasesCarryAVerifiedJWSAndSurviveARelaunch() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("storekit2-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let clock = ManualClock()
        var deployment = try PurchaseDeployment.open(catalog: Self.catalog, stateDirectory: state, clock: clock)
        try await deployment.start()
        let provider = try #require(deployment.providers.first as? SimulatedStoreKit2Provider)
        #expect(provider.receiptVerifier != nil)
        guard case .purchased(let transaction) = await deployment.store.purchase("com.example.removeads") else {
            Issue.record("not purchased")
            return
        }
        let token = try #require(transaction.verificationData.flatMap { String(data: $0, encoding: .utf8) })
        #expect(token.split(separator: ".").count == 3)
        let names = try await deployment.store.entitlements().names
        #expect(!names.isEmpty)
        await deployment.close()

        // Relaunched on the same folder: the persisted chain still signs, the store still verifies.
        deployment = try PurchaseDeployment.open(catalog: Self.catalog, stateDirectory: state, clock: clock)
        try await deployment.start()
        #expect(try await deployment.store.entitlements().names == names)
        #expect(await deployment.store.restore().restoredProductIDs == ["com.example.removeads"])
        guard case .purchased = await deployment.store.purchase("com.example.gems.100") else {
            Issue.record("not purchased after the relaunch")
            await deployment.close()
            return
        }
        await deployment.close()
    }
}
