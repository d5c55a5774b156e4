import Foundation
import Testing

/// Every text `purchasekit` prints for people follows `--locale` (or the catalog's locale); machine parts
/// (positions, `error:`, `warning:`, `note:`, JSON keys and codes) do not.
struct ToolLocalizationTests {
    @Test func aMissingFileIsReportedInTheLocaleWithItsPath() throws {
        let folder = try ToolRunner.temporaryFolder()
        let path = folder.appendingPathComponent("missing.plist").path
        let english = try ToolRunner.run(["plist", path])
        let japanese = try ToolRunner.run(["--locale", "ja_JP", "plist", path])
        let chinese = try ToolRunner.run(["plist", path, "--locale=zh_CN"])
        let russian = try ToolRunner.run(["--locale", "ru", "plist", path])
        #expect(english.stderr == "purchasekit: \(path): no such file\n")
        #expect(japanese.stderr == "purchasekit: \(path): ファイルが見つかりません\n")
        #expect(chinese.stderr == "purchasekit: \(path)：文件不存在\n")
        #expect(russian.stderr == "purchasekit: \(path): файл не найден\n")
        for result in [english, japanese, chinese, russian] {
            #expect(result.status == 66)
        }
    }

    @Test func usageErrorsAndTheHelpPointerAreLocalized() throws {
        let japanese = try ToolRunner.run(["--locale", "ja", "frobnicate"])
        #expect(japanese.status == 64)
        #expect(
            japanese.stderr
                == "purchasekit: 不明なコマンド「frobnicate」\npurchasekit: 使い方は「purchasekit --help」で確認できます\n")
        let russian = try ToolRunner.run(["--locale", "ru_RU", "catalog", "synthesize", "--products", "many"])
        #expect(russian.status == 64)
        #expect(russian.stderr.hasPrefix("purchasekit: --products ожидает целое число от 0 до 1000000, а не «many»\n"))
    }

    @Test func helpShowsTheLocalizedSummaryUnderTheUsage() throws {
        let japanese = try ToolRunner.run(["--locale", "ja", "plist", "--help"])
        #expect(japanese.status == 0)
        #expect(
            japanese.stdout.hasPrefix(
                "USAGE: purchasekit plist FILE [--json]\n\nXML プロパティリストを、読みやすい形かタグ付き JSON で表示します。\n\n"))
        let chinese = try ToolRunner.run(["--help", "--locale", "zh-Hans"])
        #expect(chinese.stdout.contains("\n\n在命令行中使用 PurchaseKit：处理商品目录、属性列表、购买和消息表。\n\n"))
        #expect(chinese.stdout.contains("messages"))
    }

    @Test func catalogDiagnosticsKeepTheirTagsAndTranslateTheMessage() throws {
        let path = try ToolRunner.file(named: "broken.plist", containing: ToolCatalogTests.invalidCatalog)
        let result = try ToolRunner.run(["catalog", "validate", path, "--locale", "ru"])
        #expect(result.status == 65)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(path):30:24: error: недопустимая цена «zero point nine»"))
        #expect(
            lines.contains(
                "\(path):30:24: note: Запишите сумму цифрами, при необходимости с «.» и дробной частью, например 0.99 или 160."
            ))
        #expect(lines.contains { $0.hasPrefix("\(path):37:") && $0.contains(": warning: неизвестный ключ «Prise»") })
        #expect(result.stdout == "\(path): 0 товаров, 1 ошибка, 1 предупреждение\n")

        let english = try ToolRunner.run(["catalog", "validate", path])
        #expect(english.stderr.contains("\(path):30:24: error: invalid price 'zero point nine'\n"))
    }

    @Test func theSummaryOfSeveralFilesIsLocalized() throws {
        let result = try ToolRunner.run(
            ["--locale", "ja", "catalog", "validate", "Catalog/Default.plist", "Catalog/Simulated.plist"],
            in: ToolRunner.packageRoot)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Catalog/Default.plist: 商品 10 個、エラー 0 件、警告 0 件\n"))
        #expect(result.stdout.hasSuffix("2 個のファイルを検査しました: エラー 0 件、警告 0 件\n"))
    }

    @Test func jsonDiagnosticsKeepTheirCodesAndLocalizeTheText() throws {
        let path = try ToolRunner.file(named: "broken.plist", containing: ToolCatalogTests.invalidCatalog)
        let result = try ToolRunner.run(["--json", "--locale", "ja", "catalog", "validate", path])
        #expect(result.status == 65)
        let reports = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
        let diagnostics = try #require(reports.first?["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["code"] as? String } == ["catalog.invalidPrice", "catalog.unknownKey"])
        #expect(diagnostics.map { $0["severity"] as? String } == ["error", "warning"])
        #expect(diagnostics.first?["message"] as? String == "価格「zero point nine」が正しくありません")
    }

    @Test func invalidPropertyListsKeepThePositionAndLocalizeTheWholeSentence() throws {
        let path = try ToolRunner.file(named: "truncated.plist", containing: "<plist>\n<dict>\n")
        let english = try ToolRunner.run(["plist", path])
        let japanese = try ToolRunner.run(["--locale", "ja", "plist", path])
        #expect(english.status == 65 && japanese.status == 65)
        #expect(
            english.stderr
                == "\(path):3:1: error: unexpected end of the document; expected </dict> to close the <dict> opened at 2:1\n"
        )
        #expect(
            japanese.stderr
                == "\(path):3:1: error: プロパティリストとして読み込めません: "
                + "文書が途中で終わっています。2 行 1 列で開始した <dict> を閉じる </dict> が必要です\n")
    }

    /// The reader's reason is translated like the sentence around it, for `plist` and `catalog validate`
    /// alike: no English sentence is left in a Japanese, Chinese or Russian line.
    @Test(arguments: [
        (
            "<plist><integer>12x</integer></plist>", "ja_JP",
            "1:8: error: プロパティリストとして読み込めません: <integer> の中には数字が必要ですが、「12x」があります"
        ),
        (
            "<plist><number>1</number></plist>", "zh_CN",
            "1:8: error: 无法作为属性列表读取：<plist> 内应为一个值，实际为 <number>"
        ),
        (
            "<plist>\n<string>&#1;</string>\n</plist>", "ru_RU",
            "2:13: error: не удаётся прочитать список свойств: ссылка на символ обозначает U+0001, а этот символ "
                + "недопустим в XML-документе"
        ),
        ("", "ja_JP", "1:1: error: プロパティリストとして読み込めません: 文書が空です。XML プロパティリストが必要です"),
    ])
    func theReaderReasonIsLocalizedForPlistAndCatalogValidate(document: String, locale: String, expected: String) throws
    {
        let path = try ToolRunner.file(named: "broken.plist", containing: document)
        let plist = try ToolRunner.run(["--locale", locale, "plist", path])
        #expect(plist.status == 65)
        #expect(plist.stderr == "\(path):\(expected)\n")
        let validate = try ToolRunner.run(["--locale", locale, "catalog", "validate", path])
        #expect(validate.status == 65)
        let lines = validate.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first == "\(path):\(expected)")
        #expect(lines.last?.hasPrefix("\(path):\(expected.prefix { $0 != " " }) note: ") == true)
    }

    /// libxml2's diagnosis of invalid UTF-8 has a second line (`Bytes: 0xFF ...`); the tool prints one.
    @Test func invalidUTF8IsReportedOnOneLine() throws {
        let folder = try ToolRunner.temporaryFolder()
        let url = folder.appendingPathComponent("latin1.plist")
        try (Data("<plist><string>".utf8) + Data([0xFF, 0xFE]) + Data("</string></plist>".utf8)).write(to: url)
        let japanese = try ToolRunner.run(["--locale", "ja_JP", "plist", url.path])
        #expect(japanese.status == 65)
        #expect(
            japanese.stderr
                == "\(url.path):1:16: error: プロパティリストとして読み込めません: 文書が正しい UTF-8 ではありません"
                + "（バイト列 0xFF 0xFE 0x3C 0x2F）。UTF-8 で保存し直すか、エンコーディングを宣言してください\n")
        let english = try ToolRunner.run(["catalog", "validate", url.path])
        let lines = english.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.allSatisfy { $0.hasPrefix("\(url.path):1:16: ") }, "\(lines)")
        #expect(!english.stderr.contains("Bytes:"))
    }

    @Test func theCatalogsLocaleIsTheDefault() throws {
        let folder = try ToolMessagesTests.deploymentWithOverrides(locale: "zh_CN")
        let result = try ToolRunner.run(["--catalog", "catalog.plist", "plist", "missing.plist"], in: folder)
        #expect(result.status == 66)
        #expect(result.stderr == "purchasekit: missing.plist：文件不存在\n")
    }
}
