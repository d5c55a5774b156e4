import Foundation
import PurchaseCatalog
import PurchaseCore
import PurchaseScenarios
import Testing

/// Reading scenario files: every problem positioned, missing files told apart.
struct ScenarioFileTests {
    func write(_ body: String, name: String = "s.plist") throws -> String {
        let folder = ScenarioLibraryTests.temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \(body)
            </dict>
            </plist>
            """
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The scenario at `path`, its catalog checked against the simulated stores.
    static func load(_ path: String) throws(ScenarioFileError) -> Scenario {
        try ScenarioFile.load(path: path, registry: ScenarioLibraryTests.registry)
    }

    static let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Catalog/Simulated.plist").path

    @Test func readsStepsWithTheirPositions() throws {
        let path = try write(
            """
            <key>Catalog</key><string>\(Self.catalog)</string>
            <key>Session</key><dict><key>AskToBuyEnabled</key><true/></dict>
            <key>Steps</key>
            <array>
            <dict><key>Step</key><string>buy</string><key>Product</key><string>com.example.removeads</string></dict>
            <string>relaunch</string>
            <dict><key>Step</key><string>advanceTime</string><key>Duration</key><string>P1D</string></dict>
            <dict><key>Step</key><string>expect</string><key>Delivered</key><dict><key>a</key><integer>2</integer></dict></dict>
            </array>
            """)
        let scenario = try Self.load(path)
        #expect(scenario.steps.map(\.action.name) == ["buy", "relaunch", "advanceTime", "expect"])
        #expect(scenario.steps[0].line == 8)
        #expect(scenario.settings["AskToBuyEnabled"] == .bool(true))
        if case .advanceTime(let seconds) = scenario.steps[2].action { #expect(seconds == 86_400) }
        if case .expect(let expectations) = scenario.steps[3].action { #expect(expectations.delivered == ["a": 2]) }
    }

    @Test func readsReceiptCancellationsAndTellsNoneFromUnchecked() throws {
        let path = try write(
            """
            <key>Catalog</key><string>\(Self.catalog)</string>
            <key>Steps</key>
            <array>
            <dict><key>Step</key><string>expect</string><key>ReceiptCancellations</key><array><string>a</string></array></dict>
            <dict><key>Step</key><string>expect</string><key>ReceiptCancellations</key><array/></dict>
            <dict><key>Step</key><string>expect</string><key>Outcome</key><string>verified</string></dict>
            </array>
            """)
        let expectations = try Self.load(path).steps.compactMap { step -> ScenarioExpectations? in
            if case .expect(let expectations) = step.action { expectations } else { nil }
        }
        #expect(expectations.map(\.receiptCancellations) == [["a"], [], nil])
    }

    @Test func reportsEveryProblemWithItsPosition() throws {
        let path = try write(
            """
            <key>Catalog</key><string>\(Self.catalog)</string>
            <key>Stepz</key><array/>
            <key>Steps</key>
            <array>
            <dict><key>Step</key><string>fly</string></dict>
            <dict><key>Step</key><string>buy</string></dict>
            <dict><key>Step</key><string>restore</string><key>Product</key><string>x</string></dict>
            </array>
            """)
        #expect {
            try Self.load(path)
        } throws: { error in
            guard case .invalid(let problems) = error as? ScenarioFileError else { return false }
            let lines = problems.map(\.description)
            return lines.count == 4 && lines.allSatisfy { $0.hasPrefix(path + ":") && $0.contains(": error: ") }
                && lines[0].hasPrefix("\(path):5:")
        }
    }

    /// The catalog is checked against the registry given: one that does not know the simulated App
    /// Store refuses its provider kind.
    @Test func checksTheCatalogAgainstTheRegistryGiven() throws {
        let path = try write("<key>Catalog</key><string>\(Self.catalog)</string><key>Steps</key><array/>")
        #expect(throws: Never.self) { try Self.load(path) }
        #expect {
            try ScenarioFile.load(path: path, registry: ProviderRegistry())
        } throws: { error in
            guard case .invalidCatalog(let diagnostics) = error as? ScenarioFileError else { return false }
            return diagnostics.contains { $0.description.contains("simulated-app-store") }
        }
    }

    @Test func tellsAMissingCatalogApart() throws {
        let path = try write("<key>Catalog</key><string>nowhere.plist</string><key>Steps</key><array/>")
        #expect {
            try Self.load(path)
        } throws: { error in
            guard case .missingFile(let missing) = error as? ScenarioFileError else { return false }
            return missing.hasSuffix("nowhere.plist")
        }
        #expect(throws: ScenarioFileError.self) { try Self.load("/no/such/scenario.plist") }
    }
}
