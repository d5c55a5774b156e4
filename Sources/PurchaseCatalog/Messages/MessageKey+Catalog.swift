public import PurchaseCore

/// The keys of catalog diagnostics (`catalog.<problem>`, and `catalog.<problem>.hint` saying how to fix
/// it): ``CatalogProblem`` names each with its arguments, for catalogs, `.storekit` files and message
/// tables.
extension MessageKey {
    // MARK: Reading the file
    /// The file is not a readable property list; gives the reader's reason (a `plist.<reason>` message).
    public static let catalogUnreadableDocument = MessageKey("catalog.unreadableDocument", arguments: [.text])
    /// How to fix `catalog.unreadableDocument`.
    public static let catalogUnreadableDocumentHint = MessageKey("catalog.unreadableDocument.hint")
    /// The file could not be read; gives the reader's reason (a `plist.<reason>` message).
    public static let catalogUnreadableFile = MessageKey("catalog.unreadableFile", arguments: [.text])
    /// How to fix `catalog.unreadableFile`.
    public static let catalogUnreadableFileHint = MessageKey("catalog.unreadableFile.hint")
    /// A message tables folder that does not exist or cannot be read.
    public static let catalogMessageTablesFolderUnreadable = MessageKey("catalog.messageTablesFolderUnreadable")
    /// How to fix `catalog.messageTablesFolderUnreadable`.
    public static let catalogMessageTablesFolderUnreadableHint = MessageKey(
        "catalog.messageTablesFolderUnreadable.hint")
    /// The document's root is not a dict; names the element found.
    public static let catalogRootNotDictionary = MessageKey("catalog.rootNotDictionary", arguments: [.text])
    /// How to fix `catalog.rootNotDictionary`.
    public static let catalogRootNotDictionaryHint = MessageKey("catalog.rootNotDictionary.hint")

    // MARK: Keys and values
    /// A required key is missing from a dict named by its key (`Deployment`, `Subscription`); names both.
    public static let catalogMissingKey = MessageKey("catalog.missingKey", arguments: [.text, .text])
    /// A required key is missing from the catalog's root dict; names the key.
    public static let catalogMissingKeyRoot = MessageKey("catalog.missingKey.root", arguments: [.text])
    /// A required key is missing from a storefront's dict; names the key and the storefront code.
    public static let catalogMissingKeyStorefront = MessageKey(
        "catalog.missingKey.storefront", arguments: [.text, .text])
    /// A required key is missing from a product; names the key and the product's `ProductID`.
    public static let catalogMissingKeyProduct = MessageKey("catalog.missingKey.product", arguments: [.text, .text])
    /// A required key is missing from a product without a `ProductID`; names the key.
    public static let catalogMissingKeyUnnamedProduct = MessageKey(
        "catalog.missingKey.unnamedProduct", arguments: [.text])
    /// A required key is missing from a product's localization; names the key and the locale identifier.
    public static let catalogMissingKeyLocalization = MessageKey(
        "catalog.missingKey.localization", arguments: [.text, .text])
    /// A required key is missing from a payout; names the key.
    public static let catalogMissingKeyPayout = MessageKey("catalog.missingKey.payout", arguments: [.text])
    /// A required key is missing from an element of `Providers`; names the key.
    public static let catalogMissingKeyProviderEntry = MessageKey(
        "catalog.missingKey.providerEntry", arguments: [.text])
    /// A required key is missing from an element of a simulation's `Failures`; names the key.
    public static let catalogMissingKeyFailure = MessageKey("catalog.missingKey.failure", arguments: [.text])
    /// A required key is missing from an entry of a `.stringsdict` message table; names the key and the entry.
    public static let catalogMissingKeyMessageEntry = MessageKey(
        "catalog.missingKey.messageEntry", arguments: [.text, .text])
    /// A required key is missing from a plural variable of a `.stringsdict` entry; names the key and the variable.
    public static let catalogMissingKeyPluralVariable = MessageKey(
        "catalog.missingKey.pluralVariable", arguments: [.text, .text])
    /// How to fix `catalog.missingKey`.
    public static let catalogMissingKeyHint = MessageKey("catalog.missingKey.hint", arguments: [.text])
    /// A value has the wrong element type; names the key, the type expected and the type found.
    public static let catalogWrongType = MessageKey("catalog.wrongType", arguments: [.text, .text, .text])
    /// How to fix `catalog.wrongType`.
    public static let catalogWrongTypeHint = MessageKey("catalog.wrongType.hint", arguments: [.text])
    /// How to fix `catalog.wrongType.boolean`.
    public static let catalogWrongTypeBooleanHint = MessageKey("catalog.wrongType.boolean.hint")
    /// A key the format does not define; names it.
    public static let catalogUnknownKey = MessageKey("catalog.unknownKey", arguments: [.text])
    /// A key the format does not define; names it and the closest known key.
    public static let catalogUnknownKeySuggestion = MessageKey(
        "catalog.unknownKey.suggestion", arguments: [.text, .text])
    /// How to fix `catalog.unknownKey`; lists the keys allowed.
    public static let catalogUnknownKeyHint = MessageKey("catalog.unknownKey.hint", arguments: [.text])
    /// How to fix `catalog.unknownKey.suggestion`; names the closest known key.
    public static let catalogUnknownKeySuggestionHint = MessageKey(
        "catalog.unknownKey.suggestion.hint", arguments: [.text])
    /// A key appears twice in one dict; names it and the first one's line and column.
    public static let catalogDuplicateKey = MessageKey("catalog.duplicateKey", arguments: [.text, .integer, .integer])
    /// How to fix `catalog.duplicateKey`.
    public static let catalogDuplicateKeyHint = MessageKey("catalog.duplicateKey.hint")
    /// `CatalogVersion` is not 1; gives the value found.
    public static let catalogUnsupportedVersion = MessageKey("catalog.unsupportedVersion", arguments: [.text])
    /// How to fix `catalog.unsupportedVersion`.
    public static let catalogUnsupportedVersionHint = MessageKey("catalog.unsupportedVersion.hint")
    /// A value that must not be empty is empty; names the key.
    public static let catalogEmptyValue = MessageKey("catalog.emptyValue", arguments: [.text])
    /// How to fix `catalog.emptyValue`.
    public static let catalogEmptyValueHint = MessageKey("catalog.emptyValue.hint")
    /// A value outside a fixed set; names the key and the value.
    public static let catalogInvalidValue = MessageKey("catalog.invalidValue", arguments: [.text, .text])
    /// A value outside a fixed set; names the key, the value and the closest allowed value.
    public static let catalogInvalidValueSuggestion = MessageKey(
        "catalog.invalidValue.suggestion", arguments: [.text, .text, .text])
    /// How to fix `catalog.invalidValue`; lists the allowed values.
    public static let catalogInvalidValueHint = MessageKey("catalog.invalidValue.hint", arguments: [.text])
    /// How to fix `catalog.invalidValue.suggestion`; names the closest allowed value and lists them all.
    public static let catalogInvalidValueSuggestionHint = MessageKey(
        "catalog.invalidValue.suggestion.hint", arguments: [.text, .text])
    /// A number below its minimum; names the key, the value and the minimum.
    public static let catalogOutOfRange = MessageKey("catalog.outOfRange", arguments: [.text, .text, .integer])
    /// How to fix `catalog.outOfRange`; gives the minimum.
    public static let catalogOutOfRangeHint = MessageKey("catalog.outOfRange.hint", arguments: [.integer])

    // MARK: Products, prices, storefronts and locales
    /// A malformed `ProductID`; names it.
    public static let catalogInvalidProductID = MessageKey("catalog.invalidProductID", arguments: [.text])
    /// How to fix `catalog.invalidProductID`.
    public static let catalogInvalidProductIDHint = MessageKey("catalog.invalidProductID.hint")
    /// A `ProductID` used twice; names it and the first one's line and column.
    public static let catalogDuplicateProductID = MessageKey(
        "catalog.duplicateProductID", arguments: [.text, .integer, .integer])
    /// How to fix `catalog.duplicateProductID`.
    public static let catalogDuplicateProductIDHint = MessageKey("catalog.duplicateProductID.hint")
    /// A price that is no plain decimal; gives the text.
    public static let catalogInvalidPrice = MessageKey("catalog.invalidPrice", arguments: [.text])
    /// How to fix `catalog.invalidPrice`.
    public static let catalogInvalidPriceHint = MessageKey("catalog.invalidPrice.hint")
    /// A price of plain digits with more digits than accepted; gives the text and the largest price accepted.
    public static let catalogPriceTooLarge = MessageKey("catalog.priceTooLarge", arguments: [.text, .text])
    /// How to fix `catalog.priceTooLarge`.
    public static let catalogPriceTooLargeHint = MessageKey("catalog.priceTooLarge.hint")
    /// A price written as `<real>`; gives the value.
    public static let catalogInexactPrice = MessageKey("catalog.inexactPrice", arguments: [.text])
    /// How to fix `catalog.inexactPrice`; gives the value.
    public static let catalogInexactPriceHint = MessageKey("catalog.inexactPrice.hint", arguments: [.text])
    /// A storefront code `Storefronts` does not declare; names it.
    public static let catalogUndeclaredStorefront = MessageKey("catalog.undeclaredStorefront", arguments: [.text])
    /// An undeclared storefront code; names it and the closest declared one.
    public static let catalogUndeclaredStorefrontSuggestion = MessageKey(
        "catalog.undeclaredStorefront.suggestion", arguments: [.text, .text])
    /// How to fix `catalog.undeclaredStorefront`; names the storefront code.
    public static let catalogUndeclaredStorefrontHint = MessageKey(
        "catalog.undeclaredStorefront.hint", arguments: [.text])
    /// How to fix `catalog.undeclaredStorefront.suggestion`; names the storefront code and the closest declared one.
    public static let catalogUndeclaredStorefrontSuggestionHint = MessageKey(
        "catalog.undeclaredStorefront.suggestion.hint", arguments: [.text, .text])
    /// A storefront code that is not three capital letters; names it.
    public static let catalogInvalidStorefrontCode = MessageKey("catalog.invalidStorefrontCode", arguments: [.text])
    /// How to fix `catalog.invalidStorefrontCode`.
    public static let catalogInvalidStorefrontCodeHint = MessageKey("catalog.invalidStorefrontCode.hint")
    /// A currency code that is not three capital letters; names it.
    public static let catalogInvalidCurrencyCode = MessageKey("catalog.invalidCurrencyCode", arguments: [.text])
    /// How to fix `catalog.invalidCurrencyCode`.
    public static let catalogInvalidCurrencyCodeHint = MessageKey("catalog.invalidCurrencyCode.hint")
    /// A malformed locale identifier; gives it.
    public static let catalogInvalidLocale = MessageKey("catalog.invalidLocale", arguments: [.text])
    /// How to fix `catalog.invalidLocale`.
    public static let catalogInvalidLocaleHint = MessageKey("catalog.invalidLocale.hint")
    /// A product without a localization for the deployment's locale; names both.
    public static let catalogMissingLocalization = MessageKey("catalog.missingLocalization", arguments: [.text, .text])
    /// A product without a `ProductID` and without a localization for the deployment's locale; names the locale.
    public static let catalogMissingLocalizationUnnamed = MessageKey(
        "catalog.missingLocalization.unnamed", arguments: [.text])
    /// How to fix `catalog.missingLocalization`; lists the locale identifiers that would do.
    public static let catalogMissingLocalizationHint = MessageKey(
        "catalog.missingLocalization.hint", arguments: [.text])
    /// A product without a price in the deployment's storefront; names both.
    public static let catalogMissingDefaultPrice = MessageKey("catalog.missingDefaultPrice", arguments: [.text, .text])
    /// A product without a `ProductID` and without a price in the deployment's storefront; names the storefront.
    public static let catalogMissingDefaultPriceUnnamed = MessageKey(
        "catalog.missingDefaultPrice.unnamed", arguments: [.text])
    /// How to fix `catalog.missingDefaultPrice`; names the storefront.
    public static let catalogMissingDefaultPriceHint = MessageKey(
        "catalog.missingDefaultPrice.hint", arguments: [.text])
    /// A value that is no ISO 8601 duration; names the key and the value.
    public static let catalogInvalidPeriod = MessageKey("catalog.invalidPeriod", arguments: [.text, .text])
    /// How to fix `catalog.invalidPeriod`.
    public static let catalogInvalidPeriodHint = MessageKey("catalog.invalidPeriod.hint")
    /// A key a product of a type must have; names the key and the type.
    public static let catalogRequiredForType = MessageKey("catalog.requiredForType", arguments: [.text, .text])
    /// How to fix `catalog.requiredForType`; names the key (a duration).
    public static let catalogRequiredForTypeHint = MessageKey("catalog.requiredForType.hint", arguments: [.text])
    /// How to fix `catalog.requiredForType.subscription`.
    public static let catalogRequiredForTypeSubscriptionHint = MessageKey("catalog.requiredForType.subscription.hint")
    /// A key a product of a type must not have; names the key and the type.
    public static let catalogNotAllowedForType = MessageKey("catalog.notAllowedForType", arguments: [.text, .text])
    /// How to fix `catalog.notAllowedForType`.
    public static let catalogNotAllowedForTypeHint = MessageKey("catalog.notAllowedForType.hint")

    // MARK: Providers
    /// The deployment has both `Provider` and `Providers`.
    public static let catalogConflictingProviderKeys = MessageKey("catalog.conflictingProviderKeys")
    /// How to fix `catalog.conflictingProviderKeys`.
    public static let catalogConflictingProviderKeysHint = MessageKey("catalog.conflictingProviderKeys.hint")
    /// The deployment has neither `Provider` nor `Providers`.
    public static let catalogMissingProvider = MessageKey("catalog.missingProvider")
    /// How to fix `catalog.missingProvider`.
    public static let catalogMissingProviderHint = MessageKey("catalog.missingProvider.hint")
    /// `ProviderSettings` next to `Providers`.
    public static let catalogProviderSettingsWithProviders = MessageKey("catalog.providerSettingsWithProviders")
    /// How to fix `catalog.providerSettingsWithProviders`.
    public static let catalogProviderSettingsWithProvidersHint = MessageKey(
        "catalog.providerSettingsWithProviders.hint")
    /// `Providers` is empty.
    public static let catalogEmptyProviders = MessageKey("catalog.emptyProviders")
    /// How to fix `catalog.emptyProviders`.
    public static let catalogEmptyProvidersHint = MessageKey("catalog.emptyProviders.hint")
    /// A provider kind listed twice; names it and the first one's line and column.
    public static let catalogDuplicateProvider = MessageKey(
        "catalog.duplicateProvider", arguments: [.text, .integer, .integer])
    /// How to fix `catalog.duplicateProvider`.
    public static let catalogDuplicateProviderHint = MessageKey("catalog.duplicateProvider.hint")
    /// A malformed provider kind; names it.
    public static let catalogInvalidProviderKind = MessageKey("catalog.invalidProviderKind", arguments: [.text])
    /// How to fix `catalog.invalidProviderKind`.
    public static let catalogInvalidProviderKindHint = MessageKey("catalog.invalidProviderKind.hint")
    /// A provider kind that is not registered; names it.
    public static let catalogUnknownProviderKind = MessageKey("catalog.unknownProviderKind", arguments: [.text])
    /// An unregistered provider kind; names it and the closest registered one.
    public static let catalogUnknownProviderKindSuggestion = MessageKey(
        "catalog.unknownProviderKind.suggestion", arguments: [.text, .text])
    /// How to fix `catalog.unknownProviderKind`.
    public static let catalogUnknownProviderKindHint = MessageKey("catalog.unknownProviderKind.hint")
    /// How to fix `catalog.unknownProviderKind.suggestion`; names the closest registered kind.
    public static let catalogUnknownProviderKindSuggestionHint = MessageKey(
        "catalog.unknownProviderKind.suggestion.hint", arguments: [.text])
    /// A store ID for a provider the deployment does not use; names the provider.
    public static let catalogStoreIDForUnusedProvider = MessageKey(
        "catalog.storeIDForUnusedProvider", arguments: [.text])
    /// A store ID for an unused provider; names it and the closest used one.
    public static let catalogStoreIDForUnusedProviderSuggestion = MessageKey(
        "catalog.storeIDForUnusedProvider.suggestion", arguments: [.text, .text])
    /// How to fix `catalog.storeIDForUnusedProvider`.
    public static let catalogStoreIDForUnusedProviderHint = MessageKey("catalog.storeIDForUnusedProvider.hint")

    // MARK: Offers, entitlements and consumables
    /// A paying introductory offer without prices; names its mode.
    public static let catalogOfferPricesRequired = MessageKey("catalog.offerPricesRequired", arguments: [.text])
    /// How to fix `catalog.offerPricesRequired`.
    public static let catalogOfferPricesRequiredHint = MessageKey("catalog.offerPricesRequired.hint")
    /// A free trial with prices.
    public static let catalogOfferPricesIgnored = MessageKey("catalog.offerPricesIgnored")
    /// How to fix `catalog.offerPricesIgnored`.
    public static let catalogOfferPricesIgnoredHint = MessageKey("catalog.offerPricesIgnored.hint")
    /// Entitlements on a consumable; names the product.
    public static let catalogEntitlementsOnConsumable = MessageKey(
        "catalog.entitlementsOnConsumable", arguments: [.text])
    /// How to fix `catalog.entitlementsOnConsumable`.
    public static let catalogEntitlementsOnConsumableHint = MessageKey("catalog.entitlementsOnConsumable.hint")
    /// A consumable without payouts; names the product.
    public static let catalogConsumableWithoutPayouts = MessageKey(
        "catalog.consumableWithoutPayouts", arguments: [.text])
    /// How to fix `catalog.consumableWithoutPayouts`.
    public static let catalogConsumableWithoutPayoutsHint = MessageKey("catalog.consumableWithoutPayouts.hint")
    /// A family-shareable consumable; names the product.
    public static let catalogFamilyShareableConsumable = MessageKey(
        "catalog.familyShareableConsumable", arguments: [.text])
    /// How to fix `catalog.familyShareableConsumable`.
    public static let catalogFamilyShareableConsumableHint = MessageKey("catalog.familyShareableConsumable.hint")
    /// An entitlement named twice; names it.
    public static let catalogDuplicateEntitlement = MessageKey("catalog.duplicateEntitlement", arguments: [.text])
    /// How to fix `catalog.duplicateEntitlement`.
    public static let catalogDuplicateEntitlementHint = MessageKey("catalog.duplicateEntitlement.hint")
    /// Two promotional offers of a subscription with the same identifier; names it.
    public static let catalogDuplicateOfferID = MessageKey("catalog.duplicateOfferID", arguments: [.text])
    /// How to fix `catalog.duplicateOfferID`.
    public static let catalogDuplicateOfferIDHint = MessageKey("catalog.duplicateOfferID.hint")

    // MARK: Settings
    /// `Simulation` in a deployment without the simulated App Store.
    public static let catalogSimulationUnused = MessageKey("catalog.simulationUnused")
    /// How to fix `catalog.simulationUnused`.
    public static let catalogSimulationUnusedHint = MessageKey("catalog.simulationUnused.hint")
    /// A setting of a type settings cannot hold; names the type.
    public static let catalogUnsupportedSettingValue = MessageKey("catalog.unsupportedSettingValue", arguments: [.text])
    /// How to fix `catalog.unsupportedSettingValue`.
    public static let catalogUnsupportedSettingValueHint = MessageKey("catalog.unsupportedSettingValue.hint")
    /// A provider setting that must be `<true/>` or `<false/>`; names the key and its owner (``catalogSettingOwnerProvider`` or ``catalogSettingOwnerLedger``).
    public static let catalogProviderSettingBoolean = MessageKey(
        "catalog.providerSetting.boolean", arguments: [.text, .text])
    /// A provider setting that must be a string; names the key and its owner (``catalogSettingOwnerProvider`` or ``catalogSettingOwnerLedger``).
    public static let catalogProviderSettingString = MessageKey(
        "catalog.providerSetting.string", arguments: [.text, .text])
    /// A provider setting that must be a non-empty string; names the key and its owner (``catalogSettingOwnerProvider`` or ``catalogSettingOwnerLedger``).
    public static let catalogProviderSettingNonEmptyString = MessageKey(
        "catalog.providerSetting.nonEmptyString", arguments: [.text, .text])
    /// A provider setting that must be an integer of 1 or more; names the key and its owner (``catalogSettingOwnerProvider`` or ``catalogSettingOwnerLedger``).
    public static let catalogProviderSettingPositiveInteger = MessageKey(
        "catalog.providerSetting.positiveInteger", arguments: [.text, .text])
    /// A provider setting that must be an integer of 0 or more; names the key and its owner (``catalogSettingOwnerProvider`` or ``catalogSettingOwnerLedger``).
    public static let catalogProviderSettingNonNegativeInteger = MessageKey(
        "catalog.providerSetting.nonNegativeInteger", arguments: [.text, .text])
    /// A provider setting that must be an integer; names the key and its owner (``catalogSettingOwnerProvider`` or ``catalogSettingOwnerLedger``).
    public static let catalogProviderSettingInteger = MessageKey(
        "catalog.providerSetting.integer", arguments: [.text, .text])
    /// A provider setting that must be a number from 0 to 1; names the key and its owner (``catalogSettingOwnerProvider`` or ``catalogSettingOwnerLedger``).
    public static let catalogProviderSettingFraction = MessageKey(
        "catalog.providerSetting.fraction", arguments: [.text, .text])
    /// A provider setting that must be a dict; names the key and its owner (``catalogSettingOwnerProvider`` or ``catalogSettingOwnerLedger``).
    public static let catalogProviderSettingDictionary = MessageKey(
        "catalog.providerSetting.dictionary", arguments: [.text, .text])
    /// A provider setting that must be one of some words; names the key, its owner and the words.
    public static let catalogProviderSettingOneOf = MessageKey(
        "catalog.providerSetting.oneOf", arguments: [.text, .text, .text])
    /// A nested setting whose key is not one its provider (or ledger) knows; names the key, its
    /// owner and the known keys.
    public static let catalogProviderSettingKnownKey = MessageKey(
        "catalog.providerSetting.knownKey", arguments: [.text, .text, .text])
    /// A provider setting that must name a StoreKit error; names the key and its owner (``catalogSettingOwnerProvider`` or ``catalogSettingOwnerLedger``).
    public static let catalogProviderSettingErrorCode = MessageKey(
        "catalog.providerSetting.errorCode", arguments: [.text, .text])
    /// A provider setting that must be a rate; names the key and its owner (``catalogSettingOwnerProvider`` or ``catalogSettingOwnerLedger``).
    public static let catalogProviderSettingTimeRate = MessageKey(
        "catalog.providerSetting.timeRate", arguments: [.text, .text])
    /// How to fix a `catalog.providerSetting.*` problem.
    public static let catalogProviderSettingHint = MessageKey("catalog.providerSetting.hint")

    // MARK: Xcode `.storekit` files
    /// A `.storekit` file is not readable JSON; gives the parser's message.
    public static let catalogStoreKitUnreadable = MessageKey("catalog.storeKitUnreadable", arguments: [.text])
    /// How to fix `catalog.storeKitUnreadable`.
    public static let catalogStoreKitUnreadableHint = MessageKey("catalog.storeKitUnreadable.hint")
    /// A `.storekit` value has the wrong JSON type; names the key, the type expected and the type found.
    public static let catalogStoreKitWrongType = MessageKey(
        "catalog.storeKitWrongType", arguments: [.text, .text, .text])
    /// How to fix `catalog.storeKitWrongType`; names the type expected.
    public static let catalogStoreKitWrongTypeHint = MessageKey("catalog.storeKitWrongType.hint", arguments: [.text])
    /// A `.storekit` object lacks a required key; names the key and the object.
    public static let catalogStoreKitMissingKey = MessageKey("catalog.storeKitMissingKey", arguments: [.text, .text])
    /// How to fix `catalog.storeKitMissingKey`; names the key.
    public static let catalogStoreKitMissingKeyHint = MessageKey("catalog.storeKitMissingKey.hint", arguments: [.text])
    /// A `.storekit` storefront whose currency is unknown; names the code.
    public static let catalogStoreKitUnknownStorefront = MessageKey(
        "catalog.storeKitUnknownStorefront", arguments: [.text])
    /// How to fix `catalog.storeKitUnknownStorefront`.
    public static let catalogStoreKitUnknownStorefrontHint = MessageKey("catalog.storeKitUnknownStorefront.hint")
    /// A `.storekit` format version the importer does not know; gives the value found.
    public static let catalogStoreKitUnsupportedVersion = MessageKey(
        "catalog.storeKitUnsupportedVersion", arguments: [.text])
    /// How to fix `catalog.storeKitUnsupportedVersion`.
    public static let catalogStoreKitUnsupportedVersionHint = MessageKey("catalog.storeKitUnsupportedVersion.hint")
    /// A `.storekit` `_timeRate` number no public source explains; gives the number.
    public static let catalogStoreKitUnknownTimeRate = MessageKey("catalog.storeKitUnknownTimeRate", arguments: [.text])
    /// How to fix `catalog.storeKitUnknownTimeRate`.
    public static let catalogStoreKitUnknownTimeRateHint = MessageKey("catalog.storeKitUnknownTimeRate.hint")

    /// Every catalog diagnostic key this module declares: those above, then the plug-in entries'
    /// (`MessageKey+CatalogPlugIns.swift`).
    public static let catalogKeys: [MessageKey] = catalogDiagnosticKeys + catalogPlugInKeys

    /// The catalog diagnostic keys of this file, in the order above.
    static let catalogDiagnosticKeys: [MessageKey] = [
        .catalogUnreadableDocument, .catalogUnreadableDocumentHint, .catalogUnreadableFile, .catalogUnreadableFileHint,
        .catalogMessageTablesFolderUnreadable, .catalogMessageTablesFolderUnreadableHint, .catalogRootNotDictionary,
        .catalogRootNotDictionaryHint, .catalogMissingKey, .catalogMissingKeyRoot, .catalogMissingKeyStorefront,
        .catalogMissingKeyProduct, .catalogMissingKeyUnnamedProduct, .catalogMissingKeyLocalization,
        .catalogMissingKeyPayout, .catalogMissingKeyProviderEntry, .catalogMissingKeyFailure,
        .catalogMissingKeyMessageEntry, .catalogMissingKeyPluralVariable, .catalogMissingKeyHint, .catalogWrongType,
        .catalogWrongTypeHint, .catalogWrongTypeBooleanHint, .catalogUnknownKey, .catalogUnknownKeySuggestion,
        .catalogUnknownKeyHint, .catalogUnknownKeySuggestionHint, .catalogDuplicateKey, .catalogDuplicateKeyHint,
        .catalogUnsupportedVersion, .catalogUnsupportedVersionHint, .catalogEmptyValue, .catalogEmptyValueHint,
        .catalogInvalidValue, .catalogInvalidValueSuggestion, .catalogInvalidValueHint,
        .catalogInvalidValueSuggestionHint, .catalogOutOfRange, .catalogOutOfRangeHint, .catalogInvalidProductID,
        .catalogInvalidProductIDHint, .catalogDuplicateProductID, .catalogDuplicateProductIDHint, .catalogInvalidPrice,
        .catalogInvalidPriceHint, .catalogPriceTooLarge, .catalogPriceTooLargeHint, .catalogInexactPrice,
        .catalogInexactPriceHint, .catalogUndeclaredStorefront, .catalogUndeclaredStorefrontSuggestion,
        .catalogUndeclaredStorefrontHint, .catalogUndeclaredStorefrontSuggestionHint, .catalogInvalidStorefrontCode,
        .catalogInvalidStorefrontCodeHint, .catalogInvalidCurrencyCode, .catalogInvalidCurrencyCodeHint,
        .catalogInvalidLocale, .catalogInvalidLocaleHint, .catalogMissingLocalization,
        .catalogMissingLocalizationUnnamed, .catalogMissingLocalizationHint, .catalogMissingDefaultPrice,
        .catalogMissingDefaultPriceUnnamed, .catalogMissingDefaultPriceHint, .catalogInvalidPeriod,
        .catalogInvalidPeriodHint, .catalogRequiredForType, .catalogRequiredForTypeHint,
        .catalogRequiredForTypeSubscriptionHint, .catalogNotAllowedForType, .catalogNotAllowedForTypeHint,
        .catalogConflictingProviderKeys, .catalogConflictingProviderKeysHint, .catalogMissingProvider,
        .catalogMissingProviderHint, .catalogProviderSettingsWithProviders, .catalogProviderSettingsWithProvidersHint,
        .catalogEmptyProviders, .catalogEmptyProvidersHint, .catalogDuplicateProvider, .catalogDuplicateProviderHint,
        .catalogInvalidProviderKind, .catalogInvalidProviderKindHint, .catalogUnknownProviderKind,
        .catalogUnknownProviderKindSuggestion, .catalogUnknownProviderKindHint,
        .catalogUnknownProviderKindSuggestionHint, .catalogStoreIDForUnusedProvider,
        .catalogStoreIDForUnusedProviderSuggestion, .catalogStoreIDForUnusedProviderHint, .catalogOfferPricesRequired,
        .catalogOfferPricesRequiredHint, .catalogOfferPricesIgnored, .catalogOfferPricesIgnoredHint,
        .catalogEntitlementsOnConsumable, .catalogEntitlementsOnConsumableHint, .catalogConsumableWithoutPayouts,
        .catalogConsumableWithoutPayoutsHint, .catalogFamilyShareableConsumable, .catalogFamilyShareableConsumableHint,
        .catalogDuplicateEntitlement, .catalogDuplicateEntitlementHint, .catalogDuplicateOfferID,
        .catalogDuplicateOfferIDHint, .catalogSimulationUnused,
        .catalogSimulationUnusedHint, .catalogUnsupportedSettingValue, .catalogUnsupportedSettingValueHint,
        .catalogProviderSettingBoolean, .catalogProviderSettingString, .catalogProviderSettingNonEmptyString,
        .catalogProviderSettingPositiveInteger, .catalogProviderSettingNonNegativeInteger,
        .catalogProviderSettingInteger, .catalogProviderSettingFraction, .catalogProviderSettingDictionary,
        .catalogProviderSettingOneOf, .catalogProviderSettingKnownKey, .catalogProviderSettingErrorCode,
        .catalogProviderSettingTimeRate, .catalogProviderSettingHint, .catalogStoreKitUnreadable,
        .catalogStoreKitUnreadableHint, .catalogStoreKitWrongType, .catalogStoreKitWrongTypeHint,
        .catalogStoreKitMissingKey, .catalogStoreKitMissingKeyHint, .catalogStoreKitUnknownStorefront,
        .catalogStoreKitUnknownStorefrontHint, .catalogStoreKitUnsupportedVersion,
        .catalogStoreKitUnsupportedVersionHint, .catalogStoreKitUnknownTimeRate, .catalogStoreKitUnknownTimeRateHint,
    ]
}
