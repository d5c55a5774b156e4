import Foundation
import Glibc
import TestSupport
import Testing

/// What the tool reads: every input, file, device or pipe, within the size limit of a regular file
/// (64 MiB) and refused one byte past it (65); the files it finds by itself only when they are
/// regular files (74), while a FIFO given on the command line is read as Unix programs read one.
struct ToolInputTests {
    /// The reader's limit, as the messages give it.
    static let limit = 64 * 1024 * 1024

    /// Runs `purchasekit arguments...` in `folder` with standard input from `/dev/zero`, in a shell
    /// that caps the address space at 1 GiB: reading an endless input without a bound fails fast
    /// there instead of taking the machine's memory. A tool built with a sanitizer cannot start under
    /// such a cap (its shadow memory is reserved up front); it runs without one.
    private func runOnEndlessInput(_ arguments: [String], in folder: URL) throws -> ToolRunner.Result {
        let tool = try #require(ToolRunner.executable, "build the purchasekit product first")
        let cap = try Self.toolStartsUnderTheCap(tool, in: folder) ? "ulimit -v 1048576; " : ""
        let script = cap + #"exec "$0" "$@" < /dev/zero"#
        return try ToolRunner.run(["-c", script, tool.path] + arguments, in: folder, shell: true)
    }

    /// Whether `purchasekit --version` runs with the address space capped at 1 GiB.
    private static func toolStartsUnderTheCap(_ tool: URL, in folder: URL) throws -> Bool {
        let probe = try ToolRunner.run(
            ["-c", #"ulimit -v 1048576; exec "$0" --version"#, tool.path], in: folder, shell: true)
        return probe.status == 0
    }

    @Test(arguments: [
        (["plist", "-"], "<stdin>:1:1: error: "),
        (["catalog", "validate", "-"], "<stdin>:1:1: error: "),
        (["receipt", "inspect", "-"], "<stdin>: error: "),
        (["receipt", "inspect", "/dev/zero"], "/dev/zero: error: "),
        (
            ["catalog", "validate", "zero.storekit"],
            "zero.storekit:1:1: error: the StoreKit configuration is not readable JSON: "
        ),
    ])
    func anEndlessInputIsRefusedPastTheLimit(arguments: [String], prefix: String) throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("zero.storekit").path, withDestinationPath: "/dev/zero")
        let result = try runOnEndlessInput(arguments, in: folder)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                prefix + "the input goes on past the limit of \(Self.limit) bytes; it was not read further\n"),
            "\(result.stderr)")
    }

    @Test func theRefusalIsInThePersonsLanguage() throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runOnEndlessInput(["--locale", "ru", "receipt", "inspect", "-"], in: folder)
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "<stdin>: error: входные данные превышают предел в \(Self.limit) байта; дальше они не читались\n")
    }

    /// A folder as standard input (`< folder`) cannot be read: 74 naming `<stdin>`, as for a folder
    /// given by its path (`catalog validate` reported it as an invalid catalog, 65).
    @Test(arguments: [["plist", "-"], ["catalog", "validate", "-"], ["receipt", "inspect", "-"]])
    func aFolderAsStandardInputExits74(_ arguments: [String]) throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tool = try #require(ToolRunner.executable, "build the purchasekit product first")
        let result = try ToolRunner.run(
            ["-c", #"exec "$0" "$@" < ."#, tool.path] + arguments, in: folder, shell: true)
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("purchasekit: <stdin>: cannot read: "), "\(result.stderr)")
    }

    /// A FIFO at the default catalog, which the tool opens without being told to: refused at once,
    /// naming it (the commands waited for a writer for good).
    @Test(arguments: [
        ["products"], ["entitlements"], ["buy", "com.example.gems.100"], ["catalog", "validate"], ["tour"],
    ])
    func aFIFOAtTheDefaultCatalogIsRefusedNotWaitedFor(command: [String]) throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Catalog"), withIntermediateDirectories: true)
        let fifo = folder.appendingPathComponent("Catalog/Default.plist")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        let child = try ToolChild(["--state", "state"] + command, in: folder)
        let status = Self.wait(for: child, unblocking: fifo.path)
        #expect(status == 74, "\(child.stderr)")
        #expect(
            child.stderr.hasPrefix("purchasekit: Catalog/Default.plist: cannot read: it is not a regular file"),
            "\(child.stderr)")
    }

    /// A catalog named with `--catalog` may be a pipe (`--catalog <(...)`, `/dev/stdin`): it is read.
    @Test func aPipeNamedAsTheCatalogIsRead() throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tool = try #require(ToolRunner.executable, "build the purchasekit product first")
        let catalog = ToolRunner.packageRoot.appendingPathComponent("Catalog/Default.plist").path
        let result = try ToolRunner.run(
            ["-c", #"cat "$1" | exec "$0" --catalog /dev/stdin catalog validate"#, tool.path, catalog], in: folder,
            shell: true)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("com.example.gems.100"), "\(result.stdout)")
    }

    /// A FIFO given on the command line is an input like any other: the tool waits for its writer.
    @Test func aFIFOOnTheCommandLineIsRead() throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("body.json").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let writer = try ChildProcess("/bin/sh", ["-c", #"printf '{"status": 21007}' > "$0""#, fifo])
        defer {
            writer.kill()
            writer.wait()
        }
        let result = try ToolRunner.run(["receipt", "inspect", "--json", fifo])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"retryIn\" : \"sandbox\""))
    }

    /// A FIFO among the catalog's message tables: every command refuses it at once, naming it (it
    /// waited for a writer for good).
    @Test(arguments: [["buy", "com.example.gems.100"], ["history"], ["messages"], ["products"]])
    func aFIFOAmongTheMessageTablesIsRefusedNotWaitedFor(command: [String]) throws {
        let folder = try ToolMessagesTests.deploymentWithOverrides()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("Overrides/ja.lproj/Localizable.stringsdict")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        let child = try ToolChild(["--catalog", "catalog.plist", "--state", "state"] + command, in: folder)
        let status = Self.wait(for: child, unblocking: fifo.path)
        #expect(status == 74, "\(child.stderr)")
        #expect(
            child.stderr
                == "purchasekit: Overrides/ja.lproj/Localizable.stringsdict: cannot read: it is not a regular file"
                + " (a pipe, a device or a socket)\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("state/purchases.log").path))
    }

    /// A FIFO at the catalog a scenario names: `simulate` finds that file by itself, so it refuses it at
    /// once, naming it (it waited for a writer for good); the scenario itself may still be a FIFO.
    @Test(arguments: ["catalog.plist", "Products.storekit"])
    func aFIFOAtAScenariosCatalogIsRefusedNotWaitedFor(catalogName: String) throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent(catalogName)
        try #require(mkfifo(fifo.path, 0o600) == 0)
        let scenario = """
            <plist version="1.0"><dict><key>Catalog</key><string>\(catalogName)</string>
            <key>Steps</key><array/></dict></plist>
            """
        try Data(scenario.utf8).write(to: folder.appendingPathComponent("scenario.plist"))
        let child = try ToolChild(["simulate", "scenario.plist"], in: folder)
        let status = Self.wait(for: child, unblocking: fifo.path)
        #expect(status == 74, "\(child.stderr)")
        #expect(child.stderr.contains("/\(catalogName):1:1: error: "), "\(child.stderr)")
        #expect(child.stderr.contains("it is not a regular file"), "\(child.stderr)")
    }

    /// Waits for `child`; should it still run after a few seconds (blocked opening `fifo` for
    /// reading), keeps opening and closing the FIFO's writing end so that it goes on and ends, and the
    /// test fails on its status rather than hanging.
    private static func wait(for child: ToolChild, unblocking fifo: String) -> Int32? {
        let patience = Date().addingTimeInterval(5)
        while child.process.isRunning {
            usleep(20_000)
            guard Date() > patience else { continue }
            let descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
            if descriptor >= 0 { close(descriptor) }
        }
        return child.wait()
    }
}
