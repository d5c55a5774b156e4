import Foundation
import PropertyList
import PurchaseCatalog
import PurchaseCore
import Testing

/// Deployment overrides from `Fixtures/Messages/`: `Overrides` (en and a lowercased zh-hans, plus a
/// `Base.lproj` that is no language), `Malformed` (a broken en file next to a good ja one) and `BadEntries`
/// (a ru table with a misspelled key, a wrongly typed value and broken plural entries).
struct MessageOverrideTests {
    static func folder(_ name: String) -> String {
        CatalogTestPaths.fixture("Messages/" + name)
    }

    static let overridden = MessageTable.builtIn.overridden(byFolder: folder("Overrides"))

    /// Texts of the tool, which the fixtures override: keys of a module this one cannot see, by name.
    static let toolProducts = Message.keyed(MessageKey(rawValue: "tool.label.products"), arguments: [])
    static let toolPrice = Message.keyed(MessageKey(rawValue: "tool.label.price"), arguments: [])

    /// Diagnostics as `file:line:column: severity: message`, with the path relative to the fixture folder.
    static func lines(_ result: MessageTableLoadResult, folder name: String) -> [String] {
        result.diagnostics.map {
            let path = ($0.path ?? "").replacingOccurrences(of: folder(name) + "/", with: "")
            return "\(path):\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)"
        }
    }

    @Test func overridesLoadWithoutProblems() {
        #expect(Self.overridden.diagnostics.map(\.description) == [])
        #expect(Self.overridden.table.overriddenLanguages == ["en", "zh-Hans"])
        #expect(Self.overridden.table.languages == MessageTableTests.shipped)
    }

    @Test func anOverrideReplacesOnlyTheKeysItGives() throws {
        let table = Self.overridden.table
        #expect(
            table.render(.purchaseComplete(productName: "Gems"), locale: "en_US")
                == "Enjoy Gems, courtesy of the Kiosk!")
        #expect(table.render(Self.toolProducts, locale: "en") == "Catalog")
        #expect(try #require(table.lookup(.purchaseComplete, locale: "en")).isOverride)
        // Keys the override leaves out come from the built-in table.
        #expect(
            table.render(.purchaseCancelled, locale: "en") == "The purchase was canceled. You haven’t been charged.")
        #expect(try #require(table.lookup(.purchaseCancelled, locale: "en")).isOverride == false)
    }

    @Test func aPluralOverrideUsesItsOwnVariable() {
        let table = Self.overridden.table
        #expect(table.render(.restoreSucceeded(count: 1), locale: "en") == "Welcome back: one item is yours again.")
        #expect(table.render(.restoreSucceeded(count: 3), locale: "en") == "Welcome back: 3 items are yours again.")
    }

    @Test func aLowercasedLprojFolderCountsForItsLanguage() {
        let table = Self.overridden.table
        #expect(table.render(.purchaseCancelled, locale: "zh_CN") == "已取消。")
        #expect(table.render(.purchaseCancelled, locale: "zh-Hans_CN") == "已取消。")
        #expect(table.render(.purchaseFailed, locale: "zh_CN") == "无法完成购买。请稍后再试。")
    }

    /// Folders named as SwiftPM writes them (`pt-br.lproj`, `zh-hant.lproj`) and as Apple's tools do
    /// (`pt-BR.lproj`, `zh-Hant.lproj`) count for their languages, in canonical form (`pt_BR`, `zh-Hant`);
    /// Brazilian texts serve every Portuguese, Traditional Chinese ones Taiwan, Hong Kong and Macao.
    @Test(arguments: [("pt-br", "zh-hant"), ("pt-BR", "zh-Hant"), ("pt_BR", "zh_Hant")])
    func lprojNamesOfRegionsAndScriptsCountInCanonicalForm(portuguese: String, chinese: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lproj-names-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in [(portuguese, "Compra cancelada."), (chinese, "已取消購買。")] {
            let lproj = folder.appendingPathComponent(name + ".lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            let plist =
                "<plist version=\"1.0\"><dict><key>purchase.cancelled</key><string>\(text)</string></dict></plist>"
            try Data(plist.utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        }
        let result = MessageTable.builtIn.overridden(byFolder: folder.path)
        #expect(result.diagnostics.map(\.description) == [])
        let table = result.table
        #expect(table.overriddenLanguages == ["pt_BR", "zh-Hant"])
        for locale in ["pt", "pt_BR", "pt-BR", "pt_PT", "pt_AO"] {
            #expect(table.render(.purchaseCancelled, locale: locale) == "Compra cancelada.", "\(locale)")
            #expect(try #require(table.lookup(.purchaseCancelled, locale: locale)).language == "pt_BR")
        }
        for locale in ["zh-Hant", "zh_TW", "zh-Hant_TW", "zh_HK", "zh_MO"] {
            #expect(table.render(.purchaseCancelled, locale: locale) == "已取消購買。", "\(locale)")
        }
        let simplified = try #require(table.lookup(.purchaseCancelled, locale: "zh_CN"))
        #expect(simplified.language == "zh-Hans" && !simplified.isOverride)
    }

    /// A built-in text in the person's language beats an English override; a language with no table at
    /// all gets the English override.
    @Test func theLanguageChainComesBeforeEnglishOverrides() {
        let table = Self.overridden.table
        #expect(
            table.render(.purchaseComplete(productName: "ジェム"), locale: "ja_JP") == "ご購入ありがとうございます。ジェムの購入が完了しました。")
        #expect(
            table.render(.purchaseComplete(productName: "Gems"), locale: "nl_NL")
                == "Enjoy Gems, courtesy of the Kiosk!")
        #expect(
            table.render(.purchaseComplete(productName: "Edelsteine"), locale: "de_DE")
                == "Vielen Dank! Dein Kauf von „Edelsteine“ ist abgeschlossen.")
    }

    @Test func aMalformedFileIsReportedWithItsPositionAndSkipped() throws {
        let result = MessageTable.builtIn.overridden(byFolder: Self.folder("Malformed"))
        #expect(
            Self.lines(result, folder: "Malformed") == [
                "en.lproj/Localizable.strings:7:28: error: opening and ending tag mismatch: string line 7 and strng"
            ])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(
            diagnostic.description.hasPrefix(Self.folder("Malformed") + "/en.lproj/Localizable.strings:7:28: error: "))
        #expect(result.hasErrors)
        // Nothing of the broken file applies; the good Japanese file next to it does.
        #expect(
            result.table.render(.purchaseFailed, locale: "en") == "The purchase couldn’t be completed. Try again later."
        )
        #expect(result.table.render(.purchaseFailed, locale: "ja") == "残念ながら購入できませんでした。")
    }

    @Test func badEntriesAreReportedAndTheRestApplies() {
        let result = MessageTable.builtIn.overridden(byFolder: Self.folder("BadEntries"))
        #expect(
            Self.lines(result, folder: "BadEntries") == [
                "ru.lproj/Localizable.strings:4:2: warning: unknown key 'purchase.complet'; did you mean 'purchase.complete'?",
                "ru.lproj/Localizable.strings:7:2: error: 'purchase.failed' must be of type string, found integer",
                "ru.lproj/Localizable.stringsdict:9:3: error: missing required key 'other' in plural variable 'count'",
                "ru.lproj/Localizable.stringsdict:19:3: error: missing required key 'n' in 'restore.partial'",
            ])
        let table = result.table
        #expect(table.render(.purchaseCancelled, locale: "ru") == "Отменено.")
        #expect(table.render(.purchaseFailed, locale: "ru") == "Не удалось завершить покупку. Повторите попытку позже.")
        #expect(table.render(.restoreSucceeded(count: 5), locale: "ru") == "Восстановлено 5 покупок.")
    }

    /// A text may leave an argument out, but may not use one the key does not give or give it another type.
    @Test func placeholdersThatDoNotFitTheKeyAreReported() {
        let result = MessageTable.builtIn.overridden(byFolder: Self.folder("Placeholders"))
        #expect(
            Self.lines(result, folder: "Placeholders") == [
                "ja.lproj/Localizable.strings:7:2: error: '%1$@' is not a valid placeholder for restore.confirm.title",
                "ja.lproj/Localizable.strings:9:2: error: '%1$ld' is not a valid placeholder for balance.amount; "
                    + "did you mean '%1$@'?",
                "ja.lproj/Localizable.strings:12:2: error: duplicate key 'purchase.cancelled' (first at line 10, "
                    + "column 2)",
            ])
        let table = result.table
        #expect(table.render(.purchaseComplete(productName: "ジェム"), locale: "ja") == "ジェムを購入しました。")
        #expect(table.render(.restoreConfirmTitle, locale: "ja") == "購入を復元")
        #expect(table.render(.balanceAmount(name: "ジェム", quantity: 5), locale: "ja") == "ジェム：5")
        #expect(table.render(.purchaseCancelled, locale: "ja") == "キャンセルしました。")
        #expect(result.diagnostics.first?.hint == "Use one of no placeholder (write %% for a percent sign).")
        #expect(result.diagnostics.last?.hint == "Keep one of the entries; only the last one counts.")
    }

    @Test func aMissingFolderIsAnErrorAndTheBuiltInTablesStay() {
        let result = MessageTable.builtIn.overridden(byFolder: Self.folder("Missing"))
        #expect(
            Self.lines(result, folder: "Missing") == [
                "\(Self.folder("Missing")):1:1: error: the message tables folder does not exist or is not readable"
            ])
        #expect(result.table.overriddenLanguages == [])
        #expect(result.table.render(Self.toolPrice, locale: "ja") == "価格")
    }

    @Test func aCatalogsMessageTablesFolderIsRelativeToTheCatalog() throws {
        let text = CatalogText.document(
            """
            <key>Deployment</key><dict><key>Name</key><string>kiosk</string><key>Provider</key><string>file</string>\
            <key>Storefront</key><string>USA</string><key>Locale</key><string>en_US</string>\
            <key>MessageTables</key><string>Overrides</string></dict>
            """
        )
        let catalog = try CatalogLoader().load(Data(text.utf8), path: Self.folder("kiosk.plist")).get()
        let result = MessageTable.forDeployment(catalog.deployment)
        #expect(result.diagnostics.map(\.description) == [])
        #expect(result.table.render(Self.toolProducts, locale: catalog.deployment.locale) == "Catalog")
    }

    @Test func aDeploymentWithoutOverridesUsesTheBuiltInTables() {
        let deployment = Deployment(name: "plain", providers: [], storefront: "USA", locale: "en_US")
        let result = MessageTable.forDeployment(deployment)
        #expect(result.diagnostics.isEmpty)
        #expect(result.table.overriddenLanguages == [])
        #expect(result.table.render(Self.toolProducts, locale: "en") == "Products")
    }
}
