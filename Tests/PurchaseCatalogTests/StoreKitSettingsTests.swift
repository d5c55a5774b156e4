import Foundation
import PropertyList
import PurchaseCatalog
import PurchaseCore
import Testing

/// A `.storekit` file's test-session settings become the simulated App Store's `ProviderSettings`.
struct StoreKitSettingsTests {
    /// The provider settings a file with this `settings` object imports to.
    private func settings(_ object: String) throws -> [String: SettingValue] {
        let json = "{\"products\": [], \"settings\": \(object)}"
        let result = StoreKitConfigurationImporter().load(Data(json.utf8))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return try #require(result.get().deployment.defaultProvider?.settings)
    }

    // Raw values from StoreKitTest's SKTestSession.h (iOS 14, 15.2 and 17 SDKs): the first seven count
    // from 0, the monthly rates from 10 (with 15 set apart), the fixed rates from 1000.
    @Test(arguments: [
        (0, "realTime"), (1, "oneHourIsOneDay"), (5, "thirtySecondsIsOneDay"), (6, "oneSecondIsOneDay"),
        (10, "monthlyRenewalEveryHour"), (13, "monthlyRenewalEveryFiveMinutes"),
        (15, "monthlyRenewalEveryThirtySeconds"), (1000, "oneRenewalEveryFifteenMinutes"),
        (1002, "oneRenewalEveryMinute"), (1005, "oneRenewalEveryTwoSeconds"),
    ])
    func timeRateNumbersBecomeXcodesRateNames(number: Int, name: String) throws {
        let settings = try settings("{\"_timeRate\": \(number)}")
        #expect(settings["TimeRate"] == .string(name))
        #expect(settings["XcodeSettings"] == nil)
    }

    @Test(arguments: [7, 9, 14, 16, 999, 1006])
    func aTimeRateNoSourceExplainsIsAWarningAtItsValue(number: Int) throws {
        let json = "{\"products\": [],\n  \"settings\": {\"_locale\": \"en_US\", \"_timeRate\": \(number)}}"
        let result = StoreKitConfigurationImporter().load(Data(json.utf8), path: "Rates.storekit")
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.problem == .storeKitUnknownTimeRate(String(number)))
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.location == SourceLocation(line: 2, column: 49))
        #expect(diagnostic.description.hasPrefix("Rates.storekit:2:49: warning: unknown _timeRate \(number):"))
        let settings = try #require(try result.get().deployment.defaultProvider?.settings)
        #expect(settings["TimeRate"] == nil)
        #expect(settings["XcodeSettings"]?["_timeRate"] == .integer(Int64(number)))
    }

    @Test func aTimeRateThatIsNotANumberIsAnError() {
        let json = "{\"products\": [], \"settings\": {\"_timeRate\": \"fast\"}}"
        let result = StoreKitConfigurationImporter().load(Data(json.utf8))
        #expect(
            result.errors.map(\.problem) == [.storeKitWrongType(key: "_timeRate", expected: "integer", found: "string")]
        )
    }

    @Test(arguments: [
        ("{\"_billingIssuesEnabled\": true}", true), ("{\"_billingIssuesEnabled\": false}", false),
        ("{\"_billingIssuesEnabled\": true, \"_renewalBillingIssuesEnabled\": false}", true),
        ("{\"_billingIssuesEnabled\": false, \"_renewalBillingIssuesEnabled\": true}", true),
        ("{\"_billingIssuesEnabled\": false, \"_renewalBillingIssuesEnabled\": false}", false),
    ])
    func billingIssuesTurnBillingRetryOn(object: String, retry: Bool) throws {
        let settings = try settings(object)
        #expect(settings["BillingRetryOnRenewal"] == .bool(retry))
        #expect(settings["XcodeSettings"] == nil)
    }

    @Test func withoutBillingIssueSwitchesBillingRetryIsLeftToTheSession() throws {
        let settings = try settings("{\"_billingGracePeriodEnabled\": true}")
        #expect(settings["BillingRetryOnRenewal"] == nil)
        #expect(settings["BillingGracePeriodEnabled"] == true)
    }

    @Test func aBillingIssuesSwitchThatIsNotABooleanIsAnError() {
        let json = "{\"products\": [], \"settings\": {\"_billingIssuesEnabled\": 1}}"
        let result = StoreKitConfigurationImporter().load(Data(json.utf8))
        #expect(
            result.errors.map(\.problem) == [
                .storeKitWrongType(key: "_billingIssuesEnabled", expected: "boolean", found: "number")
            ])
    }

    @Test func aNullTimeRateIsLeftOut() throws {
        let settings = try settings("{\"_timeRate\": null, \"_compatibilityTimeRate\": {\"3\": 6}}")
        #expect(settings["TimeRate"] == nil)
        #expect(settings["XcodeSettings"] == .dictionary(["_compatibilityTimeRate": .dictionary(["3": 6])]))
    }
}
