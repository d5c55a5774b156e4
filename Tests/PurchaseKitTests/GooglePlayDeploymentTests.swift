import Foundation
import PurchaseKit
import SimulatedGooglePlay
import Testing

/// `Catalog/GooglePlay.plist` and `Catalog/MultiStore.plist`: a `Store` selling through the simulated
/// Google Play's provider, alone and beside the simulated App Store.
struct GooglePlayDeploymentTests {
    static func catalog(_ name: String) throws -> Catalog {
        let path = PurchaseDeploymentTests.packageRoot.appendingPathComponent("Catalog/\(name)").path
        let result = CatalogLoader(registry: .builtIn).load(contentsOfFile: path)
        #expect(result.errors.isEmpty, "\(result.diagnostics)")
        return try #require(result.catalog)
    }

    static func temporaryState() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("google-play-\(UUID().uuidString)")
    }

    static func open(_ catalog: Catalog, _ state: URL, _ clock: ManualClock) async throws -> (
        PurchaseDeployment, SimulatedGooglePlayProvider
    ) {
        let deployment = try PurchaseDeployment.open(catalog: catalog, stateDirectory: state, clock: clock)
        try await deployment.start()
        let provider = try #require(deployment.provider(SimulatedGooglePlayProvider.self))
        return (deployment, provider)
    }

    /// Waits, a bounded number of rounds, until `condition` holds.
    static func eventually(_ condition: () async throws -> Bool) async rethrows -> Bool {
        for _ in 0..<500 {
            if try await condition() { return true }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return try await condition()
    }

    @Test func aStoreBuysEachKindAndTheLedgerDeliversEachOnce() async throws {
        let state = Self.temporaryState()
        defer { try? FileManager.default.removeItem(at: state) }
        let clock = ManualClock()
        let (deployment, provider) = try await Self.open(try Self.catalog("GooglePlay.plist"), state, clock)
        var transactions: [StoreTransaction] = []
        for id in ["com.example.gems.100", "com.example.removeads", "com.example.pro.monthly"] {
            guard case .purchased(let transaction) = await deployment.store.purchase(id) else {
                Issue.record("\(id) was not purchased")
                await deployment.close()
                return
            }
            #expect(transaction.store == "simulated-google-play")
            #expect(transaction.id.hasPrefix("GPA."))
            transactions.append(transaction)
        }
        var entitlements = try await deployment.store.entitlements()
        #expect(entitlements.balances["gems"] == 100)
        #expect(entitlements.subscriptions.map(\.productID) == ["com.example.pro.monthly"])
        // Finished: the consumable consumed, the others acknowledged.
        for transaction in transactions {
            let data = try PlayPurchaseData(
                json: try PlaySignedPurchase(verificationData: try #require(transaction.verificationData)).purchaseData)
            let record = try #require(await provider.store.record(data.purchaseToken))
            #expect(record.acknowledged)
            #expect(record.consumed == (transaction.productType == .consumable))
        }
        #expect(try await provider.unfinishedTransactions().isEmpty)
        // A restore and a relaunch deliver nothing again.
        _ = await deployment.store.restore()
        await deployment.close()
        let (again, _) = try await Self.open(try Self.catalog("GooglePlay.plist"), state, clock)
        entitlements = try await again.store.entitlements()
        #expect(entitlements.balances["gems"] == 100)
        guard case .failed(let error) = await again.store.purchase("com.example.removeads") else {
            Issue.record("a second purchase of a non-consumable went through")
            await again.close()
            return
        }
        #expect(error.code == .alreadyOwned)
        await again.close()
    }

    @Test func aPurchaseNotFinishedIsRefundedAfterThreeDays() async throws {
        let state = Self.temporaryState()
        defer { try? FileManager.default.removeItem(at: state) }
        let clock = ManualClock()
        let (deployment, provider) = try await Self.open(try Self.catalog("GooglePlay.plist"), state, clock)
        // The app crashed after Play charged: nothing delivered, nothing acknowledged.
        guard
            case .purchased(let transaction) = try await provider.purchase(
                PurchaseRequest(productID: "com.example.removeads"))
        else {
            Issue.record("not purchased")
            await deployment.close()
            return
        }
        #expect(try await provider.unfinishedTransactions().map(\.id) == [transaction.id])
        try await provider.advanceTime(by: 3 * 86_400 - 60)
        #expect(try await provider.unfinishedTransactions().map(\.id) == [transaction.id])
        try await provider.advanceTime(by: 120)
        #expect(try await provider.unfinishedTransactions().isEmpty)
        let voided = await provider.store.voidedPurchases()
        #expect(voided.map(\.orderId) == [transaction.id])
        #expect(try await provider.restore().isEmpty)
        await deployment.close()
    }

    @Test func aPendingPurchaseCompletesLaterAndIsDeliveredOnce() async throws {
        let state = Self.temporaryState()
        defer { try? FileManager.default.removeItem(at: state) }
        let clock = ManualClock()
        let (deployment, provider) = try await Self.open(try Self.catalog("GooglePlay.plist"), state, clock)
        await provider.store.planNextPurchases(.pending)
        guard case .pending = await deployment.store.purchase("com.example.gems.100") else {
            Issue.record("not pending")
            await deployment.close()
            return
        }
        #expect(try await deployment.store.entitlements().balances["gems", default: 0] == 0)
        let token = try #require(await provider.store.state.purchaseOrder.last)
        #expect(await provider.store.completePendingPurchase(token))
        let delivered = try await Self.eventually {
            try await deployment.store.entitlements().balances["gems", default: 0] == 100
        }
        #expect(delivered)
        #expect(try await Self.eventually { await provider.store.record(token)?.consumed == true })
        _ = await deployment.store.restore()
        try await provider.refresh()
        #expect(try await deployment.store.entitlements().balances["gems"] == 100)
        await deployment.close()
    }

    /// The Play provider with each purchased transaction's signature altered.
    struct Tampering: StoreProvider {
        let base: SimulatedGooglePlayProvider
        var storeName: String { base.storeName }
        func products(for productIDs: [String]) async throws -> ProductsResponse {
            try await base.products(for: productIDs)
        }
        func canMakePayments() async -> Bool { await base.canMakePayments() }
        func purchase(_ request: PurchaseRequest) async throws -> ProviderPurchaseResult {
            guard case .purchased(var transaction) = try await base.purchase(request) else {
                return try await base.purchase(request)
            }
            var signed = try PlaySignedPurchase(verificationData: transaction.verificationData ?? Data())
            signed.signature = String(signed.signature.reversed())
            transaction.verificationData = signed.verificationData
            return .purchased(transaction)
        }
        func restore() async throws -> [StoreTransaction] { try await base.restore() }
        func unfinishedTransactions() async throws -> [StoreTransaction] { [] }
        func finish(_ transaction: StoreTransaction) async throws { try await base.finish(transaction) }
        var transactionUpdates: AsyncStream<StoreTransaction> { base.transactionUpdates }
        var receiptVerifier: (any ReceiptVerifier)? { base.receiptVerifier }
        func start() async throws { try await base.start() }
        func close() async { await base.close() }
    }

    @Test func aTamperedSignatureIsRefusedBeforeDelivery() async throws {
        let state = Self.temporaryState()
        defer { try? FileManager.default.removeItem(at: state) }
        let made = Locked<SimulatedGooglePlayProvider?>(nil)
        var registry = ProviderRegistry.builtIn
        registry.register(.simulatedGooglePlay) { context in
            let provider = try SimulatedGooglePlayProvider.makeSimulated(context)
            made.withLock { $0 = provider }
            return Tampering(base: provider)
        }
        let deployment = try PurchaseDeployment.open(
            catalog: try Self.catalog("GooglePlay.plist"), stateDirectory: state, registry: registry,
            clock: ManualClock())
        try await deployment.start()
        guard case .failed(let error) = await deployment.store.purchase("com.example.removeads") else {
            Issue.record("a tampered purchase was accepted")
            await deployment.close()
            return
        }
        #expect(error.code == .verificationFailed)
        #expect(try await deployment.store.entitlements().names.isEmpty)
        // Not delivered, so not acknowledged: Play still lists it as unfinished.
        let provider = try #require(made.withLock { $0 })
        #expect(try await provider.unfinishedTransactions().count == 1)
        await deployment.close()
    }

    @Test func theStoreStateSurvivesReopeningTheDeployment() async throws {
        let state = Self.temporaryState()
        defer { try? FileManager.default.removeItem(at: state) }
        let clock = ManualClock()
        let catalog = try Self.catalog("GooglePlay.plist")
        var (deployment, provider) = try await Self.open(catalog, state, clock)
        for id in ["com.example.removeads", "com.example.pro.monthly"] {
            guard case .purchased = await deployment.store.purchase(id) else {
                Issue.record("\(id) was not purchased")
                await deployment.close()
                return
            }
        }
        let before = await provider.store.state
        let names = try await deployment.store.entitlements().names
        await deployment.close()
        #expect(
            FileManager.default.fileExists(
                atPath: state.appendingPathComponent("simulated-google-play/state.json").path))

        (deployment, provider) = try await Self.open(catalog, state, clock)
        #expect(await provider.store.state == before)
        #expect(try await deployment.store.entitlements().names == names)
        #expect(
            Set(await deployment.store.restore().restoredProductIDs) == [
                "com.example.removeads", "com.example.pro.monthly",
            ])
        // The same signing key: a new purchase verifies with the verifier made at reopening.
        guard case .purchased = await deployment.store.purchase("com.example.gems.100") else {
            Issue.record("not purchased after reopening")
            await deployment.close()
            return
        }
        await deployment.close()
    }

    @Test func aMultiStoreDeploymentSellsThroughBothAndMergesWhatIsOwned() async throws {
        let state = Self.temporaryState()
        defer { try? FileManager.default.removeItem(at: state) }
        let clock = ManualClock()
        let catalog = try Self.catalog("MultiStore.plist")
        let (deployment, _) = try await Self.open(catalog, state, clock)
        let first = await deployment.store.purchase("com.example.removeads")
        let second = await deployment.store.purchase("com.example.pro.yearly")
        guard case .purchased(let apple) = first, case .purchased(let google) = second else {
            Issue.record("not purchased through both stores: \(first), \(second)")
            await deployment.close()
            return
        }
        #expect(apple.store == "simulated-app-store")
        #expect(google.store == "simulated-google-play")
        #expect(apple.transactionID != google.transactionID)
        let removeAds = try #require(catalog.products.first { $0.productID == "com.example.removeads" })
        let pro = try #require(catalog.products.first { $0.productID == "com.example.pro.yearly" })
        let names = try await deployment.store.entitlements().names
        #expect(Set(removeAds.entitlements + pro.entitlements).isSubset(of: Set(names)))
        let restored = await deployment.store.restore().restoredProductIDs
        #expect(Set(restored) == ["com.example.removeads", "com.example.pro.yearly"])
        await deployment.close()
    }
}
