import Foundation
import PropertyList
import PurchaseCore
import PurchaseScenarios
import SimulatedGooglePlay
import Testing

/// Google Play scenarios: steps a store has no meaning for are refused where they stand, Play's own
/// steps and checks read, and a failing Play expectation reported at its line.
struct ScenarioGooglePlayTests {
    static let catalogs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Catalog")
    static let googlePlay = catalogs.appendingPathComponent("GooglePlay.plist").path
    static let appStore = catalogs.appendingPathComponent("Simulated.plist").path

    func write(_ body: String, catalog: String) throws -> String {
        try ScenarioFileTests().write("<key>Catalog</key><string>\(catalog)</string>\n" + body)
    }

    /// The diagnostics loading the scenario at `path` gives, or `nil` when it loads.
    func diagnostics(_ path: String) -> [ScenarioDiagnostic]? {
        do {
            _ = try ScenarioFileTests.load(path)
            return nil
        } catch {
            guard case .invalid(let problems) = error else { return [] }
            return problems
        }
    }

    @Test func readsPlaySteps() throws {
        let path = try write(
            """
            <key>Steps</key>
            <array>
            <string>nextPurchasePending</string>
            <dict><key>Step</key><string>replaceSubscription</string><key>Product</key><string>b</string><key>Replaces</key><string>a</string><key>Mode</key><string>DEFERRED</string></dict>
            <dict><key>Step</key><string>refund</string><key>Product</key><string>g</string><key>Quantity</key><integer>2</integer><key>Revoke</key><false/></dict>
            <dict><key>Step</key><string>enableAutoRenew</string><key>Product</key><string>a</string></dict>
            <dict><key>Step</key><string>expect</string><key>PlayState</key><dict><key>a</key><string>PENDING</string></dict><key>Voided</key><array/></dict>
            </array>
            """, catalog: Self.googlePlay)
        let scenario = try ScenarioFileTests.load(path)
        #expect(scenario.store == .simulatedGooglePlay)
        #expect(
            scenario.steps.map(\.action.name) == [
                "nextPurchasePending", "replaceSubscription", "refund", "enableAutoRenew", "expect",
            ])
        guard case .googlePlay(.replaceSubscription(let product, let replaced, let mode)) = scenario.steps[1].action,
            case .googlePlay(.void(_, let quantity, let revoke)) = scenario.steps[2].action,
            case .googlePlay(.restartAutoRenew) = scenario.steps[3].action,
            case .expect(let expectations) = scenario.steps[4].action
        else {
            Issue.record("unexpected steps \(scenario.steps.map(\.action))")
            return
        }
        #expect(product == "b" && replaced == "a" && mode == .deferred)
        #expect(quantity == 2 && !revoke)
        #expect(expectations.googlePlay.purchaseState == ["a": "PENDING"])
        #expect(expectations.googlePlay.voided == [])
    }

    @Test func refusesStepsTheStoreHasNoMeaningForWhereTheyStand() throws {
        let play = try write(
            """
            <key>Steps</key>
            <array>
            <string>relaunch</string>
            <dict><key>Step</key><string>verifyReceipt</string></dict>
            <string>startDownloads</string>
            </array>
            """, catalog: Self.googlePlay)
        let refused = try #require(diagnostics(play))
        #expect(
            refused.map(\.problem) == [
                .stepNotForStore("verifyReceipt", store: "simulated-google-play"),
                .stepNotForStore("startDownloads", store: "simulated-google-play"),
            ])
        #expect(refused.map(\.location.line) == [8, 9])
        #expect(refused[0].description.hasPrefix("\(play):8:1: error: step verifyReceipt has no meaning"))
        #expect(refused[0].message(locale: "ja").contains("simulated-google-play"))
        #expect(refused[0].message(locale: "ja") != refused[0].message(locale: "en"))

        let appStore = try write(
            """
            <key>Steps</key>
            <array>
            <string>stopFinishing</string>
            <dict><key>Step</key><string>pause</string><key>Product</key><string>a</string><key>Duration</key><string>P1W</string></dict>
            </array>
            """, catalog: Self.appStore)
        #expect(
            diagnostics(appStore)?.map(\.problem) == [
                .stepNotForStore("stopFinishing", store: "simulated-app-store"),
                .stepNotForStore("pause", store: "simulated-app-store"),
            ])
    }

    @Test func refusesAnUnknownReplacementModeAndChecksPlaySettings() throws {
        let path = try write(
            """
            <key>Session</key><dict><key>Seed</key><string>x</string></dict>
            <key>Steps</key>
            <array>
            <dict><key>Step</key><string>replaceSubscription</string><key>Product</key><string>b</string><key>Replaces</key><string>a</string><key>Mode</key><string>SOMETIMES</string></dict>
            </array>
            """, catalog: Self.googlePlay)
        let problems = try #require(diagnostics(path))
        #expect(problems.count == 1)
        guard case .invalidReplacementMode("SOMETIMES", let known) = problems.first?.problem else {
            Issue.record("unexpected \(problems)")
            return
        }
        #expect(known.contains("WITH_TIME_PRORATION") && known.contains("DEFERRED"))
        #expect(problems.first?.location.line == 8)
        #expect(problems.first?.message(locale: "de").contains("SOMETIMES") == true)

        // The mode read, the session's settings are the simulated Google Play's.
        let settings = try write(
            """
            <key>Session</key><dict><key>Seed</key><string>x</string></dict>
            <key>Steps</key><array/>
            """, catalog: Self.googlePlay)
        let refused = try #require(diagnostics(settings))
        #expect(refused.count == 1 && refused[0].description.contains("Seed"))
        #expect(refused[0].location.line == 5)
    }

    @Test func aFailingPlayExpectationIsReportedAtItsLine() async throws {
        let path = try write(
            """
            <key>Steps</key>
            <array>
            <dict><key>Step</key><string>buy</string><key>Product</key><string>com.example.removeads</string></dict>
            <dict><key>Step</key><string>expect</string>
            <key>PlayState</key><dict><key>com.example.removeads</key><string>PENDING</string></dict>
            <key>Notifications</key><array><string>ONE_TIME_PRODUCT_PURCHASED</string></array>
            </dict>
            <dict><key>Step</key><string>fixPayment</string><key>Product</key><string>com.example.pro.monthly</string></dict>
            </array>
            """, catalog: Self.googlePlay)
        let scenario = try ScenarioFileTests.load(path)
        let state = ScenarioLibraryTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let report = try await ScenarioRunner(stateDirectory: state).run(scenario)
        #expect(
            report.problems == [
                ScenarioFailure(
                    line: 8, column: 1,
                    kind: .expectation(
                        check: "playState com.example.removeads", expected: "\"PENDING\"", actual: "\"PURCHASED\"")),
                ScenarioFailure(
                    line: 12, column: 1,
                    kind: .step(action: "fixPayment", problem: .noPlayPurchase(productID: "com.example.pro.monthly"))),
            ])
        #expect(report.checked == 3)
        #expect(
            report.lines.contains { $0.contains("\"event\":\"notification\",\"type\":\"ONE_TIME_PRODUCT_PURCHASED\"") })
    }
}
