import Foundation
import Testing

@testable import PurchaseKitCLI

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
        let traditional = try ToolRunner.run(["--locale", "zh_TW", "plist", path])
        let korean = try ToolRunner.run(["--locale", "ko_KR", "plist", path])
        let brazilian = try ToolRunner.run(["--locale", "pt_BR", "plist", path])
        let arabic = try ToolRunner.run(["--locale", "ar", "plist", path])
        #expect(english.stderr == "purchasekit: \(path): no such file\n")
        #expect(japanese.stderr == "purchasekit: \(path): ファイルが見つかりません\n")
        #expect(chinese.stderr == "purchasekit: \(path): 文件不存在\n")
        #expect(russian.stderr == "purchasekit: \(path): файл не найден\n")
        #expect(traditional.stderr == "purchasekit: \(path): 檔案不存在\n")
        #expect(korean.stderr == "purchasekit: \(path): 해당 파일이 없습니다\n")
        #expect(brazilian.stderr == "purchasekit: \(path): arquivo inexistente\n")
        #expect(arabic.stderr == "purchasekit: \(path): لا يوجد ملف بهذا الاسم\n")
        for result in [english, japanese, chinese, russian, traditional, korean, brazilian, arabic] {
            #expect(result.status == 66)
        }
    }

    @Test func usageErrorsAndTheHelpPointerAreLocalized() throws {
        let japanese = try ToolRunner.run(["--locale", "ja", "frobnicate"])
        #expect(japanese.status == 64)
        #expect(
            japanese.stderr
                == "purchasekit: 不明なコマンド「frobnicate」\npurchasekit: 使い方は「purchasekit --help」で確認できます\n")
        let helpJapanese = try ToolRunner.run(["--locale", "ja", "help", "frobnicate"])
        #expect(helpJapanese.status == 64)
        #expect(helpJapanese.stdout.isEmpty)
        #expect(helpJapanese.stderr == japanese.stderr)
        let russian = try ToolRunner.run(["--locale", "ru_RU", "catalog", "synthesize", "--products", "many"])
        #expect(russian.status == 64)
        #expect(russian.stderr.hasPrefix("purchasekit: --products ожидает целое число от 0 до 1000000, а не «many»\n"))
    }

    @Test func buysUsageErrorsAreLocalized() throws {
        let cases: [(String, quantity: String, product: String)] = [
            (
                "ja", "--quantity には 1 から 10 までの整数を指定してください（「0」は使えません）",
                "「buy」には com.example.gems.100 のような商品 ID を指定してください"
            ),
            (
                "zh-Hans", "--quantity 需要 1 到 10 之间的整数，而不是“0”",
                "“buy”需要指定一个商品标识符，例如 com.example.gems.100"
            ),
            (
                "ru_RU", "--quantity ожидает целое число от 1 до 10, а не «0»",
                "для «buy» нужен идентификатор товара, например com.example.gems.100"
            ),
            (
                "zh-Hant_TW", "--quantity 需要 1 到 10 之間的整數，而不是「0」",
                "「buy」需要指定產品 ID，例如 com.example.gems.100"
            ),
            (
                "ko", "--quantity에는 1부터 10까지의 정수가 필요합니다(‘0’은(는) 사용할 수 없음)",
                "‘buy’에는 com.example.gems.100과 같은 제품 식별자가 필요합니다"
            ),
            (
                "pt_BR", "--quantity espera um número inteiro de 1 a 10, e não “0”",
                "“buy” precisa de um identificador de produto, como com.example.gems.100"
            ),
            (
                "ar_SA", "يتطلب --quantity عددًا صحيحًا من 1 إلى 10، وليس «0»",
                "يحتاج «buy» إلى معرّف منتج، مثل com.example.gems.100"
            ),
        ]
        for (locale, quantity, product) in cases {
            let badQuantity = try ToolRunner.run(["--locale", locale, "buy", "com.example.gems.100", "--quantity=0"])
            #expect(badQuantity.status == 64)
            #expect(badQuantity.stderr.hasPrefix("purchasekit: \(quantity)\n"), "\(locale)")
            let noProduct = try ToolRunner.run(["buy", "--locale", locale])
            #expect(noProduct.status == 64)
            #expect(noProduct.stderr.hasPrefix("purchasekit: \(product)\n"), "\(locale)")
        }
    }

    /// A wrong global option is told in the language of the `--locale` (or the `--catalog`'s locale) given
    /// anywhere on the line, like any other usage error.
    @Test func wrongGlobalOptionsAreReportedInTheLocale() throws {
        let folder = try ToolRunner.temporaryFolder()
        let catalog = ToolRunner.packageRoot.appendingPathComponent("Catalog/Default.plist").path
        let state = folder.appendingPathComponent("state").path
        let japanese = try ToolRunner.run(
            ["--locale", "ja_JP", "--catalog", catalog, "--state", state, "products", "--state"], in: folder)
        #expect(japanese.status == 64)
        #expect(
            japanese.stderr
                == "purchasekit: オプション「--state」には値が必要です\n"
                + "purchasekit: 使い方は「purchasekit products --help」で確認できます\n")
        let russian = try ToolRunner.run(["--state=", "history", "--locale", "ru"], in: folder)
        #expect(russian.status == 64)
        #expect(
            russian.stderr
                == "purchasekit: для --state нужна папка, например .purchasekit\n"
                + "purchasekit: справка по использованию: «purchasekit history --help»\n")
        let chinese = try ToolRunner.run(["--locale", "zh-Hans", "--catalog=", "products"], in: folder)
        #expect(chinese.stderr.hasPrefix("purchasekit: --catalog 需要一个商品目录文件，例如 Catalog/Default.plist\n"))
        let deployment = try ToolMessagesTests.deploymentWithOverrides(locale: "zh_CN")
        let fromCatalog = try ToolRunner.run(
            ["--catalog", "catalog.plist", "plist", "x.plist", "--locale"], in: deployment)
        #expect(fromCatalog.status == 64)
        #expect(fromCatalog.stderr.hasPrefix("purchasekit: 选项“--locale”需要一个值\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// `history` for people words the state and the delivered and finished marks in the locale; `--json`
    /// keeps the contract's values whatever the locale.
    @Test func historyWordsTheStatesInTheLocale() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        #expect(try fixture.run(["buy", "com.example.gems.100"]).status == 0)
        // A second deployment on the same state folder whose store waits for approval (Ask to Buy).
        let text = try String(contentsOfFile: fixture.catalog, encoding: .utf8)
        let askToBuy = text.replacingOccurrences(
            of: "<key>Provider</key>\n\t\t<string>file</string>",
            with: "<key>Provider</key>\n\t\t<string>file</string>\n\t\t<key>ProviderSettings</key>\n\t\t<dict>"
                + "<key>RequiresApproval</key><true/></dict>")
        #expect(askToBuy != text)
        let catalog = fixture.folder.appendingPathComponent("AskToBuy.plist")
        try Data(askToBuy.utf8).write(to: catalog)
        let pending = try ToolChild.run(
            ["--catalog", catalog.path, "--state", fixture.state.path, "buy", "com.example.removeads"],
            in: fixture.folder)
        #expect(pending.status == 0)
        let expected = [
            ("en_US", "purchased  delivered  finished", "deferred"),
            ("ja_JP", "購入済み  付与済み  完了", "承認待ち"),
            ("zh-Hans", "已购买  已交付  已完成", "等待批准"),
            ("ru", "куплено  выдано  завершено", "ждёт одобрения"),
            ("zh_TW", "已購買  已交付  已完成", "等待核准"),
            ("ko_KR", "구입함  지급됨  완료됨", "승인 대기 중"),
            ("pt_BR", "comprado  entregue  finalizado", "aguardando aprovação"),
            ("ar", "تم الشراء  تم التسليم  اكتمل", "في انتظار الموافقة"),
        ]
        for (locale, bought, waiting) in expected {
            let result = try fixture.run(["--locale", locale, "history"])
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 2, "\(locale): \(result.stdout)")
            #expect(lines.first?.hasPrefix("file/1  ") == true)
            // Columns: cells apart by two spaces or more, padded to line up.
            func cells(_ line: String?) -> [String] {
                (line ?? "").components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }
            }
            #expect(
                Array(cells(lines.first).dropFirst(2)) == ["com.example.gems.100"]
                    + bought.components(separatedBy: "  "))
            #expect(
                Array(cells(lines.last).dropFirst(2)) == ["com.example.removeads", waiting],
                "\(locale): \(result.stdout)")
            let stateColumn = lines.map { TextColumnsWidth.offset(of: cells($0)[3], in: $0) }
            #expect(Set(stateColumn).count == 1, "\(locale): \(result.stdout)")
        }
        let japanese = try #require(try fixture.json(["history", "--locale", "ja_JP"]) as? [[String: Any]])
        #expect(japanese.map { $0["state"] as? String } == ["purchased", "deferred"])
        #expect(japanese.map { $0["delivered"] as? Bool } == [true, false])
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

    @Test func theCatalogsLocaleIsTheDefault() throws {
        let folder = try ToolMessagesTests.deploymentWithOverrides(locale: "zh_CN")
        let result = try ToolRunner.run(["--catalog", "catalog.plist", "plist", "missing.plist"], in: folder)
        #expect(result.status == 66)
        #expect(result.stderr == "purchasekit: missing.plist: 文件不存在\n")
    }
}

/// Where a cell starts in a line, in terminal cells.
enum TextColumnsWidth {
    static func offset(of cell: String, in line: String) -> Int {
        guard let range = line.range(of: cell) else { return -1 }
        return TextColumns.width(of: String(line[..<range.lowerBound]))
    }
}
