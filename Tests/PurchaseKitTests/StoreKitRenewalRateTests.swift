import Foundation
import PurchaseKit
import Testing

/// A deployment opened on a `.storekit` file renews subscriptions at the file's `_timeRate` on the
/// deployment's clock, and its billing switches put renewals into grace and billing retry.
struct StoreKitRenewalRateTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PurchaseCatalogTests/Fixtures/StoreKit")

    /// A deployment on `file` in a fresh state folder, on a clock that moves only by steps.
    private func open(_ file: String, clock: SimulationClock) throws -> (PurchaseDeployment, SimulatedAppStoreProvider)
    {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("storekit-rate-\(UUID().uuidString)")
        let deployment = try PurchaseDeployment.open(
            catalogPath: Self.fixtures.appendingPathComponent(file).path, stateDirectory: state, clock: clock)
        let provider = try #require(deployment.providers.first as? SimulatedAppStoreProvider)
        return (deployment, provider)
    }

    private func purchase(_ productID: String, in deployment: PurchaseDeployment) async throws -> StoreTransaction {
        let outcome = await deployment.store.purchase(productID)
        guard case .purchased(let transaction) = outcome else {
            Issue.record("\(productID): \(outcome)")
            throw CancellationError()
        }
        return transaction
    }

    @Test(.timeLimit(.minutes(1))) func theFilesFixedRateRenewsMonthlyAndYearlyEveryTenSeconds() async throws {
        let clock = SimulationClock()
        let start = clock.now
        let (deployment, provider) = try open("RenewalRate.storekit", clock: clock)
        defer { try? FileManager.default.removeItem(at: deployment.stateDirectory) }
        #expect(await provider.queue.controls.timeRate == .oneRenewalEveryTenSeconds)
        let events = await deployment.store.events()
        await deployment.store.start()
        let monthly = try await purchase("com.example.news.monthly", in: deployment)
        let yearly = try await purchase("com.example.archive.yearly", in: deployment)
        #expect(monthly.expirationDate == start + 10)
        #expect(yearly.expirationDate == start + 10)

        await provider.queue.advanceTime(by: 9)
        await provider.queue.advanceTime(by: 16)
        var renewals: [StoreTransaction] = []
        for await event in events where event.name == "delivered" && event.transaction.id != monthly.id {
            if event.transaction.id != yearly.id { renewals.append(event.transaction) }
            if renewals.count == 4 { break }
        }
        // Two renewals of each, at 10 and 20 seconds, whatever the period; each pays for ten seconds.
        let account = await provider.queue.accountTransactions
        for productID in ["com.example.news.monthly", "com.example.archive.yearly"] {
            #expect(renewals.filter { $0.productID == productID }.map(\.purchaseDate) == [start + 10, start + 20])
            let periods = account.filter { $0.payment.productIdentifier == productID }
            #expect(periods.compactMap(\.transactionDate) == [start, start + 10, start + 20], "\(productID)")
            #expect(periods.compactMap(\.expirationDate) == [start + 10, start + 20, start + 30], "\(productID)")
        }
        let entitlements = try await deployment.store.entitlements()
        #expect(
            entitlements.contains("com.example.news.monthly") && entitlements.contains("com.example.archive.yearly"))
        #expect(entitlements.subscriptions.map(\.expirationDate) == [start + 30, start + 30])
        await deployment.close()
    }

    @Test func theFilesBillingIssuesSendARenewalIntoGraceThenRetry() async throws {
        let clock = SimulationClock()
        let start = clock.now
        let (deployment, provider) = try open("BillingIssues.storekit", clock: clock)
        defer { try? FileManager.default.removeItem(at: deployment.stateDirectory) }
        let controls = await provider.queue.controls
        #expect(controls.billingRetryOnRenewal && controls.billingGracePeriodEnabled)
        #expect(controls.timeRate == .monthlyRenewalEveryThirtySeconds)
        #expect(await provider.gracePeriod() == 15)
        let monthly = try await purchase("com.example.news.monthly", in: deployment)
        #expect(monthly.expirationDate == start + 30)

        // The renewal at 30 s fails to charge: 15 s of grace, then retry until 60 s after it.
        await provider.queue.advanceTime(by: 31)
        var status = try #require(await provider.queue.subscriptionStatus(for: "com.example.news.monthly"))
        #expect(status.billing == .gracePeriod && status.isActive)
        #expect(status.gracePeriodExpirationDate == start + 45)
        await provider.queue.advanceTime(by: 15)
        status = try #require(await provider.queue.subscriptionStatus(for: "com.example.news.monthly"))
        #expect(!status.isActive && status.willAutoRenew)
        await provider.queue.advanceTime(by: 44)
        status = try #require(await provider.queue.subscriptionStatus(for: "com.example.news.monthly"))
        #expect(!status.willAutoRenew)
        #expect(await provider.queue.accountTransactions.count == 1)
        await deployment.close()
    }

    @Test func aDeploymentsStoreHonoursTheSessionsGracePeriod() async throws {
        let clock = SimulationClock()
        let start = clock.now
        let (deployment, provider) = try open("BillingIssues.storekit", clock: clock)
        defer { try? FileManager.default.removeItem(at: deployment.stateDirectory) }
        _ = try await purchase("com.example.news.monthly", in: deployment)

        // The renewal at 30 s fails to charge; the session gives 15 s of grace, and so does the store.
        await provider.queue.advanceTime(by: 31)
        var status = try #require(try await deployment.store.entitlements().subscriptions.first)
        #expect(status.state == .inGracePeriod && status.grantsAccess)
        #expect(status.expirationDate == start + 30)
        #expect(status.gracePeriodExpirationDate == start + 45)
        #expect(try await deployment.store.entitlements().contains("com.example.news.monthly"))
        await provider.queue.advanceTime(by: 15)
        status = try #require(try await deployment.store.entitlements().subscriptions.first)
        #expect(status.state == .expired && !status.grantsAccess)

        // Without billing retry the session gives no grace: as it stands when entitlements are asked.
        await provider.queue.updateControls { $0.billingRetryOnRenewal = false }
        clock.set(to: start + 35)
        #expect(try await deployment.store.entitlements().subscriptions.first?.state == .expired)
        await deployment.close()
    }
}
