import Foundation
import PurchaseKit
import Testing

/// Subscriptions renewing and purchases refunded through a whole deployment, across reopenings.
struct DeploymentLifecycleTests {
    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("purchasekit-life-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func subscriptionRenewalsAreDeliveredAtTheNextOpen() async throws {
        let state = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let clock = ManualClock()
        var deployment = try PurchaseDeployment.open(
            catalogPath: PurchaseDeploymentTests.defaultCatalog, stateDirectory: state, clock: clock)
        guard case .purchased(let first) = await deployment.store.purchase("com.example.pro.monthly") else {
            Issue.record("the subscription was not sold")
            return
        }
        await deployment.close()
        clock.advance(by: 70 * 86_400)
        deployment = try PurchaseDeployment.open(
            catalogPath: PurchaseDeploymentTests.defaultCatalog, stateDirectory: state, clock: clock)
        let events = await deployment.store.start()
        // A one-week free trial, then monthly renewals from its end: days 7, 37 and 67.
        #expect(events.count == 3)
        let entitlements = try await deployment.store.entitlements()
        let status = try #require(entitlements.subscriptions.first { $0.productID == "com.example.pro.monthly" })
        #expect(status.state == .active)
        #expect(status.expirationDate > clock.now)
        #expect(entitlements.contains("pro"))
        let history = try #require(try await deployment.provider(FileStoreProvider.self)?.history())
        #expect(history.count == 4 && history.allSatisfy { $0.transaction.originalID == first.id })
        #expect(first.expirationDate == first.purchaseDate.addingTimeInterval(7 * 86_400))
        await deployment.close()
    }

    @Test func refundRemovesWhatThePurchaseGranted() async throws {
        let state = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        var deployment = try PurchaseDeployment.open(
            catalogPath: PurchaseDeploymentTests.defaultCatalog, stateDirectory: state)
        guard case .purchased(let bought) = await deployment.store.purchase("com.example.removeads") else {
            Issue.record("not sold")
            return
        }
        #expect(try await deployment.store.entitlements().contains("no-ads"))
        _ = try await deployment.provider(FileStoreProvider.self)?.refund(transactionID: bought.id)
        await deployment.close()
        // The refund was made while "the app" was closed: it arrives at the next open.
        deployment = try PurchaseDeployment.open(
            catalogPath: PurchaseDeploymentTests.defaultCatalog, stateDirectory: state)
        await deployment.store.start()
        #expect(try await !deployment.store.entitlements().contains("no-ads"))
        #expect(try await deployment.ledger.contents().revocations[bought.transactionID] != nil)
        await deployment.close()
    }

    @Test func approvalRequiredPurchaseIsPendingThenDelivered() async throws {
        let state = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        var catalog = try CatalogLoader().load(contentsOfFile: PurchaseDeploymentTests.defaultCatalog).get()
        catalog.deployment.providers = [ProviderConfiguration(kind: .file, settings: ["RequiresApproval": true])]
        var deployment = try PurchaseDeployment.open(catalog: catalog, stateDirectory: state)
        guard case .pending = await deployment.store.purchase("com.example.levels.premium") else {
            Issue.record("expected pending")
            return
        }
        let deferred = try #require(try await deployment.provider(FileStoreProvider.self)?.history().first?.transaction)
        #expect(deferred.state == .deferred)
        await deployment.close()
        let approver = try FileStoreProvider(catalog: catalog, stateDirectory: state)
        try await approver.approve(transactionID: deferred.id)
        await approver.close()
        deployment = try PurchaseDeployment.open(catalog: catalog, stateDirectory: state)
        await deployment.store.start()
        #expect(try await deployment.store.entitlements().contains("premium-levels"))
        await deployment.close()
    }

    /// After a reinstall (a fresh ledger, the same App Store account), each restore brings the
    /// non-consumable back as a new restored transaction: the first is delivered, every later one is
    /// found delivered, in the file ledger across reopenings; the subscription still renews into
    /// deliveries of their own.
    @Test func restoringTwiceAfterAReinstallDeliversTheNonConsumableOnce() async throws {
        let state = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let catalog = PurchaseDeploymentTests.packageRoot.appendingPathComponent("Catalog/Simulated.plist").path
        let clock = ManualClock()
        var deployment = try PurchaseDeployment.open(catalogPath: catalog, stateDirectory: state, clock: clock)
        await deployment.store.start()
        #expect(await deployment.store.purchase("com.example.removeads").name == "purchased")
        #expect(await deployment.store.purchase("com.example.pro.monthly").name == "purchased")
        await deployment.close()
        // Reinstall: the app's ledger goes, the simulated App Store's account stays.
        for name in try FileManager.default.contentsOfDirectory(atPath: state.path) where name.hasPrefix("purchases.") {
            try FileManager.default.removeItem(at: state.appendingPathComponent(name))
        }
        var events: [StoreEvent] = []
        for _ in 0..<2 {
            deployment = try PurchaseDeployment.open(catalogPath: catalog, stateDirectory: state, clock: clock)
            let stream = await deployment.store.events()
            await deployment.store.start()
            #expect(await deployment.store.restore().restoredProductIDs.contains("com.example.removeads"))
            await deployment.close()
            for await event in stream { events.append(event) }
        }
        let removeAds = events.filter { $0.transaction.productID == "com.example.removeads" }
        #expect(removeAds.map(\.name) == ["delivered", "alreadyDelivered"])
        #expect(Set(removeAds.map(\.transaction.id)).count == 2)

        deployment = try PurchaseDeployment.open(catalogPath: catalog, stateDirectory: state, clock: clock)
        clock.advance(by: 65 * 86_400)
        let renewals = await deployment.store.start().filter { $0.transaction.state == .purchased }
        #expect(renewals.map(\.name) == ["delivered", "delivered"])
        let deliveries = try await deployment.ledger.contents().deliveries
        #expect(deliveries.filter { $0.productID == "com.example.removeads" }.count == 1)
        await deployment.close()
    }

    @Test func closingASimulatedDeploymentWaitsForTheStoresOwnWork() async throws {
        let state = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let catalog = PurchaseDeploymentTests.packageRoot.appendingPathComponent("Catalog/Simulated.plist").path
        let deployment = try PurchaseDeployment.open(catalogPath: catalog, stateDirectory: state)
        await deployment.store.start()
        let provider = try #require(deployment.providers.first as? SimulatedAppStoreProvider)
        let observer = SlowObserver()
        await provider.queue.add(observer)
        // Ask to Buy, approved by the simulated store on its callback queue after the purchase returns.
        guard case .pending = await deployment.store.purchase("com.example.levels.premium") else {
            Issue.record("expected pending")
            return
        }
        await deployment.close()
        // Every callback the store scheduled has run (the slow one included), and its account is closed:
        // what the queue does now is not written anywhere.
        #expect(observer.states.contains(.purchased))
        await provider.queue.add(Payment(productIdentifier: "com.example.gems.100"))
        #expect(await provider.queue.lastPersistenceError != nil)
    }
}

/// An observer that takes a while over a purchased transaction, as a slow receipt signer would.
private final class SlowObserver: PaymentTransactionObserver, @unchecked Sendable {
    // `seen` is read and written under `lock` only.
    private let lock = NSLock()
    private var seen: [TransactionState] = []

    var states: [TransactionState] { lock.withLock { seen } }

    func updatedTransactions(_ transactions: [PaymentTransaction]) {
        if transactions.contains(where: { $0.transactionState == .purchased }) { usleep(100_000) }
        lock.withLock { seen += transactions.map(\.transactionState) }
    }
}
