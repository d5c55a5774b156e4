import Foundation
import Testing

/// `--version`, examples in every help screen, colour only at a terminal without `NO_COLOR`, and
/// progress lines on standard error only at a terminal.
struct ToolTerminalTests {
    @Test(arguments: [["--version"], ["tour", "--version"], ["--version", "--json"]])
    func versionPrintsTheToolsVersion(arguments: [String]) throws {
        let result = try ToolRunner.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.wholeMatch(of: /purchasekit \d+\.\d+\.\d+\n/) != nil, "\(result.stdout)")
        #expect(result.stderr.isEmpty)
    }

    @Test(arguments: [
        ["--help"], ["plist", "--help"], ["catalog", "--help"], ["catalog", "validate", "--help"],
        ["catalog", "synthesize", "--help"], ["products", "--help"], ["buy", "--help"], ["restore", "--help"],
        ["entitlements", "--help"], ["history", "--help"], ["messages", "--help"], ["receipt", "inspect", "--help"],
        ["simulate", "--help"], ["tour", "--help"],
    ])
    func everyHelpScreenHasExamples(arguments: [String]) throws {
        let result = try ToolRunner.run(arguments + ["--locale", "ja"])
        #expect(result.status == 0)
        let examples = try #require(result.stdout.range(of: "\nExamples:\n"), "\(arguments)")
        let first = result.stdout[examples.upperBound...].prefix { $0 != "\n" }
        #expect(first.hasPrefix("  ") && first.contains("purchasekit"), "\(arguments): \(first)")
    }

    @Test func colourOnlyAtATerminalAndNeverWithNoColor() throws {
        let arguments = ["tour", "--catalog", TourToolTests.catalog]
        let terminal = try TourToolTests.run(arguments, environment: ["PURCHASEKIT_ASSUME_TERMINAL": "1"])
        #expect(terminal.status == 0)
        #expect(terminal.stdout.contains("\u{1B}[1m[1/8] "))
        #expect(terminal.stdout.contains("\u{1B}[32mThank you! Your purchase of 100 Gems is complete.\u{1B}[0m"))
        #expect(terminal.stdout.contains("\u{1B}[31mYou already own this item."))

        for environment in [
            [:], ["PURCHASEKIT_ASSUME_TERMINAL": "1", "NO_COLOR": "1"],
            ["PURCHASEKIT_ASSUME_TERMINAL": "1", "NO_COLOR": ""], ["PURCHASEKIT_ASSUME_TERMINAL": "1", "TERM": "dumb"],
        ] {
            let plain = try TourToolTests.run(arguments, environment: environment)
            #expect(plain.status == 0)
            #expect(!plain.stdout.contains("\u{1B}"), "\(environment)")
            #expect(plain.stdout.contains("> Thank you! Your purchase of 100 Gems is complete.\n"))
        }
    }

    @Test func largeSynthesisShowsProgressOnStandardErrorOnlyAtATerminal() throws {
        let large = ["catalog", "synthesize", "--products", "10000"]
        let terminal = try TourToolTests.run(large, environment: ["PURCHASEKIT_ASSUME_TERMINAL": "1"])
        #expect(terminal.status == 0)
        #expect(terminal.stderr.hasPrefix("\rSynthesizing a catalog of 10000 products…\u{1B}[K"))
        #expect(terminal.stderr.contains("\rWriting the catalog: 1 of "))
        #expect(terminal.stderr.hasSuffix("\r\u{1B}[K"))
        #expect(terminal.stdout.hasPrefix("<?xml"))
        #expect(terminal.stdout.hasSuffix("</plist>\n"))

        let small = try TourToolTests.run(
            ["catalog", "synthesize", "--products", "20"], environment: ["PURCHASEKIT_ASSUME_TERMINAL": "1"])
        #expect(small.stderr.isEmpty)
        let piped = try ToolRunner.run(["catalog", "synthesize", "--products", "20"])
        #expect(piped.stderr.isEmpty)
        #expect(small.stdoutData == piped.stdoutData)
    }

    @Test func simulateShowsStepsAndDownloadsOnStandardErrorOnlyAtATerminal() throws {
        let scenario = SimulateToolTests.scenarios.appendingPathComponent("hosted-content-download.plist").path
        let terminal = try TourToolTests.run(["simulate", scenario], environment: ["PURCHASEKIT_ASSUME_TERMINAL": "1"])
        #expect(terminal.status == 0, "\(terminal.stderr)")
        // The purchase's step downloads the content (the store finishes the transaction after it).
        #expect(terminal.stderr.hasPrefix("\rStep 1 of 2: buy\u{1B}[K\rDownloading com.example.levels.premium: 0%"))
        #expect(terminal.stderr.contains("\rDownloading com.example.levels.premium: 40%\u{1B}[K"))
        #expect(terminal.stderr.contains("\rDownloading com.example.levels.premium: 100%\u{1B}[K\rStep 2 of 2: expect"))
        #expect(terminal.stderr.hasSuffix("\rStep 2 of 2: expect\u{1B}[K\r\u{1B}[K"))

        let japanese = try TourToolTests.run(
            ["--locale", "ja", "simulate", scenario], environment: ["PURCHASEKIT_ASSUME_TERMINAL": "1"])
        #expect(japanese.stderr.contains("\rcom.example.levels.premium をダウンロードしています：100%\u{1B}[K"))

        for environment in [[:], ["PURCHASEKIT_ASSUME_TERMINAL": "1", "TERM": "dumb"]] {
            let plain = try TourToolTests.run(["simulate", scenario], environment: environment)
            #expect(plain.status == 0)
            #expect(plain.stderr.isEmpty, "\(environment): \(plain.stderr)")
            #expect(plain.stdoutData == terminal.stdoutData, "\(environment)")
        }
        #expect(japanese.stdoutData == terminal.stdoutData)
        #expect(terminal.stdout.contains("\"state\":\"finished\",\"percent\":100"))
    }
}
