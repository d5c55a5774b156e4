import Foundation
import PurchaseScenarios
import Testing

/// Running the signed-data scenarios: their notifications are printed, and a wrong expectation fails.
struct ScenarioSignedDataRunTests {
    @Test func theNotificationsOfAStepArePrinted() async throws {
        let scenario = try ScenarioLibraryTests.scenario("notifications-one-time-charges.plist")
        let state = ScenarioLibraryTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let report = try await ScenarioRunner(stateDirectory: state).run(scenario)
        #expect(report.lines.filter { $0 == #"{"event":"notification","type":"ONE_TIME_CHARGE"}"# }.count == 3)
    }

    @Test func aWrongNotificationOrFieldFailsWithWhatWasEmitted() async throws {
        var scenario = try ScenarioLibraryTests.scenario("notifications-one-time-charges.plist")
        var expectations = ScenarioExpectations()
        expectations.notifications = ["SUBSCRIBED/INITIAL_BUY"]
        expectations.signedTransaction = ["com.example.removeads": ["type": "Consumable"]]
        scenario.steps.removeLast()
        scenario.steps.append(Scenario.Step(.expect(expectations), line: 99, column: 1))
        let state = ScenarioLibraryTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let report = try await ScenarioRunner(stateDirectory: state).run(scenario)
        let failed = report.lines.filter { $0.hasPrefix(#"{"event":"expectation","ok":false"#) }
        #expect(failed.count == 2)
        #expect(failed.first?.contains(#""actual":["ONE_TIME_CHARGE","ONE_TIME_CHARGE","ONE_TIME_CHARGE"]"#) == true)
        #expect(failed.last?.contains(#""actual":"Non-Consumable""#) == true)
    }
}
