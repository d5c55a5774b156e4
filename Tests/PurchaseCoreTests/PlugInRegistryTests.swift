import Foundation
import PurchaseCore
import Testing

/// The plug-in contract of the core: ledgers registered by kind like providers, the deployment's
/// `Ledger` entry, and the resources a deployment shares among its plug-ins.
struct PlugInRegistryTests {
    /// A resource that counts how often it was closed and records the order of closes.
    final class Resource: SharedDeploymentResource {
        let name: String
        let closes: Locked<[String]>

        init(_ name: String, closes: Locked<[String]>) {
            self.name = name
            self.closes = closes
        }

        func close() async { closes.withLock { $0.append(name) } }
    }

    final class OtherResource: SharedDeploymentResource {
        func close() async {}
    }

    @Test func aSharedResourceIsOpenedOnceAndClosedLastOpenedFirst() async throws {
        let closes = Locked<[String]>([])
        let resources = DeploymentResources()
        var opened = 0
        let first = try resources.shared("journal") { () throws(PurchaseError) in
            opened += 1
            return Resource("journal", closes: closes)
        }
        let again = try resources.shared("journal") { () throws(PurchaseError) in
            opened += 1
            return Resource("another", closes: closes)
        }
        #expect(first === again && opened == 1)
        _ = try resources.shared("pool") { () throws(PurchaseError) in Resource("pool", closes: closes) }
        // Another type under the same key is a configuration error, never a wrong cast.
        #expect(throws: PurchaseError.self) {
            _ = try resources.shared("journal") { () throws(PurchaseError) in OtherResource() }
        }
        await resources.closeAll()
        #expect(closes.withLock { $0 } == ["pool", "journal"])
        await resources.closeAll()
        #expect(closes.withLock { $0 }.count == 2)
        let reopened = try resources.shared("journal") { () throws(PurchaseError) in
            Resource("journal", closes: closes)
        }
        #expect(reopened !== first)
    }

    @Test func aFailedOpenKeepsNothing() throws {
        let resources = DeploymentResources()
        #expect(throws: PurchaseError.self) {
            _ = try resources.shared("journal") { () throws(PurchaseError) -> OtherResource in
                throw PurchaseError(.ledgerIOFailed, detail: "disk full")
            }
        }
        var opened = false
        _ = try resources.shared("journal") { () throws(PurchaseError) in
            opened = true
            return OtherResource()
        }
        #expect(opened)
    }

    @Test func valuesAreFoundByTheirType() {
        struct Options: Sendable, Equatable { var limit: Int }
        let resources = DeploymentResources(values: [Options(limit: 3), "text", Options(limit: 7)])
        #expect(resources.value(Options.self) == Options(limit: 7))
        #expect(resources.value(String.self) == "text")
        #expect(resources.value(Int.self) == nil)
    }

    @Test func ledgersAreRegisteredCheckedAndBuiltByKind() async throws {
        var registry = ProviderRegistry()
        InMemoryFulfillmentLedger.register(in: &registry)
        registry.registerLedger(
            "audit", settingKeys: ["Path", "Copies"],
            checkingSettings: { settings in
                guard settings["Copies"].map({ $0.integerValue != nil }) ?? true else {
                    throw ProviderSettingError(ledger: "audit", key: "Copies", expected: .positiveInteger)
                }
            },
            factory: { _ in InMemoryFulfillmentLedger() })
        #expect(registry.ledgerKinds == ["audit", "memory"])
        #expect(registry.settingKeys(of: LedgerKind("audit")) == ["Copies", "Path"])
        #expect(registry.kinds.isEmpty)

        try registry.check(LedgerConfiguration(kind: .memory))
        let unknown = #expect(throws: PurchaseError.self) { try registry.check(LedgerConfiguration(kind: .file)) }
        #expect(unknown?.code == .providerMisconfigured)
        #expect(unknown?.detail?.contains("no ledger of kind 'file'") == true)

        let bad = LedgerConfiguration(kind: "audit", settings: ["Copies": "two"])
        let problems = registry.settingProblems(in: bad)
        #expect(problems == [ProviderSettingError(ledger: "audit", key: "Copies", expected: .positiveInteger)])
        #expect(problems.first?.description == "the audit ledger setting 'Copies' must be an integer of 1 or more")
        #expect(throws: PurchaseError.self) { try registry.check(bad) }

        let context = LedgerContext(
            catalog: SampleCatalog.make(), configuration: LedgerConfiguration(kind: .memory),
            stateDirectory: URL(fileURLWithPath: "/nonexistent"))
        let ledger = try registry.makeLedger(context)
        #expect(try await ledger.contents().deliveries.isEmpty)
    }

    @Test func aDeploymentWithoutALedgerEntryUsesTheFileLedger() throws {
        let deployment = SampleCatalog.make().deployment
        #expect(deployment.ledger == LedgerConfiguration(kind: .file))
        var encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(deployment)) as? [String: Any]
        encoded?["ledger"] = nil
        let data = try JSONSerialization.data(withJSONObject: try #require(encoded))
        #expect(try JSONDecoder().decode(Deployment.self, from: data) == deployment)
        var memory = deployment
        memory.ledger = LedgerConfiguration(kind: .memory, settings: ["Size": 3])
        #expect(try JSONDecoder().decode(Deployment.self, from: JSONEncoder().encode(memory)) == memory)
    }
}
