import Foundation
import PurchaseCatalog
import PurchaseCore
import PurchaseScenarios
import Testing

/// The runner's contract: failing expectations are reported with their position, lines are JSON,
/// steps that cannot be done fail, and the catalog must name the simulated App Store.
struct ScenarioRunnerTests {
    static let catalog: Catalog = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Catalog/Simulated.plist").path
        return CatalogLoader().load(contentsOfFile: path).catalog!
    }()

    func run(_ steps: [Scenario.Step], settings: [String: SettingValue] = [:]) async throws -> ScenarioReport {
        let state = ScenarioLibraryTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let scenario = Scenario(name: "test", catalog: Self.catalog, settings: settings, steps: steps)
        return try await ScenarioRunner(stateDirectory: state).run(scenario)
    }

    @Test func aFailingExpectationFailsTheRun() async throws {
        var wrong = ScenarioExpectations()
        wrong.outcome = "pending"
        wrong.balances = ["gems": 999]
        let report = try await run([
            .init(.buy(productID: "com.example.gems.100", quantity: 1)),
            .init(.expect(wrong), line: 7, column: 3),
        ])
        #expect(!report.passed)
        #expect(report.failures.count == 2)
        #expect(report.failures.first?.hasPrefix("7:3: expected outcome \"pending\", got \"purchased\"") == true)
        #expect(
            report.problems
                == [
                    ScenarioFailure(
                        line: 7, column: 3,
                        kind: .expectation(check: "outcome", expected: "\"pending\"", actual: "\"purchased\"")),
                    ScenarioFailure(
                        line: 7, column: 3, kind: .expectation(check: "balance gems", expected: "999", actual: "100")),
                ])
        #expect(report.lines.contains { $0.contains("\"event\":\"expectation\",\"ok\":false") })
        #expect(report.lines.last?.contains("\"ok\":false") == true)
    }

    @Test func everyLineIsAJSONObjectWithAnEvent() async throws {
        var expectations = ScenarioExpectations()
        expectations.callbacks = ["app.updatedTransactions"]
        let report = try await run([
            .init(.buy(productID: "com.example.removeads", quantity: 1)), .init(.restore),
            .init(.expect(expectations)),
        ])
        #expect(report.passed)
        for line in report.lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["event"] is String, "\(line)")
        }
        #expect(
            report.lines.contains {
                $0.hasPrefix("{\"event\":\"updatedTransactions\",\"observer\":\"app\",\"transactions\":[{\"id\":")
            })
    }

    @Test func deciding_AskToBuy_withoutARequest_fails() async throws {
        let report = try await run([.init(.approveAskToBuy(productID: nil), line: 4, column: 2)])
        #expect(report.failures == ["4:2: approveAskToBuy: there is no Ask to Buy request to decide"])
        #expect(
            report.problems.map(\.kind) == [
                .step(action: "approveAskToBuy", problem: .noAskToBuyRequest)
            ])
    }

    /// A scenario built in code may ask for any number of seconds: one that takes the clock past what
    /// receipts carry fails its step and leaves the clock (and the subscription) where they were.
    @Test(arguments: [1e16, 1e300, .infinity, .nan, -1])
    func movingTheClockPastWhatReceiptsCarryFailsTheStep(_ seconds: Double) async throws {
        var owned = ScenarioExpectations()
        owned.entitlementsContain = ["pro"]
        let report = try await run([
            .init(.buy(productID: "com.example.pro.monthly", quantity: 1)),
            .init(.advanceTime(seconds), line: 5, column: 1),
            .init(.expect(owned), line: 6, column: 1),
        ])
        #expect(report.problems.map(\.kind) == [.step(action: "advanceTime", problem: .timeOutOfRange)])
        #expect(report.problems.first?.line == 5)
    }

    @Test func aRefundedPurchaseIsRevokedOnlyOnce() async throws {
        var afterRefund = ScenarioExpectations()
        afterRefund.events = ["revoked"]
        afterRefund.entitlementsLack = ["no-ads"]
        var afterRelaunch = ScenarioExpectations()
        afterRelaunch.absentEvents = ["revoked", "delivered"]
        afterRelaunch.entitlementsLack = ["no-ads"]
        let report = try await run([
            .init(.buy(productID: "com.example.removeads", quantity: 1)),
            .init(.refund(productID: "com.example.removeads")), .init(.expect(afterRefund)), .init(.relaunch),
            .init(.expect(afterRelaunch)),
        ])
        #expect(report.failures == [])
    }

    @Test func aCatalogWithoutTheSimulatedStoreIsRefused() async throws {
        var catalog = Self.catalog
        catalog.deployment.providers = [ProviderConfiguration(kind: .file)]
        let scenario = Scenario(name: "x", catalog: catalog, steps: [])
        await #expect(throws: PurchaseError.self) {
            _ = try await ScenarioRunner(stateDirectory: ScenarioLibraryTests.temporaryFolder()).run(scenario)
        }
    }
}
