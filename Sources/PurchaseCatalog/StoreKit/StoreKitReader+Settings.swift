import PropertyList
import PurchaseCore

// The `settings` object of a `.storekit` file: Xcode's test-session switches, mapped onto the
// simulated App Store's `ProviderSettings` keys (see SessionControls(settings:) in SimulatedAppStore).

extension StoreKitReader {
    /// Xcode's names for the operations `_storeKitErrors` can fail, and the simulated App Store's.
    static let errorAPIs: [String: String] = [
        "Load Products": "LoadProducts", "Purchase": "Purchase", "App Store Sync": "Restore",
    ]

    /// Boolean switches that map one to one.
    static let switches: [(xcode: String, setting: String)] = [
        ("_askToBuyEnabled", "AskToBuyEnabled"), ("_failTransactionsEnabled", "FailTransactionsEnabled"),
        ("_billingGracePeriodEnabled", "BillingGracePeriodEnabled"),
    ]

    /// The switches that make renewals fail to charge (`BillingRetryOnRenewal`): Xcode's "Enable Billing
    /// Retry on Renewal" (`_renewalBillingIssuesEnabled`, `SKTestSession.shouldEnterBillingRetryOnRenewal`)
    /// and format 5's `_billingIssuesEnabled`, which Xcode writes beside it and no public document
    /// describes; either one on turns billing retry on.
    static let billingIssueSwitches = ["_renewalBillingIssuesEnabled", "_billingIssuesEnabled"]

    /// Reads the storefront and locale into the reader and returns the provider settings.
    mutating func readSettings(_ settings: JSONNode) -> [String: SettingValue] {
        var result: [String: SettingValue] = [:]
        if let node = settings["_storefront"], !node.isNull, let code = string(node, key: "_storefront") {
            if !Storefront.isValidCode(code) {
                report(.invalidStorefrontCode(code), at: node.location)
            } else if let currency = StoreKitStorefronts.currency(for: code) {
                storefront = Storefront(code: code, currencyCode: currency)
            } else {
                report(.storeKitUnknownStorefront(code), at: node.location)
                storefront = Storefront(code: code, currencyCode: "USD")
            }
        }
        if let node = settings["_locale"], !node.isNull, let text = string(node, key: "_locale") {
            if let canonical = LocaleFallback.canonicalIdentifier(text) {
                locale = canonical
            } else {
                report(.invalidLocale(text), at: node.location)
            }
        }
        result["Storefront"] = .string(storefront.code)
        result["Locale"] = .string(locale)
        for (xcode, setting) in Self.switches {
            if let value = bool(settings, xcode) { result[setting] = .bool(value) }
        }
        let billingIssues = Self.billingIssueSwitches.compactMap { bool(settings, $0) }
        if !billingIssues.isEmpty { result["BillingRetryOnRenewal"] = .bool(billingIssues.contains(true)) }
        // Format 1 and 2 files name the error failing transactions get as an SKError number.
        if let node = settings["_storeKitError"], !node.isNull, let code = integer(node, key: "_storeKitError") {
            result["FailureError"] = .integer(Int64(code))
        }
        var simulated: [String: SettingValue] = [:]
        for entry in array(settings, "_storeKitErrors") {
            guard expectObject(entry, key: "_storeKitErrors"), bool(entry, "enabled") == true,
                let name = string(entry, "name"), let api = Self.errorAPIs[name]
            else { continue }
            simulated[api] = .integer(Int64(Self.errorCode(entry["current"])))
        }
        if !simulated.isEmpty { result["SimulatedErrors"] = .dictionary(simulated) }
        var unmapped: Set<String> = []
        if let node = settings["_timeRate"], !node.isNull, let number = integer(node, key: "_timeRate") {
            if let name = Self.timeRates[number] {
                result["TimeRate"] = .string(name)
            } else {
                report(.storeKitUnknownTimeRate(String(number)), at: node.location)
                unmapped.insert("_timeRate")
            }
        }
        var xcode: [String: SettingValue] = [:]
        if case .object(let members) = settings.value {
            for member in members where !Self.mapped.contains(member.key) || unmapped.contains(member.key) {
                if let value = Self.setting(member.value) { xcode[member.key] = value }
            }
        }
        if !xcode.isEmpty { result["XcodeSettings"] = .dictionary(xcode) }
        return result
    }

    /// Settings read into typed keys; the rest (and a `_timeRate` no public source explains) are kept as
    /// written under `XcodeSettings`.
    static let mapped: Set<String> = Set(switches.map(\.xcode)).union(billingIssueSwitches).union([
        "_storefront", "_locale", "_storeKitError", "_storeKitErrors", "_timeRate",
    ])

    /// The numbers Xcode writes as `_timeRate` (StoreKitTest's `SKTestTimeRate`, an `NS_ENUM` whose values
    /// the SDK headers of iOS 14, 15.2 and 17 declare) and the simulated App Store's `TimeRate` names for
    /// them, which are Xcode's case names. Numbers missing here (7 to 9, 14, 16 to 999, above 1005) are
    /// in no public header or document.
    static let timeRates: [Int: String] = [
        0: "realTime", 1: "oneHourIsOneDay", 2: "thirtyMinutesIsOneDay", 3: "fiveMinutesIsOneDay",
        4: "oneMinuteIsOneDay", 5: "thirtySecondsIsOneDay", 6: "oneSecondIsOneDay",
        10: "monthlyRenewalEveryHour", 11: "monthlyRenewalEveryThirtyMinutes", 12: "monthlyRenewalEveryFifteenMinutes",
        13: "monthlyRenewalEveryFiveMinutes", 15: "monthlyRenewalEveryThirtySeconds",
        1000: "oneRenewalEveryFifteenMinutes", 1001: "oneRenewalEveryFiveMinutes", 1002: "oneRenewalEveryMinute",
        1003: "oneRenewalEveryThirtySeconds", 1004: "oneRenewalEveryTenSeconds", 1005: "oneRenewalEveryTwoSeconds",
    ]

    /// The SKError number of an enabled `_storeKitErrors` entry's `current` choice: a number, or an
    /// object with `errorCode` or `code`; otherwise 0 (`unknown`), as Xcode's files do not spell the
    /// choice in a documented way.
    static func errorCode(_ current: JSONNode?) -> Int {
        guard let current else { return 0 }
        if case .number(let text) = current.value, let code = Int(text), code >= 0 { return code }
        for key in ["errorCode", "code"] {
            if let node = current[key], case .number(let text) = node.value, let code = Int(text), code >= 0 {
                return code
            }
        }
        return 0
    }
}
