import FileStore
import Foundation
import PurchaseCore
import PurchaseScenarios
import SimulatedAppStore
import SimulatedGooglePlay
import Testing

/// Every scenario shipped in `Catalog/Scenarios/` runs in process and all its expectations hold.
struct ScenarioLibraryTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Catalog/Scenarios")

    static let names: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".plist") }.sorted()

    /// The plug-ins a scenario's catalog is checked against here: the simulated App Store, the
    /// simulated Google Play and the `file` ledger (`MultiStore.plist` names it; a run keeps its app
    /// ledger in memory).
    static let registry: ProviderRegistry = {
        var registry = ProviderRegistry()
        SimulatedAppStoreProvider.register(in: &registry)
        SimulatedGooglePlayProvider.register(in: &registry)
        FileFulfillmentLedger.register(in: &registry)
        return registry
    }()

    /// The shipped scenario `name`, read with ``registry``.
    static func scenario(_ name: String) throws(ScenarioFileError) -> Scenario {
        try ScenarioFile.load(path: folder.appendingPathComponent(name).path, registry: registry)
    }

    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("scenario-tests-\(UUID().uuidString)")
    }

    @Test(arguments: names)
    func scenarioPasses(_ name: String) async throws {
        let scenario = try Self.scenario(name)
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

    @Test func progressNamesEveryStepAndDownloadWithoutChangingTheLines() async throws {
        let scenario = try Self.scenario("hosted-content-download.plist")
        let reports = ProgressRecorder()
        let state = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let report = try await ScenarioRunner(stateDirectory: state, progress: reports.record).run(scenario)
        let quiet = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: quiet) }
        let unobserved = try await ScenarioRunner(stateDirectory: quiet).run(scenario)
        #expect(report.lines == unobserved.lines)

        let seen = reports.all
        let steps = seen.compactMap {
            if case .step(let number, let total, let name) = $0 { (number, total, name) } else { nil }
        }
        #expect(steps.map(\.0) == Array(1...scenario.steps.count))
        #expect(steps.allSatisfy { $0.1 == scenario.steps.count })
        #expect(steps.map(\.2) == scenario.steps.map(\.action.name))
        let downloads = seen.compactMap { if case .downloads(let downloads) = $0 { downloads } else { nil } }
        #expect(downloads.map { $0.map(\.progress) } == [[0], [0.2], [0.4], [0.6], [0.8], [1]])
        #expect(downloads.last?.first?.state == .finished)
    }

    @Test func libraryCoversThePainPoints() {
        let required = [
            "restore-nothing-to-restore", "ask-to-buy-approved", "ask-to-buy-declined", "crash-before-finish",
            "two-observers", "consumable-bought-again", "refund-removes-entitlement", "monthly-renewals-then-expiry",
            "sandbox-receipt-21007", "interrupted-purchase", "failing-transaction", "payments-disabled",
            "hosted-content-download", "hosted-content-download-retried", "play-acknowledgement-deadline",
            "play-pending-completed", "play-pending-cancelled", "play-consumable-unconsumed",
            "play-replacement-with-time-proration", "play-replacement-charge-full-price", "play-replacement-deferred",
            "play-grace-hold-expiry", "play-billing-recovery", "play-pause-resume", "play-voided-purchase",
            "play-renewals-order-ids", "play-multi-store",
        ]
        for name in required {
            #expect(Self.names.contains(name + ".plist"), "missing scenario \(name)")
        }
    }

    @Test func runsAreReproducible() async throws {
        let scenario = try Self.scenario("monthly-renewals-then-expiry.plist")
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

/// Collects a runner's progress reports from whatever thread they come.
private final class ProgressRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [ScenarioProgress] = []

    var all: [ScenarioProgress] { lock.withLock { reports } }

    @Sendable func record(_ report: ScenarioProgress) {
        lock.withLock { reports.append(report) }
    }
}
