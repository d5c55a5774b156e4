import Foundation
import Testing

/// `purchasekit messages`: the message table of a locale, with fallback and the deployment's overrides.
struct ToolMessagesTests {
    /// The `--json` table for `arguments`, as key to text.
    static func table(_ arguments: [String], in folder: URL? = nil) throws -> [String: String] {
        let result = try ToolRunner.run(["messages", "--json"] + arguments, in: folder)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: String])
    }

    /// A folder with a catalog (`catalog.plist`, deployment locale `locale`) whose `MessageTables` folder
    /// overrides a purchase text and a tool error in English and Japanese.
    static func deploymentWithOverrides(locale: String = "en_US", strings: String? = nil) throws -> URL {
        let folder = try ToolRunner.temporaryFolder()
        let original = try String(
            contentsOf: ToolRunner.packageRoot.appendingPathComponent("Catalog/Default.plist"), encoding: .utf8)
        let catalog = original.replacingOccurrences(
            of: "<key>Locale</key>\n\t\t<string>en_US</string>",
            with: "<key>Locale</key>\n\t\t<string>\(locale)</string>\n\t\t<key>MessageTables</key>\n"
                + "\t\t<string>Overrides</string>")
        #expect(catalog != original)
        try Data(catalog.utf8).write(to: folder.appendingPathComponent("catalog.plist"))
        let texts = [
            "en": strings ?? """
                <key>purchase.complete</key><string>Enjoy %@, courtesy of the Kiosk!</string>
                <key>tool.usage.unknownCommand</key><string>the kiosk has no command '%@'</string>
                """,
            "ja": "<key>purchase.complete</key><string>%@をキオスクからどうぞ！</string>",
        ]
        for (language, body) in texts {
            let lproj = folder.appendingPathComponent("Overrides/\(language).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            let plist =
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)\n</dict>\n</plist>\n"
            try Data(plist.utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        }
        return folder
    }

    @Test(arguments: ["ja", "zh-Hans", "ru", "de", "fr", "es", "it", "zh-Hant", "ko", "pt_BR", "ar"])
    func everyKeyHasANonEmptyTextInEachLanguage(language: String) throws {
        let english = try Self.table(["--locale", "en"])
        let translated = try Self.table(["--locale", language])
        #expect(english.count > 150)
        let plainKeys = { (table: [String: String]) in Set(table.keys.filter { !$0.contains("#") }) }
        #expect(plainKeys(translated) == plainKeys(english))
        for (key, text) in translated {
            #expect(!text.trimmingCharacters(in: .whitespaces).isEmpty, "\(language) \(key)")
        }
        // Translated, not copied: only a text without words may read the same as English (`%@: %ld`,
        // `%@` for a file that cannot be read: the reader's reason, itself translated, says it all, and
        // `%1$@: %2$@` for a verifyReceipt field's path and its translated reason, `%1$@ (%2$ld):` for a
        // receipt's section and its count, `%1$@: %2$@` for a label and its value).
        let same = plainKeys(translated).filter { translated[$0] == english[$0] }
        #expect(
            same.isSubset(of: [
                "balance.amount", "catalog.unreadableFile", "purchase.quantityName", "tool.receipt.field",
                "tool.receipt.section", "tool.label.labelled",
            ]),
            "\(language): \(same.sorted())")
    }

    @Test func japaneseHasEveryKeyInJapanese() throws {
        let japanese = try Self.table(["--locale", "ja"])
        #expect(japanese["purchase.cancelled"] == "購入はキャンセルされました。料金は請求されていません。")
        #expect(japanese["tool.file.notFound"] == "%@: ファイルが見つかりません")
        #expect(japanese["catalog.unknownKey"] == "不明なキー「%@」")
        // Japanese has one plural form: the plain key and `#other` only.
        #expect(japanese["restore.succeeded"] == "%ld件の購入を復元しました。")
        #expect(japanese["restore.succeeded#other"] == japanese["restore.succeeded"])
        #expect(japanese["restore.succeeded#one"] == nil)
    }

    @Test func pluralKeysListEveryFormOfTheLanguage() throws {
        let russian = try Self.table(["--locale", "ru"])
        #expect(russian["restore.succeeded#one"] == "Восстановлена %ld покупка.")
        #expect(russian["restore.succeeded#few"] == "Восстановлено %ld покупки.")
        #expect(russian["restore.succeeded#many"] == "Восстановлено %ld покупок.")
        #expect(russian["restore.succeeded"] == russian["restore.succeeded#other"])
        #expect(russian["tool.catalog.summary#many"] == "%1$@: %2$ld товаров, %3$ld ошибок, %4$ld предупреждений")
        let english = try Self.table(["--locale", "en"])
        #expect(english["tool.catalog.summary#one"] == "%1$@: %2$ld product, %3$ld error, %4$ld warning")
        #expect(english["restore.succeeded#few"] == nil)
    }

    @Test(arguments: [
        ("ru_RU", "ru"), ("ja_JP", "ja"), ("zh_CN", "zh-Hans"), ("zh-Hans_CN", "zh-Hans"), ("en_GB", "en"),
        ("de_DE", "de"), ("fr_FR", "fr"), ("es_ES", "es"), ("it_IT", "it"), ("zh_TW", "zh-Hant"), ("ko_KR", "ko"),
        ("pt-BR", "pt_BR"), ("ar_EG", "ar"), ("nl_NL", "en"), ("xx", "en"), ("not a locale", "en"),
    ])
    func localesFallBack(locale: String, language: String) throws {
        #expect(try Self.table(["--locale", locale]) == Self.table(["--locale", language]))
        let text = try ToolRunner.run(["messages", "--locale", locale])
        #expect(text.status == 0)
        let heading = try #require(text.stdout.split(separator: "\n").first)
        #expect(heading.contains(locale) && heading.contains(language), "\(heading)")
    }

    @Test func printsOneLinePerKeyAndPluralForm() throws {
        let result = try ToolRunner.run(["messages", "--locale", "en_US"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "Messages for locale en_US (language: en)")
        #expect(lines.contains("restore.succeeded [one]: Restored %ld purchase."))
        #expect(lines.contains("restore.succeeded [other]: Restored %ld purchases."))
        #expect(lines.contains("purchase.confirm: Buy %1$@ for %2$@?"))
        #expect(lines.contains("catalog.unknownKey.suggestion: unknown key '%1$@'; did you mean '%2$@'?"))
        let japanese = try ToolRunner.run(["messages", "--locale", "ja"]).stdout.split(separator: "\n")
        #expect(japanese.first == "ロケール ja のメッセージ（言語：ja）")
        #expect(japanese.contains("restore.succeeded [other]: %ld件の購入を復元しました。"))
        #expect(!japanese.contains { $0.hasPrefix("restore.succeeded [one]") })
    }

    @Test func theCatalogsOverridesChangeTheTable() throws {
        let folder = try Self.deploymentWithOverrides()
        let builtIn = try Self.table(["--locale", "en"])
        let english = try Self.table(["--catalog", "catalog.plist"], in: folder)
        #expect(english["purchase.complete"] == "Enjoy %@, courtesy of the Kiosk!")
        #expect(english["tool.usage.unknownCommand"] == "the kiosk has no command '%@'")
        #expect(english["purchase.cancelled"] == builtIn["purchase.cancelled"])
        let japanese = try Self.table(["--catalog", "catalog.plist", "--locale", "ja_JP"], in: folder)
        #expect(japanese["purchase.complete"] == "%@をキオスクからどうぞ！")
        #expect(japanese["purchase.cancelled"] == "購入はキャンセルされました。料金は請求されていません。")
        // The tool's own messages use the overrides too.
        let error = try ToolRunner.run(["--catalog", "catalog.plist", "frobnicate"], in: folder)
        #expect(error.status == 64)
        #expect(error.stderr.hasPrefix("purchasekit: the kiosk has no command 'frobnicate'\n"))
    }

    @Test func theLocaleDefaultsToTheCatalogsDeploymentLocale() throws {
        let folder = try Self.deploymentWithOverrides(locale: "ja_JP")
        let japanese = try Self.table(["--catalog", "catalog.plist"], in: folder)
        #expect(japanese["purchase.complete"] == "%@をキオスクからどうぞ！")
        #expect(japanese["purchase.failed"] == "購入を完了できませんでした。しばらくしてからもう一度お試しください。")
        let heading = try ToolRunner.run(["--catalog", "catalog.plist", "messages"], in: folder).stdout
        #expect(heading.hasPrefix("ロケール ja_JP のメッセージ（言語：ja）\n"))
        // --locale wins over the catalog.
        let russian = try Self.table(["--catalog", "catalog.plist", "--locale", "ru"], in: folder)
        #expect(russian["purchase.failed"] == "Не удалось завершить покупку. Повторите попытку позже.")
    }

    @Test func worksWithoutAUsableCatalog() throws {
        let folder = try ToolRunner.temporaryFolder()
        try Data("<plist><string>not a catalog</string></plist>".utf8)
            .write(to: folder.appendingPathComponent("broken.plist"))
        let english = try Self.table(["--locale", "en"])
        #expect(try Self.table(["--catalog", "missing.plist"], in: folder) == english)
        #expect(try Self.table(["--catalog", "broken.plist"], in: folder) == english)
        #expect(
            try Self.table(["--catalog", "missing.plist", "--locale", "ja"], in: folder)
                == Self.table(["--locale", "ja"]))
    }

    @Test func reportsBrokenOverridesAndStillPrintsTheTable() throws {
        let folder = try Self.deploymentWithOverrides(
            strings: "<key>purchase.complet</key><string>typo</string><key>purchase.failed</key><integer>3</integer>")
        let result = try ToolRunner.run(["--catalog", "catalog.plist", "messages", "--json"], in: folder)
        #expect(result.status == 65)
        let lines = result.stderr.split(separator: "\n")
        #expect(
            lines.contains {
                $0.contains("en.lproj/Localizable.strings:") && $0.contains(": warning: unknown key 'purchase.complet'")
            })
        #expect(lines.contains { $0.contains(": error: 'purchase.failed' must be of type string, found integer") })
        let table = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: String])
        #expect(table["purchase.failed"] == "The purchase couldn’t be completed. Try again later.")
    }

    @Test func refusesArgumentsAndShowsHelp() throws {
        let extra = try ToolRunner.run(["messages", "ja"])
        #expect(extra.status == 64)
        #expect(extra.stderr.hasPrefix("purchasekit: unexpected argument 'ja' for 'messages'\n"))
        #expect(extra.stderr.hasSuffix("purchasekit: run 'purchasekit messages --help' for usage\n"))
        let help = try ToolRunner.run(["messages", "--help"])
        #expect(help.status == 0)
        #expect(
            help.stdout.hasPrefix("USAGE: purchasekit messages [--locale LOCALE] [--json]\n\nPrints the message table"))
        #expect(help.stdout.contains("restore.succeeded#one"))
    }
}
