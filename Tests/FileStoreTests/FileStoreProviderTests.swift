import Foundation
import PurchaseCore
import Testing

@testable import FileStore

struct FileStoreProviderTests {
    private func provider(
        _ folder: TemporaryFolder, _ clock: ManualClock, settings: FileStoreSettings = FileStoreSettings()
    ) throws -> FileStoreProvider {
        try FileStoreProvider(catalog: TestCatalog.make(), settings: settings, stateDirectory: folder.url, clock: clock)
    }

    @Test func purchasesGetUniqueIdentifiersAcrossInstances() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let clock = ManualClock()
        let first = try provider(folder, clock)
        let second = try provider(folder, clock)
        let ids = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<40 {
                let provider = index.isMultiple(of: 2) ? first : second
                group.addTask {
                    try #require(try await provider.purchase(PurchaseRequest(productID: "gems")).transaction).id
                }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(ids).count == 40)
        #expect(Set(ids) == Set((1...40).map(String.init)))
        await first.close()
        await second.close()
    }

    @Test func nonConsumableCannotBeBoughtTwice() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try provider(folder, ManualClock())
        _ = try await store.purchase(PurchaseRequest(productID: "removeads"))
        await #expect(throws: PurchaseError.self) { try await store.purchase(PurchaseRequest(productID: "removeads")) }
        do {
            _ = try await store.purchase(PurchaseRequest(productID: "removeads"))
        } catch let error as PurchaseError {
            #expect(error.code == .alreadyOwned)
        }
        await store.close()
    }

    @Test func severalUnitsOfANonConsumableAreRefusedWithTheirReason() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try provider(folder, ManualClock())
        do {
            _ = try await store.purchase(PurchaseRequest(productID: "removeads", quantity: 2))
            Issue.record("two units of a non-consumable were sold")
        } catch let error as PurchaseError {
            #expect(error.code == .paymentInvalid)
            #expect(error.reason == .quantityRequiresConsumable)
        }
        await store.close()
    }

    @Test func subscriptionsExpireAndRenewOncePerPeriod() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let clock = ManualClock(start: TestCatalog.start)
        var store = try provider(folder, clock)
        let first = try #require(try await store.purchase(PurchaseRequest(productID: "pro")).transaction)
        #expect(first.expirationDate == SubscriptionPeriod(value: 1, unit: .month).added(to: TestCatalog.start))
        #expect(first.willAutoRenew == true)
        do {
            _ = try await store.purchase(PurchaseRequest(productID: "pro"))
            Issue.record("an active subscription was sold twice")
        } catch let error as PurchaseError {
            #expect(error.code == .alreadyOwned)
        }
        try await store.finish(first)
        clock.advance(by: 75 * 86_400)  // two periods and a half
        let renewals = try await store.unfinishedTransactions()
        #expect(renewals.count == 2)
        #expect(renewals.allSatisfy { $0.originalID == first.id && $0.id != first.id })
        #expect(renewals.map(\.purchaseDate) == [first.expirationDate, renewals.first?.expirationDate])
        // Asking again records nothing new; reopening keeps them.
        #expect(try await store.unfinishedTransactions().count == 2)
        await store.close()
        store = try provider(folder, clock)
        #expect(try await store.unfinishedTransactions().map(\.id) == renewals.map(\.id))
        #expect(try await store.history().count == 3)
        await store.close()
    }

    @Test func subscriptionWithoutAutoRenewExpiresAndCanBeBoughtAgain() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let clock = ManualClock(start: TestCatalog.start)
        let store = try provider(folder, clock, settings: FileStoreSettings(autoRenew: false))
        let first = try #require(try await store.purchase(PurchaseRequest(productID: "pro")).transaction)
        try await store.finish(first)
        clock.advance(by: 40 * 86_400)
        #expect(try await store.unfinishedTransactions().isEmpty)
        let second = try #require(try await store.purchase(PurchaseRequest(productID: "pro")).transaction)
        #expect(second.originalID == second.id)
        await store.close()
    }

    @Test func autoRenewCanBeTurnedOff() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let clock = ManualClock(start: TestCatalog.start)
        let store = try provider(folder, clock)
        let first = try #require(try await store.purchase(PurchaseRequest(productID: "pro")).transaction)
        try await store.setAutoRenew(false, originalTransactionID: first.id)
        try await store.finish(first)
        clock.advance(by: 100 * 86_400)
        #expect(try await store.recordDueRenewals().isEmpty)
        await store.close()
    }

    @Test func unfinishedTransactionsSurviveRelaunchUntilFinished() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let clock = ManualClock()
        var store = try provider(folder, clock)
        let bought = try #require(try await store.purchase(PurchaseRequest(productID: "gems", quantity: 3)).transaction)
        await store.close()
        store = try provider(folder, clock)
        let unfinished = try await store.unfinishedTransactions()
        #expect(unfinished == [bought])
        try await store.finish(bought)
        try await store.finish(bought)
        #expect(try await store.unfinishedTransactions().isEmpty)
        try await store.flush()
        await store.close()
        store = try provider(folder, clock)
        #expect(try await store.unfinishedTransactions().isEmpty)
        #expect(try await store.history().map(\.isFinished) == [true])
        await store.close()
    }

    @Test func finishMarksRideWithTheNextCommitOrAreHandedBackAfterACrash() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let clock = ManualClock()
        var store = try provider(folder, clock)
        let first = try #require(try await store.purchase(PurchaseRequest(productID: "gems")).transaction)
        try await store.finish(first)
        await store.close()  // no flush: as if the process died
        store = try provider(folder, clock)
        #expect(try await store.unfinishedTransactions() == [first])
        try await store.finish(first)
        _ = try await store.purchase(PurchaseRequest(productID: "gems"))  // carries the mark
        await store.close()
        store = try provider(folder, clock)
        #expect(try await store.unfinishedTransactions().map(\.id) == ["2"])
        await store.close()
    }

    @Test func approvalIsRequiredWhenConfigured() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try provider(folder, ManualClock(), settings: FileStoreSettings(requiresApproval: true))
        let updates = store.transactionUpdates
        let result = try await store.purchase(PurchaseRequest(productID: "removeads"))
        guard case .pending(let deferred?) = result else {
            Issue.record("expected a pending purchase, got \(result)")
            return
        }
        #expect(deferred.state == .deferred)
        #expect(try await store.unfinishedTransactions().isEmpty)
        let approved = try await store.approve(transactionID: deferred.id)
        #expect(approved.state == .purchased)
        var iterator = updates.makeAsyncIterator()
        #expect(await iterator.next()?.state == .purchased)
        #expect(try await store.unfinishedTransactions().map(\.id) == [deferred.id])
        await #expect(throws: PurchaseError.self) { try await store.approve(transactionID: deferred.id) }

        let declined = try #require(try await store.purchase(PurchaseRequest(productID: "gems")).transaction)
        let failed = try await store.decline(transactionID: declined.id)
        #expect(failed.state == .failed)
        #expect(failed.failure == .declined)
        await store.close()
    }

    @Test func refundsArriveAsUpdatesAndOnRelaunch() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let clock = ManualClock()
        var store = try provider(folder, clock)
        let bought = try #require(try await store.purchase(PurchaseRequest(productID: "removeads")).transaction)
        try await store.finish(bought)
        let updates = store.transactionUpdates
        let refunded = try await store.refund(transactionID: bought.id, reason: .developerIssue)
        #expect(refunded.isRevoked)
        var iterator = updates.makeAsyncIterator()
        #expect(await iterator.next()?.revocationReason == .developerIssue)
        await store.close()
        store = try provider(folder, clock)
        let pending = try await store.unfinishedTransactions()
        #expect(pending.map(\.id) == [bought.id] && pending.allSatisfy(\.isRevoked))
        try await store.finish(try #require(pending.first))
        #expect(try await store.unfinishedTransactions().isEmpty)
        #expect(try await store.restore().isEmpty)
        // Owned no longer: it can be bought again.
        #expect(try await store.purchase(PurchaseRequest(productID: "removeads")).transaction != nil)
        await store.close()
    }

    @Test func restoreReturnsWhatThePersonOwns() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try provider(folder, ManualClock())
        #expect(try await store.restore().isEmpty)
        for productID in ["gems", "removeads", "pro", "pass", "gems"] {
            let transaction = try #require(try await store.purchase(PurchaseRequest(productID: productID)).transaction)
            try await store.finish(transaction)
        }
        let restored = try await store.restore()
        #expect(restored.map(\.productID) == ["removeads", "pro"])
        #expect(restored.allSatisfy { $0.state == .restored && $0.store == "file" })
        await store.close()
    }

    @Test func productsComeFromTheCatalogInItsStorefront() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try provider(folder, ManualClock())
        let response = try await store.products(for: ["gems", "nope", "pro"])
        #expect(response.products.map(\.id) == ["gems", "pro"])
        #expect(response.invalidProductIDs == ["nope"])
        #expect(response.products.first?.displayName == "Name of gems")
        #expect(response.products.first?.price.currencyCode == "USD")
        await store.close()
    }

    @Test func settingsAreReadAndCheckedFromTheCatalog() throws {
        let settings = try FileStoreSettings([
            "StateFolder": "elsewhere", "RequiresApproval": true, "AutoRenew": false, "CompactionThreshold": 4096,
        ])
        #expect(settings.stateFolder == "elsewhere" && settings.requiresApproval && !settings.autoRenew)
        #expect(settings.compactionThreshold == 4096)
        #expect(throws: PurchaseError.self) { try FileStoreSettings(["AutoRenew": "yes"]) }
        #expect(throws: PurchaseError.self) { try FileStoreSettings(["Storefront": 3]) }
    }

    @Test func stateFolderSettingPlacesTheJournal() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try provider(folder, ManualClock(), settings: FileStoreSettings(stateFolder: "shop"))
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("shop/store.log").path))
        store.close()
    }
}
