import Foundation
import Glibc
import Testing

/// Runs the tool as someone who may not write a state folder the test made unwritable (folders
/// 0555, files 0444): this user, or, for root, whom permissions do not stop, the user `nobody`
/// through `setpriv`.
enum UnwritableFolderRunner {
    static let setpriv = "/usr/bin/setpriv"

    /// What runs the tool in its turn: nothing for a user other than root, `setpriv` as `nobody` for root.
    static var wrapper: [String] {
        geteuid() == 0 ? [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"] : []
    }

    /// Whether the tool can run that way here: always for a user other than root; for root, when
    /// `setpriv` exists and `nobody` can reach the tool, what it loads and the catalogs (a
    /// `products` run on a missing state folder, which reads all that and writes nothing, works).
    static let isPossible: Bool = {
        guard geteuid() == 0 else { return true }
        guard FileManager.default.isExecutableFile(atPath: setpriv),
            let folder = try? ToolRunner.temporaryFolder()
        else { return false }
        defer { try? FileManager.default.removeItem(at: folder) }
        return ["Catalog/Default.plist", "Catalog/Simulated.plist"].allSatisfy { catalog in
            let arguments = [
                "--catalog", ToolRunner.packageRoot.appendingPathComponent(catalog).path,
                "--state", folder.appendingPathComponent("missing").path, "products",
            ]
            return (try? ToolRunner.run(arguments, in: folder, wrapper: wrapper))?.status == 0
        }
    }()

    /// Sets the mode of every folder under `folder` (itself included) to `folders` and of every
    /// file to `files`.
    static func setModes(under folder: URL, folders: mode_t, files: mode_t) throws {
        let walker = try #require(FileManager.default.enumerator(atPath: folder.path))
        var paths: [(String, Bool)] = [(folder.path, true)]
        for case let name as String in walker {
            var isFolder: ObjCBool = false
            let path = folder.appendingPathComponent(name).path
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            paths.append((path, isFolder.boolValue))
        }
        for (path, isFolder) in paths { try #require(chmod(path, isFolder ? folders : files) == 0) }
    }
}

extension ToolStateFolderTests {
    /// A state folder the tool may not write (a read-only mount, another user's): the commands that
    /// read show what was bought and change no byte (`entitlements`, which writes when it can, falls
    /// back to reading), and `buy` exits 74 with a localized message naming the file it could not write.
    @Test(
        .enabled(
            if: UnwritableFolderRunner.isPossible,
            "as root the tool runs as nobody through setpriv: setpriv, or a tool and catalogs nobody can reach, is missing"
        ),
        arguments: ["Catalog/Default.plist", "Catalog/Simulated.plist"])
    func anUnwritableStateFolderIsReadAndBuyingExits74(_ catalog: String) throws {
        let folder = try ToolRunner.temporaryFolder()
        let state = folder.appendingPathComponent("state")
        defer {
            try? UnwritableFolderRunner.setModes(under: state, folders: 0o755, files: 0o600)
            try? FileManager.default.removeItem(at: folder)
        }
        let base = ["--catalog", ToolRunner.packageRoot.appendingPathComponent(catalog).path, "--state", state.path]
        for product in ["com.example.gems.100", "com.example.removeads"] {
            let bought = try ToolRunner.run(base + ["buy", product], in: folder)
            try #require(bought.status == 0, "\(bought.stderr)")
        }
        try UnwritableFolderRunner.setModes(under: state, folders: 0o555, files: 0o444)
        let before = try files(state)
        func run(_ arguments: [String]) throws -> ToolRunner.Result {
            try ToolRunner.run(base + arguments, in: folder, wrapper: UnwritableFolderRunner.wrapper)
        }

        let products = try run(["products"])
        #expect(products.status == 0, "products: \(products.stderr)")
        #expect(products.stdout.contains("100 Gems"), "products: \(products.stdout)")
        let history = try run(["--json", "history"])
        #expect(history.status == 0, "history: \(history.stderr)")
        let transactions = try JSONSerialization.jsonObject(with: history.stdoutData) as? [[String: Any]]
        #expect(Set(transactions?.compactMap { $0["productID"] as? String } ?? []).count == 2, "\(history.stdout)")
        let entitlements = try run(["--json", "entitlements"])
        #expect(entitlements.status == 0, "entitlements: \(entitlements.stderr)")
        let owned = try JSONSerialization.jsonObject(with: entitlements.stdoutData) as? [String: Any]
        #expect((owned?["balances"] as? [String: Any])?["gems"] as? Int == 100, "\(entitlements.stdout)")
        #expect((owned?["entitlements"] as? [String])?.isEmpty == false, "\(entitlements.stdout)")
        #expect(try files(state) == before, "a command that only reads changed the state folder")

        let buy = try run(["buy", "com.example.gems.100"])
        #expect(buy.status == 74, "buy: \(buy.stderr)")
        #expect(buy.stderr.contains("\(state.path)/"), "buy: \(buy.stderr)")
        #expect(buy.stderr.contains("permission denied; check that the folder can be written"), "buy: \(buy.stderr)")
        let japanese = try run(["--locale", "ja", "buy", "com.example.gems.100"])
        #expect(japanese.status == 74)
        #expect(japanese.stderr.contains("アクセスが拒否されました"), "buy: \(japanese.stderr)")
        #expect(try files(state) == before, "a refused purchase changed the state folder")
    }
}
