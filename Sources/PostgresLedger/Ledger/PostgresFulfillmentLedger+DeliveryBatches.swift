import Foundation
public import PurchaseCore

// MARK: - Deliveries, recorded together

extension PostgresFulfillmentLedger {
    /// The most deliveries one statement records.
    static let maximumDeliveryBatch = 32

    /// Records a delivery unless one with the same transaction or the same `Delivery.fulfillmentKey`
    /// exists, in any account (atomically, across connections and servers); whether it was new.
    ///
    /// Deliveries recorded at once share statements: a caller running batches records every
    /// delivery queued then (up to 32) in one statement and one commit,
    /// each caller answered only once its delivery is committed. A delivery alone takes the
    /// one-delivery statement. When a batch's statement fails (a balance out of range), each of its
    /// deliveries is recorded again alone, so only the delivery at fault fails.
    public func recordDelivery(_ delivery: Delivery) async throws -> Bool {
        let what = "the ledger cannot record a delivery"
        guard !readOnly else {
            throw PurchaseError(.ledgerIOFailed, detail: "\(what): the ledger was opened read-only")
        }
        return try await batched(delivery, in: deliveryBatches, what) { batch, session in
            Self.record(batch, session)
        }
    }

    /// Records `batch` on `session` and gives each delivery its outcome.
    private static func record(_ batch: [StatementBatcher<Delivery, Bool>.Pending], _ session: PostgresSession) {
        func recordEachAlone() {
            for pending in batch {
                pending.finish(Result { try session.retrying { try insert(pending.input, $0) } })
            }
        }
        guard batch.count > 1 else { return recordEachAlone() }
        do {
            let inserted = try session.retrying { try insertBatch(batch.map(\.input), $0) }
            for (pending, new) in zip(batch, inserted) { pending.finish(.success(new)) }
        } catch let failure as PostgresLedgerError where failure.kind == .statementFailed {
            recordEachAlone()
        } catch {
            for pending in batch { pending.finish(.failure(error)) }
        }
    }

    /// Inserts `deliveries` and credits their balances in one statement, skipping each whose
    /// transaction or fulfillment key is recorded (or taken by an earlier one of the batch); for
    /// each, whether it was inserted.
    static func insertBatch(_ deliveries: [Delivery], _ session: PostgresSession) throws -> [Bool] {
        let rows = deliveries.map { PostgresLedgerRows.parameters(of: $0) }
        let found = try session.execute(insertDeliveries, [PostgresLedgerRows.json(rows)])
        var inserted = Set(
            found.rows.compactMap { row -> String? in
                guard row.count == 3, let store = row[0], let id = row[1], let account = row[2] else { return nil }
                return key(store, id, account)
            })
        // A row inserted answers the copy of its transaction for its account (the first such copy:
        // copies for one account are alike to their callers).
        return deliveries.map { delivery in
            let account = PostgresLedgerRows.account(delivery.appAccountToken)
            return inserted.remove(key(delivery.transactionID.store, delivery.transactionID.id, account)) != nil
        }
    }

    private static func key(_ store: String, _ id: String, _ account: String) -> String {
        [store, id, account].joined(separator: "\u{0}")
    }

    /// The deliveries as `$1`, a JSON array holding each delivery's parameters of the one-delivery
    /// statement in order; inserted in the batch's order, then each account's credits summed and
    /// added to its balances, the rows taken in the order of account and name (byte order, as the
    /// ledger's other changes of several balances take them); answers the inserted transactions and
    /// their accounts.
    private static let insertDeliveries = """
        WITH batch AS (
            SELECT position, item FROM json_array_elements($1::text::json) WITH ORDINALITY AS b(item, position)
        ), inserted AS (
            INSERT INTO purchasekit_deliveries (store, transaction_id, original_store, original_transaction_id,
                fulfillment_store, fulfillment_id, product_id, product_type, quantity, entitlements, credits,
                expiration_date, purchase_date, delivered_at, account)
            SELECT item->>0, item->>1, item->>2, item->>3, item->>4, item->>5, item->>6, item->>7,
                (item->>8)::bigint, item->>9, item->>10, (item->>11)::double precision,
                (item->>12)::double precision, (item->>13)::double precision, item->>14
            FROM batch ORDER BY position
            ON CONFLICT DO NOTHING RETURNING store, transaction_id, credits, account
        ), credited AS (
            INSERT INTO purchasekit_balances (account, name, credited, spent)
            SELECT inserted.account, credit.key, sum(credit.value::bigint), 0
            FROM inserted, json_each_text(inserted.credits::json) AS credit
            GROUP BY inserted.account, credit.key
            ORDER BY inserted.account COLLATE "C", credit.key COLLATE "C"
            ON CONFLICT (account, name) DO UPDATE SET credited = purchasekit_balances.credited + excluded.credited
            RETURNING 1
        )
        SELECT store, transaction_id, account FROM inserted
        """
}
