import Foundation
import PurchaseKit

/// The statements the SQLite ledger reads its rows with, and the rows as Swift values.
enum SQLiteLedgerRows {
    static let selectDeliveries = """
        SELECT sequence, store, transaction_id, original_store, original_transaction_id, product_id,
            product_type, quantity, entitlements, expiration_date, purchase_date, delivered_at, account
        FROM deliveries
        """

    /// A row of ``selectDeliveries`` as a delivery without its credits (they live in their own table).
    static func delivery(_ row: SQLiteRow) -> (Int64, Delivery) {
        let entitlements = (try? JSONDecoder().decode([String].self, from: Data(row.text(8).utf8))) ?? []
        let delivery = Delivery(
            transactionID: TransactionID(store: row.text(1), id: row.text(2)),
            originalTransactionID: TransactionID(store: row.text(3), id: row.text(4)),
            productID: row.text(5),
            productType: ProductType(rawValue: row.text(6)) ?? .consumable,
            quantity: Int(row.integer(7)),
            entitlements: entitlements,
            credits: [:],
            expirationDate: row.optionalReal(9).map(Date.init(timeIntervalSinceReferenceDate:)),
            purchaseDate: Date(timeIntervalSinceReferenceDate: row.real(10)),
            deliveredAt: Date(timeIntervalSinceReferenceDate: row.real(11)),
            appAccountToken: SQLiteLedgerSchema.token(row.text(12)))
        return (row.integer(0), delivery)
    }

    /// The transactions and dates a query of store, transaction identifier and date returns.
    static func datedTransactions(_ sql: String, _ session: SQLiteSession) throws -> [TransactionID: Date] {
        var dates: [TransactionID: Date] = [:]
        try session.query(sql) { row in
            dates[TransactionID(store: row.text(0), id: row.text(1))] = Date(
                timeIntervalSinceReferenceDate: row.real(2))
        }
        return dates
    }

    /// The `deliveries` row of a transaction, if it was delivered.
    static func sequence(of transactionID: TransactionID, _ session: SQLiteSession) throws -> Int64? {
        try session.firstInteger(
            "SELECT sequence FROM deliveries WHERE store = ?1 AND transaction_id = ?2",
            [.text(transactionID.store), .text(transactionID.id)])
    }

    /// A balance of an account (`''`: the default account) as its row stands (zero for a balance
    /// never credited).
    static func balance(_ name: String, account: String, _ session: SQLiteSession) throws -> BalanceRow {
        var row = BalanceRow(credited: 0, spent: 0)
        try session.query(
            "SELECT credited, spent FROM balances WHERE account = ?1 AND name = ?2", [.text(account), .text(name)]
        ) {
            row = BalanceRow(credited: $0.integer(0), spent: $0.integer(1))
        }
        return row
    }

    /// One row of `balances`.
    struct BalanceRow {
        var credited: Int64
        var spent: Int64

        /// What can be spent now.
        var available: Int { Int(credited - spent) }

        /// The row after crediting `amount`, or `nil` when the balance or the credited total would
        /// leave `Int`'s range.
        func adding(_ amount: Int) -> BalanceRow? {
            let (credited, overflow) = credited.addingReportingOverflow(Int64(amount))
            let (balance, balanceOverflow) = credited.subtractingReportingOverflow(spent)
            guard !overflow, !balanceOverflow, balance != .min else { return nil }
            return BalanceRow(credited: credited, spent: spent)
        }
    }
}
