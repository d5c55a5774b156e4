public import Foundation
public import PurchaseKit

/// A fulfillment ledger in a SQLite database: deliveries survive crashes and are recorded exactly
/// once across every process that opens the same file.
///
/// The tables are described in `SQLiteLedgerSchema`. The database runs in WAL mode with
/// `synchronous=FULL`, and every connection waits for another's lock up to its busy timeout
/// (`BusyTimeout`), so several processes can share one file.
///
/// Guarantees (the `FulfillmentLedger` implementation requirements):
/// - ``recordDelivery(_:)`` is one `INSERT` into a table with a unique key on the transaction and on
///   its `Delivery.fulfillmentKey`, inside a transaction that holds SQLite's write lock: exactly one
///   caller, on any connection in any process, gets `true` for a transaction or for the original
///   purchase a restore brings back. A delivery whose credits would take a balance out of `Int`'s
///   range is refused (`PurchaseError.Code.paymentInvalid`) and nothing is written.
/// - ``spend(_:quantity:account:)`` checks the account's balance and records the spend in one
///   statement, inside one transaction holding the write lock: a balance never goes below zero
///   through spending, whatever runs concurrently.
/// - It holds many accounts (a delivery's `appAccountToken`; the default account has none, and a
///   database written before accounts holds only it): balances and spends are per account, and the
///   unique keys span every account, so a transaction is delivered to one account only.
/// - ``recordRevocation(_:at:)`` and ``recordExpiration(_:at:)`` check and write in one transaction
///   each: a revocation is recorded once, for a delivered transaction only, and takes back what its
///   delivery credited; an expiration only ever moves a delivered, expiring transaction's end earlier.
/// - Every call that returns has committed its change (on disk: the WAL is fsynced at each commit),
///   except ``markFinished(_:)``: that mark, kept for history only, is written with the next write or
///   by ``flush()``, which `PurchaseDeployment.close()` calls. A call that throws changed nothing.
/// - It is a `NotificationLog`: ``recordNotification(_:at:)`` is one `INSERT` into a table keyed by
///   the notification's identity, holding the write lock, so exactly one caller on any connection
///   gets `true`.
/// - It is `IdempotentSpending`: a spend with an identifier looks the identifier up, takes the units
///   and records them with the identifier in one transaction holding the write lock, so exactly one
///   caller on any connection in any process takes the units of an identifier.
/// - ``contents()`` reads one snapshot: every commit made before it began, by any process.
/// - Errors are `PurchaseError`s: `ledgerIOFailed` with the ``SQLiteError`` as the underlying error
///   for storage failures (a lock not had within the busy timeout included), `insufficientBalance`
///   for a spend that does not fit.
public final class SQLiteFulfillmentLedger: FulfillmentLedger {
    /// The kind the ledger registers under: `sqlite`.
    public static let kind: LedgerKind = "sqlite"

    /// The database file.
    public let databaseURL: URL
    /// `nil` for a read-only ledger whose database does not exist yet: it reads as empty.
    private let connection: SQLiteConnection?
    let clock: any PurchaseClock
    /// Finished marks not yet written: they ride along with the next write or ``flush()``.
    private let deferredFinished = Guarded<Set<TransactionID>>([])

    /// Opens (or creates, with its folder) the ledger's database at `databaseURL`.
    ///
    /// - Parameters:
    ///   - databaseURL: the database file.
    ///   - busyTimeout: how long a write waits for another connection's lock, in milliseconds.
    ///   - clock: the dates of spends.
    ///   - readOnly: opens the database for reading only: nothing is created or written, a missing
    ///     database reads as empty, and every change fails with `PurchaseError.Code.ledgerIOFailed`.
    /// - Throws: `PurchaseError.Code.ledgerIOFailed` with the ``SQLiteError`` when the database cannot
    ///   be opened or was written by a newer version of this code.
    public init(
        databaseURL: URL, busyTimeout: Int = 5000, clock: any PurchaseClock = SystemClock(), readOnly: Bool = false
    ) throws(PurchaseError) {
        self.databaseURL = databaseURL
        self.clock = clock
        let path = databaseURL.path
        do {
            if readOnly {
                guard FileManager.default.fileExists(atPath: path) else {
                    connection = nil
                    return
                }
                let opened = try SQLiteConnection(path: path, readOnly: true, busyTimeout: busyTimeout)
                connection = try opened.runNow { try SQLiteLedgerSchema.isCreated($0) } ? opened : nil
            } else {
                try FileManager.default.createDirectory(
                    at: databaseURL.deletingLastPathComponent(), withIntermediateDirectories: true)
                let opened = try SQLiteConnection(path: path, readOnly: false, busyTimeout: busyTimeout)
                try opened.runNow { try SQLiteLedgerSchema.migrate($0) }
                connection = opened
            }
        } catch {
            throw Self.ledgerError(error, "the SQLite ledger cannot open \(path)")
        }
    }

    /// Builds the ledger a deployment's `Ledger` entry describes (the registry's factory for
    /// `sqlite`): the database at `Path` in the state folder, read-only in a read-only deployment.
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured` for unusable settings;
    ///   `PurchaseError.Code.ledgerIOFailed` when the database cannot be opened.
    public convenience init(context: LedgerContext) throws(PurchaseError) {
        let settings = try SQLiteLedgerSettings(context.configuration.settings)
        let url =
            settings.path.hasPrefix("/")
            ? URL(fileURLWithPath: settings.path)
            : context.stateDirectory.appendingPathComponent(settings.path)
        try self.init(
            databaseURL: url, busyTimeout: settings.busyTimeout, clock: context.clock, readOnly: context.readOnly)
    }

    /// Registers the ledger under ``kind`` in `registry`, with its setting keys and the check of its
    /// settings (``SQLiteLedgerSettings/init(_:)``), which runs before anything is opened.
    public static func register(in registry: inout ProviderRegistry) {
        registry.registerLedger(
            kind, settingKeys: SQLiteLedgerSettings.keys, checkingSettings: { _ = try SQLiteLedgerSettings($0) }
        ) { context in
            try SQLiteFulfillmentLedger(context: context)
        }
    }

    // MARK: - Deliveries

    /// Records a delivery unless one with the same transaction or the same `Delivery.fulfillmentKey`
    /// exists (atomically, across connections and processes).
    public func recordDelivery(_ delivery: Delivery) async throws -> Bool {
        let entitlements = String(decoding: try JSONEncoder().encode(delivery.entitlements), as: UTF8.self)
        let account = SQLiteLedgerSchema.account(delivery.appAccountToken)
        return try await write("the ledger cannot record a delivery") { session in
            let key = delivery.fulfillmentKey
            let inserted = try session.execute(
                """
                INSERT INTO deliveries (store, transaction_id, original_store, original_transaction_id,
                    fulfillment_store, fulfillment_id, product_id, product_type, quantity, entitlements,
                    expiration_date, purchase_date, delivered_at, account)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
                ON CONFLICT DO NOTHING
                """,
                [
                    .text(delivery.transactionID.store), .text(delivery.transactionID.id),
                    .text(delivery.originalTransactionID.store), .text(delivery.originalTransactionID.id),
                    .text(key.store), .text(key.id), .text(delivery.productID), .text(delivery.productType.rawValue),
                    .int(delivery.quantity), .text(entitlements),
                    .real(delivery.expirationDate?.timeIntervalSinceReferenceDate),
                    .real(delivery.purchaseDate.timeIntervalSinceReferenceDate),
                    .real(delivery.deliveredAt.timeIntervalSinceReferenceDate), .text(account),
                ])
            guard inserted == 1 else { return false }
            let sequence = session.lastInsertedRowID
            for (name, amount) in delivery.credits.sorted(by: { $0.key < $1.key }) {
                guard try SQLiteLedgerRows.balance(name, account: account, session).adding(amount) != nil else {
                    // Thrown inside the transaction: the delivery inserted above is rolled back.
                    throw PurchaseError(
                        .paymentInvalid, detail: "balance '\(name)' cannot hold the units this delivery credits",
                        productID: delivery.productID)
                }
                try session.execute(
                    "INSERT INTO delivery_credits (delivery, balance, amount) VALUES (?1, ?2, ?3)",
                    [.integer(sequence), .text(name), .int(amount)])
                try session.execute(
                    """
                    INSERT INTO balances (account, name, credited, spent) VALUES (?3, ?1, ?2, 0)
                    ON CONFLICT (account, name) DO UPDATE SET credited = credited + excluded.credited
                    """, [.text(name), .int(amount), .text(account)])
            }
            return true
        }
    }

    /// The delivery recorded for a transaction, or `nil`.
    public func delivery(for transactionID: TransactionID) async throws -> Delivery? {
        try await read("the ledger cannot read a delivery", ifEmpty: nil) { session in
            var found: (sequence: Int64, delivery: Delivery)?
            try session.query(
                "\(SQLiteLedgerRows.selectDeliveries) WHERE store = ?1 AND transaction_id = ?2",
                [.text(transactionID.store), .text(transactionID.id)]
            ) { row in found = SQLiteLedgerRows.delivery(row) }
            guard let found else { return nil }
            var delivery = found.delivery
            try session.query(
                "SELECT balance, amount FROM delivery_credits WHERE delivery = ?1", [.integer(found.sequence)]
            ) { row in delivery.credits[row.text(0)] = Int(row.integer(1)) }
            return delivery
        }
    }

    /// Records that the provider finished the transaction; idempotent. The mark is written with the
    /// next write or ``flush()``.
    public func markFinished(_ transactionID: TransactionID) async throws {
        deferredFinished.withLock { _ = $0.insert(transactionID) }
    }

    /// Writes the finished marks ``markFinished(_:)`` deferred, in one transaction.
    public func flush() async throws {
        guard deferredFinished.withLock({ !$0.isEmpty }) else { return }
        try await write("the ledger cannot record finished transactions") { _ in () }
    }

    /// Closes the database connection; later calls fail with `PurchaseError.Code.ledgerIOFailed`.
    /// Call ``flush()`` first to keep deferred finished marks.
    public func close() async {
        await connection?.close()
    }

    // MARK: - Revocations and expirations

    /// Records that the store took a delivered purchase back, taking back what its delivery credited;
    /// idempotent.
    public func recordRevocation(_ transactionID: TransactionID, at date: Date) async throws -> Bool {
        try await write("the ledger cannot record a revocation") { session in
            guard let sequence = try SQLiteLedgerRows.sequence(of: transactionID, session) else { return false }
            let inserted = try session.execute(
                "INSERT INTO revocations (delivery, revoked_at) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
                [.integer(sequence), .real(date.timeIntervalSinceReferenceDate)])
            guard inserted == 1 else { return false }
            try session.execute(
                """
                UPDATE balances SET credited = credited - (
                    SELECT amount FROM delivery_credits WHERE delivery = ?1 AND balance = balances.name)
                WHERE account = (SELECT account FROM deliveries WHERE sequence = ?1)
                    AND name IN (SELECT balance FROM delivery_credits WHERE delivery = ?1)
                """, [.integer(sequence)])
            return true
        }
    }

    /// Records that a delivered transaction now ends at `date`, when that is earlier than it ended;
    /// idempotent.
    public func recordExpiration(_ transactionID: TransactionID, at date: Date) async throws -> Bool {
        let end = date.timeIntervalSinceReferenceDate
        return try await write("the ledger cannot record an expiration") { session in
            var found: (sequence: Int64, delivered: Double?, recorded: Double?)?
            try session.query(
                """
                SELECT d.sequence, d.expiration_date, e.expires_at
                FROM deliveries d LEFT JOIN expirations e ON e.delivery = d.sequence
                WHERE d.store = ?1 AND d.transaction_id = ?2
                """, [.text(transactionID.store), .text(transactionID.id)]
            ) { row in found = (row.integer(0), row.optionalReal(1), row.optionalReal(2)) }
            guard let found, let delivered = found.delivered else { return false }
            guard end < min(found.recorded ?? delivered, delivered) else { return false }
            try session.execute(
                """
                INSERT INTO expirations (delivery, expires_at) VALUES (?1, ?2)
                ON CONFLICT (delivery) DO UPDATE SET expires_at = excluded.expires_at
                """, [.integer(found.sequence), .real(end)])
            return true
        }
    }

    // MARK: - Balances

    /// Takes `quantity` units from a balance of one account (`nil`: the default account), refusing
    /// to go below zero (one statement checks and writes, under the write lock).
    public func spend(_ balance: String, quantity: Int, account token: UUID?) async throws -> Int {
        guard quantity > 0 else {
            throw PurchaseError(.clientInvalid, detail: "spend quantity must be positive, got \(quantity)")
        }
        let now = clock.now.timeIntervalSinceReferenceDate
        let account = SQLiteLedgerSchema.account(token)
        return try await write("the ledger cannot record a spend") { session in
            let taken = try session.execute(
                "UPDATE balances SET spent = spent + ?1 WHERE account = ?3 AND name = ?2 AND credited - spent >= ?1",
                [.int(quantity), .text(balance), .text(account)])
            let left = try SQLiteLedgerRows.balance(balance, account: account, session).available
            guard taken == 1 else {
                throw PurchaseError(.insufficientBalance, detail: "\(balance): have \(left), need \(quantity)")
            }
            try session.execute(
                "INSERT INTO spends (balance, quantity, spent_at, account) VALUES (?1, ?2, ?3, ?4)",
                [.text(balance), .int(quantity), .real(now), .text(account)])
            return left
        }
    }

    // MARK: - Contents

    /// Everything the ledger holds, read in one snapshot, with the finished marks not yet written.
    public func contents() async throws -> LedgerContents {
        var contents = try await read("the ledger cannot read its contents", ifEmpty: LedgerContents()) { session in
            var contents = LedgerContents()
            var positions: [Int64: Int] = [:]
            try session.query("\(SQLiteLedgerRows.selectDeliveries) ORDER BY sequence") { row in
                let (sequence, delivery) = SQLiteLedgerRows.delivery(row)
                positions[sequence] = contents.deliveries.count
                contents.deliveries.append(delivery)
            }
            try session.query("SELECT delivery, balance, amount FROM delivery_credits") { row in
                guard let position = positions[row.integer(0)] else { return }
                contents.deliveries[position].credits[row.text(1)] = Int(row.integer(2))
            }
            contents.revocations = try SQLiteLedgerRows.datedTransactions(
                """
                SELECT d.store, d.transaction_id, r.revoked_at
                FROM revocations r JOIN deliveries d ON d.sequence = r.delivery
                """, session)
            contents.expirations = try SQLiteLedgerRows.datedTransactions(
                """
                SELECT d.store, d.transaction_id, e.expires_at
                FROM expirations e JOIN deliveries d ON d.sequence = e.delivery
                """, session)
            try session.query("SELECT store, transaction_id FROM finished") { row in
                contents.finished.insert(TransactionID(store: row.text(0), id: row.text(1)))
            }
            try session.query("SELECT account, name, spent FROM balances WHERE spent > 0") { row in
                let (name, spent) = (row.text(1), Int(row.integer(2)))
                if let token = SQLiteLedgerSchema.token(row.text(0)) {
                    contents.spentByAccount[token, default: [:]][name] = spent
                } else {
                    contents.spent[name] = spent
                }
            }
            return contents
        }
        contents.finished.formUnion(deferredFinished.withLock { $0 })
        return contents
    }

    // MARK: - Running statements

    /// Runs `body` in a transaction holding the write lock, after writing the deferred finished
    /// marks in the same transaction (they are kept for the next write when it fails).
    func write<Result: Sendable>(
        _ what: String, _ body: @escaping @Sendable (SQLiteSession) throws -> Result
    ) async throws(PurchaseError) -> Result {
        guard let connection else {
            throw PurchaseError(.ledgerIOFailed, detail: "\(what): the ledger was opened read-only")
        }
        let finished = deferredFinished.withLock { pending in
            defer { pending = [] }
            return pending
        }
        do {
            return try await connection.run { session in
                try session.transaction(.immediate) {
                    for id in finished.sorted() {
                        try session.execute(
                            "INSERT INTO finished (store, transaction_id) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
                            [.text(id.store), .text(id.id)])
                    }
                    return try body(session)
                }
            }
        } catch {
            deferredFinished.withLock { $0.formUnion(finished) }
            throw Self.ledgerError(error, what)
        }
    }

    /// Runs `body` in a read transaction (one snapshot); `ifEmpty` for a read-only ledger whose
    /// database does not exist.
    func read<Result: Sendable>(
        _ what: String, ifEmpty: Result, _ body: @escaping @Sendable (SQLiteSession) throws -> Result
    ) async throws(PurchaseError) -> Result {
        guard let connection else { return ifEmpty }
        do {
            return try await connection.run { session in try session.transaction(.deferred) { try body(session) } }
        } catch {
            throw Self.ledgerError(error, what)
        }
    }

    /// `error` as the ledger throws it: a `PurchaseError` as it is, anything else as `ledgerIOFailed`.
    private static func ledgerError(_ error: any Error, _ what: String) -> PurchaseError {
        if let error = error as? PurchaseError { return error }
        return PurchaseError(.ledgerIOFailed, detail: "\(what): \(error)", underlyingError: error)
    }
}
