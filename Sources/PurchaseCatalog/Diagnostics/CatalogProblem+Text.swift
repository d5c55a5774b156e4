public import PropertyList
public import PurchaseCore

// The texts of catalog diagnostics live in the message tables (`catalog.<problem>` and
// `catalog.<problem>.hint`); this file only picks the key and its arguments for each problem.

extension CatalogProblem {
    /// What is wrong, as a message key with its arguments: render it with a ``MessageTable`` for a locale.
    ///
    /// Key names, values from the file and codes are arguments, quoted as written and never translated; the
    /// reader's reason of an unreadable file is a message of its own (`PropertyListError.Reason.messageText`),
    /// rendered in the same language.
    public var messageText: Message {
        switch self {
        case .unreadableDocument(let reason):
            .keyed(.catalogUnreadableDocument, arguments: [.message(reason.messageText)])
        case .unreadableFile(let reason): .keyed(.catalogUnreadableFile, arguments: [.message(reason.messageText)])
        case .messageTablesFolderUnreadable: keyed(.catalogMessageTablesFolderUnreadable)
        case .rootNotDictionary(let found): keyed(.catalogRootNotDictionary, found)
        case .missingKey(let key, let container): missingKeyText(key, in: container)
        case .wrongType(let key, let expected, let found): keyed(.catalogWrongType, key, expected, found)
        case .unknownKey(let key, let suggestion, _):
            suggestion.map { keyed(.catalogUnknownKeySuggestion, key, $0) } ?? keyed(.catalogUnknownKey, key)
        case .duplicateKey(let key, let first):
            .keyed(.catalogDuplicateKey, arguments: [.text(key), .integer(first.line), .integer(first.column)])
        case .unsupportedVersion(let found): keyed(.catalogUnsupportedVersion, found)
        case .emptyValue(let key): keyed(.catalogEmptyValue, key)
        case .invalidValue(let key, let value, _, let suggestion):
            suggestion.map { keyed(.catalogInvalidValueSuggestion, key, value, $0) }
                ?? keyed(.catalogInvalidValue, key, value)
        case .outOfRange(let key, let value, let minimum):
            .keyed(.catalogOutOfRange, arguments: [.text(key), .text(value), .integer(minimum)])
        case .invalidProductID(let id): keyed(.catalogInvalidProductID, id)
        case .duplicateProductID(let id, let first):
            .keyed(.catalogDuplicateProductID, arguments: [.text(id), .integer(first.line), .integer(first.column)])
        case .invalidPrice(let text): keyed(.catalogInvalidPrice, text)
        case .priceTooLarge(let text): keyed(.catalogPriceTooLarge, text, Price.largestAmountText)
        case .inexactPrice(let text): keyed(.catalogInexactPrice, text)
        case .undeclaredStorefront(let code, let suggestion):
            suggestion.map { keyed(.catalogUndeclaredStorefrontSuggestion, code, $0) }
                ?? keyed(.catalogUndeclaredStorefront, code)
        case .invalidStorefrontCode(let code): keyed(.catalogInvalidStorefrontCode, code)
        case .invalidCurrencyCode(let code): keyed(.catalogInvalidCurrencyCode, code)
        case .invalidLocale(let text): keyed(.catalogInvalidLocale, text)
        case .missingLocalization(let id, let locale, _):
            id.map { keyed(.catalogMissingLocalization, $0, locale) }
                ?? keyed(.catalogMissingLocalizationUnnamed, locale)
        case .missingDefaultPrice(let id, let storefront):
            id.map { keyed(.catalogMissingDefaultPrice, $0, storefront) }
                ?? keyed(.catalogMissingDefaultPriceUnnamed, storefront)
        case .invalidPeriod(let key, let value): keyed(.catalogInvalidPeriod, key, value)
        case .requiredForType(let key, let type): keyed(.catalogRequiredForType, key, type)
        case .notAllowedForType(let key, let type): keyed(.catalogNotAllowedForType, key, type)
        case .conflictingProviderKeys: keyed(.catalogConflictingProviderKeys)
        case .missingProvider: keyed(.catalogMissingProvider)
        case .providerSettingsWithProviders: keyed(.catalogProviderSettingsWithProviders)
        case .emptyProviders: keyed(.catalogEmptyProviders)
        case .duplicateProvider(let kind, let first):
            .keyed(.catalogDuplicateProvider, arguments: [.text(kind), .integer(first.line), .integer(first.column)])
        case .invalidProviderKind(let kind): keyed(.catalogInvalidProviderKind, kind)
        case .invalidLedgerKind(let kind): keyed(.catalogInvalidLedgerKind, kind)
        case .unknownLedgerKind(let kind, let suggestion):
            suggestion.map { keyed(.catalogUnknownLedgerKindSuggestion, kind, $0) }
                ?? keyed(.catalogUnknownLedgerKind, kind)
        case .unknownProviderKind(let kind, let suggestion):
            suggestion.map { keyed(.catalogUnknownProviderKindSuggestion, kind, $0) }
                ?? keyed(.catalogUnknownProviderKind, kind)
        case .storeIDForUnusedProvider(let kind, let suggestion):
            suggestion.map { keyed(.catalogStoreIDForUnusedProviderSuggestion, kind, $0) }
                ?? keyed(.catalogStoreIDForUnusedProvider, kind)
        case .offerPricesRequired(let mode): keyed(.catalogOfferPricesRequired, mode)
        case .offerPricesIgnored: keyed(.catalogOfferPricesIgnored)
        case .entitlementsOnConsumable(let id): keyed(.catalogEntitlementsOnConsumable, id)
        case .consumableWithoutPayouts(let id): keyed(.catalogConsumableWithoutPayouts, id)
        case .familyShareableConsumable(let id): keyed(.catalogFamilyShareableConsumable, id)
        case .duplicateEntitlement(let name): keyed(.catalogDuplicateEntitlement, name)
        case .duplicateOfferID(let id): keyed(.catalogDuplicateOfferID, id)
        case .simulationUnused: keyed(.catalogSimulationUnused)
        case .unsupportedSettingValue(let found): keyed(.catalogUnsupportedSettingValue, found)
        case .invalidProviderSetting(let problem): problem.messageText
        case .storeKitUnreadable(let reason):
            .keyed(.catalogStoreKitUnreadable, arguments: [.message(reason.messageText)])
        case .storeKitWrongType(let key, let expected, let found):
            keyed(.catalogStoreKitWrongType, key, expected, found)
        case .storeKitMissingKey(let key, let container): keyed(.catalogStoreKitMissingKey, key, container)
        case .storeKitUnknownStorefront(let code): keyed(.catalogStoreKitUnknownStorefront, code)
        case .storeKitUnsupportedVersion(let found): keyed(.catalogStoreKitUnsupportedVersion, found)
        case .storeKitUnknownTimeRate(let found): keyed(.catalogStoreKitUnknownTimeRate, found)
        }
    }

    /// How to fix the problem, as a message key with its arguments.
    public var hintText: Message {
        switch self {
        case .unreadableDocument: keyed(.catalogUnreadableDocumentHint)
        case .unreadableFile: keyed(.catalogUnreadableFileHint)
        case .messageTablesFolderUnreadable: keyed(.catalogMessageTablesFolderUnreadableHint)
        case .rootNotDictionary: keyed(.catalogRootNotDictionaryHint)
        case .missingKey(let key, _): keyed(.catalogMissingKeyHint, key)
        case .wrongType(_, let expected, _):
            expected == "boolean"
                ? keyed(.catalogWrongTypeBooleanHint) : keyed(.catalogWrongTypeHint, element(expected))
        case .unknownKey(_, let suggestion, let known):
            suggestion.map { keyed(.catalogUnknownKeySuggestionHint, $0) }
                ?? keyed(.catalogUnknownKeyHint, known.joined(separator: ", "))
        case .duplicateKey: keyed(.catalogDuplicateKeyHint)
        case .unsupportedVersion: keyed(.catalogUnsupportedVersionHint)
        case .emptyValue: keyed(.catalogEmptyValueHint)
        case .invalidValue(_, _, let allowed, let suggestion):
            suggestion.map { keyed(.catalogInvalidValueSuggestionHint, $0, allowed.joined(separator: ", ")) }
                ?? keyed(.catalogInvalidValueHint, allowed.joined(separator: ", "))
        case .outOfRange(_, _, let minimum): .keyed(.catalogOutOfRangeHint, arguments: [.integer(minimum)])
        case .invalidProductID: keyed(.catalogInvalidProductIDHint)
        case .duplicateProductID: keyed(.catalogDuplicateProductIDHint)
        case .invalidPrice: keyed(.catalogInvalidPriceHint)
        case .priceTooLarge: keyed(.catalogPriceTooLargeHint)
        case .inexactPrice(let text): keyed(.catalogInexactPriceHint, text)
        case .undeclaredStorefront(let code, let suggestion):
            suggestion.map { keyed(.catalogUndeclaredStorefrontSuggestionHint, code, $0) }
                ?? keyed(.catalogUndeclaredStorefrontHint, code)
        case .invalidStorefrontCode: keyed(.catalogInvalidStorefrontCodeHint)
        case .invalidCurrencyCode: keyed(.catalogInvalidCurrencyCodeHint)
        case .invalidLocale: keyed(.catalogInvalidLocaleHint)
        case .missingLocalization(_, _, let accepted):
            keyed(.catalogMissingLocalizationHint, accepted.joined(separator: ", "))
        case .missingDefaultPrice(_, let storefront): keyed(.catalogMissingDefaultPriceHint, storefront)
        case .invalidPeriod: keyed(.catalogInvalidPeriodHint)
        case .requiredForType(let key, _):
            key == "Subscription"
                ? keyed(.catalogRequiredForTypeSubscriptionHint) : keyed(.catalogRequiredForTypeHint, key)
        case .notAllowedForType: keyed(.catalogNotAllowedForTypeHint)
        case .conflictingProviderKeys: keyed(.catalogConflictingProviderKeysHint)
        case .missingProvider: keyed(.catalogMissingProviderHint)
        case .providerSettingsWithProviders: keyed(.catalogProviderSettingsWithProvidersHint)
        case .emptyProviders: keyed(.catalogEmptyProvidersHint)
        case .duplicateProvider: keyed(.catalogDuplicateProviderHint)
        case .invalidProviderKind: keyed(.catalogInvalidProviderKindHint)
        case .invalidLedgerKind: keyed(.catalogInvalidLedgerKindHint)
        case .unknownLedgerKind(_, let suggestion):
            suggestion.map { keyed(.catalogUnknownLedgerKindSuggestionHint, $0) }
                ?? keyed(.catalogUnknownLedgerKindHint)
        case .unknownProviderKind(_, let suggestion):
            suggestion.map { keyed(.catalogUnknownProviderKindSuggestionHint, $0) }
                ?? keyed(.catalogUnknownProviderKindHint)
        case .storeIDForUnusedProvider: keyed(.catalogStoreIDForUnusedProviderHint)
        case .offerPricesRequired: keyed(.catalogOfferPricesRequiredHint)
        case .offerPricesIgnored: keyed(.catalogOfferPricesIgnoredHint)
        case .entitlementsOnConsumable: keyed(.catalogEntitlementsOnConsumableHint)
        case .consumableWithoutPayouts: keyed(.catalogConsumableWithoutPayoutsHint)
        case .familyShareableConsumable: keyed(.catalogFamilyShareableConsumableHint)
        case .duplicateEntitlement: keyed(.catalogDuplicateEntitlementHint)
        case .duplicateOfferID: keyed(.catalogDuplicateOfferIDHint)
        case .simulationUnused: keyed(.catalogSimulationUnusedHint)
        case .unsupportedSettingValue: keyed(.catalogUnsupportedSettingValueHint)
        case .invalidProviderSetting: keyed(.catalogProviderSettingHint)
        case .storeKitUnreadable: keyed(.catalogStoreKitUnreadableHint)
        case .storeKitWrongType(_, let expected, _): keyed(.catalogStoreKitWrongTypeHint, expected)
        case .storeKitMissingKey(let key, _): keyed(.catalogStoreKitMissingKeyHint, key)
        case .storeKitUnknownStorefront: keyed(.catalogStoreKitUnknownStorefrontHint)
        case .storeKitUnsupportedVersion: keyed(.catalogStoreKitUnsupportedVersionHint)
        case .storeKitUnknownTimeRate: keyed(.catalogStoreKitUnknownTimeRateHint)
        }
    }

    /// What is wrong, in one English sentence without a final period.
    public var message: String { message(locale: MessageTable.fallbackLanguage) }

    /// How to fix the problem, in one English sentence.
    public var hint: String { hint(locale: MessageTable.fallbackLanguage) }

    /// What is wrong, in one sentence without a final period, for a person using `locale` (with the
    /// fallback of ``MessageTable/lookup(_:locale:)``).
    public func message(locale: String, table: MessageTable = .builtIn) -> String {
        table.render(messageText, locale: locale)
    }

    /// How to fix the problem, in one sentence, for a person using `locale`.
    public func hint(locale: String, table: MessageTable = .builtIn) -> String {
        table.render(hintText, locale: locale)
    }
}

extension ProviderSettingError {
    /// Where the setting is in `settings` (a provider's settings dict as read): its value, or its
    /// key when the key is one the provider does not know; `nil` when the dict does not hold it.
    /// Of repeated keys, the last (the one in effect).
    public func location(in settings: PropertyListNode?) -> SourceLocation? {
        var node = settings
        var location: SourceLocation?
        for component in key.split(separator: ".") {
            // `BasePlans[0][1]`: the entry `BasePlans`, then its elements 0 and 1.
            let parts = component.split(separator: "[")
            guard let name = parts.first, !component.hasPrefix("["),
                case .dictionary(let entries)? = node?.value, let entry = entries.last(where: { $0.key == name })
            else { break }
            if case .knownKey = expected {
                location = entry.keyLocation
            } else {
                location = entry.value.location
            }
            node = entry.value
            for part in parts.dropFirst() {
                guard part.hasSuffix("]"), let index = Int(part.dropLast()), case .array(let elements)? = node?.value,
                    elements.indices.contains(index)
                else { return location }
                node = elements[index]
                location = elements[index].location
            }
        }
        return location
    }

    /// What is wrong with the setting, as a message key with its arguments (one key per kind of
    /// value expected; the key, the provider and the choices are arguments, written as they are).
    public var messageText: Message {
        let owner = Message.keyed(
            isLedgerSetting ? .catalogSettingOwnerLedger : .catalogSettingOwnerProvider,
            arguments: [.text(kind.rawValue)])
        func text(_ messageKey: MessageKey, _ extra: String...) -> Message {
            .keyed(messageKey, arguments: [.text(key), .message(owner)] + extra.map(MessageArgument.text))
        }
        return switch expected {
        case .boolean: text(.catalogProviderSettingBoolean)
        case .string: text(.catalogProviderSettingString)
        case .nonEmptyString: text(.catalogProviderSettingNonEmptyString)
        case .positiveInteger: text(.catalogProviderSettingPositiveInteger)
        case .nonNegativeInteger: text(.catalogProviderSettingNonNegativeInteger)
        case .integer: text(.catalogProviderSettingInteger)
        case .fraction: text(.catalogProviderSettingFraction)
        case .dictionary: text(.catalogProviderSettingDictionary)
        case .oneOf(let words): text(.catalogProviderSettingOneOf, words.joined(separator: ", "))
        case .knownKey(let keys): text(.catalogProviderSettingKnownKey, keys.joined(separator: ", "))
        case .storeKitErrorCode: text(.catalogProviderSettingErrorCode)
        case .timeRate: text(.catalogProviderSettingTimeRate)
        case .rule(let messageKey, _): text(messageKey)
        }
    }
}

/// The text of a missing key: one sentence for each kind of dict, so the words naming the dict are
/// translated; key names (`Deployment`, `Subscription`) are arguments, written as they are.
private func missingKeyText(_ key: String, in container: CatalogContainer) -> Message {
    switch container {
    case .root: keyed(.catalogMissingKeyRoot, key)
    case .deployment: keyed(.catalogMissingKey, key, "Deployment")
    case .storefront(let code): keyed(.catalogMissingKeyStorefront, key, code)
    case .product(let id?): keyed(.catalogMissingKeyProduct, key, id)
    case .product(nil): keyed(.catalogMissingKeyUnnamedProduct, key)
    case .localization(let locale): keyed(.catalogMissingKeyLocalization, key, locale)
    case .payout: keyed(.catalogMissingKeyPayout, key)
    case .providerEntry: keyed(.catalogMissingKeyProviderEntry, key)
    case .ledger: keyed(.catalogMissingKey, key, "Ledger")
    case .subscription: keyed(.catalogMissingKey, key, "Subscription")
    case .introductoryOffer: keyed(.catalogMissingKey, key, "IntroductoryOffer")
    case .promotionalOffer: keyed(.catalogMissingKey, key, "PromotionalOffers")
    case .offerCodes: keyed(.catalogMissingKey, key, "OfferCodes")
    case .hostedContent: keyed(.catalogMissingKey, key, "HostedContent")
    case .simulationFailure: keyed(.catalogMissingKeyFailure, key)
    case .messageEntry(let name): keyed(.catalogMissingKeyMessageEntry, key, name)
    case .pluralVariable(let name): keyed(.catalogMissingKeyPluralVariable, key, name)
    }
}

private func keyed(_ key: MessageKey, _ texts: String...) -> Message {
    .keyed(key, arguments: texts.map(MessageArgument.text))
}

/// The XML a value of `expected` type is written as (`<dict>...</dict>`).
private func element(_ expected: String) -> String {
    "<\(expected)>...</\(expected)>"
}
