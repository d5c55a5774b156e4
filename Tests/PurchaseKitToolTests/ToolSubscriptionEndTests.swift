import Foundation
import PurchaseKit
import Testing

/// `purchasekit entitlements` over the simulated App Store shows a subscription the store ended early
/// (picked up at the tool's launch) and one in its billing grace period, for people and in `--json`.
struct ToolSubscriptionEndTests {
    static let simulated = ToolRunner.packageRoot.appendingPathComponent("Catalog/Simulated.plist")
    static let basic = "com.example.basic.monthly"

    /// Runs the tool on `catalog` and `state`.
    private func run(_ catalog: URL, _ state: URL, _ arguments: [String]) throws -> ToolRunner.Result {
        try ToolRunner.run(["--catalog", catalog.path, "--state", state.path] + arguments)
    }

    private func subscription(_ catalog: URL, _ state: URL) throws -> [String: Any] {
        let result = try run(catalog, state, ["entitlements", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        return try #require((object["subscriptions"] as? [[String: Any]])?.first)
    }

    /// Opens the deployment in this process, runs `body` on it and its simulated provider, closes both.
    private func withDeployment(
        _ catalog: URL, _ state: URL, clock: any PurchaseClock = SystemClock(),
        _ body: (PurchaseDeployment, SimulatedAppStoreProvider) async throws -> Void
    ) async throws {
        let deployment = try PurchaseDeployment.open(catalogPath: catalog.path, stateDirectory: state, clock: clock)
        let provider = try #require(deployment.providers.first as? SimulatedAppStoreProvider)
        try await body(deployment, provider)
        await deployment.close()
        await provider.queue.close()
    }

    @Test func aSubscriptionTheStoreEndedWhileTheToolWasNotRunningShowsItsEarlierEnd() async throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appendingPathComponent("state")
        try await withDeployment(Self.simulated, state) { deployment, _ in
            guard case .purchased = await deployment.store.purchase(Self.basic) else {
                Issue.record("expected purchased")
                return
            }
        }
        var status = try subscription(Self.simulated, state)
        #expect(status["state"] as? String == "active")
        #expect(status["endedEarly"] as? Bool == false)
        let paidUntil = try #require(status["expiry"] as? String)

        try await withDeployment(Self.simulated, state) { _, provider in
            #expect(await provider.queue.expireSubscription(productIdentifier: Self.basic))
        }
        status = try subscription(Self.simulated, state)
        #expect(status["state"] as? String == "expired")
        #expect(status["endedEarly"] as? Bool == true)
        #expect(status["grantsAccess"] as? Bool == false)
        let ended = try #require(status["expiry"] as? String)
        #expect(ended < paidUntil)

        // Recorded in the state folder's ledger: every later launch shows it, in every language.
        let english = try run(Self.simulated, state, ["entitlements"])
        #expect(english.stdout.contains("Basic (Monthly) was ended early by the store, on "), "\(english.stdout)")
        let japanese = try run(Self.simulated, state, ["--locale", "ja", "entitlements"])
        #expect(japanese.stdout.contains("ストアにより"), "\(japanese.stdout)")
        let russian = try run(Self.simulated, state, ["--locale", "ru", "entitlements"])
        #expect(russian.stdout.contains("Магазин досрочно завершил подписку"), "\(russian.stdout)")
        #expect(try subscription(Self.simulated, state)["endedEarly"] as? Bool == true)
    }

    @Test func aSubscriptionInTheSessionsBillingGracePeriodKeepsAccess() async throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appendingPathComponent("state")
        let text = try String(contentsOf: Self.simulated, encoding: .utf8)
        let settings = "<key>AskToBuyEnabled</key>\n\t\t\t<false/>"
        #expect(text.contains(settings))
        let catalog = folder.appendingPathComponent("Grace.plist")
        try text.replacingOccurrences(
            of: settings,
            with: settings + "\n\t\t\t<key>BillingRetryOnRenewal</key><true/>"
                + "\n\t\t\t<key>BillingGracePeriodEnabled</key><true/>"
        ).write(to: catalog, atomically: true, encoding: .utf8)

        // Bought 40 days ago: the month is over, the renewal fails to charge, 16 days of grace remain.
        let clock = ManualClock(start: Date().addingTimeInterval(-40 * 86_400))
        try await withDeployment(catalog, state, clock: clock) { deployment, _ in
            guard case .purchased = await deployment.store.purchase(Self.basic) else {
                Issue.record("expected purchased")
                return
            }
        }
        let status = try subscription(catalog, state)
        #expect(status["state"] as? String == "inGracePeriod")
        #expect(status["grantsAccess"] as? Bool == true)
        let expiry = try #require(status["expiry"] as? String)
        let graceEnd = try #require(status["gracePeriodExpiry"] as? String)
        #expect(expiry < graceEnd)
        let people = try run(catalog, state, ["entitlements"])
        #expect(people.stdout.contains("The renewal of Basic (Monthly) could not be charged; access continues until "))
        #expect(people.stdout.contains("no-ads"))
    }
}
