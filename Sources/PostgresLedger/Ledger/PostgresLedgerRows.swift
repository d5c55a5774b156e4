import Foundation
import PurchaseCore

/// The ledger's values as the tables hold them (see ``PostgresLedgerSchema``), both ways.
enum PostgresLedgerRows {
    /// The columns ``delivery(_:)`` reads, in its order.
    static let deliveryColumns = """
        store, transaction_id, original_store, original_transaction_id, product_id, product_type, quantity,
        entitlements, credits, expiration_date, purchase_date, delivered_at, account
        """

    /// An `account` column's value: the empty string for the default account.
    static func account(_ token: UUID?) -> String { token?.uuidString ?? "" }

    /// The app account token of an `account` column's value.
    static func token(_ account: String) throws(PostgresLedgerError) -> UUID? {
        guard !account.isEmpty else { return nil }
        guard let token = UUID(uuidString: account) else { throw malformed("account \(account)") }
        return token
    }

    /// A date as its `double precision` text: seconds since the reference date, every digit kept.
    static func text(_ date: Date) -> String { String(date.timeIntervalSinceReferenceDate) }

    static func date(_ text: String?) throws(PostgresLedgerError) -> Date {
        guard let text, let seconds = Double(text) else { throw malformed("date \(text ?? "NULL")") }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }

    /// `values` as the text of a PostgreSQL array of text (`{"a","b"}`), each element quoted and
    /// its quotes and backslashes escaped.
    static func textArray(_ values: [String]) -> String {
        let elements = values.map { value in
            "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                + "\""
        }
        return "{" + elements.joined(separator: ",") + "}"
    }

    /// JSON text of a value, keys sorted.
    static func json<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Strings and integers always encode.
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    static func decode<Value: Decodable>(_ type: Value.Type, _ text: String?) throws(PostgresLedgerError) -> Value {
        guard let text, let value = try? JSONDecoder().decode(type, from: Data(text.utf8)) else {
            throw malformed("JSON \(text ?? "NULL")")
        }
        return value
    }

    /// The parameters of a delivery's `INSERT`, `$1` to `$15` in the order of
    /// ``PostgresFulfillmentLedger``'s statement.
    static func parameters(of delivery: Delivery) -> [String?] {
        let key = delivery.fulfillmentKey
        return [
            delivery.transactionID.store, delivery.transactionID.id,
            delivery.originalTransactionID.store, delivery.originalTransactionID.id,
            key.store, key.id, delivery.productID, delivery.productType.rawValue, String(delivery.quantity),
            json(delivery.entitlements), json(delivery.credits), delivery.expirationDate.map(text),
            text(delivery.purchaseDate), text(delivery.deliveredAt), account(delivery.appAccountToken),
        ]
    }

    /// A delivery from a row of ``deliveryColumns``, starting at column `offset`.
    static func delivery(_ row: [String?], offset: Int = 0) throws(PostgresLedgerError) -> Delivery {
        func column(_ index: Int) throws(PostgresLedgerError) -> String {
            guard offset + index < row.count, let value = row[offset + index] else {
                throw malformed("delivery column \(index)")
            }
            return value
        }
        guard let type = ProductType(rawValue: try column(5)) else { throw malformed("product type") }
        guard let quantity = Int(try column(6)) else { throw malformed("quantity") }
        let expiration = row.count > offset + 9 ? row[offset + 9] : nil
        return Delivery(
            transactionID: TransactionID(store: try column(0), id: try column(1)),
            originalTransactionID: TransactionID(store: try column(2), id: try column(3)),
            productID: try column(4), productType: type, quantity: quantity,
            entitlements: try decode([String].self, try column(7)),
            credits: try decode([String: Int].self, try column(8)),
            expirationDate: try expiration.map { (text: String) throws(PostgresLedgerError) in try date(text) },
            purchaseDate: try date(try column(10)), deliveredAt: try date(try column(11)),
            appAccountToken: try token(try column(12)))
    }

    /// A transaction identifier from two columns.
    static func transactionID(_ row: [String?], _ first: Int = 0) throws(PostgresLedgerError) -> TransactionID {
        guard row.count > first + 1, let store = row[first], let id = row[first + 1] else {
            throw malformed("transaction identifier")
        }
        return TransactionID(store: store, id: id)
    }

    static func malformed(_ what: String) -> PostgresLedgerError {
        PostgresLedgerError(.statementFailed, serverMessage: "the ledger's tables hold a malformed \(what)")
    }
}
