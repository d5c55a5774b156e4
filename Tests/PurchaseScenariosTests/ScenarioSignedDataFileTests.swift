import Foundation
import PurchaseScenarios
import Testing

/// Reading the steps and expectations of server notifications and signed data.
struct ScenarioSignedDataFileTests {
    private let files = ScenarioFileTests()

    @Test func readsTheSteps() throws {
        let path = try files.write(
            """
            <key>Catalog</key><string>\(ScenarioFileTests.catalog)</string>
            <key>Steps</key>
            <array>
            <string>requestTestNotification</string>
            <dict><key>Step</key><string>requestRefund</string><key>Product</key><string>a</string></dict>
            <dict><key>Step</key><string>requestRefund</string><key>Product</key><string>a</string>
            <key>Reason</key><string>LEGAL</string></dict>
            <dict><key>Step</key><string>reverseRefund</string><key>Product</key><string>a</string></dict>
            <dict><key>Step</key><string>enableAutoRenew</string><key>Product</key><string>s</string></dict>
            <dict><key>Step</key><string>keepCurrentPlan</string><key>Product</key><string>s</string></dict>
            </array>
            """)
        let actions = try ScenarioFileTests.load(path).steps.map(\.action)
        let steps = actions.compactMap { action -> ScenarioSignedDataStep? in
            if case .signedData(let step) = action { step } else { nil }
        }
        #expect(
            steps == [
                .requestTestNotification, .requestRefund(productID: "a", reason: "UNINTENDED_PURCHASE"),
                .requestRefund(productID: "a", reason: "LEGAL"), .reverseRefund(productID: "a"),
                .enableAutoRenew(productID: "s"), .keepCurrentPlan(productID: "s"),
            ])
        #expect(
            actions.map(\.name) == [
                "requestTestNotification", "requestRefund", "requestRefund", "reverseRefund", "enableAutoRenew",
                "keepCurrentPlan",
            ])
    }

    @Test func aStepWithoutItsProductIsAProblem() throws {
        let path = try files.write(
            """
            <key>Catalog</key><string>\(ScenarioFileTests.catalog)</string>
            <key>Steps</key>
            <array><dict><key>Step</key><string>reverseRefund</string></dict></array>
            """)
        #expect {
            try ScenarioFileTests.load(path)
        } throws: { error in
            guard case .invalid(let problems) = error as? ScenarioFileError else { return false }
            return problems.map(\.problem) == [.missingParameter(step: "reverseRefund", key: "Product")]
        }
    }

    @Test func readsTheExpectations() throws {
        let path = try files.write(
            """
            <key>Catalog</key><string>\(ScenarioFileTests.catalog)</string>
            <key>Steps</key>
            <array>
            <dict><key>Step</key><string>expect</string>
            <key>Notifications</key><array><string>SUBSCRIBED/INITIAL_BUY</string><string>DID_RENEW</string></array>
            <key>SignedTransaction</key><dict><key>s</key><dict><key>price</key><string>990</string></dict></dict>
            <key>SignedRenewalInfo</key><dict><key>s</key><dict><key>autoRenewStatus</key><string>0</string></dict></dict>
            </dict>
            <dict><key>Step</key><string>expect</string><key>Notifications</key><array/></dict>
            <dict><key>Step</key><string>expect</string><key>Outcome</key><string>done</string></dict>
            </array>
            """)
        let expectations = try ScenarioFileTests.load(path).steps.compactMap { step -> ScenarioExpectations? in
            if case .expect(let expectations) = step.action { expectations } else { nil }
        }
        #expect(expectations.map(\.notifications) == [["SUBSCRIBED/INITIAL_BUY", "DID_RENEW"], [], nil])
        #expect(expectations.first?.signedTransaction == ["s": ["price": "990"]])
        #expect(expectations.first?.signedRenewalInfo == ["s": ["autoRenewStatus": "0"]])
    }
}
