import Foundation
import Journal
import PurchaseCore

/// The fulfillment ledger's state machine: the ledger's contents, an index by transaction and the
/// running balances.
struct LedgerState: JournalState {
    /// The snapshot format version this code writes. Version 2 adds the expirations section after
    /// the spent balances, version 3 the refunds section after it, version 4 each delivery's account
    /// and the accounts' spends after that, version 5 the notifications applied after them, version 6
    /// the spend identifiers after those; older snapshots (without them, of the default account alone)
    /// still load. A state writes the oldest version that holds it (4 without notifications and spend
    /// identifiers, 5 without spend identifiers), which older code reads too.
    static let snapshotVersion: UInt32 = 6

    private(set) var contents = LedgerContents()
    private(set) var index: [TransactionID: Int] = [:]
    /// The `Delivery.fulfillmentKey` of every delivery applied (derived: rebuilt as records apply).
    private(set) var fulfilled: Set<TransactionID> = []
    /// The default account's balances as ``LedgerContents/balances`` computes them, kept up to date
    /// record by record.
    private(set) var balances: [String: Int] = [:]
    /// The other accounts' balances, by app account token, kept up to date the same way.
    private(set) var accountBalances: [UUID: [String: Int]] = [:]
    /// Per account (`nil`: the default account), the positions in the contents of the deliveries a
    /// holdings view holds (all but the unrevoked ones that count for balances alone), in order
    /// (derived: rebuilt as records apply).
    private(set) var held: [UUID?: [Int]] = [:]
    /// The store notifications recorded as applied, and when (see `NotificationLog`).
    private(set) var notifications: [String: Date] = [:]
    /// The spends made with an identifier, by account (see `IdempotentSpending`).
    var spendIDs: [UUID?: [SpendID: RecordedSpend]] = [:]
    /// Recent strings, shared by the records decoded (not part of the state's meaning).
    private var interner = StringInterner()

    init() {}

    /// About how many bytes of its own log one delivery takes: the delivery, its finished mark and
    /// their share of a frame (156 in the durability benchmark's ledger of 500,000 purchases).
    static let logBytesPerDelivery = 150

    /// Makes room for the deliveries replaying `bytes` bytes of the ledger's own log will add.
    mutating func reserveCapacity(forLogBytes bytes: Int) {
        reserveCapacity(forDeliveries: bytes / Self.logBytesPerDelivery)
    }

    /// Makes room for `count` more deliveries (and their finished marks) in the index and contents.
    mutating func reserveCapacity(forDeliveries count: Int) {
        guard count > 0 else { return }
        index.reserveCapacity(index.count + count)
        fulfilled.reserveCapacity(fulfilled.count + count)
        contents.deliveries.reserveCapacity(contents.deliveries.count + count)
        contents.finished.reserveCapacity(contents.finished.count + count)
    }

    func delivery(for id: TransactionID) -> Delivery? {
        index[id].map { contents.deliveries[$0] }
    }

    /// Whether recording a delivery of `transactionID` with fulfillment key `key` now would deliver
    /// again: the transaction, or the original purchase the key names (a restored non-consumable), is
    /// delivered already.
    func isDelivered(_ transactionID: TransactionID, fulfilling key: TransactionID) -> Bool {
        index[transactionID] != nil || fulfilled.contains(key)
    }

    static func encode(_ record: LedgerRecord) -> Data {
        let data = record.data
        assert((try? LedgerRecord(data)) == record.asRecorded, "a ledger record does not survive its encoding")
        return data
    }

    mutating func apply(bytes record: UnsafeRawBufferPointer) throws {
        try applyRecorded(try decode(bytes: record))
    }

    /// Decodes one record with the state's string interner.
    mutating func decode(bytes record: UnsafeRawBufferPointer) throws -> LedgerRecord {
        try LedgerRecord(bytes: record, interner: &interner)
    }

    /// Applies a record this process commits, with its dates as the log gives them back (see
    /// `Date.asRecorded`), so that this state and the one replayed from the log are the same.
    mutating func apply(_ record: LedgerRecord) throws {
        try applyRecorded(record.asRecorded)
    }

    /// Applies a record as the log gives it back (decoded, or already ``LedgerRecord/asRecorded``).
    ///
    /// - Throws: when a balance would leave `Int`'s range (the ledger refuses such deliveries
    ///   before recording them, so only a damaged or foreign log gets here).
    mutating func applyRecorded(_ record: consuming LedgerRecord) throws {
        // Consumed, so that a delivery moves into the contents instead of being copied there.
        switch consume record {
        case .delivery(let delivery):
            // One lookup in the usual case: insert, and put the old position back on a repeat.
            if let existing = index.updateValue(contents.deliveries.count, forKey: delivery.transactionID) {
                index[delivery.transactionID] = existing
                return
            }
            let account = delivery.appAccountToken
            if let name = overflowingBalance(adding: delivery.credits, account: account) {
                index[delivery.transactionID] = nil
                throw RecordFormatError(description: "the delivery takes balance '\(name)' out of range")
            }
            if let account {
                for (name, amount) in delivery.credits {
                    accountBalances[account, default: [:]][name, default: 0] += amount
                }
            } else {
                for (name, amount) in delivery.credits { balances[name, default: 0] += amount }
            }
            // A log applies as written: deliveries recorded before keys were checked stay.
            fulfilled.insert(delivery.fulfillmentKey)
            if !LedgerContents.countsForBalancesOnly(delivery) {
                held[account, default: []].append(contents.deliveries.count)
            }
            contents.deliveries.append(delivery)
        case .finished(let id):
            contents.finished.insert(id)
        case .revocation(let id, let date):
            guard let position = index[id], contents.revocations[id] == nil else { return }
            let (credits, account) = (
                contents.deliveries[position].credits, contents.deliveries[position].appAccountToken
            )
            if let name = overflowingBalance(adding: credits, negated: true, account: account) {
                throw RecordFormatError(description: "the revocation takes balance '\(name)' out of range")
            }
            contents.revocations[id] = date
            hold(position)
            take(credits, from: account)
        case .spend(let name, let quantity, let account):
            guard overflowingBalance(adding: [name: quantity], negated: true, account: account) == nil,
                !(contents.amountsSpent(by: account)[name, default: 0].addingReportingOverflow(quantity).overflow)
            else { throw RecordFormatError(description: "the spend takes balance '\(name)' out of range") }
            if let account {
                contents.spentByAccount[account, default: [:]][name, default: 0] += quantity
            } else {
                contents.spent[name, default: 0] += quantity
            }
            take([name: quantity], from: account)
        case .expiration(let id, let date):
            guard let delivery = delivery(for: id), contents.endsLater(delivery, than: date) else { return }
            contents.expirations[id] = date
        case .refund(let id, let date, let treatment, let debited):
            guard let position = index[id], contents.revocations[id] == nil else { return }
            let account = contents.deliveries[position].appAccountToken
            let payout = RevokedPayout(
                treatment: treatment, credited: contents.deliveries[position].credits, debited: debited)
            if let name = overflowingBalance(adding: payout.debited, negated: true, account: account) {
                throw RecordFormatError(description: "the refund takes balance '\(name)' out of range")
            }
            contents.revocations[id] = date
            contents.revokedPayouts[id] = payout
            hold(position)
            take(payout.debited, from: account)
        case .notification(let id, let date):
            // The first record of an identity stays, as the ledger only ever writes one.
            if notifications[id] == nil { notifications[id] = date }
        case .identifiedSpend(let id, let spend, let account):
            try applyIdentifiedSpend(id, spend, account: account)
        }
    }

    /// The balances of one account (`nil`: the default account), as the records left them.
    func balances(for account: UUID?) -> [String: Int] {
        guard let account else { return balances }
        return accountBalances[account] ?? [:]
    }

    /// Adds a revoked delivery that counted for balances alone to its account's held deliveries.
    private mutating func hold(_ position: Int) {
        let delivery = contents.deliveries[position]
        guard LedgerContents.countsForBalancesOnly(delivery) else { return }
        var positions = held[delivery.appAccountToken, default: []]
        positions.insert(position, at: positions.firstIndex { $0 > position } ?? positions.endIndex)
        held[delivery.appAccountToken] = positions
    }

    /// What one account holds (see `FulfillmentLedger.holdings(for:)`): its held deliveries with
    /// their revocations, payouts and expirations, its spends, and the rest of its credited units
    /// folded, read from the index without going through the other deliveries.
    func holdings(for account: UUID?) -> LedgerContents {
        var parts = LedgerContents()
        for position in held[account] ?? [] {
            let delivery = contents.deliveries[position]
            let id = delivery.transactionID
            parts.deliveries.append(delivery)
            parts.revocations[id] = contents.revocations[id]
            parts.revokedPayouts[id] = contents.revokedPayouts[id]
            parts.expirations[id] = contents.expirations[id]
        }
        parts.spent = contents.amountsSpent(by: account)
        var credited = balances(for: account)
        for (name, amount) in parts.spent { credited[name, default: 0] += amount }
        return LedgerContents(view: parts, of: account).holdings(credited: credited)
    }

    /// Takes `amounts` from the running balances of `account`.
    private mutating func take(_ amounts: [String: Int], from account: UUID?) {
        if let account {
            for (name, amount) in amounts { accountBalances[account, default: [:]][name, default: 0] -= amount }
        } else {
            for (name, amount) in amounts { balances[name, default: 0] -= amount }
        }
    }

    /// The name of a balance of `account` that adding (or, `negated`, taking away) `credits` would
    /// take out of `Int`'s range, or `nil` when every balance can take them.
    func overflowingBalance(adding credits: [String: Int], negated: Bool = false, account: UUID?) -> String? {
        let current = balances(for: account)
        for (name, amount) in credits {
            let balance = current[name, default: 0]
            let (result, overflow) =
                negated ? balance.subtractingReportingOverflow(amount) : balance.addingReportingOverflow(amount)
            if overflow || result == .min { return name }
        }
        return nil
    }

    init(snapshot: Data) throws {
        self.init()
        try ByteReader.read(snapshot) { reader in
            let version = try reader.u32()
            guard (1...Self.snapshotVersion).contains(version) else {
                throw RecordFormatError(description: "ledger snapshot version \(version) is not supported")
            }
            let deliveries = Int(try reader.u64())
            contents.deliveries.reserveCapacity(deliveries)
            index.reserveCapacity(deliveries)
            fulfilled.reserveCapacity(deliveries)
            for _ in 0..<deliveries {
                var delivery = try LedgerRecord.decodeDelivery(from: &reader, interner: &interner)
                if version >= 4, try reader.bool() { delivery.appAccountToken = try reader.uuid() }
                try applyRecorded(.delivery(delivery))
            }
            let finished = Int(try reader.u64())
            contents.finished.reserveCapacity(min(finished, reader.remaining))
            for _ in 0..<finished {
                try applyRecorded(.finished(TransactionID(store: try reader.string(), id: try reader.string())))
            }
            let revocations = Int(try reader.u64())
            for _ in 0..<revocations {
                try applyRecorded(
                    .revocation(TransactionID(store: try reader.string(), id: try reader.string()), try reader.date()))
            }
            let spent = Int(try reader.u64())
            for _ in 0..<spent { try applyRecorded(.spend(try reader.string(), try reader.int(), account: nil)) }
            if version >= 2 {
                let expirations = Int(try reader.u64())
                for _ in 0..<expirations {
                    try applyRecorded(
                        .expiration(
                            TransactionID(store: try reader.string(), id: try reader.string()), try reader.date()))
                }
            }
            if version >= 3 {
                let refunds = Int(try reader.u64())
                for _ in 0..<refunds {
                    let id = TransactionID(store: try reader.string(), id: try reader.string())
                    let date = try reader.date()
                    let treatment = try RefundedConsumables(code: try reader.u8())
                    try applyRecorded(
                        .refund(id, date, treatment, debited: try LedgerRecord.decodeAmounts(from: &reader)))
                }
            }
            if version >= 4 {
                let accountSpends = Int(try reader.u64())
                for _ in 0..<accountSpends {
                    let account = try reader.uuid()
                    try applyRecorded(.spend(try reader.string(), try reader.int(), account: account))
                }
            }
            if version >= 5 {
                let count = Int(try reader.u64())
                guard count <= reader.remaining else {
                    throw RecordFormatError(description: "bad notification count")
                }
                notifications.reserveCapacity(count)
                for _ in 0..<count { try applyRecorded(.notification(try reader.string(), try reader.date())) }
            }
            if version >= 6 { try readSpendIDs(from: &reader) }
            try reader.expectEnd("ledger snapshot")
        }
    }

    func snapshot() throws -> Data {
        var writer = ByteWriter(capacity: 64 + contents.deliveries.count * 120 + notifications.count * 56)
        let version: UInt32 = !spendIDs.isEmpty ? 6 : notifications.isEmpty ? 4 : 5
        writer.u32(version)
        writer.u64(UInt64(contents.deliveries.count))
        for delivery in contents.deliveries {
            LedgerRecord.encode(delivery, into: &writer)
            writer.bool(delivery.appAccountToken != nil)
            if let token = delivery.appAccountToken { writer.uuid(token) }
        }
        writer.u64(UInt64(contents.finished.count))
        for id in contents.finished.sorted() {
            writer.string(id.store)
            writer.string(id.id)
        }
        // A refund with its payout is written in the refunds section, with its date.
        let revocations = contents.revocations.filter { contents.revokedPayouts[$0.key] == nil }
        writer.u64(UInt64(revocations.count))
        for (id, date) in revocations.sorted(by: { $0.key < $1.key }) {
            writer.string(id.store)
            writer.string(id.id)
            writer.date(date)
        }
        writer.u64(UInt64(contents.spent.count))
        for (name, quantity) in contents.spent.sorted(by: { $0.key < $1.key }) {
            writer.string(name)
            writer.int(quantity)
        }
        writer.u64(UInt64(contents.expirations.count))
        for (id, date) in contents.expirations.sorted(by: { $0.key < $1.key }) {
            writer.string(id.store)
            writer.string(id.id)
            writer.date(date)
        }
        writer.u64(UInt64(contents.revokedPayouts.count))
        for (id, payout) in contents.revokedPayouts.sorted(by: { $0.key < $1.key }) {
            writer.string(id.store)
            writer.string(id.id)
            writer.date(contents.revocations[id] ?? Date(timeIntervalSince1970: 0))
            writer.u8(payout.treatment.code)
            LedgerRecord.encode(amounts: payout.debited, into: &writer)
        }
        let accountSpends = contents.spentByAccount.sorted { $0.key.uuidString < $1.key.uuidString }
        writer.u64(UInt64(accountSpends.reduce(0) { $0 + $1.value.count }))
        for (account, spent) in accountSpends {
            for (name, quantity) in spent.sorted(by: { $0.key < $1.key }) {
                writer.uuid(account)
                writer.string(name)
                writer.int(quantity)
            }
        }
        if version >= 5 {
            writer.u64(UInt64(notifications.count))
            for (id, date) in notifications.sorted(by: { $0.key < $1.key }) {
                writer.string(id)
                writer.date(date)
            }
        }
        if version >= 6 { writeSpendIDs(into: &writer) }
        return writer.data
    }
}
