import Foundation
import PurchaseCore
import PurchaseScenarios
import Testing

/// The download expectations and steps: `EventOrder` holds only in the order the store reported, and
/// `Unfinished` names what the App Store holds unfinished, through `failDownloads` and `allowDownloads`.
struct ScenarioDownloadTests {
    private let runner = ScenarioRunnerTests()
    private let premium = "com.example.levels.premium"

    @Test func eventOrderFailsWhenTheEventsCameTheOtherWay() async throws {
        var right = ScenarioExpectations()
        right.eventOrder = ["downloadProgress", "downloadFinished", "delivered"]
        var wrong = ScenarioExpectations()
        wrong.eventOrder = ["delivered", "downloadFinished"]
        let inOrder = try await runner.run([.init(.buy(productID: premium, quantity: 1)), .init(.expect(right))])
        #expect(inOrder.passed)
        let reversed = try await runner.run([
            .init(.buy(productID: premium, quantity: 1)), .init(.expect(wrong), line: 4, column: 3),
        ])
        #expect(reversed.problems.map(\.line) == [4])
        #expect(reversed.failures.first?.contains("eventOrder") == true)
    }

    @Test func unfinishedFollowsFailingAndAllowedDownloads() async throws {
        var stuck = ScenarioExpectations()
        stuck.unfinished = [premium]
        stuck.events = ["downloadFailed", "deferredProcessing"]
        var done = ScenarioExpectations()
        done.unfinished = []
        done.events = ["downloadFinished", "delivered"]
        done.delivered = [premium: 1]
        let report = try await runner.run([
            .init(.setDownloadsFail(true)), .init(.buy(productID: premium, quantity: 1)), .init(.expect(stuck)),
            .init(.setDownloadsFail(false)), .init(.relaunch), .init(.expect(done)),
        ])
        #expect(report.passed, "\(report.failures)")

        var wrong = ScenarioExpectations()
        wrong.unfinished = []
        let failing = try await runner.run([
            .init(.setDownloadsFail(true)), .init(.buy(productID: premium, quantity: 1)), .init(.expect(wrong)),
        ])
        #expect(!failing.passed)
    }
}
