import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

struct ProviderFactoryTests {
    private func context(
        _ settings: [String: SettingValue], state: URL? = nil, clock: any PurchaseClock = SimulationClock()
    ) -> ProviderContext {
        let catalog = TestCatalog.make(settings: settings)
        return ProviderContext(
            catalog: catalog, configuration: catalog.deployment.providers[0],
            stateDirectory: state ?? FileManager.default.temporaryDirectory, clock: clock)
    }

    @Test func registersUnderItsKind() {
        var registry = ProviderRegistry()
        SimulatedAppStoreProvider.register(in: &registry)
        #expect(registry.kinds == [.simulatedAppStore])
    }

    @Test func readsTheSessionFromProviderSettings() async throws {
        let provider = try SimulatedAppStoreProvider.make(
            context([
                "Persistence": "Memory", "CanMakePayments": false, "Environment": "Production",
                "AskToBuyEnabled": true, "FailureError": "paymentInvalid", "FailTransactionsEnabled": true,
                "SimulatedErrors": .dictionary(["Restore": "storeUnavailable", "LoadProducts": 5]),
                "FaultRate": .real(0.25), "FaultSeed": 9, "Storefront": "JPN", "Locale": "ja_JP",
                "BillingGracePeriodEnabled": true, "BillingRetryOnRenewal": true, "GracePeriodDays": 3,
                "TimeRate": "oneDayPerSecond",
            ]))
        let simulated = try #require(provider as? SimulatedAppStoreProvider)
        #expect(simulated.storeName == "simulated-app-store")
        #expect(await simulated.canMakePayments() == false)
        let controls = await simulated.queue.controls
        #expect(controls.environment == .production)
        #expect(controls.askToBuyEnabled)
        #expect(controls.failTransactionsEnabled && controls.failureError == .paymentInvalid)
        #expect(
            controls.simulatedErrors == [
                .restore: .cloudServiceNetworkConnectionFailed, .loadProducts: .storeProductNotAvailable,
            ])
        #expect(controls.faultRate == 0.25)
        #expect(controls.storefront == "JPN" && controls.locale == "ja_JP")
        #expect(await simulated.gracePeriod() == 3 * 86_400)
        #expect((simulated.queue.clock as? SimulationClock)?.rate == .oneDayPerSecond)
        #expect(controls.timeRate == nil)
    }

    @Test func anXcodeRenewalRateGoesToTheSessionAndLeavesTheClockAlone() async throws {
        let clock = ManualClock()
        let provider = try SimulatedAppStoreProvider.make(
            context(["Persistence": "Memory", "TimeRate": "OneRenewalEveryTwoSeconds"], clock: clock))
        let simulated = try #require(provider as? SimulatedAppStoreProvider)
        #expect(await simulated.queue.controls.timeRate == .oneRenewalEveryTwoSeconds)
        #expect(simulated.queue.clock as? ManualClock === clock)
        // `realTime` is Xcode's name too: the session's real-time rate, not a running clock.
        let realTime = try #require(
            try SimulatedAppStoreProvider.make(
                context(["Persistence": "Memory", "TimeRate": "realTime"], clock: clock))
                as? SimulatedAppStoreProvider)
        #expect(await realTime.queue.controls.timeRate == .realTime)
        #expect(realTime.queue.clock as? ManualClock === clock)
    }

    @Test func graceNeedsBillingRetryAndFollowsTheRenewalRate() async throws {
        let graceOnly = try #require(
            try SimulatedAppStoreProvider.make(context(["Persistence": "Memory", "BillingGracePeriodEnabled": true]))
                as? SimulatedAppStoreProvider)
        #expect(await graceOnly.gracePeriod() == 0)
        let fixed = try #require(
            try SimulatedAppStoreProvider.make(
                context([
                    "Persistence": "Memory", "BillingGracePeriodEnabled": true, "BillingRetryOnRenewal": true,
                    "TimeRate": "oneRenewalEveryTenSeconds",
                ])) as? SimulatedAppStoreProvider)
        #expect(await fixed.gracePeriod() == 10)
        // The test catalog sells monthly subscriptions only: their grace, not the weekly one.
        let scaled = try #require(
            try SimulatedAppStoreProvider.make(
                context([
                    "Persistence": "Memory", "BillingGracePeriodEnabled": true, "BillingRetryOnRenewal": true,
                    "TimeRate": "monthlyRenewalEveryThirtyMinutes",
                ])) as? SimulatedAppStoreProvider)
        #expect(await scaled.gracePeriod() == 15 * 60)
    }

    @Test(arguments: [
        ["CanMakePayments": SettingValue.string("yes")], ["Environment": "Staging"], ["FailureError": "teapot"],
        ["SimulatedErrors": .dictionary(["Verify": "unknown"])], ["FaultRate": .real(2)], ["Persistence": "Cloud"],
        ["TimeRate": "warp"], ["FaultSeed": "seven"],
    ])
    func refusesUnusableSettings(settings: [String: SettingValue]) {
        #expect {
            _ = try SimulatedAppStoreProvider.make(context(settings))
        } throws: { error in
            (error as? PurchaseError)?.code == .providerMisconfigured
        }
    }

    @Test func journalLivesInTheStateFolder() async throws {
        let folder = try TestCatalog.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let provider = try SimulatedAppStoreProvider.make(context([:], state: folder))
        _ = try await provider.purchase(PurchaseRequest(productID: TestCatalog.noAds))
        let files = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("simulated-app-store").path)
        #expect(files.contains("account.log"))
    }
}
