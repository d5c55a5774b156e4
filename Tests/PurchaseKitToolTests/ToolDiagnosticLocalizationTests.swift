import Foundation
import Testing

@testable import PurchaseKitCLI

/// Catalog and property-list diagnostics `purchasekit` prints follow `--locale` in their messages and
/// keep their machine parts (positions, `error:`, `warning:`, `note:`, JSON keys and codes).
struct ToolDiagnosticLocalizationTests {
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

    /// A catalog without `CatalogVersion` whose product lacks `Prices`, and whose second product's price
    /// has too many digits.
    static let catalogMissingKeys = """
        <plist version="1.0">
        <dict>
        <key>Deployment</key><dict><key>Name</key><string>t</string><key>Provider</key><string>file</string>\
        <key>Storefront</key><string>USA</string><key>Locale</key><string>en_US</string></dict>
        <key>Storefronts</key><dict><key>USA</key><dict><key>Currency</key><string>USD</string></dict></dict>
        <key>Products</key><array>
        <dict><key>ProductID</key><string>com.example.a</string><key>Type</key><string>NonConsumable</string>\
        <key>Localizations</key><dict><key>en</key><dict><key>DisplayName</key><string>A</string>\
        <key>Description</key><string/></dict></dict></dict>
        <dict><key>ProductID</key><string>com.example.b</string><key>Type</key><string>NonConsumable</string>\
        <key>Prices</key><dict><key>USA</key><string>1234567890123456789</string></dict>\
        <key>Localizations</key><dict><key>en</key><dict><key>DisplayName</key><string>B</string>\
        <key>Description</key><string/></dict></dict></dict>
        </array>
        </dict>
        </plist>
        """

    /// The words that say which dict lacks a key are translated with the sentence (key names and the
    /// product's ID stay as written), and so is a price with too many digits; English reads as before.
    @Test(arguments: [
        (
            "ja_JP", "カタログのルート dict に必須のキー「CatalogVersion」がありません",
            "商品「com.example.a」に必須のキー「Prices」がありません",
            "価格「1234567890123456789」が大きすぎます。受け付ける最大の価格は 999999999999999999 です"
        ),
        (
            "zh-Hans", "商品目录的根 dict 缺少必需的键“CatalogVersion”", "商品“com.example.a”缺少必需的键“Prices”",
            "价格“1234567890123456789”过大；可接受的最大价格为 999999999999999999"
        ),
        (
            "ru", "в корневом dict каталога нет обязательного ключа «CatalogVersion»",
            "у товара «com.example.a» нет обязательного ключа «Prices»",
            "цена «1234567890123456789» слишком велика; наибольшая допустимая цена — 999999999999999999"
        ),
        (
            "en", "missing required key 'CatalogVersion' in the catalog's root dict",
            "missing required key 'Prices' in product 'com.example.a'",
            "price '1234567890123456789' is too large; the largest price accepted is 999999999999999999"
        ),
    ])
    func missingKeysNameTheirDictInTheLocale(locale: String, root: String, product: String, price: String) throws {
        let path = try ToolRunner.file(named: "missing.plist", containing: Self.catalogMissingKeys)
        let result = try ToolRunner.run(["--locale", locale, "catalog", "validate", path])
        #expect(result.status == 65)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(path):2:1: error: \(root)"), "\(lines)")
        #expect(lines.contains("\(path):6:1: error: \(product)"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("\(path):7:") && $0.hasSuffix(": error: \(price)") }, "\(lines)")
        if locale != "en" {
            for english in ["the catalog's root dict", "product '", "a product", "invalid price", "plain digits"] {
                #expect(!result.stderr.contains(english), "\(locale): \(english)")
            }
        }
    }

    /// A buying command that finds the catalog invalid prints the same translated diagnostics as
    /// `catalog validate`, and changes no state.
    @Test func aBuyingCommandReportsAnInvalidCatalogInTheLocale() throws {
        let path = try ToolRunner.file(named: "broken.plist", containing: ToolCatalogTests.invalidCatalog)
        let state = try ToolRunner.temporaryFolder().appendingPathComponent("state")
        let result = try ToolRunner.run(["--locale", "ru", "--catalog", path, "--state", state.path, "products"])
        #expect(result.status == 65)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(path):30:24: error: недопустимая цена «zero point nine»"))
        #expect(lines.contains { $0.hasPrefix("\(path):37:") && $0.contains(": warning: неизвестный ключ «Prise»") })
        #expect(!result.stderr.contains("invalid price"))
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: state.path))
    }

    /// A provider setting the provider cannot use is a catalog error at its line, for `catalog
    /// validate` (which used to pass it) and for the buying commands (which failed with an English
    /// detail, no position, and a state folder made anyway).
    @Test func anUnusableProviderSettingIsACatalogErrorAtItsLine() throws {
        let original = try String(
            contentsOf: ToolRunner.packageRoot.appendingPathComponent("Catalog/Default.plist"), encoding: .utf8)
        let text = original.replacingOccurrences(
            of: "<string>file</string>\n",
            with:
                "<string>file</string>\n\t\t<key>ProviderSettings</key>\n\t\t<dict><key>CanMakePayments</key><string>no</string></dict>\n"
        )
        let path = try ToolRunner.file(named: "settings.plist", containing: text)
        let validate = try ToolRunner.run(["--locale", "ru", "catalog", "validate", path])
        #expect(validate.status == 65)
        let line = "\(path):14:35: error: параметр «CanMakePayments» поставщика «file» должен быть <true/> или <false/>"
        #expect(validate.stderr.contains(line + "\n"))
        let state = try ToolRunner.temporaryFolder().appendingPathComponent("state")
        let products = try ToolRunner.run(["--locale", "ru", "--catalog", path, "--state", state.path, "products"])
        #expect(products.status == 65)
        #expect(products.stderr.contains(line + "\n"))
        #expect(!products.stderr.contains("must be"))
        #expect(!FileManager.default.fileExists(atPath: state.path))
    }

    /// Past 1,000 warnings the rest are counted in a last note and the summary, in the locale.
    @Test func problemsBeyondTheKeptOnesAreCountedInTheLocale() throws {
        let original = try String(
            contentsOf: ToolRunner.packageRoot.appendingPathComponent("Catalog/Default.plist"), encoding: .utf8)
        let extra = (0..<1_003).map { "\t<key>Extra\($0)</key>\n\t<true/>\n" }.joined()
        let text = original.replacingOccurrences(
            of: "<dict>\n\t<key>CatalogVersion</key>", with: "<dict>\n" + extra + "\t<key>CatalogVersion</key>")
        let path = try ToolRunner.file(named: "many.plist", containing: text)
        let result = try ToolRunner.run(["--locale", "ru", "catalog", "validate", path])
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.filter { $0.contains(": warning: ") }.count == 1_000)
        #expect(
            lines.last
                == "\(path): note: найдены и не показаны ещё предупреждения (3); исправьте показанные и проверьте снова"[
                    ...])
        #expect(result.stdout.hasPrefix("\(path): 10 товаров, 0 ошибок, 1003 предупреждения\n"))
        let json = try ToolRunner.run(["--json", "catalog", "validate", path])
        let report = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [[String: Any]]).first
        #expect(report?["omittedWarnings"] as? Int == 3)
        #expect(report?["omittedErrors"] as? Int == 0)
    }

    @Test func theSummaryOfSeveralFilesIsLocalized() throws {
        let result = try ToolRunner.run(
            ["--locale", "ja", "catalog", "validate", "Catalog/Default.plist", "Catalog/Simulated.plist"],
            in: ToolRunner.packageRoot)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Catalog/Default.plist: 商品 10 個、エラー 0 件、警告 0 件\n"))
        #expect(result.stdout.hasSuffix("2 個のファイルを検査しました：エラー 0 件、警告 0 件\n"))
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
                == "\(path):3:1: error: プロパティリストとして読み込めません："
                + "文書が途中で終わっています。2 行 1 列で開始した <dict> を閉じる </dict> が必要です\n")
    }

    /// The reader's reason is translated like the sentence around it, for `plist` and `catalog validate`
    /// alike: no English sentence is left in a Japanese, Chinese or Russian line.
    @Test(arguments: [
        (
            "<plist><integer>12x</integer></plist>", "ja_JP",
            "1:8: error: プロパティリストとして読み込めません：<integer> の中には数字が必要ですが、「12x」があります"
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
        ("", "ja_JP", "1:1: error: プロパティリストとして読み込めません：文書が空です。XML プロパティリストが必要です"),
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
                == "\(url.path):1:16: error: プロパティリストとして読み込めません：文書が正しい UTF-8 ではありません"
                + "（バイト列 0xFF 0xFE 0x3C 0x2F）。UTF-8 で保存し直すか、エンコーディングを宣言してください\n")
        let english = try ToolRunner.run(["catalog", "validate", url.path])
        let lines = english.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.allSatisfy { $0.hasPrefix("\(url.path):1:16: ") }, "\(lines)")
        #expect(!english.stderr.contains("Bytes:"))
    }
}
