import Foundation
import Glibc
import Testing

/// A journal file of the state folder made 100 GB long with `truncate -s 100G` (a sparse file, all
/// holes): no command reads it into memory or goes through it byte by byte.
extension ToolStateFolderTests {
    /// A catalog, and a journal file of its state folder that a test makes 100 GB long.
    struct SparseFile: Sendable, CustomTestStringConvertible {
        var catalog: String
        var file: String
        var testDescription: String { file }

        /// `--catalog <catalog> --state <state>`.
        func base(_ state: URL) -> [String] {
            ["--catalog", ToolRunner.packageRoot.appendingPathComponent(catalog).path, "--state", state.path]
        }
    }

    static let sparseSnapshots = [
        SparseFile(catalog: "Catalog/Default.plist", file: "purchases.snapshot"),
        SparseFile(catalog: "Catalog/Simulated.plist", file: "simulated-app-store/account.snapshot"),
    ]

    static let sparseLogs = [
        SparseFile(catalog: "Catalog/Default.plist", file: "purchases.log"),
        SparseFile(catalog: "Catalog/Simulated.plist", file: "simulated-app-store/account.log"),
    ]

    /// A temporary folder whose state folder (`state`) holds one purchase of 100 gems made with
    /// `sparse`'s catalog, and the arguments that name both.
    private func folderWithOnePurchase(_ sparse: SparseFile) throws -> (folder: URL, state: URL, base: [String]) {
        let folder = try ToolRunner.temporaryFolder()
        let state = folder.appendingPathComponent("state")
        let base = sparse.base(state)
        do {
            let bought = try ToolRunner.run(base + ["buy", "com.example.gems.100"], in: folder)
            try #require(bought.status == 0, "\(bought.stderr)")
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        return (folder, state, base)
    }

    /// Makes `file` 100 GB long (creating it when missing) as `truncate -s 100G` does.
    private func makeHuge(_ file: URL) throws {
        let fd = open(file.path, O_WRONLY | O_CREAT, 0o600)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(ftruncate(fd, 100 << 30) == 0)
    }

    /// The `gems` balance `entitlements --json` reports.
    private func gems(_ base: [String], in folder: URL) throws -> Int? {
        let result = try ToolRunner.run(base + ["--json", "entitlements"], in: folder)
        #expect(result.status == 0, "entitlements: \(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any]
        return (object?["balances"] as? [String: Any])?["gems"] as? Int
    }

    /// `truncate -s 100G` of a snapshot that was not there (a file of zeros) used to make every
    /// command abort, failing to allocate 100 GB.
    @Test(arguments: sparseSnapshots)
    func aHugeFileAtTheSnapshotExits74NamingIt(_ sparse: SparseFile) throws {
        let (folder, state, base) = try folderWithOnePurchase(sparse)
        defer { try? FileManager.default.removeItem(at: folder) }
        let snapshot = state.appendingPathComponent(sparse.file)
        try makeHuge(snapshot)
        let before = try files(state)
        for command in [
            ["history"], ["--json", "history"], ["products"], ["entitlements"], ["buy", "com.example.gems.100"],
        ] {
            let result = try ToolRunner.run(base + command, in: folder)
            #expect(result.status == 74, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("\(snapshot.path): error: at byte 0: "), "\(command): \(result.stderr)")
            #expect(try files(state) == before, "\(command) changed the state folder")
        }
        let japanese = try ToolRunner.run(base + ["--locale", "ja", "history"], in: folder)
        #expect(japanese.stderr.contains("\(snapshot.path): error: 0 バイト目："), "\(japanese.stderr)")
    }

    /// `truncate -s 100G` of a log: the zeros after its records are its preallocated end. The
    /// commands that read used to abort (the file store reserved room for 100 GB of records) or go
    /// through the 100 GB for minutes (the simulated store's account); they show what was bought
    /// and change nothing, and buying goes on.
    @Test(arguments: sparseLogs)
    func aLogEndingInHundredGigabytesOfHolesIsReadAsItsRecords(_ sparse: SparseFile) throws {
        let (folder, state, base) = try folderWithOnePurchase(sparse)
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeHuge(state.appendingPathComponent(sparse.file))
        let before = try files(state)
        let history = try ToolRunner.run(base + ["--json", "history"], in: folder)
        #expect(history.status == 0, "\(history.stderr)")
        let transactions = try JSONSerialization.jsonObject(with: history.stdoutData) as? [[String: Any]]
        #expect(transactions?.count == 1)
        let products = try ToolRunner.run(base + ["products"], in: folder)
        #expect(products.status == 0, "\(products.stderr)")
        #expect(try files(state) == before, "a command that only reads changed the state folder")
        #expect(try gems(base, in: folder) == 100)
        #expect(try ToolRunner.run(base + ["buy", "com.example.gems.100"], in: folder).status == 0)
        #expect(try gems(base, in: folder) == 200)
    }
}
