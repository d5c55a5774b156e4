import Foundation
import PurchaseCore
import PurchaseTesting
import Testing

struct StoreDeliveryTests {
    @Test func crashBeforeFinishRedeliversWithoutASecondDelivery() async throws {
        let harness = Harness()
        await harness.provider.script("gems.100", .crashBeforeFinish)
        guard case .purchased(let transaction) = await harness.store.purchase("gems.100") else {
            Issue.record("expected purchased")
            return
        }
        #expect(await harness.provider.unfinishedTransactions().map(\.id) == [transaction.id])

        let relaunched = harness.relaunched()
        let events = await relaunched.start()
        #expect(events.map(\.name) == ["alreadyDelivered"])
        #expect(await harness.provider.unfinishedTransactions().isEmpty)
        #expect(try await relaunched.entitlements().balances["gems"] == 100)
        await relaunched.stop()
    }

    @Test func sameTransactionRedeliveredConcurrentlyIsDeliveredOnce() async throws {
        let harness = Harness()
        let observer = RecordingEventObserver()
        await observer.start(observing: harness.store)
        await harness.store.start()
        guard case .purchased(let transaction) = await harness.store.purchase("gems.100") else {
            Issue.record("expected purchased")
            return
        }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<50 {
                group.addTask { await harness.provider.redeliver(transaction) }
            }
        }
        let events = await observer.waitForEvents(count: 51)
        #expect(events.filter { $0.name == "delivered" }.count == 1)
        #expect(events.filter { $0.name == "alreadyDelivered" }.count == 50)
        #expect(try await harness.store.entitlements().balances["gems"] == 100)
        await harness.store.stop()
    }

    @Test func twoStoresOnOneLedgerDeliverOnce() async throws {
        let harness = Harness()
        await harness.provider.script("remove.ads", .crashBeforeFinish)
        _ = await harness.store.purchase("remove.ads")
        let first = harness.relaunched()
        let second = harness.relaunched()
        async let a = first.start()
        async let b = second.start()
        let names = (await a + b).map(\.name)
        #expect(names.filter { $0 == "delivered" }.isEmpty)
        let contents = await harness.ledger.contents()
        #expect(contents.deliveries.count == 1)
        await first.stop()
        await second.stop()
    }

    @Test func askToBuyApprovedIsDeliveredThroughUpdates() async throws {
        let harness = Harness()
        let observer = RecordingEventObserver()
        await observer.start(observing: harness.store)
        await harness.store.start()
        await harness.provider.script("remove.ads", .askToBuy)
        guard case .pending(let productID) = await harness.store.purchase("remove.ads") else {
            Issue.record("expected pending")
            return
        }
        #expect(productID == "remove.ads")
        #expect(try await harness.store.entitlements().contains("no-ads") == false)

        await harness.provider.approve("remove.ads")
        let events = await observer.waitForEvents(count: 2)
        #expect(events.map(\.name) == ["pending", "delivered"])
        #expect(try await harness.store.entitlements().contains("no-ads"))
        await harness.store.stop()
    }

    @Test func askToBuyDeclinedDeliversNothingAndIsFinished() async throws {
        let harness = Harness()
        let observer = RecordingEventObserver()
        await observer.start(observing: harness.store)
        await harness.store.start()
        await harness.provider.script("remove.ads", .askToBuy)
        _ = await harness.store.purchase("remove.ads")
        let declined = await harness.provider.decline("remove.ads")
        let events = await observer.waitForEvents(count: 2)
        #expect(events.map(\.name) == ["pending", "failed"])
        // Told as StoreKit reports it, a cancelled payment, that says it was not approved.
        if case .failed(_, let error) = events.last {
            #expect(error.code == .paymentCancelled)
            #expect(error.reason == .askToBuyDeclined)
            #expect(Message(error: error).key == .purchaseDeclined)
        } else {
            Issue.record("the last event is not a failure: \(events)")
        }
        #expect(try await harness.store.entitlements().names.isEmpty)
        #expect(await harness.provider.finishCounts[declined?.id ?? ""] == 1)
        await harness.store.stop()
    }

    @Test func refundRemovesWhatThePurchaseGranted() async throws {
        let harness = Harness()
        let observer = RecordingEventObserver()
        await observer.start(observing: harness.store)
        await harness.store.start()
        guard case .purchased(let ads) = await harness.store.purchase("remove.ads"),
            case .purchased(let gems) = await harness.store.purchase("gems.100")
        else {
            Issue.record("expected purchases")
            return
        }
        await harness.provider.refund(ads.id)
        await harness.provider.refund(gems.id)
        let events = await observer.waitForEvents(count: 4)
        #expect(events.map(\.name) == ["delivered", "delivered", "revoked", "revoked"])
        let entitlements = try await harness.store.entitlements()
        #expect(!entitlements.contains("no-ads"))
        #expect(entitlements.balances["gems"] == 0)
        guard case .purchased = await harness.store.purchase("remove.ads") else {
            Issue.record("a refunded non-consumable can be bought again")
            return
        }
        await harness.store.stop()
    }

    @Test func ledgerFailureLeavesTheTransactionUnfinished() async throws {
        let catalog = SampleCatalog.make()
        let provider = InMemoryStoreProvider(catalog: catalog)
        let store = Store(catalog: catalog, providers: [provider], ledger: FailingLedger())
        guard case .failed(let error) = await store.purchase("gems.100") else {
            Issue.record("expected failure")
            return
        }
        #expect(error.code == .ledgerIOFailed)
        #expect(error.isRetryable)
        #expect(await provider.unfinishedTransactions().count == 1)
    }

    @Test func rejectedVerificationDeliversNothing() async throws {
        let harness = Harness()
        let store = Store(
            catalog: harness.catalog,
            providers: [harness.provider],
            ledger: harness.ledger,
            verifiers: ["memory": RefusingVerifier(code: .verificationFailed, status: 21003)]
        )
        guard case .failed(let error) = await store.purchase("gems.100") else {
            Issue.record("expected failure")
            return
        }
        #expect(error.code == .verificationFailed)
        #expect(error.verifierStatus == 21003)
        #expect(await harness.ledger.contents().deliveries.isEmpty)
    }

    @Test func unavailableVerifierKeepsTheTransactionForLater() async throws {
        let harness = Harness()
        let store = Store(
            catalog: harness.catalog,
            providers: [harness.provider],
            ledger: harness.ledger,
            verifiers: ["memory": RefusingVerifier(code: .verificationUnavailable, status: 21005)]
        )
        _ = await store.purchase("gems.100")
        #expect(await harness.provider.unfinishedTransactions().count == 1)
        let events = await harness.relaunched().start()
        #expect(events.map(\.name) == ["delivered"])
    }
}

struct FailingLedger: FulfillmentLedger {
    func recordDelivery(_ delivery: Delivery) async throws -> Bool { throw PurchaseError(.ledgerIOFailed) }
    func delivery(for transactionID: TransactionID) async throws -> Delivery? { throw PurchaseError(.ledgerIOFailed) }
    func markFinished(_ transactionID: TransactionID) async throws { throw PurchaseError(.ledgerIOFailed) }
    func recordRevocation(_ transactionID: TransactionID, at date: Date) async throws -> Bool {
        throw PurchaseError(.ledgerIOFailed)
    }
    func recordExpiration(_ transactionID: TransactionID, at date: Date) async throws -> Bool {
        throw PurchaseError(.ledgerIOFailed)
    }
    func spend(_ balance: String, quantity: Int, account: UUID?) async throws -> Int {
        throw PurchaseError(.ledgerIOFailed)
    }
    func contents() async throws -> LedgerContents { LedgerContents() }
}

struct RefusingVerifier: ReceiptVerifier {
    let code: PurchaseError.Code
    let status: Int
    func verify(_ transaction: StoreTransaction) async throws -> StoreTransaction {
        throw PurchaseError(code, productID: transaction.productID, verifierStatus: status)
    }
}
