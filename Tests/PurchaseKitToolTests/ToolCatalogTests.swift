import Foundation
import Testing

/// `purchasekit catalog validate` and `purchasekit catalog synthesize`.
struct ToolCatalogTests {
    static let invalidCatalog = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>CatalogVersion</key>
        \t<integer>1</integer>
        \t<key>Deployment</key>
        \t<dict>
        \t\t<key>Name</key>
        \t\t<string>Broken</string>
        \t\t<key>Provider</key>
        \t\t<string>file</string>
        \t\t<key>Storefront</key>
        \t\t<string>USA</string>
        \t\t<key>Locale</key>
        \t\t<string>en_US</string>
        \t</dict>
        \t<key>Storefronts</key>
        \t<dict>
        \t\t<key>USA</key>
        \t\t<dict><key>Currency</key><string>USD</string></dict>
        \t</dict>
        \t<key>Products</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>ProductID</key>
        \t\t\t<string>com.example.gems</string>
        \t\t\t<key>Type</key>
        \t\t\t<string>Consumable</string>
        \t\t\t<key>Prices</key>
        \t\t\t<dict><key>USA</key><string>zero point nine</string></dict>
        \t\t\t<key>Localizations</key>
        \t\t\t<dict><key>en</key><dict><key>DisplayName</key><string>Gems</string>
        \t\t\t<key>Description</key><string>Shiny.</string></dict></dict>
        \t\t\t<key>Payouts</key>
        \t\t\t<array><dict><key>Kind</key><string>currency</string><key>Name</key><string>gems</string>
        \t\t\t<key>Quantity</key><integer>10</integer></dict></array>
        \t\t\t<key>Prise</key>
        \t\t\t<string>typo</string>
        \t\t</dict>
        \t</array>
        </dict>
        </plist>
        """

    @Test func synthesizedCatalogValidatesWithoutProblems() throws {
        let synthesized = try ToolRunner.run(["catalog", "synthesize", "--products", "50"])
        #expect(synthesized.status == 0)
        #expect(synthesized.stderr.isEmpty)
        #expect(synthesized.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist"))
        let folder = try ToolRunner.temporaryFolder()
        let path = folder.appendingPathComponent("synthesized.plist").path
        try synthesized.stdoutData.write(to: URL(fileURLWithPath: path))

        let validated = try ToolRunner.run(["catalog", "validate", path])
        #expect(validated.status == 0)
        #expect(validated.stderr.isEmpty)
        let lines = validated.stdout.split(separator: "\n")
        #expect(lines.first == "\(path): 50 products, 0 errors, 0 warnings")
        #expect(lines.count == 51)
        for type in ["Consumable", "NonConsumable", "AutoRenewable", "NonRenewing"] {
            #expect(lines.contains { $0.contains(" \(type) ") })
        }
    }

    @Test func validatesASynthesizedCatalogThroughAPipe() throws {
        let executable = try #require(ToolRunner.executable).path
        let result = try ToolRunner.run(
            ["-c", "'\(executable)' catalog synthesize --products 50 | '\(executable)' catalog validate -"],
            shell: true
        )
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix("<stdin>: 50 products, 0 errors, 0 warnings\n"))
    }

    @Test func synthesizeIsDeterministicAndCoversLocalesAndStorefronts() throws {
        let first = try ToolRunner.run(["catalog", "synthesize", "--products", "8"])
        let second = try ToolRunner.run(["catalog", "synthesize", "--products", "8"])
        #expect(first.stdoutData == second.stdoutData)
        for needle in [
            "<key>ja</key>", "<key>zh-Hans</key>", "<key>ru</key>", "<key>JPN</key>", "<key>RUS</key>",
            "<key>CHN</key>", "<key>Payouts</key>", "<key>Entitlements</key>", "<key>IntroductoryOffer</key>",
            "<key>Duration</key>",
        ] {
            #expect(first.stdout.contains(needle))
        }
    }

    @Test func validatesTheDefaultCatalogWhenNoFileIsGiven() throws {
        let result = try ToolRunner.run(["catalog", "validate"], in: ToolRunner.packageRoot)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Catalog/Default.plist: "))
        #expect(result.stdout.contains(", 0 errors"))
    }

    @Test func reportsEveryDiagnosticWithPositionAndStatus65() throws {
        let path = try ToolRunner.file(named: "broken.plist", containing: Self.invalidCatalog)
        let result = try ToolRunner.run(["catalog", "validate", path])
        #expect(result.status == 65)
        let diagnostics = result.stderr.split(separator: "\n").filter { !$0.contains(": note: ") }
        #expect(diagnostics.contains { $0.hasPrefix("\(path):30:") && $0.contains(": error: ") })
        #expect(
            diagnostics.contains { $0.hasPrefix("\(path):37:") && $0.contains(": warning: ") && $0.contains("Prices") })
        #expect(result.stdout == "\(path): 0 products, 1 error, 1 warning\n")
    }

    @Test func reportsInvalidXMLInACatalogWithPosition() throws {
        let path = try ToolRunner.file(
            named: "truncated.plist", containing: "<plist>\n<dict>\n<key>CatalogVersion</key>\n")
        let result = try ToolRunner.run(["catalog", "validate", path])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("\(path):"))
        #expect(result.stderr.contains(": error: "))
    }

    @Test func checksEveryFileAndExits66WhenOneIsMissing() throws {
        let folder = try ToolRunner.temporaryFolder()
        let missing = folder.appendingPathComponent("missing.plist").path
        let broken = try ToolRunner.file(named: "broken.plist", containing: Self.invalidCatalog)
        let result = try ToolRunner.run(
            ["catalog", "validate", missing, broken, "Catalog/Default.plist"], in: ToolRunner.packageRoot)
        #expect(result.status == 66)
        #expect(result.stderr.hasPrefix("purchasekit: \(missing): no such file\n"))
        #expect(result.stderr.contains("\(broken):30:"))
        #expect(result.stdout.contains("Catalog/Default.plist: "))
        // The missing file was not checked, and the summary says so.
        #expect(result.stdout.hasSuffix("\n2 files checked, 1 could not be read: 1 error, 1 warning\n"))
    }

    @Test func theSummaryCountsAFileThatCouldNotBeReadApartInEveryLanguage() throws {
        let folder = try ToolRunner.temporaryFolder()
        let missing = folder.appendingPathComponent("missing.plist").path
        let arguments = ["catalog", "validate", missing, folder.path, "Catalog/Default.plist"]
        let expected = [
            ("en", "1 file checked, 2 could not be read: 0 errors, 0 warnings"),
            ("ja", "1 個のファイルを検査しました（2 個は読み込めませんでした）：エラー 0 件、警告 0 件"),
            ("zh-Hans", "已检查 1 个文件，2 个无法读取：0 个错误，0 个警告"),
            ("ru", "Проверен 1 файл, 2 файла не удалось прочитать: 0 ошибок, 0 предупреждений"),
        ]
        for (locale, summary) in expected {
            let result = try ToolRunner.run(["--locale", locale] + arguments, in: ToolRunner.packageRoot)
            #expect(result.status == 74, "\(locale)")
            #expect(result.stdout.hasSuffix("\n\(summary)\n"), "\(locale): \(result.stdout)")
        }
        let allRead = try ToolRunner.run(
            ["--locale", "ru", "catalog", "validate", "Catalog/Default.plist", "Catalog/Simulated.plist"],
            in: ToolRunner.packageRoot)
        #expect(allRead.stdout.hasSuffix("\nПроверено 2 файла: 0 ошибок, 0 предупреждений\n"))
    }

    /// `catalog synthesize` writes the XML a catalog is, `--json` or not, and says so in its help; `plist
    /// - --json` turns it into tagged JSON.
    @Test func synthesizeAlwaysWritesAnXMLCatalog() throws {
        let xml = try ToolRunner.run(["catalog", "synthesize", "--products", "3"])
        let withJSON = try ToolRunner.run(["catalog", "synthesize", "--products", "3", "--json"])
        #expect(xml.status == 0 && withJSON.status == 0)
        #expect(withJSON.stderr.isEmpty)
        #expect(withJSON.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"))
        #expect(withJSON.stdoutData == xml.stdoutData)
        let help = try ToolRunner.run(["catalog", "synthesize", "--help"])
        #expect(help.stdout.contains("The output is always an XML property-list catalog, with --json too"))
        let converted = try ToolRunner.run(["plist", "-", "--json"], stdin: withJSON.stdoutData)
        #expect(converted.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: converted.stdoutData) as? [String: Any])
        #expect((object["Products"] as? [Any])?.count == 3)
    }

    @Test func printsJSONReportWithDiagnostics() throws {
        let broken = try ToolRunner.file(named: "broken.plist", containing: Self.invalidCatalog)
        let result = try ToolRunner.run(["--json", "catalog", "validate", broken])
        #expect(result.status == 65)
        let reports = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
        #expect(reports.count == 1)
        #expect(reports.first?["valid"] as? Bool == false)
        let diagnostics = try #require(reports.first?["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["severity"] as? String } == ["error", "warning"])
        #expect(diagnostics.first?["line"] as? Int == 30)
    }
}
