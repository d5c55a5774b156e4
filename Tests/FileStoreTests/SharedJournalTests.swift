import Foundation
import Journal
import PurchaseCore
import Testing

@testable import FileStore

/// The file store and the ledger sharing the state folder's journal: one fsync per purchase, the
/// charge written deferred, and what a crash before the delivery's fsync leaves.
struct SharedJournalTests {
    private func gems(_ outcome: PurchaseOutcome) -> String? {
        if case .purchased(let transaction) = outcome { return transaction.id }
        return nil
    }

    @Test func aPurchaseThroughTheFlowCostsOneSync() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let deployment = try TestDeployment(folder.url)
        for round in 1...3 {
            let before = deployment.journal.statistics
            #expect(gems(await deployment.store.purchase("gems")) == String(round))
            let after = deployment.journal.statistics
            #expect(after.logSyncs - before.logSyncs == 1, "round \(round)")
            #expect(after.deferredGroupCommits - before.deferredGroupCommits == 1, "round \(round)")
        }
        #expect(try await deployment.ledger.balances()["gems"] == 300)
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("purchases.log").path))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("file-store").path))
        await deployment.close()
    }

    @Test func chargesAreSyncedWithoutALedgerInTheSameJournal() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let journal = try PurchaseJournal.open(stateDirectory: folder.url)
        let alone = try FileStoreProvider(catalog: TestCatalog.make(), journal: journal)
        _ = try await alone.purchase(PurchaseRequest(productID: "gems"))
        #expect(journal.statistics.deferredGroupCommits == 0)
        #expect(journal.statistics.logSyncs >= 1)
        await alone.close()
        journal.close()

        // A store with its own folder keeps its own journal, whatever ledger the Store uses.
        let separate = try TestDeployment(folder.url, settings: FileStoreSettings(stateFolder: "shop"))
        #expect(gems(await separate.store.purchase("gems")) == "1")
        #expect(separate.journal.statistics.deferredGroupCommits == 0)
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("shop/store.log").path))
        await separate.close()
    }

    /// The machine stops after the charge was written (not synced) and before the delivery: the
    /// disk holds the log up to the last sync, or a torn piece of the charge after it.
    @Test(arguments: [0, 9, 40])
    func aMachineCrashAfterAnUnsyncedChargeLosesItAndTheNextPurchaseIsDelivered(torn: Int) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let deployment = try TestDeployment(folder.url)
        #expect(gems(await deployment.store.purchase("gems")) == "1")
        let log = folder.url.appendingPathComponent("purchases.log")
        let synced = Int(try LogInspection.endOfFrames(ofLogAt: log.path))
        let charge = try #require(
            try await deployment.provider.purchase(PurchaseRequest(productID: "gems")).transaction)
        #expect(charge.id == "2")
        var written = try Data(contentsOf: log)
        let end = Int(try LogInspection.endOfFrames(ofLogAt: log.path))
        #expect(end > synced + torn)
        #expect(deployment.journal.statistics.deferredGroupCommits == 2)

        // The preallocated zeros stay where the unsynced bytes were lost.
        let crashed = try TemporaryFolder()
        defer { crashed.remove() }
        written.resetBytes(in: (synced + torn)..<end)
        try written.write(to: crashed.url.appendingPathComponent("purchases.log"))
        await deployment.close()

        let relaunched = try TestDeployment(crashed.url)
        _ = await relaunched.store.start()
        let history = try await relaunched.provider.history()
        #expect(history.map(\.transaction.id) == ["1"])
        #expect(try await relaunched.ledger.delivery(for: TransactionID(store: "file", id: "2")) == nil)
        #expect(try await relaunched.ledger.contents().deliveries.count == 1)
        // Identifier 2 was never durable anywhere, so the next purchase may take it: it is delivered.
        #expect(gems(await relaunched.store.purchase("gems")) == "2")
        let contents = try await relaunched.ledger.contents()
        #expect(contents.deliveries.map(\.transactionID.id) == ["1", "2"])
        #expect(contents.balances["gems"] == 200)
        await relaunched.close()
    }

    /// The process dies after the charge (SIGKILL keeps the page cache): another opener finds the
    /// charge, unfinished and undelivered, syncs it, and the next launch delivers it.
    @Test func aProcessCrashAfterAnUnsyncedChargeKeepsItForTheNextLaunch() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let deployment = try TestDeployment(folder.url)
        _ = try await deployment.provider.purchase(PurchaseRequest(productID: "gems"))
        // Another process's view: its own descriptor on the same files.
        let other = try Journal<PurchaseJournalState>.open(directory: folder.url, name: PurchaseJournal.name)
        let state = try await other.currentState()
        #expect(state.store.unfinished == [1])
        #expect(state.ledger.contents.deliveries.isEmpty)
        #expect(other.statistics.logSyncs >= 1)
        other.close()
        await deployment.store.stop()
        await deployment.provider.close()
        await deployment.ledger.close()

        let relaunched = try TestDeployment(folder.url)
        _ = await relaunched.store.start()
        #expect(try await relaunched.ledger.balances()["gems"] == 100)
        #expect(gems(await relaunched.store.purchase("gems")) == "2")
        await relaunched.close()
    }

    @Test func aDeploymentOpensOneJournalPerFolderAndClosesItWithItsResources() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let resources = DeploymentResources()
        let first = try PurchaseJournal.shared(in: resources, stateDirectory: folder.url, options: JournalOptions())
        let second = try PurchaseJournal.shared(
            in: resources, stateDirectory: folder.url.appendingPathComponent("."), options: JournalOptions())
        #expect(first === second)
        let reader = try PurchaseJournal.shared(
            in: resources, stateDirectory: folder.url, options: JournalOptions(readOnly: true))
        #expect(reader !== first && reader.readOnly)
        await resources.closeAll()
        // Closed with the resources: no plug-in may take it any more.
        #expect(throws: PurchaseError.self) { try FileFulfillmentLedger(journal: first) }
        let fresh = try PurchaseJournal.shared(in: resources, stateDirectory: folder.url, options: JournalOptions())
        #expect(fresh !== first)
        await resources.closeAll()
    }

    @Test func theJournalClosesWithItsLastReference() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let journal = try PurchaseJournal.open(stateDirectory: folder.url)
        let provider = try FileStoreProvider(catalog: TestCatalog.make(), journal: journal)
        let ledger = try FileFulfillmentLedger(journal: journal)
        journal.close()
        // The provider and the ledger still hold it.
        _ = try await provider.purchase(PurchaseRequest(productID: "gems"))
        #expect(try await ledger.contents().deliveries.isEmpty)
        await provider.close()
        #expect(try await ledger.contents().finished.isEmpty)
        await ledger.close()
        #expect(throws: PurchaseError.self) { try FileFulfillmentLedger(journal: journal) }
    }

    @Test(arguments: [0, 1, 2, 5])
    func wrappingKeepsEveryRecordInOrder(_ count: Int) {
        let records = (0..<count).map { LedgerRecord.spend("gems\($0)", $0) }
        let wrapped = PurchaseJournalState.Record.wrapping(records, in: { .ledger($0) })
        #expect(wrapped == records.map { .ledger($0) })
    }

    @Test func sharedStateRoundTripsThroughItsSnapshot() throws {
        var state = PurchaseJournalState()
        let stored = StoredTransaction(
            id: 1, originalID: 1, productID: "gems", productType: .consumable, quantity: 2,
            purchaseDate: TestCatalog.start, originalPurchaseDate: TestCatalog.start, expirationDate: nil,
            state: .purchased, autoRenew: false)
        try state.applyEncoded(PurchaseJournalState.encode(.store(.transaction(stored))))
        try state.apply(.ledger(.spend("gems", 3)))
        let copy = try PurchaseJournalState(snapshot: try state.snapshot())
        #expect(copy.store.transactions == [stored])
        #expect(copy.ledger.contents.spent == ["gems": 3])
        // The shared log's bytes: the stream byte, then the stream's own record.
        #expect(
            PurchaseJournalState.encode(.ledger(.spend("gems", 3))) == Data([2]) + LedgerRecord.spend("gems", 3).data)
        #expect(throws: (any Error).self) { try state.applyEncoded(Data([9, 1])) }
        #expect(throws: (any Error).self) { try state.applyEncoded(Data()) }
        #expect(throws: (any Error).self) { try PurchaseJournalState(snapshot: Data([2, 0, 0, 0])) }
    }
}
