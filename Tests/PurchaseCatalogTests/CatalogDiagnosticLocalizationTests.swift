import Foundation
import PropertyList
import PurchaseCatalog
import PurchaseCore
import Testing

/// One problem of every kind, with and without a suggestion where the text differs.
enum CatalogProblemSamples {
    static let first = SourceLocation(line: 7, column: 3)

    static let all: [CatalogProblem] = [
        .unreadableDocument(.unfinishedTag("plist")), .unreadableFile(.fileNotReadable), .messageTablesFolderUnreadable,
        .rootNotDictionary(found: "array"),
        .missingKey("Name", in: .deployment), .missingKey("CatalogVersion", in: .root),
        .missingKey("Currency", in: .storefront("JPN")), .missingKey("Prices", in: .product("com.example.gems")),
        .missingKey("ProductID", in: .product(nil)), .missingKey("Description", in: .localization("ja")),
        .missingKey("Quantity", in: .payout), .missingKey("Kind", in: .providerEntry),
        .missingKey("Error", in: .simulationFailure),
        .missingKey("NSStringLocalizedFormatKey", in: .messageEntry("restore.succeeded")),
        .missingKey("other", in: .pluralVariable("count")),
        .wrongType(key: "Level", expected: "integer", found: "string"),
        .wrongType(key: "FamilyShareable", expected: "boolean", found: "string"),
        .unknownKey("Prise", suggestion: "Prices", known: ["Prices", "Type"]),
        .unknownKey("Extra", suggestion: nil, known: ["Prices", "Type"]), .duplicateKey("USA", first: first),
        .unsupportedVersion("2"), .emptyValue(key: "Group"),
        .invalidValue(key: "Mode", value: "FreeTrail", allowed: ["FreeTrial", "PayAsYouGo"], suggestion: "FreeTrial"),
        .invalidValue(key: "Mode", value: "Gratis", allowed: ["FreeTrial", "PayAsYouGo"], suggestion: nil),
        .outOfRange(key: "Level", value: "0", minimum: 1), .invalidProductID("com.example.season pass"),
        .duplicateProductID("com.example.gems", first: first), .invalidPrice("1,60"),
        .priceTooLarge("1234567890123456789"),
        .inexactPrice("7.99"),
        .undeclaredStorefront("UAS", suggestion: "USA"), .undeclaredStorefront("EUR", suggestion: nil),
        .invalidStorefrontCode("us"), .invalidCurrencyCode("yen"), .invalidLocale("english!"),
        .missingLocalization(productID: "com.example.gems", locale: "ja_JP", accepted: ["ja_JP", "ja"]),
        .missingLocalization(productID: nil, locale: "ja_JP", accepted: ["ja_JP", "ja"]),
        .missingDefaultPrice(productID: "com.example.gems", storefront: "JPN"),
        .missingDefaultPrice(productID: nil, storefront: "JPN"),
        .invalidPeriod(key: "Period", value: "1 month"), .requiredForType(key: "Subscription", type: "AutoRenewable"),
        .requiredForType(key: "Duration", type: "NonRenewing"), .notAllowedForType(key: "Duration", type: "Consumable"),
        .conflictingProviderKeys, .missingProvider, .providerSettingsWithProviders, .emptyProviders,
        .duplicateProvider("file", first: first), .invalidProviderKind("9store"),
        .unknownProviderKind("fiel", suggestion: "file"), .unknownProviderKind("galaxy", suggestion: nil),
        .invalidLedgerKind("9ledger"), .unknownLedgerKind("memroy", suggestion: "memory"),
        .unknownLedgerKind("galaxy", suggestion: nil),
        .invalidProviderSetting(ProviderSettingError(ledger: "file", key: "Folder", expected: .nonEmptyString)),
        .storeIDForUnusedProvider("simulated-app-stor", suggestion: "simulated-app-store"),
        .storeIDForUnusedProvider("web", suggestion: nil), .offerPricesRequired(mode: "PayAsYouGo"),
        .offerPricesIgnored, .entitlementsOnConsumable(productID: "com.example.gems"),
        .consumableWithoutPayouts(productID: "com.example.gems"),
        .familyShareableConsumable(productID: "com.example.gems"), .duplicateEntitlement("pro"), .simulationUnused,
        .duplicateOfferID("winback"),
        .unsupportedSettingValue(found: "CF$UID"),
        .invalidProviderSetting(ProviderSettingError("file", key: "AutoRenew", expected: .boolean)),
        .invalidProviderSetting(ProviderSettingError("file", key: "StateFolder", expected: .nonEmptyString)),
        .invalidProviderSetting(ProviderSettingError("web", key: "Name", expected: .string)),
        .invalidProviderSetting(ProviderSettingError("file", key: "CompactionThreshold", expected: .positiveInteger)),
        .invalidProviderSetting(ProviderSettingError("web", key: "Days", expected: .nonNegativeInteger)),
        .invalidProviderSetting(ProviderSettingError("web", key: "Seed", expected: .integer)),
        .invalidProviderSetting(ProviderSettingError("web", key: "Rate", expected: .fraction)),
        .invalidProviderSetting(ProviderSettingError("web", key: "Errors", expected: .dictionary)),
        .invalidProviderSetting(ProviderSettingError("web", key: "Mode", expected: .oneOf(["A", "B"]))),
        .invalidProviderSetting(ProviderSettingError("web", key: "Errors.X", expected: .knownKey(["Purchase"]))),
        .invalidProviderSetting(ProviderSettingError("web", key: "Error", expected: .storeKitErrorCode)),
        .invalidProviderSetting(ProviderSettingError("web", key: "TimeRate", expected: .timeRate)),
        .storeKitUnreadable(.jsonExpectedObjectSeparator),
        .storeKitWrongType(key: "displayPrice", expected: "string", found: "array"),
        .storeKitMissingKey("productID", in: "products"), .storeKitUnknownStorefront("ATA"),
        .storeKitUnsupportedVersion("6"), .storeKitUnknownTimeRate("14"),
    ]
}

/// Catalog diagnostics render from the message tables in every shipped language.
struct CatalogDiagnosticLocalizationTests {
    static let languages = ["en", "ja", "zh-Hans", "ru", "de", "fr", "es", "it", "zh-Hant", "ko", "pt_BR", "ar"]

    @Test func samplesUseEveryCatalogKey() {
        /// A message's key and the keys of the messages among its arguments (a setting's owner).
        func keys(of message: Message) -> [MessageKey] {
            guard case .keyed(let key, let arguments) = message else { return [message.key] }
            return [key]
                + arguments.flatMap { argument -> [MessageKey] in
                    if case .message(let nested) = argument { return keys(of: nested) }
                    return []
                }
        }
        // Reasons from the property-list reader nest inside some; they are the reader's keys.
        let used = Set(
            CatalogProblemSamples.all.flatMap { keys(of: $0.messageText) + keys(of: $0.hintText) }
                .filter { $0.rawValue.hasPrefix("catalog.") })
        #expect(used == Set(MessageKey.catalogKeys))
    }

    @Test(arguments: CatalogProblemSamples.all)
    func argumentsMatchTheKeys(problem: CatalogProblem) {
        for text in [problem.messageText, problem.hintText] {
            #expect(text.arguments.map(\.kind) == text.key.argumentKinds, "\(text.key)")
        }
    }

    @Test(arguments: CatalogProblemSamples.all)
    func everyProblemReadsInEveryLanguage(problem: CatalogProblem) {
        var messages: [String: String] = [:]
        for language in Self.languages {
            let message = problem.message(locale: language)
            let hint = problem.hint(locale: language)
            messages[language] = message
            for text in [message, hint] {
                #expect(!text.isEmpty && !text.hasPrefix("catalog."), "\(language) \(problem.key): \(text)")
                #expect(!text.contains("%@") && !text.contains("%ld"), "\(language) \(problem.key): \(text)")
            }
            for case .text(let argument) in problem.messageText.arguments {
                #expect(message.contains(argument), "\(language) \(problem.key): \(message)")
            }
        }
        #expect(Set(messages.values).count == Self.languages.count, "\(problem.key): \(messages)")
    }

    @Test func englishIsTheDefault() {
        for problem in CatalogProblemSamples.all {
            #expect(problem.message == problem.message(locale: "en"))
            #expect(problem.hint == problem.hint(locale: "en_US"))
        }
        #expect(
            CatalogProblem.unknownKey("Prise", suggestion: "Prices", known: []).message
                == "unknown key 'Prise'; did you mean 'Prices'?")
        #expect(
            CatalogProblem.duplicateKey("USA", first: CatalogProblemSamples.first).message
                == "duplicate key 'USA' (first at line 7, column 3)")
        #expect(
            CatalogProblem.wrongType(key: "Level", expected: "integer", found: "string").hint
                == "Write the value as <integer>...</integer>.")
    }

    @Test(arguments: [
        ("ja_JP", "不明なキー「Prise」。「Prices」の間違いではありませんか？"),
        ("zh_CN", "未知的键“Prise”；你是想写“Prices”吗？"),
        ("ru_RU", "неизвестный ключ «Prise»; возможно, имелся в виду «Prices»?"),
        ("de_DE", "unbekannter Schlüssel „Prise“; meintest du „Prices“?"),
        ("fr_CA", "clé inconnue «\u{202F}Prise\u{202F}»\u{202F}; vouliez-vous dire «\u{202F}Prices\u{202F}»\u{202F}?"),
        ("es_MX", "clave desconocida «Prise»; ¿querías decir «Prices»?"),
        ("it_CH", "chiave sconosciuta «Prise»; intendevi «Prices»?"),
        ("nl_NL", "unknown key 'Prise'; did you mean 'Prices'?"),
    ])
    func localesFallBack(locale: String, expected: String) {
        #expect(CatalogProblem.unknownKey("Prise", suggestion: "Prices", known: []).message(locale: locale) == expected)
    }

    @Test func aDiagnosticKeepsItsPositionAndTagsInEveryLanguage() {
        let diagnostic = Diagnostic(
            .duplicateKey("USA", first: CatalogProblemSamples.first), path: "Catalog/Default.plist",
            at: SourceLocation(line: 11, column: 1))
        #expect(
            diagnostic.description(locale: "ja")
                == "Catalog/Default.plist:11:1: error: キー「USA」が重複しています（最初は 7 行 3 列）\n"
                + "Catalog/Default.plist:11:1: note: どちらか一方だけを残してください。有効なのは最後のものだけです。")
        #expect(diagnostic.description == diagnostic.description(locale: "en"))
        #expect(diagnostic.message(locale: "ru") == "повторяющийся ключ «USA» (впервые в строке 7, столбце 3)")
    }

    @Test func overridesApplyToDiagnostics() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("catalog-overrides-\(UUID().uuidString)")
        let lproj = folder.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let strings = """
            <plist version="1.0"><dict>
            <key>catalog.invalidPrice</key><string>%@ is no price we can charge</string>
            </dict></plist>
            """
        try Data(strings.utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        let result = MessageTable.builtIn.overridden(byFolder: folder.path)
        #expect(result.diagnostics.isEmpty)
        let problem = CatalogProblem.invalidPrice("1,60")
        #expect(problem.message(locale: "en", table: result.table) == "1,60 is no price we can charge")
        #expect(problem.message(locale: "ja", table: result.table) == "価格「1,60」が正しくありません")
    }
}
