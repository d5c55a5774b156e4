import Foundation
import Glibc
import Journal
import PurchaseCore
import Testing

@testable import FileStore

/// The state folder's purchase journal: acknowledged purchases cut off the log are reported, never
/// cut silently; a read-only store and ledger write nothing; the folder's files are regular files.
struct StateFolderSafetyTests {
    /// Every file of `folder`, byte for byte.
    private func files(_ folder: URL) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            contents[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return contents
    }

    /// Buys `count` gems through the flow in `folder`.
    private func buy(_ count: Int, in folder: URL) async throws {
        let deployment = try TestDeployment(folder)
        for _ in 0..<count {
            guard case .purchased = await deployment.store.purchase("gems") else {
                Issue.record("a purchase did not go through")
                break
            }
        }
        await deployment.close()
    }

    @Test(arguments: [false, true])
    func purchasesCutOffTheLogAreReported(readOnly: Bool) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await buy(12, in: folder.url)
        let log = folder.url.appendingPathComponent("purchases.log")
        let bytes = try Data(contentsOf: log)
        try bytes.prefix(bytes.count / 2).write(to: log)
        let before = try files(folder.url)
        let error = #expect(throws: PurchaseError.self) {
            try FileFulfillmentLedger(stateDirectory: folder.url, options: JournalOptions(readOnly: readOnly))
        }
        #expect(error?.code == .ledgerIOFailed)
        let journal = try #require(error?.underlyingError as? JournalError)
        #expect(journal.code == .recordsLost)
        #expect(journal.path == log.path)
        #expect(journal.offset != nil)
        #expect(try files(folder.url) == before)
    }

    @Test func aReadOnlyStoreAndLedgerWriteNothing() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await buy(2, in: folder.url)
        let before = try files(folder.url)
        let options = JournalOptions(readOnly: true)
        let journal = try PurchaseJournal.open(stateDirectory: folder.url, options: options)
        defer { journal.close() }
        #expect(journal.readOnly)
        let provider = try FileStoreProvider(
            catalog: TestCatalog.make(), stateDirectory: folder.url, clock: ManualClock(start: TestCatalog.start),
            readOnly: true)
        defer { provider.close() }
        let ledger = try FileFulfillmentLedger(journal: journal)
        defer { ledger.close() }
        #expect(try await ledger.balances()["gems"] == 200)
        #expect(try await provider.history().count == 2)
        await #expect(throws: PurchaseError.self) { try await ledger.spend("gems", quantity: 1) }
        await #expect(throws: (any Error).self) {
            try await provider.purchase(PurchaseRequest(productID: "gems"))
        }
        #expect(try files(folder.url) == before)
        // A writer opened meanwhile in this process is not the read-only instance.
        let writer = try FileFulfillmentLedger(stateDirectory: folder.url)
        #expect(try await writer.spend("gems", quantity: 1) == 199)
        await writer.close()
    }

    @Test func aReadOnlyLedgerOnAMissingFolderCreatesNothing() async throws {
        let parent = try TemporaryFolder()
        defer { parent.remove() }
        let folder = parent.url.appendingPathComponent("state")
        let ledger = try FileFulfillmentLedger(stateDirectory: folder, options: JournalOptions(readOnly: true))
        #expect(try await ledger.contents().deliveries.isEmpty)
        await ledger.close()
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func aLinkAtTheLockFileIsRefused() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let outside = folder.url.appendingPathComponent("outside.txt")
        try Data("not a lock".utf8).write(to: outside)
        let state = folder.url.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try #require(symlink(outside.path, state.appendingPathComponent("purchases.lock").path) == 0)
        let error = #expect(throws: PurchaseError.self) { try TestDeployment(state) }
        let journal = try #require(error?.underlyingError as? JournalError)
        #expect(journal.code == .notRegularFile)
        #expect(journal.path == state.appendingPathComponent("purchases.lock").path)
        #expect(try String(contentsOf: outside, encoding: .utf8) == "not a lock")
    }
}
