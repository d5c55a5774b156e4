package import Foundation
import Journal
package import PurchaseCore

/// Writes large synthetic histories straight into the journals, for the benchmarks (package only).
package enum FileStoreSynthesis {
    /// Appends a purchase of each of `productIDs` to the file store in `directory` (its journal
    /// `store`), each followed by its finish record: `2 * productIDs.count` records, in commits of
    /// `batch` purchases.
    package static func writeStoreHistory(
        directory: URL, catalog: Catalog, productIDs: [String], date: Date, batch: Int = 5000
    ) async throws {
        let journal = try Journal<FileStoreState>.open(
            directory: directory, name: "store", options: JournalOptions(compactionThreshold: nil))
        defer { journal.close() }
        let catalogProducts = Dictionary(catalog.products.map { ($0.productID, $0) }) { first, _ in first }
        let products = productIDs.compactMap { catalogProducts[$0] }
        let count = products.count
        var written = 0
        while written < count {
            let size = min(batch, count - written)
            let offset = written
            try await journal.perform { state in
                var records: [StoreRecord] = []
                records.reserveCapacity(size * 2)
                var id = state.nextID
                for index in 0..<size {
                    let product = products[offset + index]
                    let transaction = StoredTransaction(
                        id: id, originalID: id, productID: product.productID, productType: product.type, quantity: 1,
                        purchaseDate: date, originalPurchaseDate: date,
                        expirationDate: FileStoreProvider.expiration(of: product, from: date), state: .purchased,
                        autoRenew: false)
                    records.append(StoreRecord.transaction(transaction))
                    records.append(StoreRecord.finish(id: id))
                    id += 1
                }
                return (records, ())
            }
            written += size
        }
    }

    /// Appends, to the shared journal of the state folder `stateDirectory`, what a deployment records
    /// for a purchase of each of `productIDs` on a fresh folder: the store's transaction and finish
    /// records and the ledger's delivery and finished records, `4 * productIDs.count` records in
    /// commits of `batch` purchases.
    package static func writeSharedHistory(
        stateDirectory: URL, catalog: Catalog, productIDs: [String], date: Date, batch: Int = 5000
    ) async throws {
        let journal = try Journal<PurchaseJournalState>.open(
            directory: stateDirectory, name: PurchaseJournal.name, options: JournalOptions(compactionThreshold: nil))
        defer { journal.close() }
        let catalogProducts = Dictionary(catalog.products.map { ($0.productID, $0) }) { first, _ in first }
        let products = productIDs.compactMap { catalogProducts[$0] }
        var written = 0
        while written < products.count {
            let size = min(batch, products.count - written)
            let offset = written
            try await journal.perform { state in
                var records: [PurchaseJournalState.Record] = []
                records.reserveCapacity(size * 4)
                var id = state.store.nextID
                for index in 0..<size {
                    let product = products[offset + index]
                    let expiration = FileStoreProvider.expiration(of: product, from: date)
                    let transaction = StoredTransaction(
                        id: id, originalID: id, productID: product.productID, productType: product.type, quantity: 1,
                        purchaseDate: date, originalPurchaseDate: date, expirationDate: expiration,
                        state: .purchased, autoRenew: false)
                    let transactionID = TransactionID(store: "file", id: String(id))
                    var credits: [String: Int] = [:]
                    for payout in product.payouts { credits[payout.name, default: 0] += payout.quantity }
                    let delivery = Delivery(
                        transactionID: transactionID, originalTransactionID: transactionID,
                        productID: product.productID, productType: product.type, quantity: 1,
                        entitlements: product.entitlements, credits: credits, expirationDate: expiration,
                        purchaseDate: date, deliveredAt: date)
                    records.append(.store(.transaction(transaction)))
                    records.append(.ledger(.delivery(delivery)))
                    records.append(.store(.finish(id: id)))
                    records.append(.ledger(.finished(transactionID)))
                    id += 1
                }
                return (records, ())
            }
            written += size
        }
    }

    /// Appends a delivery and a finished record for each of the store's transactions
    /// `1...productIDs.count` to the ledger in `directory`, as the store would have recorded them
    /// after ``writeStoreHistory(directory:catalog:productIDs:date:batch:)`` on a fresh store.
    package static func writeLedgerHistory(
        directory: URL, catalog: Catalog, productIDs: [String], date: Date, batch: Int = 5000
    ) async throws {
        let journal = try Journal<LedgerState>.open(
            directory: directory, name: "ledger", options: JournalOptions(compactionThreshold: nil))
        defer { journal.close() }
        let catalogProducts = Dictionary(catalog.products.map { ($0.productID, $0) }) { first, _ in first }
        let products = productIDs.compactMap { catalogProducts[$0] }
        let count = products.count
        var written = 0
        while written < count {
            let size = min(batch, count - written)
            let offset = written
            try await journal.perform { _ in
                var records: [LedgerRecord] = []
                records.reserveCapacity(size * 2)
                for index in 0..<size {
                    let product = products[offset + index]
                    let id = TransactionID(store: "file", id: String(offset + index + 1))
                    var credits: [String: Int] = [:]
                    for payout in product.payouts { credits[payout.name, default: 0] += payout.quantity }
                    let delivery = Delivery(
                        transactionID: id, originalTransactionID: id, productID: product.productID,
                        productType: product.type, quantity: 1, entitlements: product.entitlements, credits: credits,
                        expirationDate: FileStoreProvider.expiration(of: product, from: date), purchaseDate: date,
                        deliveredAt: date)
                    records.append(LedgerRecord.delivery(delivery))
                    records.append(LedgerRecord.finished(id))
                }
                return (records, ())
            }
            written += size
        }
    }
}
