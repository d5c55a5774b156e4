// Every English text of catalog diagnostics is here, so a message table can replace them later.

import PropertyList

extension CatalogProblem {
    /// What is wrong, in one English sentence without a final period.
    public var message: String {
        switch self {
        case .unreadableDocument(let text), .unreadableFile(let text):
            return text
        case .rootNotDictionary(let found):
            return "the catalog's root must be a dict, found \(found)"
        case .missingKey(let key, let container):
            return "missing required key '\(key)' in \(container)"
        case .wrongType(let key, let expected, let found):
            return "'\(key)' must be \(article(expected)) \(expected), found \(found)"
        case .unknownKey(let key, let suggestion, _):
            if let suggestion { return "unknown key '\(key)'; did you mean '\(suggestion)'?" }
            return "unknown key '\(key)'"
        case .duplicateKey(let key, let first):
            return "duplicate key '\(key)' (first at line \(first.line), column \(first.column))"
        case .unsupportedVersion(let found):
            return "unsupported CatalogVersion \(found); this version of PurchaseKit reads version 1"
        case .emptyValue(let key):
            return "'\(key)' must not be empty"
        case .invalidValue(let key, let value, _, let suggestion):
            if let suggestion { return "'\(value)' is not a valid \(key); did you mean '\(suggestion)'?" }
            return "'\(value)' is not a valid \(key)"
        case .outOfRange(let key, let value, let minimum):
            return "'\(key)' must be \(minimum) or more, found \(value)"
        case .invalidProductID(let id):
            return "invalid ProductID '\(id)'"
        case .duplicateProductID(let id, let first):
            return "duplicate ProductID '\(id)' (first at line \(first.line), column \(first.column))"
        case .invalidPrice(let text):
            return "invalid price '\(text)'"
        case .inexactPrice(let text):
            return "price \(text) is written as <real>, which cannot hold most decimal amounts exactly"
        case .undeclaredStorefront(let code, let suggestion):
            if let suggestion { return "storefront '\(code)' is not declared; did you mean '\(suggestion)'?" }
            return "storefront '\(code)' is not declared"
        case .invalidStorefrontCode(let code):
            return "invalid storefront code '\(code)'"
        case .invalidCurrencyCode(let code):
            return "invalid currency code '\(code)'"
        case .invalidLocale(let text):
            return "invalid locale identifier '\(text)'"
        case .missingLocalization(let id, let locale, _):
            return "product '\(id)' has no localization for the deployment's locale '\(locale)'"
        case .missingDefaultPrice(let id, let storefront):
            return "product '\(id)' has no price in the deployment's storefront '\(storefront)'"
        case .invalidPeriod(let key, let value):
            return "'\(value)' is not a valid \(key)"
        case .requiredForType(let key, let type):
            return "\(article(type)) \(type) product needs '\(key)'"
        case .notAllowedForType(let key, let type):
            return "'\(key)' is not allowed on \(article(type)) \(type) product"
        case .conflictingProviderKeys:
            return "Deployment has both 'Provider' and 'Providers'"
        case .missingProvider:
            return "Deployment needs 'Provider' or 'Providers'"
        case .providerSettingsWithProviders:
            return "'ProviderSettings' goes with 'Provider', not with 'Providers'"
        case .emptyProviders:
            return "'Providers' is empty"
        case .duplicateProvider(let kind, let first):
            return "provider '\(kind)' is listed twice (first at line \(first.line), column \(first.column))"
        case .invalidProviderKind(let kind):
            return "invalid provider kind '\(kind)'"
        case .unknownProviderKind(let kind, let suggestion):
            if let suggestion { return "unknown provider kind '\(kind)'; did you mean '\(suggestion)'?" }
            return "unknown provider kind '\(kind)'"
        case .storeIDForUnusedProvider(let kind, let suggestion):
            if let suggestion {
                return
                    "store ID for provider '\(kind)', which this deployment does not use; did you mean '\(suggestion)'?"
            }
            return "store ID for provider '\(kind)', which this deployment does not use"
        case .offerPricesRequired(let mode):
            return "\(article(mode)) \(mode) introductory offer needs 'Prices'"
        case .offerPricesIgnored:
            return "a FreeTrial introductory offer is free, so its 'Prices' are ignored"
        case .entitlementsOnConsumable(let id):
            return "consumable '\(id)' is never owned, so its 'Entitlements' grant nothing lasting"
        case .consumableWithoutPayouts(let id):
            return "consumable '\(id)' has no 'Payouts', so buying it delivers nothing"
        case .familyShareableConsumable(let id):
            return "consumable '\(id)' cannot be family shareable"
        case .duplicateEntitlement(let name):
            return "entitlement '\(name)' is listed twice"
        case .simulationUnused:
            return "'Simulation' is only read by the simulated App Store, which this deployment does not use"
        case .unsupportedSettingValue(let found):
            return "settings cannot hold \(article(found)) \(found) value"
        }
    }

    /// How to fix the problem, in one English sentence.
    public var hint: String {
        switch self {
        case .unreadableDocument:
            return "Fix the property list at this position; the catalog is an XML property list."
        case .unreadableFile:
            return "Check that the path names a readable catalog file."
        case .rootNotDictionary:
            return "Make the top-level element a <dict> with CatalogVersion, Deployment, Storefronts and Products."
        case .missingKey(let key, _):
            return "Add <key>\(key)</key> with its value to this dict."
        case .wrongType(_, let expected, _):
            return "Write the value as \(element(expected))."
        case .unknownKey(_, let suggestion, let known):
            if let suggestion { return "Rename the key to '\(suggestion)', or remove it." }
            return "Remove the key; the keys allowed here are \(known.joined(separator: ", "))."
        case .duplicateKey:
            return "Keep one of the entries; only the last one counts."
        case .unsupportedVersion:
            return "Set <key>CatalogVersion</key><integer>1</integer>."
        case .emptyValue:
            return "Give it a value, or remove the key if it is optional."
        case .invalidValue(_, _, let allowed, let suggestion):
            if let suggestion {
                return "Write '\(suggestion)'; the allowed values are \(allowed.joined(separator: ", "))."
            }
            return "Use one of \(allowed.joined(separator: ", "))."
        case .outOfRange(_, _, let minimum):
            return "Use a whole number of \(minimum) or more."
        case .invalidProductID:
            return "Use only letters, digits, '.', '_' and '-', e.g. com.example.gems.100."
        case .duplicateProductID:
            return "Give each product its own ProductID."
        case .invalidPrice:
            return "Write the amount as plain digits with an optional '.' and fraction, e.g. 0.99 or 160."
        case .inexactPrice(let text):
            return "Write it as a string: <string>\(text)</string>."
        case .undeclaredStorefront(let code, let suggestion):
            if let suggestion { return "Write '\(suggestion)', or declare '\(code)' under Storefronts." }
            return "Declare '\(code)' under Storefronts with its Currency, or remove this entry."
        case .invalidStorefrontCode:
            return "Use an ISO 3166-1 alpha-3 code in capitals, e.g. USA, JPN, CHN, RUS."
        case .invalidCurrencyCode:
            return "Use an ISO 4217 code in capitals, e.g. USD, JPY, CNY, RUB."
        case .invalidLocale:
            return "Use a language code with an optional script and region, e.g. en, en_US, ja_JP, zh-Hans."
        case .missingLocalization(_, _, let accepted):
            return "Add a Localizations entry for one of \(accepted.joined(separator: ", "))."
        case .missingDefaultPrice(_, let storefront):
            return "Add a price for \(storefront) under Prices, or the product cannot be bought there."
        case .invalidPeriod:
            return "Use an ISO 8601 duration with one unit, e.g. P3D, P1W, P1M, P3M or P1Y."
        case .requiredForType(let key, _):
            if key == "Subscription" {
                return "Add a Subscription dict with Group, Period and Level, or change the Type."
            }
            return "Add <key>\(key)</key> with an ISO 8601 duration such as P3M, or change the Type."
        case .notAllowedForType:
            return "Remove the key, or change the Type."
        case .conflictingProviderKeys:
            return
                "Keep 'Provider' for one store, or 'Providers' (an array of dicts with Kind and Settings) for several."
        case .missingProvider:
            return "Add <key>Provider</key><string>file</string>, or a 'Providers' array."
        case .providerSettingsWithProviders:
            return "Move the settings into the 'Settings' dict of the matching 'Providers' entry."
        case .emptyProviders:
            return "List at least one provider; the first is the default for purchases."
        case .duplicateProvider:
            return "List each provider kind once."
        case .invalidProviderKind:
            return "Use a registered provider kind such as 'file' or 'simulated-app-store'."
        case .unknownProviderKind(_, let suggestion):
            if let suggestion { return "Write '\(suggestion)', or register the kind before loading the catalog." }
            return "Register the provider kind before loading the catalog, or use 'file'."
        case .storeIDForUnusedProvider:
            return "Add the provider to the deployment, or remove this store ID."
        case .offerPricesRequired:
            return "Add a Prices dict (storefront to amount) to the IntroductoryOffer, or make it a FreeTrial."
        case .offerPricesIgnored:
            return "Remove the Prices, or change the Mode to PayAsYouGo or PayUpFront."
        case .entitlementsOnConsumable:
            return "Make the product NonConsumable, or grant payouts instead."
        case .consumableWithoutPayouts:
            return "Add Payouts (e.g. Kind currency, Name gems, Quantity 100)."
        case .familyShareableConsumable:
            return "Remove FamilyShareable, or set it to false."
        case .duplicateEntitlement:
            return "List each entitlement once."
        case .simulationUnused:
            return "Remove 'Simulation', or use the 'simulated-app-store' provider."
        case .unsupportedSettingValue:
            return "Use a string, number, boolean, date, data, array or dict."
        }
    }
}

private func article(_ noun: String) -> String {
    switch noun.lowercased().first {
    case "a", "e", "i", "o", "u": "an"
    default: "a"
    }
}

private func element(_ expected: String) -> String {
    switch expected {
    case "dict": "<dict>...</dict>"
    case "array": "<array>...</array>"
    case "boolean": "<true/> or <false/>"
    case "string": "<string>...</string>"
    case "integer": "<integer>...</integer>"
    default: "<\(expected)>...</\(expected)>"
    }
}
