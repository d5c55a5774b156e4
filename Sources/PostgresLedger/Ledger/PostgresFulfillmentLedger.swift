public import Foundation
public import PurchaseCore

/// A fulfillment ledger in a PostgreSQL database, shared by every server that opens it: deliveries
/// are recorded exactly once across all of them, as the database's unique keys and row locks
/// guarantee.
///
/// The tables are described in `PostgresLedgerSchema`; opening a ledger brings them to the newest
/// version in one transaction holding an advisory lock, so servers starting at once migrate one
/// database once. libpq blocks: every statement runs on a thread of one of the pool's connections
/// (``PostgresLedgerSettings/poolSize`` of them), never on Swift's cooperative pool.
///
/// Guarantees (the `FulfillmentLedger` and `NotificationLog` implementation requirements):
/// - Every change is one database transaction (or one statement), committed when the call returns:
///   durable as the server's `synchronous_commit` makes it. A call that throws changed nothing,
///   except when the connection broke while the commit was under way (then it may have been
///   committed; the unique keys make a retry answer "already recorded").
/// - ``recordDelivery(_:)`` is one `INSERT ... ON CONFLICT DO NOTHING` into a table unique on the
///   transaction and on its `Delivery.fulfillmentKey` across every account, with its balance credits
///   in the same statement: exactly one caller, on any connection of any server, gets `true`. A
///   delivery whose credits would take a balance out of `Int`'s range is refused
///   (`PurchaseError.Code.paymentInvalid`) and nothing is written.
/// - ``spend(_:quantity:account:)`` is one `UPDATE` that takes the units only where the account's
///   balance holds them: PostgreSQL re-checks the condition on the newest row after waiting for a
///   concurrent change, so no interleaving of spends, on any number of connections or servers,
///   takes a balance below zero.
/// - A revocation locks its delivery's row, is recorded once, and takes its `RevokedPayout` from
///   the account's balances as they stand under the row locks it holds; an expiration is one
///   conditional upsert that only ever moves a delivered, expiring transaction's end earlier;
///   finish marks and notifications are `INSERT ... ON CONFLICT DO NOTHING`, a notification once per
///   identity.
/// - ``contents()`` reads one snapshot (`REPEATABLE READ`): every commit made before it began.
/// - Errors are `PurchaseError`s: `ledgerIOFailed` (retryable) with a ``PostgresLedgerError`` as the
///   underlying error when a connection fails or breaks (the server restarted, its session was
///   ended) or the server refuses a statement; the pool reconnects for later calls.
///   `insufficientBalance` for a spend that does not fit.
public final class PostgresFulfillmentLedger: FulfillmentLedger, NotificationLog, LedgerImporting {
    /// The kind the ledger registers under: `postgres`.
    public static let kind: LedgerKind = "postgres"

    let pool: PostgresConnectionPool
    /// Whether the ledger refuses changes (a read-only deployment).
    public let readOnly: Bool
    /// Whether the database holds the ledger's tables (a read-only ledger of a database never
    /// migrated reads as empty).
    let hasTables: Bool
    /// The deliveries arriving together, recorded together (``recordDelivery(_:)``).
    let deliveryBatches: StatementBatcher<Delivery, Bool>
    /// The accounts whose holdings are asked for together, read together (``holdings(for:)``).
    let holdingsBatches: StatementBatcher<UUID?, LedgerContents>

    private init(pool: PostgresConnectionPool, readOnly: Bool, hasTables: Bool) {
        self.pool = pool
        self.readOnly = readOnly
        self.hasTables = hasTables
        // As many callers run batches as the pool has connections; the others wait for their outcome.
        deliveryBatches = StatementBatcher(maximumBatch: Self.maximumDeliveryBatch, maximumRunners: pool.size)
        holdingsBatches = StatementBatcher(maximumBatch: Self.maximumHoldingsBatch, maximumRunners: pool.size)
    }

    /// Opens the ledger of a database, blocking the calling thread until its first connection is
    /// made and the schema migrated (for a caller that cannot wait asynchronously; a registry factory).
    /// Prefer ``open(connectionString:poolSize:readOnly:)`` from async code.
    ///
    /// - Parameters:
    ///   - connectionString: a libpq connection string or URI.
    ///   - poolSize: the most connections the ledger opens.
    ///   - readOnly: refuses every change, and migrates nothing.
    /// - Throws: `PurchaseError.Code.ledgerIOFailed` with a ``PostgresLedgerError`` when the server
    ///   cannot be reached, or its schema is newer than this code's.
    public convenience init(connectionString: String, poolSize: Int = 4, readOnly: Bool = false) throws(PurchaseError) {
        let pool = PostgresConnectionPool(connectionString: connectionString, size: poolSize)
        let hasTables: Bool
        do {
            hasTables = try pool.withConnectionNow { session in try Self.prepare(session, readOnly: readOnly) }
        } catch {
            throw Self.ledgerError(error, "the PostgreSQL ledger cannot open its database")
        }
        self.init(pool: pool, readOnly: readOnly, hasTables: hasTables)
    }

    /// Opens the ledger of a database: connects and brings its schema to this code's version (see
    /// ``init(connectionString:poolSize:readOnly:)``), on a connection's thread.
    public static func open(
        connectionString: String, poolSize: Int = 4, readOnly: Bool = false
    ) async throws(PurchaseError) -> PostgresFulfillmentLedger {
        let pool = PostgresConnectionPool(connectionString: connectionString, size: poolSize)
        do {
            let hasTables = try await pool.withConnection { session in try prepare(session, readOnly: readOnly) }
            return PostgresFulfillmentLedger(pool: pool, readOnly: readOnly, hasTables: hasTables)
        } catch {
            await pool.close()
            throw ledgerError(error, "the PostgreSQL ledger cannot open its database")
        }
    }

    /// Migrates the database (or, read-only, checks its version); whether it holds the tables.
    private static func prepare(_ session: PostgresSession, readOnly: Bool) throws -> Bool {
        guard readOnly else {
            try PostgresLedgerSchema.migrate(session)
            return true
        }
        let exists = try session.execute("SELECT to_regclass('purchasekit_schema_versions') IS NOT NULL")
        guard exists.first == "t" else { return false }
        let found = try session.execute("SELECT coalesce(max(version), 0) FROM purchasekit_schema_versions")
        let version = found.first.flatMap { Int($0) } ?? 0
        guard version <= PostgresLedgerSchema.latestVersion else {
            throw PostgresLedgerError(.schemaTooNew, serverMessage: String(version))
        }
        return version > 0
    }

    /// Builds the ledger a deployment's `Ledger` entry describes (the registry's factory for
    /// `postgres`), read-only in a read-only deployment.
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured` for unusable settings or an unset
    ///   `ConnectionStringVariable`; `PurchaseError.Code.ledgerIOFailed` when the database cannot be
    ///   opened.
    public convenience init(context: LedgerContext) throws(PurchaseError) {
        let settings = try PostgresLedgerSettings(context.configuration.settings)
        try self.init(
            connectionString: try settings.connectionString(), poolSize: settings.poolSize,
            readOnly: context.readOnly)
    }

    /// Registers the ledger under ``kind`` in `registry`, with its setting keys and the check of its
    /// settings (``PostgresLedgerSettings/init(_:)``), which runs before anything is opened.
    public static func register(in registry: inout ProviderRegistry) {
        registry.registerLedger(
            kind, settingKeys: PostgresLedgerSettings.keys, checkingSettings: { _ = try PostgresLedgerSettings($0) }
        ) { context in
            try PostgresFulfillmentLedger(context: context)
        }
    }

    /// Closes every connection; later calls fail with `PurchaseError.Code.ledgerIOFailed`.
    public func close() async {
        await pool.close()
    }

    // MARK: - Deliveries

    /// Inserts a delivery and credits its balances in one statement (atomic by itself), unless its
    /// transaction or fulfillment key is recorded; whether it was inserted. A credit that would take a
    /// balance out of range fails the whole statement: `PurchaseError.Code.paymentInvalid`, nothing written.
    static func insert(_ delivery: Delivery, _ session: PostgresSession) throws -> Bool {
        let inserted: PostgresRows
        do {
            inserted = try session.execute(insertDelivery, PostgresLedgerRows.parameters(of: delivery))
        } catch {
            guard error.sqlState == "22003" else { throw error }
            throw PurchaseError(
                .paymentInvalid, detail: "a balance cannot hold the units this delivery credits",
                productID: delivery.productID)
        }
        return inserted.first == "1"
    }

    /// The delivery (`$1` to `$15`, as `PostgresLedgerRows.parameters(of:)` gives them) and its credits
    /// (`$11` as JSON), the balances' rows taken in the order of their names (byte order, as the
    /// ledger's other changes of several balances take them); answers 1 when the delivery was new.
    private static let insertDelivery = """
        WITH inserted AS (
            INSERT INTO purchasekit_deliveries (store, transaction_id, original_store, original_transaction_id,
                fulfillment_store, fulfillment_id, product_id, product_type, quantity, entitlements, credits,
                expiration_date, purchase_date, delivered_at, account)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
            ON CONFLICT DO NOTHING RETURNING sequence
        ), credited AS (
            INSERT INTO purchasekit_balances (account, name, credited, spent)
            SELECT $15, credit.key, credit.value::bigint, 0
            FROM inserted, json_each_text($11::text::json) AS credit
            ORDER BY credit.key COLLATE "C"
            ON CONFLICT (account, name) DO UPDATE SET credited = purchasekit_balances.credited + excluded.credited
            RETURNING 1
        )
        SELECT count(*) FROM inserted
        """

    /// The delivery recorded for a transaction, or `nil`.
    public func delivery(for transactionID: TransactionID) async throws -> Delivery? {
        try await read("the ledger cannot read a delivery", ifEmpty: nil) { session in
            let found = try session.execute(
                """
                SELECT \(PostgresLedgerRows.deliveryColumns) FROM purchasekit_deliveries
                WHERE store = $1 AND transaction_id = $2
                """, [transactionID.store, transactionID.id])
            return try found.rows.first.map { row throws(PostgresLedgerError) in try PostgresLedgerRows.delivery(row) }
        }
    }

    /// Records that the provider finished the transaction; idempotent.
    public func markFinished(_ transactionID: TransactionID) async throws {
        _ = try await write("the ledger cannot record a finished transaction", transaction: false) { session in
            try session.execute(
                """
                INSERT INTO purchasekit_finished (store, transaction_id) VALUES ($1, $2) ON CONFLICT DO NOTHING
                """, [transactionID.store, transactionID.id])
        }
    }

    // MARK: - Balances

    /// Takes `quantity` units from a balance of one account (`nil`: the default account), refusing
    /// to go below zero (one statement checks and takes them).
    public func spend(_ balance: String, quantity: Int, account token: UUID?) async throws -> Int {
        guard quantity > 0 else {
            throw PurchaseError(.clientInvalid, detail: "spend quantity must be positive, got \(quantity)")
        }
        let account = PostgresLedgerRows.account(token)
        let parameters = [account, balance, String(quantity)]
        let left: Int? = try await write("the ledger cannot record a spend", transaction: false) { session in
            let taken = try session.execute(
                """
                UPDATE purchasekit_balances SET spent = spent + $3
                WHERE account = $1 AND name = $2 AND credited - spent >= $3
                RETURNING credited - spent
                """, parameters)
            return taken.first.flatMap { Int($0) }
        }
        if let left { return left }
        let available = try await read("the ledger cannot read a balance", ifEmpty: 0) { session in
            let found = try session.execute(
                "SELECT credited - spent FROM purchasekit_balances WHERE account = $1 AND name = $2",
                [account, balance])
            return found.first.flatMap { Int($0) } ?? 0
        }
        throw PurchaseError(.insufficientBalance, detail: "\(balance): have \(available), need \(quantity)")
    }

    // MARK: - Running statements

    /// Runs `body` on a connection of the pool, in one transaction (`transaction`, the default) or as
    /// the one statement it runs; refused when the ledger is read-only.
    func write<Value: Sendable>(
        _ what: String, transaction: Bool = true, _ body: @escaping @Sendable (PostgresSession) throws -> Value
    ) async throws(PurchaseError) -> Value {
        guard !readOnly else {
            throw PurchaseError(.ledgerIOFailed, detail: "\(what): the ledger was opened read-only")
        }
        do {
            if transaction {
                return try await pool.withConnection { session in try session.transaction { try body($0) } }
            }
            return try await pool.withConnection { session in try session.retrying { try body($0) } }
        } catch {
            throw Self.ledgerError(error, what)
        }
    }

    /// `input`'s outcome from a batch of `batcher` (``StatementBatcher/outcome(of:withConnection:run:)``)
    /// run on connections of the pool; a failure as the ledger throws it.
    func batched<Input: Sendable, Output: Sendable>(
        _ input: Input, in batcher: StatementBatcher<Input, Output>, _ what: String,
        run: @escaping @Sendable ([StatementBatcher<Input, Output>.Pending], PostgresSession) -> Void
    ) async throws(PurchaseError) -> Output {
        do {
            return try await batcher.outcome(
                of: input, withConnection: { [pool] body in try await pool.withConnection(body) }, run: run)
        } catch {
            throw Self.ledgerError(error, what)
        }
    }

    /// Runs `body` on a connection of the pool (one statement, or a transaction `body` begins);
    /// `ifEmpty` for a read-only ledger of a database without the ledger's tables.
    func read<Value: Sendable>(
        _ what: String, ifEmpty: Value, _ body: @escaping @Sendable (PostgresSession) throws -> Value
    ) async throws(PurchaseError) -> Value {
        guard hasTables else { return ifEmpty }
        do {
            return try await pool.withConnection(body)
        } catch {
            throw Self.ledgerError(error, what)
        }
    }

    /// `error` as the ledger throws it: a `PurchaseError` as it is, a ``PostgresLedgerError`` as
    /// `ledgerIOFailed`.
    static func ledgerError(_ error: any Error, _ what: String) -> PurchaseError {
        if let error = error as? PurchaseError { return error }
        if let error = error as? PostgresLedgerError { return error.purchaseError(what) }
        return PurchaseError(.ledgerIOFailed, detail: "\(what): \(error)", underlyingError: error)
    }
}
