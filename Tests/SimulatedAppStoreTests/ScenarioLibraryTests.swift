import Foundation
import PurchaseCore
import PurchaseKit
import SimulatedAppStore
import Testing

/// Every scenario shipped in `Catalog/Scenarios/` runs in process and all its expectations hold.
struct ScenarioLibraryTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Catalog/Scenarios")

    static let names: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".plist") }.sorted()

    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("scenario-tests-\(UUID().uuidString)")
    }

    @Test(arguments: names)
    func scenarioPasses(_ name: String) async throws {
        let scenario = try ScenarioFile.load(path: Self.folder.appendingPathComponent(name).path)
        let state = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let report = try await ScenarioRunner(stateDirectory: state).run(scenario)
        #expect(report.failures == [], "\(name)")
        #expect(report.checked > 0, "\(name) checks nothing")
        #expect(report.lines.last?.contains("\"ok\":true") == true)
        // A second run in a fresh folder prints the same lines: scenarios are reproducible.
        let again = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: again) }
        let second = try await ScenarioRunner(stateDirectory: again).run(scenario)
        let same = second.lines == report.lines
        #expect(same, "\(name) printed different lines on a second run")
    }

    @Test func libraryCoversThePainPoints() {
        let required = [
            "restore-nothing-to-restore", "ask-to-buy-approved", "ask-to-buy-declined", "crash-before-finish",
            "two-observers", "consumable-bought-again", "refund-removes-entitlement", "monthly-renewals-then-expiry",
            "sandbox-receipt-21007", "interrupted-purchase", "failing-transaction", "payments-disabled",
        ]
        for name in required {
            #expect(Self.names.contains(name + ".plist"), "missing scenario \(name)")
        }
    }

    @Test func runsAreReproducible() async throws {
        let scenario = try ScenarioFile.load(
            path: Self.folder.appendingPathComponent("monthly-renewals-then-expiry.plist").path)
        var outputs: [[String]] = []
        for _ in 0..<2 {
            let state = Self.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: state) }
            outputs.append(try await ScenarioRunner(stateDirectory: state).run(scenario).lines)
        }
        let same = outputs[0] == outputs[1]
        #expect(same, "the two runs printed different lines")
        #expect(outputs[0].filter { $0.hasPrefix("{\"event\":\"delivered\"") }.count == 13)
    }
}
