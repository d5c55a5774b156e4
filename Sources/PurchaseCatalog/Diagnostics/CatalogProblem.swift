public import PropertyList
public import PurchaseCore

/// Every kind of problem catalog validation reports, with the details its message needs.
///
/// Its texts come from the message tables: ``messageText`` and ``hintText`` name the keys
/// (`catalog.<problem>` and `catalog.<problem>.hint`) with the associated values as arguments, and
/// ``message(locale:table:)`` and ``hint(locale:table:)`` render them in any language (``message`` and
/// ``hint`` in English). Key names, values from the file and storefront or locale codes are quoted as
/// written and never translated.
public enum CatalogProblem: Sendable, Hashable {
    /// The file is not a readable property list (bad XML, refused input); the reader's reason.
    case unreadableDocument(PropertyListError.Reason)
    /// The file could not be opened or read; the reader's reason.
    case unreadableFile(PropertyListError.Reason)
    /// A folder of message tables (a catalog's `MessageTables`) does not exist or cannot be read.
    case messageTablesFolderUnreadable
    /// The document's root is not a dict; the element found.
    case rootNotDictionary(found: String)
    /// A required key is missing from the dict the diagnostic points at; the key and which dict it is.
    case missingKey(String, in: CatalogContainer)
    /// A value has the wrong element type.
    case wrongType(key: String, expected: String, found: String)
    /// A key the format does not define, the closest known key when one is near, and all known keys.
    case unknownKey(String, suggestion: String?, known: [String])
    /// A key appears twice in one dict; the location of the first.
    case duplicateKey(String, first: SourceLocation)
    /// `CatalogVersion` is not 1; the value found.
    case unsupportedVersion(String)
    /// A string value that must not be empty is empty.
    case emptyValue(key: String)
    /// A value outside a fixed set of spellings, the allowed spellings and the closest one.
    case invalidValue(key: String, value: String, allowed: [String], suggestion: String?)
    /// A number below its minimum (or too large to hold).
    case outOfRange(key: String, value: String, minimum: Int)
    /// A `ProductID` with characters other than letters, digits, `.`, `_` and `-`.
    case invalidProductID(String)
    /// A `ProductID` used by an earlier product; the first one's location.
    case duplicateProductID(String, first: SourceLocation)
    /// A price that is not a plain non-negative decimal.
    case invalidPrice(String)
    /// A price written as plain digits (a string or an `<integer>`) with more digits than
    /// `Price.maximumDigits`, before and after the `.` together; the amount as written.
    case priceTooLarge(String)
    /// A price written as `<real>`, which cannot hold most decimal amounts exactly.
    case inexactPrice(String)
    /// A storefront code that the catalog's `Storefronts` does not declare, and the closest declared one.
    case undeclaredStorefront(String, suggestion: String?)
    /// A storefront code that is not three capital letters.
    case invalidStorefrontCode(String)
    /// A currency code that is not three capital letters.
    case invalidCurrencyCode(String)
    /// A malformed locale identifier.
    case invalidLocale(String)
    /// A product with no localization for the deployment's language; its `ProductID` as written (`nil` when
    /// it has none) and the identifiers that would do.
    case missingLocalization(productID: String?, locale: String, accepted: [String])
    /// A product with no price in the deployment's default storefront; its `ProductID` as written (`nil`
    /// when it has none).
    case missingDefaultPrice(productID: String?, storefront: String)
    /// A value that is not an ISO 8601 duration with one unit.
    case invalidPeriod(key: String, value: String)
    /// A key that a product of this type must have (`Subscription`, `Duration`).
    case requiredForType(key: String, type: String)
    /// A key that a product of this type must not have.
    case notAllowedForType(key: String, type: String)
    /// The deployment has both `Provider` and `Providers`.
    case conflictingProviderKeys
    /// The deployment has neither `Provider` nor `Providers`.
    case missingProvider
    /// `ProviderSettings` next to `Providers` (settings then belong in each entry).
    case providerSettingsWithProviders
    /// `Providers` is an empty array.
    case emptyProviders
    /// A provider kind listed twice; the first one's location.
    case duplicateProvider(String, first: SourceLocation)
    /// A provider kind that is not a letter followed by letters, digits, `.`, `_` or `-`.
    case invalidProviderKind(String)
    /// A provider kind the loader was told is not registered, and the closest registered one.
    case unknownProviderKind(String, suggestion: String?)
    /// A ledger kind (`Ledger`'s `Kind`) that is not a letter followed by letters, digits, `.`, `_` or `-`.
    case invalidLedgerKind(String)
    /// A ledger kind the loader was told is not registered, and the closest registered one.
    case unknownLedgerKind(String, suggestion: String?)
    /// A `StoreIDs` entry for a provider the deployment does not use, and the closest one it uses.
    case storeIDForUnusedProvider(String, suggestion: String?)
    /// A paying introductory offer without `Prices`.
    case offerPricesRequired(mode: String)
    /// A free trial with `Prices`.
    case offerPricesIgnored
    /// Entitlements on a consumable, which is never owned.
    case entitlementsOnConsumable(productID: String)
    /// A consumable with no payouts, which delivers nothing.
    case consumableWithoutPayouts(productID: String)
    /// `FamilyShareable` true on a consumable, which cannot be shared.
    case familyShareableConsumable(productID: String)
    /// The same entitlement named twice in one product.
    case duplicateEntitlement(String)
    /// `Simulation` in a deployment that does not use the simulated App Store.
    case simulationUnused
    /// Two promotional offers of one subscription with the same `Identifier`.
    case duplicateOfferID(String)
    /// A provider or simulation setting of a type settings cannot hold (`CF$UID`, integers above
    /// `Int64.max`).
    case unsupportedSettingValue(found: String)
    /// A provider setting its provider cannot use (what its registered settings check refused).
    case invalidProviderSetting(ProviderSettingError)
    /// A `.storekit` file that is not readable JSON (or too large to read); the parser's reason.
    case storeKitUnreadable(PropertyListError.Reason)
    /// A `.storekit` value of the wrong JSON type: the key, the type expected and the type found.
    case storeKitWrongType(key: String, expected: String, found: String)
    /// A key a `.storekit` object must have is missing; the key and a description of the object.
    case storeKitMissingKey(String, in: String)
    /// A `.storekit` `_storefront` whose currency the importer does not know; prices are read as US dollars.
    case storeKitUnknownStorefront(String)
    /// A `.storekit` `version.major` outside the versions the importer was written for; the value found.
    case storeKitUnsupportedVersion(String)
    /// A `.storekit` `_timeRate` that is not one of the `SKTestTimeRate` numbers public sources establish;
    /// the number found. Subscriptions then keep their calendar lengths.
    case storeKitUnknownTimeRate(String)

    /// Whether this problem is an error or a warning.
    public var severity: Diagnostic.Severity {
        switch self {
        case .unknownKey, .missingDefaultPrice, .storeIDForUnusedProvider, .offerPricesIgnored,
            .entitlementsOnConsumable, .consumableWithoutPayouts, .familyShareableConsumable, .duplicateEntitlement,
            .simulationUnused, .storeKitUnknownStorefront,
            .storeKitUnsupportedVersion, .storeKitUnknownTimeRate:
            .warning
        default:
            .error
        }
    }

    /// A stable name for the kind of problem (`catalog.unknownKey`), for message tables and tests; never
    /// changes once released.
    public var key: String {
        let name: String
        switch self {
        case .unreadableDocument: name = "unreadableDocument"
        case .unreadableFile: name = "unreadableFile"
        case .messageTablesFolderUnreadable: name = "messageTablesFolderUnreadable"
        case .rootNotDictionary: name = "rootNotDictionary"
        case .missingKey: name = "missingKey"
        case .wrongType: name = "wrongType"
        case .unknownKey: name = "unknownKey"
        case .duplicateKey: name = "duplicateKey"
        case .unsupportedVersion: name = "unsupportedVersion"
        case .emptyValue: name = "emptyValue"
        case .invalidValue: name = "invalidValue"
        case .outOfRange: name = "outOfRange"
        case .invalidProductID: name = "invalidProductID"
        case .duplicateProductID: name = "duplicateProductID"
        case .invalidPrice: name = "invalidPrice"
        case .priceTooLarge: name = "priceTooLarge"
        case .inexactPrice: name = "inexactPrice"
        case .undeclaredStorefront: name = "undeclaredStorefront"
        case .invalidStorefrontCode: name = "invalidStorefrontCode"
        case .invalidCurrencyCode: name = "invalidCurrencyCode"
        case .invalidLocale: name = "invalidLocale"
        case .missingLocalization: name = "missingLocalization"
        case .missingDefaultPrice: name = "missingDefaultPrice"
        case .invalidPeriod: name = "invalidPeriod"
        case .requiredForType: name = "requiredForType"
        case .notAllowedForType: name = "notAllowedForType"
        case .conflictingProviderKeys: name = "conflictingProviderKeys"
        case .missingProvider: name = "missingProvider"
        case .providerSettingsWithProviders: name = "providerSettingsWithProviders"
        case .emptyProviders: name = "emptyProviders"
        case .duplicateProvider: name = "duplicateProvider"
        case .invalidProviderKind: name = "invalidProviderKind"
        case .unknownProviderKind: name = "unknownProviderKind"
        case .invalidLedgerKind: name = "invalidLedgerKind"
        case .unknownLedgerKind: name = "unknownLedgerKind"
        case .storeIDForUnusedProvider: name = "storeIDForUnusedProvider"
        case .offerPricesRequired: name = "offerPricesRequired"
        case .offerPricesIgnored: name = "offerPricesIgnored"
        case .entitlementsOnConsumable: name = "entitlementsOnConsumable"
        case .consumableWithoutPayouts: name = "consumableWithoutPayouts"
        case .familyShareableConsumable: name = "familyShareableConsumable"
        case .duplicateEntitlement: name = "duplicateEntitlement"
        case .simulationUnused: name = "simulationUnused"
        case .duplicateOfferID: name = "duplicateOfferID"
        case .unsupportedSettingValue: name = "unsupportedSettingValue"
        case .invalidProviderSetting: name = "invalidProviderSetting"
        case .storeKitUnreadable: name = "storeKitUnreadable"
        case .storeKitWrongType: name = "storeKitWrongType"
        case .storeKitMissingKey: name = "storeKitMissingKey"
        case .storeKitUnknownStorefront: name = "storeKitUnknownStorefront"
        case .storeKitUnsupportedVersion: name = "storeKitUnsupportedVersion"
        case .storeKitUnknownTimeRate: name = "storeKitUnknownTimeRate"
        }
        return "catalog." + name
    }
}
