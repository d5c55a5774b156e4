import Foundation
import Testing

/// `purchasekit simulate` through the built binary: JSON lines, exit statuses, diagnostics.
struct SimulateToolTests {
    static let scenarios = ToolRunner.packageRoot.appendingPathComponent("Catalog/Scenarios")

    @Test(arguments: ["crash-before-finish", "sandbox-receipt-21007"])
    func aShippedScenarioPasses(_ name: String) throws {
        let result = try ToolRunner.run(["simulate", Self.scenarios.appendingPathComponent(name + ".plist").path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count > 3)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["event"] is String)
        }
        #expect(lines.last?.hasPrefix("{\"event\":\"result\",\"ok\":true") == true)
        #expect(result.stdout.contains("{\"event\":\"updatedTransactions\",\"observer\":\"app\""))
    }

    static func scenario(_ steps: String, catalog: String? = nil) throws -> String {
        let catalogPath = catalog ?? ToolRunner.packageRoot.appendingPathComponent("Catalog/Simulated.plist").path
        return try ToolRunner.file(
            named: "scenario.plist",
            containing: """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                <key>Catalog</key><string>\(catalogPath)</string>
                <key>Steps</key>
                <array>
                \(steps)
                </array>
                </dict>
                </plist>
                """)
    }

    @Test func aFailingExpectationExitsOneAndSaysWhich() throws {
        let path = try Self.scenario(
            """
            <dict><key>Step</key><string>buy</string><key>Product</key><string>com.example.gems.100</string></dict>
            <dict><key>Step</key><string>expect</string><key>Balances</key><dict><key>gems</key><integer>5</integer></dict></dict>
            """)
        let result = try ToolRunner.run(["simulate", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(path):8:1: expected balance gems 5, got 100"), "\(result.stderr)")
        #expect(result.stdout.contains("{\"event\":\"expectation\",\"ok\":false"))
    }

    @Test func aFailingExpectationIsWordedInTheLocaleWithItsPosition() throws {
        let path = try Self.scenario(
            """
            <dict><key>Step</key><string>buy</string><key>Product</key><string>com.example.gems.100</string></dict>
            <dict><key>Step</key><string>expect</string><key>Balances</key><dict><key>gems</key><integer>5</integer></dict></dict>
            """)
        let japanese = try ToolRunner.run(["--locale", "ja", "simulate", path])
        #expect(japanese.status == 1)
        #expect(japanese.stderr.contains("\(path):8:1: balance gems は 5 のはずが、100 でした"), "\(japanese.stderr)")
        #expect(!japanese.stderr.contains("expected"))
        let russian = try ToolRunner.run(["simulate", path, "--locale", "ru"])
        #expect(russian.stderr.contains("\(path):8:1: ожидалось balance gems 5, получено 100"), "\(russian.stderr)")
        let line = #"{"event":"expectation","ok":false,"check":"balance gems","expected":5,"actual":100"#
        #expect(japanese.stdout.contains(line), "\(japanese.stdout)")
        #expect(russian.stdout.contains(line))
    }

    @Test func aMalformedScenarioExits65WithPositions() throws {
        let path = try Self.scenario("<dict><key>Step</key><string>teleport</string></dict>")
        let result = try ToolRunner.run(["simulate", path])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("\(path):7:22: "), "\(result.stderr)")
        #expect(result.stderr.contains("error: unknown step 'teleport'"))
        #expect(result.stdout.isEmpty)
    }

    @Test func aMissingScenarioOrCatalogExits66() throws {
        #expect(try ToolRunner.run(["simulate", "/no/such/scenario.plist"]).status == 66)
        let path = try Self.scenario("<string>restore</string>", catalog: "/no/such/catalog.plist")
        #expect(try ToolRunner.run(["simulate", path]).status == 66)
    }

    @Test func stateGoesToTheFolderGiven() throws {
        let state = try ToolRunner.temporaryFolder().appendingPathComponent("state")
        let path = Self.scenarios.appendingPathComponent("consumable-bought-again.plist").path
        let result = try ToolRunner.run(["--state", state.path, "simulate", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: state.appendingPathComponent("simulated-app-store").path))
    }
}
