import Foundation
import PurchaseCatalog
import PurchaseCore
import PurchaseScenarios
import Testing

/// Reading the price increase and Family Sharing steps: their parameters, the `Member` parameter,
/// and their problems with positions.
struct ScenarioPriceAndFamilyFileTests {
    private let file = ScenarioFileTests()

    @Test func readsPriceIncreaseAndFamilySteps() throws {
        let path = try file.write(
            """
            <key>Catalog</key><string>\(ScenarioFileTests.catalog)</string>
            <key>Steps</key>
            <array>
            <dict><key>Step</key><string>increasePrice</string><key>Product</key><string>p</string>
            <key>Price</key><string>5.99</string><key>ShowNow</key><false/></dict>
            <dict><key>Step</key><string>respondToPriceIncrease</string><key>Product</key><string>p</string>
            <key>Consent</key><true/></dict>
            <dict><key>Step</key><string>addFamilyMember</string><key>Member</key><string>sam</string></dict>
            <dict><key>Step</key><string>restore</string><key>Member</key><string>sam</string></dict>
            <string>stopFamilySharing</string>
            <dict><key>Step</key><string>leaveFamily</string><key>Member</key><string>sam</string></dict>
            <dict><key>Step</key><string>expect</string><key>Member</key><string>sam</string>
            <key>NotFamilyShared</key><array><string>p</string></array></dict>
            </array>
            """)
        let scenario = try ScenarioFileTests.load(path)
        #expect(
            scenario.steps.map(\.action.name) == [
                "increasePrice", "respondToPriceIncrease", "addFamilyMember", "restore", "stopFamilySharing",
                "leaveFamily", "expect",
            ])
        guard case .increasePrice(let product, let price, let needsConsent, let showNow) = scenario.steps[0].action
        else {
            Issue.record("expected increasePrice, got \(scenario.steps[0].action)")
            return
        }
        #expect(product == "p" && price == Decimal(string: "5.99") && needsConsent && !showNow)
        guard case .asMember("sam", .restore) = scenario.steps[3].action else {
            Issue.record("expected a restore as sam, got \(scenario.steps[3].action)")
            return
        }
        guard case .asMember("sam", .expect(let expectations)) = scenario.steps[6].action else {
            Issue.record("expected an expect as sam, got \(scenario.steps[6].action)")
            return
        }
        #expect(expectations.notFamilyShared == ["p"])
    }

    @Test func reportsPricesBooleansAndMembersItCannotUse() throws {
        let path = try file.write(
            """
            <key>Catalog</key><string>\(ScenarioFileTests.catalog)</string>
            <key>Steps</key>
            <array>
            <dict><key>Step</key><string>increasePrice</string><key>Product</key><string>p</string>
            <key>Price</key><string>5,99</string></dict>
            <dict><key>Step</key><string>respondToPriceIncrease</string><key>Product</key><string>p</string>
            <key>Consent</key><string>yes</string></dict>
            <dict><key>Step</key><string>buy</string><key>Product</key><string>p</string>
            <key>Member</key><string>nobody</string></dict>
            <dict><key>Step</key><string>addFamilyMember</string><key>Member</key><string>sam</string></dict>
            <dict><key>Step</key><string>relaunch</string><key>Member</key><string>sam</string></dict>
            </array>
            """)
        #expect {
            try ScenarioFileTests.load(path)
        } throws: { error in
            guard case .invalid(let problems) = error as? ScenarioFileError else { return false }
            let lines = problems.map(\.description)
            return lines.count == 4 && lines[0].contains("5,99") && lines[1].contains("Consent")
                && lines[2].contains("nobody") && lines[3].contains("relaunch")
        }
    }
}
