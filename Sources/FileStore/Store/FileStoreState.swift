import Foundation
import Journal
import PurchaseCore

/// The file store's state machine: every transaction in identifier order, with the indexes that keep
/// purchases, restores and renewals fast however long the history grows.
struct FileStoreState: JournalState {
    /// The snapshot format version this code writes. Version 2 adds each transaction's app account
    /// token; a version 1 snapshot (transactions without one) still loads.
    static let snapshotVersion: UInt32 = 2

    private(set) var transactions: [StoredTransaction] = []
    /// Identifiers the provider still has to hand to the store (see ``StoredTransaction/needsHandling``).
    private(set) var unfinished: Set<UInt64> = []
    /// Owned (not revoked) non-consumables: product to its transaction.
    private(set) var ownedNonConsumables: [String: UInt64] = [:]
    /// Auto-renewable chains: the original identifier to the latest transaction of the chain.
    private(set) var latestInChain: [UInt64: UInt64] = [:]
    /// Auto-renewable chains by product, oldest first.
    private(set) var chainsByProduct: [String: [UInt64]] = [:]
    /// Recent strings, shared by the records decoded (not part of the state's meaning).
    private var interner = StringInterner()

    init() {}

    /// About how many bytes of its own log one purchase takes: the transaction, its finish and their
    /// share of a frame.
    static let logBytesPerTransaction = 100

    /// Makes room for the transactions replaying `bytes` bytes of the store's own log will add.
    mutating func reserveCapacity(forLogBytes bytes: Int) {
        reserveCapacity(forTransactions: bytes / Self.logBytesPerTransaction)
    }

    /// Makes room for `count` more transactions.
    mutating func reserveCapacity(forTransactions count: Int) {
        guard count > 0 else { return }
        transactions.reserveCapacity(transactions.count + count)
    }

    /// The identifier the next transaction gets.
    var nextID: UInt64 { UInt64(transactions.count + 1) }

    func transaction(_ id: UInt64) -> StoredTransaction? {
        guard id >= 1, id <= UInt64(transactions.count) else { return nil }
        return transactions[Int(id - 1)]
    }

    /// Whether the chain starting at `originalID` renews (its first transaction's flag).
    func chainRenews(_ originalID: UInt64) -> Bool {
        transaction(originalID)?.autoRenew ?? false
    }

    // MARK: - Records

    static func encode(_ record: StoreRecord) -> Data {
        let data = record.data
        assert((try? StoreRecord(data)) == record.asRecorded, "a file-store record does not survive its encoding")
        return data
    }

    mutating func apply(bytes record: UnsafeRawBufferPointer) throws {
        try applyRecorded(try decode(bytes: record))
    }

    /// Decodes one record with the state's string interner.
    mutating func decode(bytes record: UnsafeRawBufferPointer) throws -> StoreRecord {
        try StoreRecord(bytes: record, interner: &interner)
    }

    /// Applies a record this process commits, with its dates as the log gives them back (see
    /// `Date.asRecorded`), so that this state and the one replayed from the log are the same.
    mutating func apply(_ record: StoreRecord) throws {
        try applyRecorded(record.asRecorded)
    }

    /// Applies a record as the log gives it back (decoded, or already ``StoreRecord/asRecorded``).
    mutating func applyRecorded(_ record: StoreRecord) throws {
        switch record {
        case .transaction(let transaction):
            guard transaction.id == nextID else {
                throw RecordFormatError(description: "transaction \(transaction.id) out of order (expected \(nextID))")
            }
            guard transaction.originalID >= 1, transaction.originalID <= transaction.id else {
                throw RecordFormatError(description: "transaction \(transaction.id) names a later original")
            }
            transactions.append(transaction)
            index(transaction)
        case .finish(let id):
            try update(id) { $0.finished = true }
        case .acknowledgeRevocation(let id):
            try update(id) { $0.revocationAcknowledged = true }
        case .revoke(let id, let date, let reason):
            try update(id) { transaction in
                transaction.revocationDate = date
                transaction.revocationReason = reason
            }
        case .setAutoRenew(let originalID, let on):
            try update(originalID) { $0.autoRenew = on }
        case .endEarly(let id, let date):
            try update(id) { transaction in
                guard transaction.productType == .autoRenewable else { return }
                if let expiration = transaction.expirationDate, expiration <= date { return }
                transaction.expirationDate = date
                transaction.finished = false
            }
        case .resolve(let id, let approved, let date, let expiration):
            try update(id) { transaction in
                guard transaction.state == .deferred else { return }
                transaction.state = approved ? .purchased : .failed
                if approved {
                    transaction.purchaseDate = date
                    transaction.originalPurchaseDate = date
                    transaction.expirationDate = expiration
                }
            }
        }
    }

    private mutating func update(_ id: UInt64, _ change: (inout StoredTransaction) -> Void) throws {
        guard id >= 1, id <= UInt64(transactions.count) else {
            throw RecordFormatError(description: "a record names transaction \(id), which does not exist")
        }
        let position = Int(id - 1)
        unindex(transactions[position])
        change(&transactions[position])
        index(transactions[position])
    }

    private mutating func index(_ transaction: StoredTransaction) {
        if transaction.needsHandling {
            unfinished.insert(transaction.id)
        }
        guard transaction.state == .purchased, transaction.revocationDate == nil else { return }
        switch transaction.productType {
        case .nonConsumable:
            if ownedNonConsumables[transaction.productID] == nil {
                ownedNonConsumables[transaction.productID] = transaction.id
            }
        case .autoRenewable:
            if transaction.originalID == transaction.id {
                chainsByProduct[transaction.productID, default: []].append(transaction.id)
            }
            let latest = latestInChain[transaction.originalID] ?? 0
            if transaction.id > latest { latestInChain[transaction.originalID] = transaction.id }
        case .consumable, .nonRenewing:
            break
        }
    }

    private mutating func unindex(_ transaction: StoredTransaction) {
        unfinished.remove(transaction.id)
        if transaction.productType == .nonConsumable, ownedNonConsumables[transaction.productID] == transaction.id {
            ownedNonConsumables[transaction.productID] = nil
            // Another purchase of the same product (bought again after a refund) keeps it owned.
            if let other = transactions.first(where: {
                $0.id != transaction.id && $0.productID == transaction.productID && $0.state == .purchased
                    && $0.revocationDate == nil
            }) {
                ownedNonConsumables[transaction.productID] = other.id
            }
        }
        // Chains keep their entries: a revoked latest transaction is filtered where chains are read.
    }

    // MARK: - Snapshot

    init(snapshot: Data) throws {
        self.init()
        try ByteReader.read(snapshot) { reader in
            let version = try reader.u32()
            guard (1...Self.snapshotVersion).contains(version) else {
                throw RecordFormatError(description: "file-store snapshot version \(version) is not supported")
            }
            let count = Int(try reader.u64())
            transactions.reserveCapacity(count)
            for _ in 0..<count {
                var transaction = try StoredTransaction.decode(from: &reader, interner: &interner)
                transaction.finished = try reader.bool()
                transaction.revocationDate = try reader.optionalDate()
                let reason = try reader.u8()
                transaction.revocationReason = reason == 0 ? nil : try RevocationReason(code: reason)
                transaction.revocationAcknowledged = try reader.bool()
                if version >= 2, try reader.bool() { transaction.appAccountToken = try reader.uuid() }
                guard transaction.id == nextID else {
                    throw RecordFormatError(description: "snapshot transaction \(transaction.id) out of order")
                }
                transactions.append(transaction)
                index(transaction)
            }
            try reader.expectEnd("file-store snapshot")
        }
    }

    func snapshot() throws -> Data {
        var writer = ByteWriter(capacity: 16 + transactions.count * 80)
        writer.u32(Self.snapshotVersion)
        writer.u64(UInt64(transactions.count))
        for transaction in transactions {
            transaction.encode(into: &writer)
            writer.bool(transaction.finished)
            writer.optionalDate(transaction.revocationDate)
            writer.u8(transaction.revocationReason?.code ?? 0)
            writer.bool(transaction.revocationAcknowledged)
            writer.bool(transaction.appAccountToken != nil)
            if let token = transaction.appAccountToken { writer.uuid(token) }
        }
        return writer.data
    }
}
