import Foundation
import PurchaseKit
import SimulatedGooglePlay
import Testing

/// The simulated Google Play's provider in a deployment: renewals as new order ids, the app account
/// token through `obfuscatedAccountId`, its settings checked, its state kept in memory when asked.
struct GooglePlayProviderTests {
    @Test func aRenewalIsANewOrderDeliveredWithTheFirstOrderAsOriginal() async throws {
        let state = GooglePlayDeploymentTests.temporaryState()
        defer { try? FileManager.default.removeItem(at: state) }
        let clock = ManualClock()
        let (deployment, provider) = try await GooglePlayDeploymentTests.open(
            try GooglePlayDeploymentTests.catalog("GooglePlay.plist"), state, clock)
        guard case .purchased(let first) = await deployment.store.purchase("com.example.pro.monthly") else {
            Issue.record("not purchased")
            await deployment.close()
            return
        }
        // The free week, then the monthly price.
        let trialEnd = try #require(first.expirationDate)
        #expect(trialEnd.timeIntervalSince(first.purchaseDate) == 7 * 86_400)
        try await provider.advanceTime(by: 8 * 86_400)
        let renewalID = first.id + "..0"
        let delivered = try await GooglePlayDeploymentTests.eventually {
            try await deployment.ledger.contents().deliveries.contains {
                $0.transactionID == TransactionID(store: "simulated-google-play", id: renewalID)
            }
        }
        #expect(delivered)
        let renewal = try #require(
            try await deployment.ledger.contents().deliveries.first { $0.transactionID.id == renewalID })
        #expect(renewal.originalTransactionID.id == first.id)
        let status = try #require(try await deployment.store.entitlements().subscriptions.first)
        #expect(status.expirationDate > trialEnd)
        await deployment.close()
    }

    @Test func theAppAccountTokenGoesThroughObfuscatedAccountID() async throws {
        let state = GooglePlayDeploymentTests.temporaryState()
        defer { try? FileManager.default.removeItem(at: state) }
        let (deployment, provider) = try await GooglePlayDeploymentTests.open(
            try GooglePlayDeploymentTests.catalog("GooglePlay.plist"), state, ManualClock())
        let account = UUID()
        let outcome = await deployment.store.purchase(
            "com.example.removeads", options: PurchaseOptions(appAccountToken: account))
        guard case .purchased(let transaction) = outcome else {
            Issue.record("not purchased: \(outcome)")
            await deployment.close()
            return
        }
        #expect(transaction.appAccountToken == account)
        let data = try PlayPurchaseData(
            json: try PlaySignedPurchase(verificationData: try #require(transaction.verificationData)).purchaseData)
        #expect(data.obfuscatedAccountId == account.uuidString)
        #expect(await provider.store.record(data.purchaseToken)?.obfuscatedAccountId == account.uuidString)
        #expect(try await deployment.store.entitlements(for: account).names.isEmpty == false)
        #expect(try await deployment.store.entitlements().names.isEmpty)
        await deployment.close()
    }

    @Test func inMemoryTheStateFolderIsNotWritten() async throws {
        let state = GooglePlayDeploymentTests.temporaryState()
        defer { try? FileManager.default.removeItem(at: state) }
        var catalog = try GooglePlayDeploymentTests.catalog("GooglePlay.plist")
        catalog.deployment.providers[0].settings["Persistence"] = .string("Memory")
        catalog.deployment.ledger = LedgerConfiguration(kind: .memory)
        let (deployment, _) = try await GooglePlayDeploymentTests.open(catalog, state, ManualClock())
        guard case .purchased = await deployment.store.purchase("com.example.removeads") else {
            Issue.record("not purchased")
            await deployment.close()
            return
        }
        await deployment.close()
        #expect(!FileManager.default.fileExists(atPath: state.appendingPathComponent("simulated-google-play").path))
    }

    @Test func settingsAreCheckedAtTheirLines() throws {
        let registry = ProviderRegistry.builtIn
        let bad = ProviderConfiguration(
            kind: .simulatedGooglePlay,
            settings: ["PackageName": .integer(1), "Seed": .string("x"), "Persistence": .string("Disk")])
        let problems = registry.settingProblems(in: bad).map(\.key)
        #expect(Set(problems) == ["PackageName", "Seed", "Persistence"])
        #expect(registry.settingKeys(of: .simulatedGooglePlay)?.contains("PackageName") == true)
        #expect(
            registry.settingProblems(
                in: ProviderConfiguration(
                    kind: .simulatedGooglePlay, settings: ["PackageName": .string("com.example.app")])
            ).isEmpty)
    }
}
