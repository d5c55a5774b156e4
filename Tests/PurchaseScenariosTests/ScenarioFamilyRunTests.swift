import Foundation
import PurchaseCore
import PurchaseScenarios
import Testing

/// Running scenarios with a second family account: its app's lines are reproducible although its
/// queue and store run beside the first account's.
struct ScenarioFamilyRunTests {
    @Test func familyRunsAreReproducible() async throws {
        let scenario = try ScenarioLibraryTests.scenario("family-sharing.plist")
        var outputs: [[String]] = []
        for _ in 0..<2 {
            let state = ScenarioLibraryTests.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: state) }
            outputs.append(try await ScenarioRunner(stateDirectory: state).run(scenario).lines)
        }
        let same = outputs[0] == outputs[1]
        #expect(same, "the two runs printed different lines")
        let samDeliveries = outputs[0].filter {
            $0.hasPrefix("{\"event\":\"delivered\",\"member\":\"sam\"") && $0.contains("com.example.removeads")
        }
        #expect(samDeliveries.count == 1)
    }
}
