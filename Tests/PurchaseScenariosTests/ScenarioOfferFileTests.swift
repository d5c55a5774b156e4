import Foundation
import PurchaseScenarios
import Testing

/// Reading the parts of a scenario file that check offers: `ReceiptFields`.
struct ScenarioOfferFileTests {
    private let files = ScenarioFileTests()

    @Test func readsReceiptFieldsByProduct() throws {
        let path = try files.write(
            """
            <key>Catalog</key><string>\(ScenarioFileTests.catalog)</string>
            <key>Steps</key>
            <array>
            <dict><key>Step</key><string>expect</string><key>ReceiptFields</key>
            <dict><key>a</key><dict><key>is_trial_period</key><string>true</string></dict></dict></dict>
            </array>
            """)
        let scenario = try ScenarioFileTests.load(path)
        guard case .expect(let expectations) = try #require(scenario.steps.first).action else {
            Issue.record("not an expectation")
            return
        }
        #expect(expectations.receiptFields == ["a": ["is_trial_period": "true"]])
    }

    @Test func refusesReceiptFieldsThatAreNotTablesOfStrings() throws {
        let path = try files.write(
            """
            <key>Catalog</key><string>\(ScenarioFileTests.catalog)</string>
            <key>Steps</key>
            <array>
            <dict><key>Step</key><string>expect</string><key>ReceiptFields</key><array/></dict>
            <dict><key>Step</key><string>expect</string><key>ReceiptFields</key>
            <dict><key>a</key><string>true</string></dict></dict>
            </array>
            """)
        #expect {
            try ScenarioFileTests.load(path)
        } throws: { error in
            guard case .invalid(let problems) = error as? ScenarioFileError else { return false }
            return problems.map(\.problem) == [
                .notFieldDictionary(key: "ReceiptFields"), .notFieldDictionary(key: "ReceiptFields.a"),
            ]
        }
    }

    @Test func readsAPromotionalPurchaseAndRefusesAKeyItCannotRead() throws {
        let key = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Catalog/Scenarios/Configurations/subscription-key.pem")
            .path
        let path = try files.write(
            """
            <key>Catalog</key><string>\(ScenarioFileTests.catalog)</string>
            <key>Steps</key>
            <array>
            <dict><key>Step</key><string>buyWithPromotionalOffer</string><key>Product</key><string>p</string>
            <key>Offer</key><string>winback</string><key>KeyID</key><string>K</string>
            <key>PrivateKey</key><string>\(key)</string><key>Nonce</key><string>first</string>
            <key>SignedSecondsAgo</key><integer>60</integer></dict>
            </array>
            """)
        let scenario = try ScenarioFileTests.load(path)
        guard case .buyWithPromotionalOffer(let product, let offer) = try #require(scenario.steps.first).action else {
            Issue.record("not a promotional purchase")
            return
        }
        #expect(product == "p" && offer.offerID == "winback" && offer.keyID == "K")
        #expect(offer.nonce == ScenarioPromotionalOffer.nonce(named: "first"))
        #expect(offer.nonce != ScenarioPromotionalOffer.nonce(named: "second"))
        #expect(offer.signedSecondsAgo == 60)

        let broken = try files.write(
            """
            <key>Catalog</key><string>\(ScenarioFileTests.catalog)</string>
            <key>Steps</key>
            <array>
            <dict><key>Step</key><string>buyWithPromotionalOffer</string><key>Product</key><string>p</string>
            <key>Offer</key><string>winback</string><key>KeyID</key><string>K</string>
            <key>PrivateKey</key><string>missing.pem</string></dict>
            </array>
            """)
        #expect {
            try ScenarioFileTests.load(broken)
        } throws: { error in
            guard case .invalid(let problems) = error as? ScenarioFileError else { return false }
            return problems.map(\.problem) == [.unusablePrivateKey("missing.pem")]
        }
    }
}
