/// What each key's text takes: its arguments, and whether it depends on a count.
extension MessageKey {
    /// The arguments the key's text takes, in order; every table's text for the key uses exactly these
    /// (by position), and ``Message/arguments`` supplies them.
    public var argumentKinds: [MessageArgument.Kind] {
        switch self {
        case .restoreSucceeded, .restorePartial: [.integer]
        case .purchaseConfirm: [.text, .price]
        case .purchaseComplete, .subscriptionActive, .subscriptionExpired: [.text]
        case .balanceAmount: [.text, .integer]
        case .subscriptionExpires, .subscriptionEndedEarly, .subscriptionGracePeriod: [.text, .date]
        case .toolMissingFile, .toolUsage, .toolInvalidCatalog, .toolIOError: [.text]
        case .toolCatalogSummary: [.text, .integer, .integer, .integer]
        case .toolTourIntro, .toolTourStateTemporary, .toolTourStateKept, .toolTourProducts, .toolTourBuyConsumable,
            .toolTourBuyNonConsumable, .toolTourBuyAgain, .toolTourAskToBuy, .toolTourDeclined, .toolTourDoneKept,
            .toolTourNeedsProducts:
            [.text]
        case .toolTourNeedsFileStore: [.text, .text]
        case .toolProgressSynthesizing: [.integer]
        case .toolProgressWriting: [.integer, .integer]
        case .toolProgressSimulating: [.integer, .integer, .text]
        case .toolProgressDownloading: [.text, .integer]
        case .toolValidationSummary: [.integer, .integer, .integer]
        case .toolStateFolderBusy, .toolJournalAtByte, .toolJournalSystemError, .toolJournalInternal,
            .toolReceiptKeyUnusable, .toolReceiptKeyNoPEMBlock, .toolReceiptKeyWrongAlgorithm,
            .toolReceiptKeyWrongCurve,
            .toolReceiptKeyReadFailed, .toolReceiptKeyWriteFailed:
            [.text]
        case .toolValidationSummaryUnread: [.integer, .integer, .integer, .integer]
        case .toolValidationOmitted: [.text, .integer, .integer]
        case .toolValidationOmittedErrors, .toolValidationOmittedWarnings: [.text, .integer]
        case .purchaseQuantityName: [.text, .integer]
        case .toolUnknownCommand, .toolUnknownCatalogSubcommand, .toolMissingOptionValue, .toolNeedsFile,
            .toolTooManyFiles, .toolInvalidProductCount, .toolMissingProduct, .toolInvalidQuantity, .toolSeeHelp,
            .toolFileNotFound, .toolFileIsFolder, .toolFileNotRegular,
            .toolFilePermissionDenied, .toolWriteFailed, .catalogUnreadableDocument, .catalogUnreadableFile,
            .catalogRootNotDictionary, .catalogMissingKeyHint, .catalogWrongTypeHint, .catalogUnknownKey,
            .catalogUnknownKeyHint, .catalogUnknownKeySuggestionHint, .catalogUnsupportedVersion, .catalogEmptyValue,
            .catalogInvalidValueHint, .catalogInvalidProductID, .catalogInvalidPrice, .catalogInexactPrice,
            .catalogInexactPriceHint, .catalogUndeclaredStorefront, .catalogUndeclaredStorefrontHint,
            .catalogInvalidStorefrontCode, .catalogInvalidCurrencyCode, .catalogInvalidLocale,
            .catalogMissingLocalizationHint, .catalogMissingDefaultPriceHint, .catalogRequiredForTypeHint,
            .catalogInvalidProviderKind, .catalogUnknownProviderKind, .catalogUnknownProviderKindSuggestionHint,
            .catalogStoreIDForUnusedProvider, .catalogOfferPricesRequired, .catalogEntitlementsOnConsumable,
            .catalogConsumableWithoutPayouts, .catalogFamilyShareableConsumable, .catalogDuplicateEntitlement,
            .catalogUnsupportedSettingValue, .catalogStoreKitUnreadable, .catalogStoreKitWrongTypeHint,
            .catalogStoreKitMissingKeyHint, .catalogStoreKitUnknownStorefront, .catalogStoreKitUnsupportedVersion,
            .catalogStoreKitUnknownTimeRate:
            [.text]
        case .toolUnknownOption, .toolUnexpectedArgument, .toolFileUnreadable, .toolWriteFailedAfterPurchase,
            .toolMessagesHeading, .catalogMissingKey,
            .catalogUnknownKeySuggestion, .catalogInvalidValue, .catalogInvalidValueSuggestionHint,
            .catalogUndeclaredStorefrontSuggestion, .catalogUndeclaredStorefrontSuggestionHint,
            .catalogMissingLocalization, .catalogMissingDefaultPrice, .catalogInvalidPeriod, .catalogRequiredForType,
            .catalogNotAllowedForType, .catalogUnknownProviderKindSuggestion,
            .catalogStoreIDForUnusedProviderSuggestion, .catalogStoreKitMissingKey, .catalogProviderSettingBoolean,
            .catalogProviderSettingString, .catalogProviderSettingNonEmptyString,
            .catalogProviderSettingPositiveInteger, .catalogProviderSettingNonNegativeInteger,
            .catalogProviderSettingInteger, .catalogProviderSettingFraction, .catalogProviderSettingDictionary,
            .catalogProviderSettingErrorCode, .catalogProviderSettingTimeRate:
            [.text, .text]
        case .catalogMissingKeyRoot, .catalogMissingKeyUnnamedProduct, .catalogMissingKeyPayout,
            .catalogMissingKeyProviderEntry, .catalogMissingKeyFailure:
            [.text]
        case .catalogMissingKeyStorefront, .catalogMissingKeyProduct, .catalogMissingKeyLocalization,
            .catalogMissingKeyMessageEntry, .catalogMissingKeyPluralVariable:
            [.text, .text]
        case .catalogPriceTooLarge:
            [.text, .text]
        case .catalogMissingLocalizationUnnamed, .catalogMissingDefaultPriceUnnamed:
            [.text]
        case .catalogWrongType, .catalogInvalidValueSuggestion, .catalogStoreKitWrongType, .catalogProviderSettingOneOf,
            .catalogProviderSettingKnownKey:
            [.text, .text, .text]
        case .catalogDuplicateKey, .catalogDuplicateProductID, .catalogDuplicateProvider:
            [.text, .integer, .integer]
        case .catalogOutOfRange:
            [.text, .text, .integer]
        case .catalogOutOfRangeHint:
            [.integer]
        case .plistReadFailed, .plistUnsupportedEncoding, .plistInvalidCharacter, .plistInvalidCharacterReference,
            .plistInvalidUTF8Bytes, .plistDuplicateAttribute, .plistAttributeWithoutValue, .plistUnfinishedTag,
            .plistUndeclaredEntity, .plistXMLError, .plistEntityDeclaration, .plistUnexpectedAtRoot,
            .plistUnexpectedInPlist, .plistSecondValueInPlist, .plistUnexpectedInDict, .plistUnexpectedInArray,
            .plistFoundText, .plistFoundQuoted, .plistInvalidInteger, .plistInvalidIntegerHexadecimal,
            .plistIntegerOutOfRange, .plistInvalidReal, .plistInvalidDate, .plistDateOutOfRange,
            .plistInvalidBase64Character,
            .plistJSONExpectedLiteral, .plistJSONExpectedColon, .plistJSONUnknownEscape, .plistJSONIntegerOutOfRange,
            .plistTagSeconds, .plistTagObject, .plistTagUnsignedInteger, .plistTagString, .plistTagDecimalInteger,
            .plistTagReal, .plistTagBase64, .plistTagDate, .plistUnwritableCharacterRoot, .plistOther:
            [.text]
        case .plistUnclosedElement, .plistNestingTooDeep:
            [.text, .integer, .integer]
        case .plistTagMismatch:
            [.text, .integer, .text]
        case .plistDTDDeclaration, .plistMissingValue, .plistElementInText, .plistTextInEmptyElement,
            .plistUnwritableCharacter:
            [.text, .text]
        case .plistDocumentTooLarge, .plistFileTooLarge:
            [.integer, .integer]
        case .plistFileGrewPastLimit, .plistInputTooLarge, .plistJSONTooDeep:
            [.integer]
        case .toolReceiptStatus:
            [.text, .text]
        case .toolReceiptEnvironment, .toolReceiptRetryIn, .toolReceiptApp, .toolReceiptAppVersion,
            .toolReceiptAppCreated, .toolReceiptPurchased, .toolReceiptOriginal, .toolReceiptExpires,
            .toolReceiptCancelled, .toolReceiptRenewsTo, .toolReceiptExpirationIntent, .toolReceiptGracePeriod,
            .toolReceiptSkipped, .toolReceiptNotABody, .toolReceiptNotABodyNotification:
            [.text]
        case .toolReceiptSection:
            [.text, .integer]
        case .toolReceiptField:
            [.text, .text]
        case .toolReceiptDecodingMissingKey:
            [.text]
        case .toolSimulateExpectationFailed:
            [.text, .text, .text]
        case .scenarioUnknownKey, .scenarioNoSimulatedAppStore, .scenarioStepNeedsParameters, .scenarioInvalidDuration,
            .scenarioNotStringArray, .scenarioNotCountDictionary, .scenarioUnsupportedSetting,
            .scenarioStepNothingToRefund:
            [.text]
        case .scenarioUnexpectedParameter, .scenarioMissingParameter, .scenarioUnknownStep, .scenarioNotString,
            .scenarioNotInteger:
            [.text, .text]
        default: []
        }
    }

    /// Whether the key's text depends on a count, so tables give it in `Localizable.stringsdict` with
    /// plural forms.
    public var isPlural: Bool {
        switch self {
        case .restoreSucceeded, .restorePartial, .toolCatalogSummary, .toolValidationSummary,
            .toolValidationSummaryUnread, .plistDocumentTooLarge, .plistFileTooLarge, .plistFileGrewPastLimit,
            .plistInputTooLarge, .plistNestingTooDeep, .plistJSONTooDeep:
            true
        default: false
        }
    }
}
