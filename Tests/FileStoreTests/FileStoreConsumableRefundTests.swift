import Foundation
import PurchaseCore
import Testing

@testable import FileStore

/// The file store refunds a consumable the app finished; a `Store` over it and the file ledger takes
/// back the units, once, as the deployment says, and the record survives reopening.
struct FileStoreConsumableRefundTests {
    @Test(arguments: [RefundedConsumables.debit, .keep])
    func aRefundedConsumableIsRecordedWithItsPayoutOnce(_ treatment: RefundedConsumables) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let clock = ManualClock()
        var catalog = TestCatalog.make()
        catalog.deployment.refundedConsumables = treatment
        var provider = try FileStoreProvider(catalog: catalog, stateDirectory: folder.url, clock: clock)
        var ledger = try FileFulfillmentLedger(directory: folder.url.appendingPathComponent("ledger"))
        var store = Store(catalog: catalog, providers: [provider], ledger: ledger, clock: clock)
        let events = await store.events()
        await store.start()
        guard case .purchased(let bought) = await store.purchase("gems") else {
            Issue.record("expected a purchase")
            return
        }
        _ = try await store.spend("gems", quantity: 60)

        let refunded = try await provider.refund(transactionID: bought.id)
        #expect(refunded.isRevoked)
        for await event in events where event.name == "revoked" { break }
        await #expect(throws: PurchaseError.self) { try await provider.refund(transactionID: "999") }
        let payout = try #require(try await ledger.contents().revokedPayouts[bought.transactionID])
        #expect(payout.debited == (treatment == .debit ? ["gems": 40] : [:]))
        #expect(payout.shortfall == (treatment == .debit ? ["gems": 60] : [:]))
        let balance = treatment == .debit ? 0 : 40
        #expect(try await store.entitlements().balances["gems"] == balance)
        // Refunding it again changes nothing.
        _ = try await provider.refund(transactionID: bought.id)
        await store.stop()
        await provider.close()
        await ledger.close()

        provider = try FileStoreProvider(catalog: catalog, stateDirectory: folder.url, clock: clock)
        ledger = try FileFulfillmentLedger(directory: folder.url.appendingPathComponent("ledger"))
        store = Store(catalog: catalog, providers: [provider], ledger: ledger, clock: clock)
        await store.start()
        #expect(try await provider.unfinishedTransactions().isEmpty)
        #expect(try await ledger.contents().revokedPayouts == [bought.transactionID: payout])
        #expect(try await store.entitlements().balances["gems"] == balance)
        await store.stop()
        await provider.close()
        await ledger.close()
    }
}
