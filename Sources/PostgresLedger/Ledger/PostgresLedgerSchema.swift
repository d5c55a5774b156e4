/// The ledger's tables and the versioned migrations that make them.
///
/// Every table's name starts with `purchasekit_`, so a ledger can share a database with other data.
/// Dates are seconds since 2001-01-01 00:00:00 UTC (`Date.timeIntervalSinceReferenceDate`) in
/// `double precision` columns, which give a `Date` back bit for bit. The default account is the
/// empty string in `account` columns; another account is its app account token's `uuidString`.
///
/// - `purchasekit_schema_versions`: one row per migration applied (`version`, `applied_at`).
/// - `purchasekit_deliveries`: one row per delivery, `sequence` its order; unique on the
///   transaction (`store`, `transaction_id`) and on its fulfillment key (`fulfillment_store`,
///   `fulfillment_id`), across every account, and indexed on `account` (version 2), so that one
///   account's part is read alone. `entitlements` and `credits` are JSON.
/// - `purchasekit_balances`: per account and balance, the units `credited` (deliveries, less what
///   revocations took back) and `spent`; a spend never takes `credited - spent` below zero.
/// - `purchasekit_revocations`: one row per revoked delivery; `treatment` and `debited` (JSON) for
///   a revocation recorded with its payout, `NULL` for one that took back everything; and (version
///   3) the delivery's `account`, indexed, filled by a trigger when an insert leaves it out.
///   Version 3 also indexes the deliveries a holdings view holds (``holdingCondition``) by account.
/// - `purchasekit_expirations`: the earlier end recorded for a delivery.
/// - `purchasekit_finished`: the transactions finished with their provider.
/// - `purchasekit_notifications`: the store notifications applied, keyed by their identity.
/// - `purchasekit_spends` (version 4): the spends made with an identifier, keyed by (`account`,
///   `spend_id`), with the balance `name`, the `quantity` and the `balance_after` the spend, written by
///   the statement that takes the units (`PostgresFulfillmentLedger+IdempotentSpending.swift`).
enum PostgresLedgerSchema {
    /// The key of the advisory lock migrations hold (`pg_advisory_xact_lock`), so that servers
    /// opening one database at once migrate it one after the other.
    static let migrationLock = "7310548129374625841"

    /// The migrations, in order: version `n` is `migrations[n - 1]`. A version once shipped never
    /// changes; a new version is appended.
    static let migrations: [[String]] = [
        [
            """
            CREATE TABLE purchasekit_deliveries (
                sequence bigserial PRIMARY KEY,
                store text NOT NULL,
                transaction_id text NOT NULL,
                original_store text NOT NULL,
                original_transaction_id text NOT NULL,
                fulfillment_store text NOT NULL,
                fulfillment_id text NOT NULL,
                product_id text NOT NULL,
                product_type text NOT NULL,
                quantity bigint NOT NULL,
                entitlements text NOT NULL,
                credits text NOT NULL,
                expiration_date double precision,
                purchase_date double precision NOT NULL,
                delivered_at double precision NOT NULL,
                account text NOT NULL,
                UNIQUE (store, transaction_id),
                UNIQUE (fulfillment_store, fulfillment_id)
            )
            """,
            """
            CREATE TABLE purchasekit_balances (
                account text NOT NULL,
                name text NOT NULL,
                credited bigint NOT NULL,
                spent bigint NOT NULL,
                PRIMARY KEY (account, name)
            )
            """,
            """
            CREATE TABLE purchasekit_revocations (
                delivery bigint PRIMARY KEY REFERENCES purchasekit_deliveries (sequence),
                revoked_at double precision NOT NULL,
                treatment text,
                debited text
            )
            """,
            """
            CREATE TABLE purchasekit_expirations (
                delivery bigint PRIMARY KEY REFERENCES purchasekit_deliveries (sequence),
                expires_at double precision NOT NULL
            )
            """,
            """
            CREATE TABLE purchasekit_finished (
                store text NOT NULL,
                transaction_id text NOT NULL,
                PRIMARY KEY (store, transaction_id)
            )
            """,
            """
            CREATE TABLE purchasekit_notifications (
                id text PRIMARY KEY,
                recorded_at double precision NOT NULL
            )
            """,
        ],
        ["CREATE INDEX purchasekit_deliveries_account ON purchasekit_deliveries (account)"],
        [
            "ALTER TABLE purchasekit_revocations ADD COLUMN account text",
            """
            UPDATE purchasekit_revocations r SET account = d.account
            FROM purchasekit_deliveries d WHERE d.sequence = r.delivery
            """,
            """
            CREATE FUNCTION purchasekit_revocation_account() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF NEW.account IS NULL THEN
                    SELECT d.account INTO NEW.account FROM purchasekit_deliveries d WHERE d.sequence = NEW.delivery;
                END IF;
                RETURN NEW;
            END
            $$
            """,
            """
            CREATE TRIGGER purchasekit_revocations_account BEFORE INSERT ON purchasekit_revocations
            FOR EACH ROW EXECUTE FUNCTION purchasekit_revocation_account()
            """,
            "ALTER TABLE purchasekit_revocations ALTER COLUMN account SET NOT NULL",
            "CREATE INDEX purchasekit_revocations_account ON purchasekit_revocations (account)",
            """
            CREATE INDEX purchasekit_deliveries_holdings ON purchasekit_deliveries (account)
            WHERE (product_type <> 'Consumable' OR entitlements <> '[]')
            """,
        ],
        [
            """
            CREATE TABLE purchasekit_spends (
                account text NOT NULL,
                spend_id text NOT NULL,
                name text NOT NULL,
                quantity bigint NOT NULL CHECK (quantity > 0),
                balance_after bigint NOT NULL,
                recorded_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (account, spend_id)
            )
            """
        ],
    ]

    /// The deliveries a holdings view holds besides the revoked ones (see
    /// `FulfillmentLedger.holdings(for:)`): all but the consumables that grant no entitlement. The
    /// holdings index's condition (version 3 spells it out), written the same way in the queries
    /// that use it so that the planner uses the index.
    static let holdingCondition = "(product_type <> 'Consumable' OR entitlements <> '[]')"

    /// The newest version this code knows.
    static var latestVersion: Int { migrations.count }

    /// Brings the database to ``latestVersion`` in one transaction holding the migration lock:
    /// applies each migration it lacks, in order, and records it. Servers opening one database at
    /// once wait for each other; the later ones find the schema made.
    ///
    /// - Returns: the version the database had before.
    /// - Throws: ``PostgresLedgerError`` with ``PostgresLedgerError/Kind/schemaTooNew`` when the
    ///   database's version is newer than this code's, or what the server refused.
    @discardableResult
    static func migrate(_ session: PostgresSession) throws -> Int {
        try session.transaction { session in
            try session.execute("SELECT pg_advisory_xact_lock($1::bigint)", [migrationLock])
            try session.execute(
                """
                CREATE TABLE IF NOT EXISTS purchasekit_schema_versions (
                    version integer PRIMARY KEY,
                    applied_at timestamptz NOT NULL DEFAULT now()
                )
                """)
            let found = try session.execute("SELECT coalesce(max(version), 0) FROM purchasekit_schema_versions")
            let current = found.first.flatMap { Int($0) } ?? 0
            guard current <= latestVersion else {
                throw PostgresLedgerError(.schemaTooNew, serverMessage: String(current))
            }
            for version in (current + 1)..<(latestVersion + 1) {
                for statement in migrations[version - 1] { try session.execute(statement) }
                try session.execute(
                    "INSERT INTO purchasekit_schema_versions (version) VALUES ($1::integer)", [String(version)])
            }
            return current
        }
    }
}
