import AppStoreSignedData
import FileStore
import Foundation
import PurchaseCore
import Testing

/// A server applying notifications and the app's `Store` flow share one ledger: whichever sees a
/// transaction first delivers it, and the other finds it delivered.
struct NotificationAndStoreFlowTests {
    typealias F = NotificationFixtures

    /// A store that hands the `Store` its transactions as unfinished at start, as the App Store does
    /// when the app launches.
    final class LaunchingStore: StoreProvider {
        let storeName = NotificationFixtures.store.rawValue
        let transactions: [StoreTransaction]
        private let updates = UpdateBroadcaster<StoreTransaction>()
        init(_ transactions: [StoreTransaction]) { self.transactions = transactions }
        func products(for productIDs: [String]) async throws -> ProductsResponse {
            ProductsResponse(products: [], invalidProductIDs: productIDs)
        }
        func canMakePayments() async -> Bool { true }
        func purchase(_ request: PurchaseRequest) async throws -> ProviderPurchaseResult {
            throw PurchaseError(.paymentNotAllowed)
        }
        func restore() async throws -> [StoreTransaction] { transactions }
        func unfinishedTransactions() async throws -> [StoreTransaction] { transactions }
        func finish(_ transaction: StoreTransaction) async throws {}
        var transactionUpdates: AsyncStream<StoreTransaction> { updates.stream() }
    }

    private let renewalPayload = F.transaction(
        "21", product: "pro.monthly", type: .autoRenewable, original: "20",
        purchased: F.start.addingTimeInterval(30 * F.day), expires: F.start.addingTimeInterval(60 * F.day))

    /// The renewal as the app's store reports it: the same transaction, named by the catalog's product.
    private var renewal: StoreTransaction {
        StoreTransaction(
            id: "21", originalID: "20", store: F.store.rawValue, productID: "pro.monthly", productType: .autoRenewable,
            purchaseDate: F.start.addingTimeInterval(30 * F.day), originalPurchaseDate: F.start,
            expirationDate: F.start.addingTimeInterval(60 * F.day), environment: .sandbox)
    }

    private func launch(_ transactions: [StoreTransaction], on ledger: any FulfillmentLedger) async -> [StoreEvent] {
        let store = Store(
            catalog: F.catalog(), providers: [LaunchingStore(transactions)], ledger: ledger,
            clock: ManualClock(start: F.start))
        let events = await store.start()
        await store.stop()
        return events
    }

    @Test func aRenewalDeliveredFromANotificationIsNotDeliveredAgainWhenTheAppLaunches() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let ledger = try FileFulfillmentLedger(stateDirectory: folder)
        let report = try await F.processor(ledger).apply(F.notification("n1", .didRenew, transaction: renewalPayload))
        #expect(report.outcome == .applied(NotificationChanges(delivered: [F.id("21")])))
        let delivered = try await ledger.contents()

        let events = await launch([renewal], on: ledger)
        #expect(events.map(\.name) == ["alreadyDelivered"])
        var contents = try await ledger.contents()
        #expect(contents.deliveries == delivered.deliveries)
        #expect(contents.finished == [F.id("21")])
        contents.finished = []
        #expect(contents == delivered)
        await ledger.close()
    }

    @Test func aRenewalTheAppDeliveredFirstIsNotDeliveredAgainByItsNotification() async throws {
        let ledger = InMemoryFulfillmentLedger()
        let events = await launch([renewal], on: ledger)
        #expect(events.map(\.name) == ["delivered"])
        let delivered = await ledger.contents()
        let report = try await F.processor(ledger).apply(F.notification("n1", .didRenew, transaction: renewalPayload))
        #expect(report.outcome == .applied(NotificationChanges()))
        #expect(await ledger.contents() == delivered)
    }

    @Test func aRefundOnlyTheServerHeardOfStaysWhenTheAppReportsThePurchase() async throws {
        let ledger = InMemoryFulfillmentLedger()
        var refunded = renewalPayload
        refunded.revocationDate = AppStoreDate(F.start.addingTimeInterval(31 * F.day))
        _ = try await F.processor(ledger).apply(F.notification("n1", .refund, transaction: refunded))
        let events = await launch([renewal], on: ledger)
        #expect(events.map(\.name) == ["alreadyDelivered"])
        let contents = await ledger.contents()
        #expect(contents.deliveries.count == 1)
        #expect(contents.revocations[F.id("21")] == F.start.addingTimeInterval(31 * F.day))
    }
}
