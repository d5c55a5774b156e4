import Foundation
import PurchaseCore
import PurchaseScenarios
import Testing

/// `Account` on `buy` and `expect`: read as an app account token, and a value that is no UUID is a
/// positioned problem.
struct ScenarioAccountTests {
    static let alice = UUID(uuidString: "A11CE000-0000-4000-8000-000000000001")!

    @Test func readsTheAccountOfABuyAndOfAnExpectation() throws {
        let path = try ScenarioFileTests().write(
            """
            <key>Catalog</key><string>\(ScenarioFileTests.catalog)</string>
            <key>Steps</key>
            <array>
            <dict><key>Step</key><string>buy</string><key>Product</key><string>com.example.removeads</string>
            <key>Account</key><string>a11ce000-0000-4000-8000-000000000001</string></dict>
            <dict><key>Step</key><string>buy</string><key>Product</key><string>com.example.removeads</string></dict>
            <dict><key>Step</key><string>expect</string><key>Account</key><string>\(Self.alice.uuidString)</string></dict>
            </array>
            """)
        let steps = try ScenarioFileTests.load(path).steps
        guard case .buy(_, _, let account) = steps[0].action, case .buy(_, _, let none) = steps[1].action,
            case .expect(let expectations) = steps[2].action
        else {
            Issue.record("unexpected steps \(steps.map(\.action.name))")
            return
        }
        #expect(account == Self.alice)
        #expect(none == nil)
        #expect(expectations.account == Self.alice)
    }

    @Test func anAccountThatIsNoUUIDIsAProblemAtItsValue() throws {
        let path = try ScenarioFileTests().write(
            """
            <key>Catalog</key><string>\(ScenarioFileTests.catalog)</string>
            <key>Steps</key>
            <array>
            <dict><key>Step</key><string>buy</string><key>Product</key><string>com.example.removeads</string>
            <key>Account</key><string>user-1</string></dict>
            </array>
            """)
        #expect {
            try ScenarioFileTests.load(path)
        } throws: { error in
            guard case .invalid(let problems) = error as? ScenarioFileError else { return false }
            return problems.map(\.problem) == [.invalidAccount("user-1")]
                && problems.first?.description.contains("'user-1'") == true
                && problems.first?.description.hasPrefix("\(path):8:") == true
        }
    }
}
