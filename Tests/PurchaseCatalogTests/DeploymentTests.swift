import PurchaseCore
import Testing

struct DeploymentTests {
    let deployment = Deployment(
        name: "two stores",
        providers: [
            ProviderConfiguration(kind: .simulatedAppStore, settings: ["CanMakePayments": true]),
            ProviderConfiguration(kind: "web", settings: ["Endpoint": "https://example.com", "Retries": 3]),
        ],
        storefront: "USA",
        locale: "en_US"
    )

    @Test func routesProductsToTheStoreTheirIDsName() {
        let plain = Product(productID: "a", type: .consumable)
        let webOnly = Product(productID: "b", type: .consumable, storeIDs: ["web": "web-b"])
        let both = Product(productID: "c", type: .consumable, storeIDs: ["web": "w", .simulatedAppStore: "s"])
        let elsewhere = Product(productID: "d", type: .consumable, storeIDs: ["other": "o"])
        #expect(deployment.provider(for: plain)?.kind == .simulatedAppStore)
        #expect(deployment.provider(for: webOnly)?.kind == "web")
        #expect(deployment.provider(for: both)?.kind == .simulatedAppStore)
        #expect(deployment.provider(for: elsewhere)?.kind == .simulatedAppStore)
        #expect(deployment.provider("web")?.settings["Retries"]?.integerValue == 3)
        #expect(deployment.provider("missing") == nil)
    }

    @Test func writesSettingsAsLiterals() {
        let value: SettingValue = ["Flag": true, "Rate": 1.5, "Names": ["a", "b"], "Count": -2]
        #expect(value["Flag"]?.boolValue == true)
        #expect(value["Rate"]?.doubleValue == 1.5)
        #expect(value["Count"]?.doubleValue == -2)
        #expect(value["Names"]?.arrayValue == [.string("a"), .string("b")])
        #expect(value["Missing"] == nil)
        #expect(SettingValue.string("x")["Flag"] == nil)
    }
}
