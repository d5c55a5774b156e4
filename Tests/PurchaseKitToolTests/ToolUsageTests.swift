import Foundation
import Testing

/// Help, usage errors and global options of `purchasekit`.
struct ToolUsageTests {
    @Test(arguments: [
        (["--help"], "USAGE: purchasekit [--catalog FILE]"),
        (["-h"], "USAGE: purchasekit [--catalog FILE]"),
        (["help"], "USAGE: purchasekit [--catalog FILE]"),
        (["plist", "--help"], "USAGE: purchasekit plist FILE [--json]"),
        (["--help", "plist"], "USAGE: purchasekit plist FILE [--json]"),
        (
            ["catalog", "--help"],
            "USAGE: purchasekit catalog validate [FILE...]\n       purchasekit catalog synthesize"
        ),
        (["catalog", "validate", "--help"], "USAGE: purchasekit catalog validate [FILE...]\n\nChecks"),
        (["catalog", "synthesize", "-h"], "USAGE: purchasekit catalog synthesize --products N\n\nWrites"),
        (["help", "plist"], "USAGE: purchasekit plist FILE [--json]"),
        (["help", "buy"], "USAGE: purchasekit buy PRODUCT [--quantity N] [--account UUID]\n\nBuys"),
        (["help", "catalog", "validate"], "USAGE: purchasekit catalog validate [FILE...]\n\nChecks"),
        (["help", "tour"], "USAGE: purchasekit tour [--locale LOCALE]"),
    ])
    func printsHelpForToolAndEachCommand(_ arguments: [String], _ usage: String) throws {
        let result = try ToolRunner.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(usage))
        #expect(result.stdout.contains("--locale LOCALE"))
        #expect(result.stderr.isEmpty)
    }

    @Test(arguments: [
        ([], "purchasekit: no command given", "purchasekit --help"),
        (["frobnicate"], "purchasekit: unknown command 'frobnicate'", "purchasekit --help"),
        (["help", "frob"], "purchasekit: unknown command 'frob'\n", "purchasekit --help"),
        (["plist"], "purchasekit: 'plist' needs a file", "purchasekit plist --help"),
        (["plist", "a.plist", "b.plist"], "purchasekit: 'plist' reads one file", "purchasekit plist --help"),
        (
            ["plist", "--bogus", "a.plist"], "purchasekit: unknown option '--bogus' for 'plist'",
            "purchasekit plist --help"
        ),
        (["catalog"], "purchasekit: 'catalog' needs a subcommand", "purchasekit catalog --help"),
        (["catalog", "publish"], "purchasekit: unknown catalog subcommand 'publish'", "purchasekit catalog --help"),
        (
            ["catalog", "synthesize"], "purchasekit: 'catalog synthesize' needs --products N",
            "purchasekit catalog synthesize --help"
        ),
        (
            ["catalog", "synthesize", "--products", "many"], "purchasekit: --products wants a whole number",
            "purchasekit catalog synthesize --help"
        ),
        (
            ["catalog", "synthesize", "--products=-3"], "purchasekit: --products wants a whole number",
            "purchasekit catalog synthesize --help"
        ),
        (
            ["catalog", "synthesize", "--products"], "purchasekit: option '--products' needs a value",
            "purchasekit catalog synthesize --help"
        ),
        (
            ["catalog", "synthesize", "--products", "2", "extra"], "purchasekit: unexpected argument 'extra'",
            "purchasekit catalog synthesize --help"
        ),
        (
            ["plist", "x.plist", "--catalog"], "purchasekit: option '--catalog' needs a value",
            "purchasekit plist --help"
        ),
        (
            ["--locale=", "plist", "x.plist"], "purchasekit: --locale needs a locale identifier",
            "purchasekit plist --help"
        ),
        (
            ["--json=yes", "plist", "x.plist"], "purchasekit: unknown option '--json' for 'purchasekit'",
            "purchasekit plist --help"
        ),
        (
            ["buy"], "purchasekit: 'buy' needs a product identifier, such as com.example.gems.100\n",
            "purchasekit buy --help"
        ),
        (
            ["buy", "com.example.gems.100", "--quantity"], "purchasekit: option '--quantity' needs a value\n",
            "purchasekit buy --help"
        ),
    ])
    func rejectsBadCommandLinesWithStatus64(_ arguments: [String], _ message: String, _ helpCommand: String) throws {
        let result = try ToolRunner.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix(message))
        #expect(result.stderr.hasSuffix("purchasekit: run '\(helpCommand)' for usage\n"))
    }

    /// An empty `--state` or `--catalog` is a usage error, as an empty `--locale` is, and nothing is written
    /// (an empty `--state` used to put the state in the working folder).
    @Test(arguments: [
        (["--state", "", "buy", "com.example.gems.100"], "--state needs a folder, such as .purchasekit"),
        (["history", "--state="], "--state needs a folder, such as .purchasekit"),
        (["--catalog", "", "products"], "--catalog needs a catalog file, such as Catalog/Default.plist"),
        (["catalog", "validate", "--catalog="], "--catalog needs a catalog file, such as Catalog/Default.plist"),
        // The next word is another option, not the folder (it used to make a folder named `--json`).
        (["--state", "--json", "products"], "option '--state' needs a value"),
    ])
    func emptyStateOrCatalogIsAUsageError(_ arguments: [String], _ message: String) throws {
        let folder = try ToolRunner.temporaryFolder()
        let catalog = ToolRunner.packageRoot.appendingPathComponent("Catalog/Default.plist").path
        let catalogFirst = arguments.contains { $0.hasPrefix("--catalog") } ? [] : ["--catalog", catalog]
        let result = try ToolRunner.run(catalogFirst + arguments, in: folder)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("purchasekit: \(message)\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// `--quantity` takes a whole number from 1 to 10 (StoreKit's limit for one payment), and its error
    /// names `--quantity`, not another command's option.
    @Test(arguments: ["0", "-1", "abc", "1.5", "", "11", "99999999999999999999", "9223372036854775807"])
    func buyRefusesAQuantityThatIsNoWholeNumberFrom1To10(_ quantity: String) throws {
        let folder = try ToolRunner.temporaryFolder()
        let result = try ToolRunner.run(["buy", "com.example.gems.100", "--quantity", quantity], in: folder)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "purchasekit: --quantity wants a whole number from 1 to 10, not '\(quantity)'\n"
                + "purchasekit: run 'purchasekit buy --help' for usage\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func acceptsGlobalOptionsBeforeAndAfterTheCommand() throws {
        let before = try ToolRunner.run([
            "--catalog", "Other.plist", "--state", "/tmp/state", "--locale", "ja_JP", "--json",
            "catalog", "synthesize", "--products", "2",
        ])
        let after = try ToolRunner.run([
            "catalog", "synthesize", "--products=2", "--locale=ru_RU", "--state=/tmp/x", "--catalog=Other.plist",
        ])
        #expect(before.status == 0)
        #expect(after.status == 0)
        #expect(before.stdoutData == after.stdoutData)
        #expect(before.stderr.isEmpty && after.stderr.isEmpty)
    }

    @Test func doubleDashEndsOptions() throws {
        let folder = try ToolRunner.temporaryFolder()
        try Data("<plist><string>dash</string></plist>".utf8).write(to: folder.appendingPathComponent("--json"))
        let result = try ToolRunner.run(["plist", "--", "--json"], in: folder)
        #expect(result.status == 0)
        #expect(result.stdout == "\"dash\"\n")
    }
}
