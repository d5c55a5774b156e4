import Foundation
import PurchaseCore
import Testing

/// `InMemoryFulfillmentLedger.recordExpiration(_:at:)`: an earlier end of a delivered transaction,
/// recorded once, never a later one.
struct InMemoryLedgerExpirationTests {
    private let day: TimeInterval = 86_400

    private func delivery(_ id: String, original: String? = nil, expiring end: Date?) -> Delivery {
        Delivery(
            transactionID: TransactionID(store: "memory", id: id),
            originalTransactionID: TransactionID(store: "memory", id: original ?? id), productID: "pro.monthly",
            productType: end == nil ? .nonConsumable : .autoRenewable, quantity: 1, entitlements: ["pro"],
            credits: [:], expirationDate: end, purchaseDate: Date(timeIntervalSince1970: 0),
            deliveredAt: Date(timeIntervalSince1970: 0))
    }

    @Test func theInMemoryLedgerOnlyMovesADeliveredEndEarlierAndOnce() async {
        let ledger = InMemoryFulfillmentLedger()
        let end = Date(timeIntervalSince1970: 30 * day)
        let id = TransactionID(store: "memory", id: "1")
        let earlier = Date(timeIntervalSince1970: 10 * day)
        #expect(await !ledger.recordExpiration(id, at: earlier), "nothing delivered yet")
        #expect(await ledger.recordDelivery(delivery("1", expiring: end)))
        #expect(await ledger.recordDelivery(delivery("2", expiring: nil)))
        #expect(await !ledger.recordExpiration(TransactionID(store: "memory", id: "2"), at: earlier))
        #expect(await !ledger.recordExpiration(id, at: end), "not earlier")
        #expect(await !ledger.recordExpiration(id, at: end.addingTimeInterval(day)), "never extends")

        #expect(await ledger.recordExpiration(id, at: earlier))
        #expect(await !ledger.recordExpiration(id, at: earlier), "idempotent")
        #expect(await !ledger.recordExpiration(id, at: earlier.addingTimeInterval(day)))
        var contents = await ledger.contents()
        #expect(contents.expirations == [id: earlier])
        #expect(contents.expirationDate(of: contents.deliveries[0]) == earlier)
        #expect(contents.deliveries[0].expirationDate == end, "the delivery itself never changes")

        let earliest = earlier.addingTimeInterval(-day)
        #expect(await ledger.recordExpiration(id, at: earliest))
        contents = await ledger.contents()
        #expect(contents.expirations == [id: earliest])
    }
}
