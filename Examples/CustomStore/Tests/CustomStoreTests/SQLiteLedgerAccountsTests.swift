import Foundation
import PurchaseKit
import Testing

@testable import CustomStore

/// The SQLite ledger's accounts (schema version 2): deliveries, balances and spends per app account
/// token, exactly once across accounts; a version 1 database is brought to version 2 with everything
/// in it as the default account's.
struct SQLiteLedgerAccountsTests {
    private static let date = Date(timeIntervalSinceReferenceDate: 820_000_000)
    private static let alice = UUID(uuidString: "A11CE000-0000-4000-8000-000000000001")!
    private static let bob = UUID(uuidString: "B0B00000-0000-4000-8000-000000000002")!

    private func gems(_ id: String, _ units: Int, for account: UUID?) -> Delivery {
        let transactionID = TransactionID(store: "web-checkout", id: id)
        return Delivery(
            transactionID: transactionID, originalTransactionID: transactionID, productID: "com.example.gems",
            productType: .consumable, quantity: 1, entitlements: [], credits: ["gems": units], expirationDate: nil,
            purchaseDate: Self.date, deliveredAt: Self.date, appAccountToken: account)
    }

    @Test func accountsKeepTheirBalancesAndATransactionGoesToOneAccount() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("ledger.sqlite")
            let ledger = try SQLiteFulfillmentLedger(databaseURL: file)
            #expect(try await ledger.recordDelivery(gems("1", 100, for: Self.alice)))
            #expect(try await ledger.recordDelivery(gems("2", 50, for: Self.bob)))
            #expect(try await ledger.recordDelivery(gems("3", 10, for: nil)))
            #expect(try await !ledger.recordDelivery(gems("1", 100, for: Self.bob)))
            #expect(try await ledger.spend("gems", quantity: 40, account: Self.alice) == 60)
            let short = await #expect(throws: PurchaseError.self) {
                try await ledger.spend("gems", quantity: 51, account: Self.bob)
            }
            #expect(short?.code == .insufficientBalance)
            #expect(try await ledger.spend("gems", quantity: 10) == 0)
            #expect(try await ledger.recordRevocation(TransactionID(store: "web-checkout", id: "2"), at: Self.date))
            await ledger.close()

            let reopened = try SQLiteFulfillmentLedger(databaseURL: file, readOnly: true)
            let contents = try await reopened.contents()
            #expect(contents.balances(for: Self.alice) == ["gems": 60])
            #expect(contents.balances(for: Self.bob) == [:])
            #expect(contents.balances == ["gems": 0])
            #expect(contents.spentByAccount == [Self.alice: ["gems": 40]])
            #expect(contents.deliveries(for: Self.alice).map(\.transactionID.id) == ["1"])
            let bobs = try await reopened.delivery(for: TransactionID(store: "web-checkout", id: "2"))
            #expect(bobs?.appAccountToken == Self.bob)
            await reopened.close()
        }
    }

    @Test func aVersionOneDatabaseReadsAsTheDefaultAccount() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("ledger.sqlite")
            let old = try SQLiteConnection(path: file.path, readOnly: false, busyTimeout: 1000)
            try old.runNow { session in
                for table in SQLiteLedgerSchema.tables { _ = try session.execute(table) }
                _ = try session.execute(
                    """
                    INSERT INTO deliveries (store, transaction_id, original_store, original_transaction_id,
                        fulfillment_store, fulfillment_id, product_id, product_type, quantity, entitlements,
                        expiration_date, purchase_date, delivered_at)
                    VALUES ('s', '1', 's', '1', 's', '1', 'com.example.gems', 'consumable', 1, '[]', NULL, 0, 0)
                    """)
                _ = try session.execute(
                    "INSERT INTO delivery_credits (delivery, balance, amount) VALUES (1, 'gems', 100)")
                _ = try session.execute("INSERT INTO balances (name, credited, spent) VALUES ('gems', 100, 30)")
                _ = try session.execute("PRAGMA user_version = 1")
            }
            await old.close()

            // Read-only, a version 1 database cannot be brought to version 2: it says so.
            #expect(throws: PurchaseError.self) { try SQLiteFulfillmentLedger(databaseURL: file, readOnly: true) }
            let ledger = try SQLiteFulfillmentLedger(databaseURL: file)
            let contents = try await ledger.contents()
            #expect(contents.deliveries.map(\.appAccountToken) == [nil])
            #expect(contents.balances == ["gems": 70])
            #expect(contents.accounts.isEmpty)
            #expect(try await ledger.spend("gems", quantity: 70) == 0)
            #expect(try await !ledger.recordDelivery(gems("1", 5, for: Self.alice).with(store: "s")))
            await ledger.close()
        }
    }
}

extension Delivery {
    /// The delivery with its transactions in `store`.
    fileprivate func with(store: String) -> Delivery {
        var copy = self
        copy.transactionID = TransactionID(store: store, id: transactionID.id)
        copy.originalTransactionID = TransactionID(store: store, id: originalTransactionID.id)
        return copy
    }
}
