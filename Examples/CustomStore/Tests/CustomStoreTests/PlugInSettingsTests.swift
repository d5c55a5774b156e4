import CustomStore
import Foundation
import PurchaseKit
import Testing

/// The registered settings checks: a catalog naming the plug-ins loads clean, and settings they
/// cannot use are refused at their line, or before any file is created.
struct PlugInSettingsTests {
    /// A setting of the provider's, or of the ledger's, that cannot be used.
    struct BadSetting: Sendable, CustomStringConvertible {
        var provider: [String: SettingValue]?
        var ledger: [String: SettingValue]?
        var key: String

        var description: String { "\(provider ?? ledger ?? [:])" }
    }

    private static let goodProvider: [String: SettingValue] = ["ShopFolder": "web-shop", "Secret": "s"]

    static let badSettings: [BadSetting] = [
        BadSetting(provider: ["Secret": "s"], key: "ShopFolder"),
        BadSetting(provider: ["ShopFolder": "", "Secret": "s"], key: "ShopFolder"),
        BadSetting(provider: ["ShopFolder": 3, "Secret": "s"], key: "ShopFolder"),
        BadSetting(provider: ["ShopFolder": "web-shop"], key: "Secret"),
        BadSetting(provider: ["ShopFolder": "web-shop", "Secret": ""], key: "Secret"),
        BadSetting(provider: ["ShopFolder": "web-shop", "SecretEnvironment": true], key: "SecretEnvironment"),
        BadSetting(provider: goodProvider.merging(["PollInterval": 0]) { $1 }, key: "PollInterval"),
        BadSetting(provider: goodProvider.merging(["PollInterval": "5"]) { $1 }, key: "PollInterval"),
        BadSetting(ledger: ["Path": ""], key: "Path"),
        BadSetting(ledger: ["Path": 1], key: "Path"),
        BadSetting(ledger: ["BusyTimeout": 0], key: "BusyTimeout"),
        BadSetting(ledger: ["BusyTimeout": 1.5], key: "BusyTimeout"),
    ]

    private func catalog() throws -> Catalog {
        try CatalogLoader(registry: CustomStorePlugIns.registry).load(contentsOfFile: webShopCatalogPath).get()
    }

    @Test(arguments: badSettings)
    func badSettingsAreRefusedBeforeAnyFileIsCreated(_ bad: BadSetting) async throws {
        try await withTemporaryFolder { root in
            var catalog = try catalog()
            if let settings = bad.provider {
                catalog.deployment.providers = [
                    ProviderConfiguration(kind: WebCheckoutProvider.kind, settings: settings)
                ]
            }
            catalog.deployment.ledger = LedgerConfiguration(
                kind: SQLiteFulfillmentLedger.kind, settings: bad.ledger ?? [:])
            let state = root.appendingPathComponent("state")
            let error = #expect(throws: PurchaseError.self) {
                try PurchaseDeployment.open(
                    catalog: catalog, stateDirectory: state, registry: CustomStorePlugIns.registry)
            }
            #expect(error?.code == .providerMisconfigured)
            let problem = error?.underlyingError as? ProviderSettingError
            #expect(problem?.key == bad.key)
            #expect(problem?.isLedgerSetting == (bad.ledger != nil))
            #expect(contentsOfFolder(root).isEmpty)
        }
    }

    @Test func aSecretEnvironmentThatIsNotSetIsRefusedBeforeAnyFileIsCreated() async throws {
        try await withTemporaryFolder { root in
            var catalog = try catalog()
            let variable = "CUSTOMSTORE_TEST_UNSET_\(UUID().uuidString.replacingOccurrences(of: "-", with: "_"))"
            catalog.deployment.providers = [
                ProviderConfiguration(
                    kind: WebCheckoutProvider.kind,
                    settings: ["ShopFolder": "web-shop", "SecretEnvironment": .string(variable)])
            ]
            let error = #expect(throws: PurchaseError.self) {
                try PurchaseDeployment.open(
                    catalog: catalog, stateDirectory: root.appendingPathComponent("state"),
                    registry: CustomStorePlugIns.registry)
            }
            #expect(error?.code == .providerMisconfigured)
            #expect(contentsOfFolder(root).isEmpty)
        }
    }

    @Test func theSecretComesFromTheEnvironmentWhenTheVariableIsSet() throws {
        let settings = try WebCheckoutSettings([
            "ShopFolder": "shop", "SecretEnvironment": "SHOP_SECRET", "Secret": "from-the-catalog",
        ])
        #expect(try settings.resolveSecret(in: ["SHOP_SECRET": "from-the-environment"]) == "from-the-environment")
        #expect(try settings.resolveSecret(in: ["SHOP_SECRET": ""]) == "from-the-catalog")
        #expect(try settings.resolveSecret(in: [:]) == "from-the-catalog")
        #expect(settings.pollInterval == 5)
    }

    @Test func theExampleCatalogLoadsWithoutAProblem() throws {
        let result = CatalogLoader(registry: CustomStorePlugIns.registry).load(contentsOfFile: webShopCatalogPath)
        #expect(result.diagnostics.isEmpty)
        let catalog = try result.get()
        #expect(catalog.deployment.providers.map(\.kind) == [WebCheckoutProvider.kind])
        #expect(catalog.products.count == 5)
    }

    @Test func aCatalogLoaderReportsABadSettingAtItsLineAndAnUnknownKeyWithTheClosest() async throws {
        try await withTemporaryFolder { folder in
            let text = try String(contentsOfFile: webShopCatalogPath, encoding: .utf8)
            let bad = text.replacingOccurrences(
                of: "<key>PollInterval</key>\n\t\t\t<integer>5</integer>",
                with: "<key>PollInterval</key>\n\t\t\t<integer>0</integer>"
            ).replacingOccurrences(
                of: "<key>ShopFolder</key>", with: "<key>ShopFolder</key>\n\t\t\t<string>x</string><key>Secrett</key>")
            #expect(bad != text)
            let path = folder.appendingPathComponent("Bad.plist").path
            try bad.write(toFile: path, atomically: true, encoding: .utf8)
            let result = CatalogLoader(registry: CustomStorePlugIns.registry).load(contentsOfFile: path)
            let line = bad.components(separatedBy: "\n").firstIndex { $0.contains("<integer>0</integer>") }.map {
                $0 + 1
            }
            let errors = result.diagnostics.filter { $0.severity == .error }
            #expect(errors.count == 1)
            #expect(errors.first?.location.line == line)
            #expect(errors.first?.message.contains("PollInterval") == true)
            let warnings = result.diagnostics.filter { $0.severity == .warning }
            #expect(warnings.count == 1)
            #expect(warnings.first?.message.contains("Secret") == true)
        }
    }
}
