import Foundation
import PostgresLedger
import PurchaseKit
import Testing

/// `purchasekit ledger copy --to URL` from a state folder's file ledger into PostgreSQL: what the
/// folder's ledger holds, once; a second copy changes nothing.
extension PostgresServerTests {
    @Suite struct LedgerCopyToolTests {
        @Test func aStateFoldersLedgerIsCopiedOnceIntoPostgres() async throws {
            try await TestDatabase.with { database in
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("copy-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: folder) }
                let state = folder.appendingPathComponent("state").path
                let global = ["--catalog", ToolProcess.defaultCatalog, "--state", state]
                let account = "00000000-0000-4000-8000-000000000001"
                for arguments in [
                    ["buy", "com.example.gems.100"], ["buy", "com.example.gems.100", "--account", account],
                    ["buy", "com.example.removeads"],
                ] {
                    let bought = try await ToolProcess.run(global + arguments, folder: folder)
                    #expect(bought.status == 0, "\(arguments): \(bought.stderr)")
                }

                let copy = global + ["ledger", "copy", "--to", database.connectionString]
                let first = try await ToolProcess.run(copy, folder: folder)
                #expect(first.status == 0, "\(first.stderr)")
                #expect(
                    first.stdout
                        == "Copied into the postgres ledger: deliveries 3, revocations 0, earlier ends 0, "
                        + "finish marks 3, spent balances 0, notifications 0, spend keys 0.\n")

                let source = try PurchaseDeployment.open(
                    catalogPath: ToolProcess.defaultCatalog, stateDirectory: URL(fileURLWithPath: state),
                    readOnly: true)
                let expected = try await source.ledger.contents()
                await source.close()
                let target = try await database.ledger()
                #expect(try await target.contents() == expected)
                #expect(expected.deliveries.count == 3)

                let second = try await ToolProcess.run(copy + ["--json"], folder: folder)
                #expect(second.status == 0, "\(second.stderr)")
                #expect(
                    second.stdout
                        == #"{"to":"postgres","copied":{"deliveries":0,"revocations":0,"expirations":0,"finished":0,"spends":0,"notifications":0,"spendIDs":0}}"#
                        + "\n")
                let third = try await ToolProcess.run(copy + ["--locale", "fr"], folder: folder)
                #expect(third.stdout.hasPrefix("Le registre des livraisons postgres contient déjà tout"))
                #expect(try await target.contents() == expected)
                await target.close()
            }
        }
    }
}

/// `ledger copy` refuses what it cannot open before touching anything; no server needed.
struct LedgerCopyRefusalTests {
    @Test func aURLTheToolCannotOpenOrOneWithAPasswordIsAUsageError() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let global = ["--catalog", ToolProcess.defaultCatalog, "--state", folder.appendingPathComponent("state").path]

        let unknown = try await ToolProcess.run(global + ["ledger", "copy", "--to", "mysql://db/x"], folder: folder)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("'mysql://db/x' names no ledger this tool can open"))

        let password = try await ToolProcess.run(
            global + ["--locale", "fr", "ledger", "copy", "--to", "postgresql://u:hunter2@db/x"], folder: folder)
        #expect(password.status == 64)
        #expect(password.stderr.contains("ne doit pas contenir de mot de passe"), "\(password.stderr)")

        let missing = try await ToolProcess.run(global + ["ledger", "copy"], folder: folder)
        #expect(missing.status == 64)
        let other = try await ToolProcess.run(global + ["ledger", "move"], folder: folder)
        #expect(other.status == 64)
        // Nothing was created for the refused copies.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("state").path))
    }

    @Test func theHelpNamesTheCommand() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let help = try await ToolProcess.run(["ledger", "copy", "--help"], folder: folder)
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("USAGE: purchasekit ledger copy --to URL"))
        let tool = try await ToolProcess.run(["--help"], folder: folder)
        #expect(tool.stdout.contains("ledger copy --to URL"))
    }
}
