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
        ("_renewalBillingIssuesEnabled", "BillingRetryOnRenewal"),
    ]

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
        var xcode: [String: SettingValue] = [:]
        if case .object(let members) = settings.value {
            for member in members where !Self.mapped.contains(member.key) {
                if let value = Self.setting(member.value) { xcode[member.key] = value }
            }
        }
        if !xcode.isEmpty { result["XcodeSettings"] = .dictionary(xcode) }
        return result
    }

    /// Settings read into typed keys; the rest are kept as written under `XcodeSettings`.
    static let mapped: Set<String> = Set(switches.map(\.xcode)).union([
        "_storefront", "_locale", "_storeKitError", "_storeKitErrors",
    ])

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
