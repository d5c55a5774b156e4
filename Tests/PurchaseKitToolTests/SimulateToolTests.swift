import Foundation
import Testing

/// `purchasekit simulate` through the built binary: JSON lines, exit statuses, diagnostics.
struct SimulateToolTests {
    static let scenarios = ToolRunner.packageRoot.appendingPathComponent("Catalog/Scenarios")

    @Test(arguments: ["crash-before-finish", "sandbox-receipt-21007"])
    func aShippedScenarioPasses(_ name: String) throws {
        let result = try ToolRunner.run(["simulate", Self.scenarios.appendingPathComponent(name + ".plist").path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count > 3)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["event"] is String)
        }
        #expect(lines.last?.hasPrefix("{\"event\":\"result\",\"ok\":true") == true)
        #expect(result.stdout.contains("{\"event\":\"updatedTransactions\",\"observer\":\"app\""))
    }

    /// A folder is an I/O error (74) as for every other command; it was reported as an invalid
    /// scenario (65).
    @Test func aFolderForTheScenarioOrItsCatalogExits74() throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ToolRunner.run(["simulate", folder.path])
        #expect(result.status == 74)
        #expect(result.stderr == "purchasekit: \(folder.path): cannot read: it is a folder\n")
        let catalogFolder = folder.appendingPathComponent("catalog.plist")
        try FileManager.default.createDirectory(at: catalogFolder, withIntermediateDirectories: true)
        let scenario = try Self.scenario("", catalog: catalogFolder.path)
        let catalogResult = try ToolRunner.run(["simulate", scenario])
        #expect(catalogResult.status == 74, "\(catalogResult.stderr)")
        #expect(
            catalogResult.stderr.hasPrefix("\(catalogFolder.path):1:1: error: cannot read the file: it is a folder\n"))
    }

    static func scenario(_ steps: String, catalog: String? = nil) throws -> String {
        let catalogPath = catalog ?? ToolRunner.packageRoot.appendingPathComponent("Catalog/Simulated.plist").path
        return try ToolRunner.file(
            named: "scenario.plist",
            containing: """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                <key>Catalog</key><string>\(catalogPath)</string>
                <key>Steps</key>
                <array>
                \(steps)
                </array>
                </dict>
                </plist>
                """)
    }

    @Test func aFailingExpectationExitsOneAndSaysWhich() throws {
        let path = try Self.scenario(
            """
            <dict><key>Step</key><string>buy</string><key>Product</key><string>com.example.gems.100</string></dict>
            <dict><key>Step</key><string>expect</string><key>Balances</key><dict><key>gems</key><integer>5</integer></dict></dict>
            """)
        let result = try ToolRunner.run(["simulate", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(path):8:1: error: expected balance gems 5, got 100\n"), "\(result.stderr)")
        #expect(result.stdout.contains("{\"event\":\"expectation\",\"ok\":false"))
    }

    @Test func aFailingExpectationIsWordedInTheLocaleWithItsPosition() throws {
        let path = try Self.scenario(
            """
            <dict><key>Step</key><string>buy</string><key>Product</key><string>com.example.gems.100</string></dict>
            <dict><key>Step</key><string>expect</string><key>Balances</key><dict><key>gems</key><integer>5</integer></dict></dict>
            """)
        let japanese = try ToolRunner.run(["--locale", "ja", "simulate", path])
        #expect(japanese.status == 1)
        #expect(
            japanese.stderr.contains("\(path):8:1: error: balance gems は 5 のはずが、100 でした\n"), "\(japanese.stderr)")
        #expect(!japanese.stderr.contains("expected"))
        let russian = try ToolRunner.run(["simulate", path, "--locale", "ru"])
        #expect(
            russian.stderr.contains("\(path):8:1: error: ожидалось balance gems 5, получено 100\n"), "\(russian.stderr)"
        )
        let line = #"{"event":"expectation","ok":false,"check":"balance gems","expected":5,"actual":100"#
        #expect(japanese.stdout.contains(line), "\(japanese.stdout)")
        #expect(russian.stdout.contains(line))
    }

    @Test func aMalformedScenarioExits65WithPositions() throws {
        let path = try Self.scenario("<dict><key>Step</key><string>teleport</string></dict>")
        let result = try ToolRunner.run(["simulate", path])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("\(path):7:22: "), "\(result.stderr)")
        #expect(result.stderr.contains("error: unknown step 'teleport'"))
        #expect(result.stdout.isEmpty)
    }

    /// A clock moved past the last date receipts carry is refused where the file moves it, whether one
    /// step or several do it, before anything runs.
    @Test(arguments: [
        "<integer>9223372036854775807</integer>", "<real>1e16</real>", "<real>1e300</real>",
        "<integer>251635075200</integer>",
    ])
    func aClockMovedPastWhatReceiptsCarryExits65(_ seconds: String) throws {
        let path = try Self.scenario(
            """
            <dict><key>Step</key><string>buy</string><key>Product</key><string>com.example.pro.monthly</string></dict>
            <dict><key>Step</key><string>advanceTime</string><key>Seconds</key>\(seconds)</dict>
            """)
        let result = try ToolRunner.run(["simulate", path])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "\(path):8:68: error: the scenario's clock would pass 9999-12-31T23:59:59Z, the last date a receipt "
                    + "can carry; advance it less\n"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func stepsThatTogetherMoveTheClockTooFarAreRefusedAtTheOneThatPassesTheLimit() throws {
        let path = try Self.scenario(
            """
            <dict><key>Step</key><string>advanceTime</string><key>Duration</key><string>P5000Y</string></dict>
            <dict><key>Step</key><string>advanceTime</string><key>Duration</key><string>P2900Y</string></dict>
            <dict><key>Step</key><string>advanceTime</string><key>Duration</key><string>P100Y</string></dict>
            """)
        let result = try ToolRunner.run(["--locale", "ja", "simulate", path])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr == "\(path):9:22: error: シナリオの時計がレシートに記録できる最後の日時 9999-12-31T23:59:59Z "
                + "を越えてしまいます。進める時間を短くしてください\n")
    }

    /// A step that cannot be done is a failed expectation: `error:`, the step's name as written, the reason in
    /// the locale.
    @Test func aStepThatCannotBeDoneIsWordedInTheLocale() throws {
        let path = try Self.scenario("<string>approveAskToBuy</string>")
        let english = try ToolRunner.run(["simulate", path])
        #expect(english.status == 1)
        #expect(
            english.stderr.contains("\(path):7:1: error: approveAskToBuy: there is no Ask to Buy request to decide\n"),
            "\(english.stderr)")
        let russian = try ToolRunner.run(["--locale", "ru", "simulate", path])
        #expect(russian.status == 1)
        #expect(
            russian.stderr.contains(
                "\(path):7:1: error: approveAskToBuy: нет запроса «Попросить купить», который можно решить\n"),
            "\(russian.stderr)")
        #expect(russian.stdout.contains(#""message":"there is no Ask to Buy request to decide""#))
    }

    static let stepList =
        "buy, approveAskToBuy, declineAskToBuy, resolveInterrupted, relaunch, reinstall, restore, advanceTime, "
        + "refund, expire, forceRenew, disableAutoRenew, switchStorefront, togglePayments, crashBeforeFinish, "
        + "addObserver, verifyReceipt, promotedPurchase, startDownloads, failDownloads, allowDownloads, expect, "
        + "buyWithPromotionalOffer, redeemOfferCode, increasePrice, showPriceConsent, respondToPriceIncrease, "
        + "addFamilyMember, stopFamilySharing, leaveFamily, requestTestNotification, requestRefund, reverseRefund, "
        + "enableAutoRenew, keepCurrentPlan, nextPurchasePending, completePending, cancelPending, stopFinishing, "
        + "finishPurchases, replaceSubscription, failRenewals, fixPayment, pause, resume"

    /// Every problem of a scenario file is worded in the locale; positions, `error:`, step names and keys
    /// stay as written.
    @Test func aMalformedScenarioIsReportedInTheLocale() throws {
        let path = try Self.scenario(
            """
            <dict><key>Step</key><string>fly</string></dict>
            <dict><key>Step</key><string>buy</string><key>Quantity</key><string>two</string></dict>
            <dict><key>Step</key><string>advanceTime</string><key>Duration</key><integer>3</integer></dict>
            """)
        let english = try ToolRunner.run(["simulate", path])
        #expect(english.status == 65)
        #expect(
            english.stderr == "\(path):7:22: error: unknown step 'fly'; steps are \(Self.stepList)\n"
                + "\(path):8:22: error: step buy needs Product\n"
                + "\(path):8:42: error: step buy does not take 'Quantity'\n"
                + "\(path):9:69: error: Duration must be a string, not integer\n")
        let japanese = try ToolRunner.run(["--locale", "ja_JP", "simulate", path])
        #expect(japanese.status == 65)
        #expect(
            japanese.stderr == "\(path):7:22: error: 不明なステップ「fly」です。ステップは \(Self.stepList) です\n"
                + "\(path):8:22: error: ステップ buy には Product が必要です\n"
                + "\(path):8:42: error: ステップ buy は「Quantity」を受け付けません\n"
                + "\(path):9:69: error: Duration は文字列でなければなりませんが、integer になっています\n")
        let chinese = try ToolRunner.run(["--locale", "zh-Hans", "simulate", path])
        #expect(chinese.status == 65)
        #expect(chinese.stderr.hasPrefix("\(path):7:22: error: 未知的步骤“fly”；可用的步骤有 buy, "), "\(chinese.stderr)")
        #expect(japanese.stdout.isEmpty && chinese.stdout.isEmpty)
    }

    /// A scenario file that is not a property list gives the reader's reason in the locale.
    @Test func anUnreadableScenarioIsReportedInTheLocale() throws {
        let path = try ToolRunner.file(named: "scenario.plist", containing: "<plist><dict>")
        let english = try ToolRunner.run(["simulate", path])
        let russian = try ToolRunner.run(["--locale", "ru", "simulate", path])
        #expect(english.status == 65)
        #expect(russian.status == 65)
        #expect(english.stderr.hasPrefix("\(path):1:"), "\(english.stderr)")
        #expect(russian.stderr.hasPrefix("\(path):1:"), "\(russian.stderr)")
        #expect(russian.stderr.contains(": error: "))
        #expect(russian.stderr != english.stderr)
    }

    /// An invalid catalog's diagnostics are printed as `catalog validate` prints them, in the locale.
    @Test func aScenariosInvalidCatalogIsReportedInTheLocale() throws {
        let catalog = try ToolRunner.file(named: "broken.plist", containing: ToolCatalogTests.invalidCatalog)
        let path = try Self.scenario("<string>restore</string>", catalog: catalog)
        let russian = try ToolRunner.run(["--locale", "ru", "simulate", path])
        #expect(russian.status == 65)
        let lines = russian.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(catalog):30:24: error: недопустимая цена «zero point nine»"), "\(russian.stderr)")
        #expect(lines.contains { $0.hasPrefix("\(catalog):30:24: note: Запишите сумму цифрами") })
        #expect(!russian.stderr.contains("invalid price"))
        let english = try ToolRunner.run(["simulate", path])
        #expect(english.status == 65)
        #expect(english.stderr.contains("\(catalog):30:24: error: invalid price 'zero point nine'\n"))
    }

    /// A catalog without a simulated store the runner drives is a scenario error at its `Catalog`, in the
    /// locale.
    @Test func aCatalogWithoutTheSimulatedAppStoreIsAnErrorAtTheScenariosCatalog() throws {
        let catalog = ToolRunner.packageRoot.appendingPathComponent("Catalog/Default.plist").path
        let path = try Self.scenario("<string>restore</string>", catalog: catalog)
        let english = try ToolRunner.run(["simulate", path])
        #expect(english.status == 65)
        #expect(
            english.stderr
                == "\(path):4:19: error: the scenario's catalog '\(catalog)' names neither a simulated-app-store nor a "
                + "simulated-google-play provider; name a catalog with one of them\n")
        let japanese = try ToolRunner.run(["--locale", "ja", "simulate", path])
        #expect(japanese.status == 65)
        #expect(
            japanese.stderr
                == "\(path):4:19: error: シナリオのカタログ「\(catalog)」には simulated-app-store プロバイダも "
                + "simulated-google-play プロバイダもありません。どちらかのあるカタログを指定してください\n")
        #expect(english.stdout.isEmpty && japanese.stdout.isEmpty)
    }

    /// A `Session` setting the simulated App Store cannot use is an error at its value when the
    /// scenario loads, in the locale (it failed when the run began, in English, without a position).
    @Test func anUnusableSessionSettingIsAnErrorAtItsValue() throws {
        let catalog = ToolRunner.packageRoot.appendingPathComponent("Catalog/Simulated.plist").path
        let path = try ToolRunner.file(
            named: "session.plist",
            containing: """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                <key>Catalog</key><string>\(catalog)</string>
                <key>Session</key><dict><key>FaultRate</key><real>3</real><key>AskToBuyEnabled</key><string>yes</string></dict>
                <key>Steps</key><array><string>restore</string></array>
                </dict>
                </plist>
                """)
        let english = try ToolRunner.run(["simulate", path])
        #expect(english.status == 65)
        #expect(
            english.stderr.split(separator: "\n").map(String.init) == [
                "\(path):5:45: error: setting 'FaultRate' of provider 'simulated-app-store' must be a number from 0 to 1",
                "\(path):5:85: error: setting 'AskToBuyEnabled' of provider 'simulated-app-store' must be <true/> or <false/>",
            ])
        let russian = try ToolRunner.run(["--locale", "ru", "simulate", path])
        #expect(russian.status == 65)
        #expect(
            russian.stderr.contains(
                "\(path):5:45: error: параметр «FaultRate» поставщика «simulated-app-store» должен быть числом от 0 до 1\n"
            ))
        #expect(english.stdout.isEmpty && russian.stdout.isEmpty)
    }

    @Test func aMissingScenarioOrCatalogExits66() throws {
        #expect(try ToolRunner.run(["simulate", "/no/such/scenario.plist"]).status == 66)
        let path = try Self.scenario("<string>restore</string>", catalog: "/no/such/catalog.plist")
        #expect(try ToolRunner.run(["simulate", path]).status == 66)
    }

    @Test func stateGoesToTheFolderGiven() throws {
        let state = try ToolRunner.temporaryFolder().appendingPathComponent("state")
        let path = Self.scenarios.appendingPathComponent("consumable-bought-again.plist").path
        let result = try ToolRunner.run(["--state", state.path, "simulate", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: state.appendingPathComponent("simulated-app-store").path))
    }
}
