import Foundation
import Testing

/// Standard output that cannot be written (a full disk, a pipe nobody reads): the tool says so in
/// the person's language, with the reason in words the tables translate, and exits 74; a purchase
/// made before the failed write stays made.
struct ToolOutputFailureTests {
    private enum Output {
        /// `/dev/full`: every write fails with ENOSPC.
        case fullDisk
        /// A pipe whose reading end is closed everywhere: every write fails with EPIPE.
        case closedPipe
    }

    private let catalog = ToolRunner.packageRoot.appendingPathComponent("Catalog/Default.plist").path

    /// Runs the tool with standard output going to `output`; returns the status and standard error.
    private func run(_ arguments: [String], output: Output) throws -> (status: Int32, stderr: String) {
        let handle: FileHandle
        switch output {
        case .fullDisk:
            handle = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        case .closedPipe:
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            handle = pipe.fileHandleForWriting
        }
        defer { try? handle.close() }
        let result = try ToolRunner.run(arguments, standardOutput: handle)
        return (result.status, result.stderr)
    }

    @Test func aFullDiskIsReportedAsTheOutputFailureInThePersonsLanguage() throws {
        // A state folder of its own: the default one is `.purchasekit/` in the working folder, the package's.
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appendingPathComponent("state").path
        let listing = try run(
            ["--catalog", catalog, "--state", state, "--locale", "ja", "products"], output: .fullDisk)
        #expect(listing.status == 74)
        #expect(listing.stderr == "purchasekit: 出力を書き込めません：ディスクがいっぱいです。空き容量を増やしてからもう一度お試しください\n")

        let plist = try run(["--locale", "ru", "plist", catalog], output: .fullDisk)
        #expect(plist.status == 74)
        #expect(plist.stderr.hasPrefix("purchasekit: не удаётся записать вывод: диск заполнен"))
    }

    /// It used to say the purchase could not be saved, when only its confirmation could not be printed;
    /// then only that the output could not be written, so a script retrying on 74 bought twice.
    @Test func aClosedPipeAfterABuyLeavesThePurchaseMadeAndSaysSo() throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appendingPathComponent("state").path
        let buy = try run(["--catalog", catalog, "--state", state, "buy", "com.example.gems.100"], output: .closedPipe)
        #expect(buy.status == 74)
        let history = try ToolRunner.run(["--catalog", catalog, "--state", state, "--json", "history"])
        let transactions = try #require(try JSONSerialization.jsonObject(with: history.stdoutData) as? [[String: Any]])
        let id = try #require(transactions.first?["transactionID"] as? String)
        #expect(transactions.count == 1)
        #expect(
            buy.stderr
                == "purchasekit: cannot write the output (whatever was reading it closed it), but the purchase was "
                + "recorded: transaction \(id); do not buy again\n")
        let entitlements = try ToolRunner.run(["--catalog", catalog, "--state", state, "--json", "entitlements"])
        #expect(entitlements.status == 0)
        #expect(entitlements.stdout.contains("\"gems\":100"))
    }

    @Test func aFullDiskAfterABuyNamesThePurchaseInThePersonsLanguage() throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appendingPathComponent("state").path
        let arguments = ["--catalog", catalog, "--state", state, "--json", "buy", "com.example.gems.100"]
        let buy = try run(["--locale", "ja"] + arguments, output: .fullDisk)
        #expect(buy.status == 74)
        #expect(buy.stderr.hasPrefix("purchasekit: 出力を書き込めません（ディスクがいっぱいです。"))
        #expect(buy.stderr.hasSuffix("が、購入は記録されました：取引 1。もう一度購入しないでください\n"), "\(buy.stderr)")
    }

    /// A failure that is not the purchase's still says only that the output could not be written.
    @Test func aFullDiskAfterARefusedBuySaysNothingWasRecorded() throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appendingPathComponent("state").path
        let arguments = ["--catalog", catalog, "--state", state, "--json", "buy", "com.example.none"]
        let buy = try run(arguments, output: .fullDisk)
        #expect(buy.status == 74)
        #expect(buy.stderr == "purchasekit: cannot write the output: the disk is full; free some space and try again\n")
    }

    /// `simulate` printed its events with `try?` and exited 0 when none could be written.
    @Test func aScenarioWhoseEventsCannotBeWrittenExits74() throws {
        let scenario = ToolRunner.packageRoot.appendingPathComponent("Catalog/Scenarios/ask-to-buy-approved.plist")
        let result = try run(["simulate", scenario.path], output: .fullDisk)
        #expect(result.status == 74)
        #expect(
            result.stderr == "purchasekit: cannot write the output: the disk is full; free some space and try again\n")
    }
}
