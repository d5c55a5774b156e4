import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// The provider's settings name the subscription key promotional offers are signed with: its
/// identifier and a PEM public key file, both or neither.
struct SubscriptionKeySettingsTests {
    private func context(_ settings: [String: SettingValue]) -> ProviderContext {
        let catalog = TestCatalog.make(settings: settings)
        return ProviderContext(
            catalog: catalog, configuration: catalog.deployment.providers[0],
            stateDirectory: FileManager.default.temporaryDirectory)
    }

    @Test func theSessionTrustsTheNamedKey() async throws {
        let folder = try TestCatalog.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("key.pem")
        try Data(OfferCatalog.key.publicKey.pemRepresentation.utf8).write(to: file)
        let provider = try SimulatedAppStoreProvider.makeSimulated(
            context([
                "Persistence": "Memory", "BundleID": "com.example.shop", "SubscriptionKeyID": "K1",
                "SubscriptionKeyFile": .string(file.path),
            ]))
        let controls = await provider.queue.controls
        #expect(controls.subscriptionKeys == ["K1": OfferCatalog.key.publicKey])
        #expect(controls.bundleID == "com.example.shop")
    }

    @Test(arguments: [
        ["SubscriptionKeyID": SettingValue.string("K1")],
        ["SubscriptionKeyFile": SettingValue.string("/nonexistent/key.pem")],
        ["SubscriptionKeyID": SettingValue.string("K1"), "SubscriptionKeyFile": .string("/nonexistent/key.pem")],
    ])
    func anIncompleteOrUnreadableKeyIsMisconfigured(_ settings: [String: SettingValue]) {
        var all = settings
        all["Persistence"] = "Memory"
        #expect {
            _ = try SimulatedAppStoreProvider.makeSimulated(context(all))
        } throws: { error in
            (error as? PurchaseError)?.code == .providerMisconfigured
        }
    }
}
