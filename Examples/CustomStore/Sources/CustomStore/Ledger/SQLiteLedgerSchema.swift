import Foundation

/// The SQLite ledger's tables, and bringing a database file to them.
///
/// Dates are REAL seconds since 2001-01-01T00:00:00Z (Foundation's reference date), so a `Date`
/// comes back exactly as it was written. Transactions are named by their store and the store's
/// identifier, as `TransactionID` does.
enum SQLiteLedgerSchema {
    /// The schema version this code writes, kept in `PRAGMA user_version`.
    static let version: Int64 = 4

    /// The tables of version 1 (a new database gets them, then ``accountsMigration``).
    ///
    /// - `deliveries`: one row per delivery, in the order recorded (`sequence`). A transaction is
    ///   delivered once (`UNIQUE (store, transaction_id)`), and so is what it fulfils
    ///   (`UNIQUE (fulfillment_store, fulfillment_id)`: the original purchase of a non-consumable or
    ///   non-renewing product, the transaction itself otherwise): the insert is the check.
    /// - `delivery_credits`: what a delivery credited to each balance.
    /// - `balances`: each balance's units credited by deliveries standing (a revocation takes its
    ///   delivery's back) and spent; a spend updates `spent` only where `credited - spent` covers it.
    /// - `spends`: every spend, for history.
    /// - `revocations`, `expirations`: at most one row per delivery.
    /// - `finished`: transactions finished with their provider (history only).
    static let tables = [
        """
        CREATE TABLE deliveries (
            sequence INTEGER PRIMARY KEY,
            store TEXT NOT NULL,
            transaction_id TEXT NOT NULL,
            original_store TEXT NOT NULL,
            original_transaction_id TEXT NOT NULL,
            fulfillment_store TEXT NOT NULL,
            fulfillment_id TEXT NOT NULL,
            product_id TEXT NOT NULL,
            product_type TEXT NOT NULL,
            quantity INTEGER NOT NULL CHECK (quantity >= 1),
            entitlements TEXT NOT NULL,
            expiration_date REAL,
            purchase_date REAL NOT NULL,
            delivered_at REAL NOT NULL,
            UNIQUE (store, transaction_id),
            UNIQUE (fulfillment_store, fulfillment_id)
        ) STRICT
        """,
        """
        CREATE TABLE delivery_credits (
            delivery INTEGER NOT NULL REFERENCES deliveries (sequence),
            balance TEXT NOT NULL,
            amount INTEGER NOT NULL CHECK (amount >= 0),
            PRIMARY KEY (delivery, balance)
        ) STRICT, WITHOUT ROWID
        """,
        """
        CREATE TABLE balances (
            name TEXT PRIMARY KEY,
            credited INTEGER NOT NULL,
            spent INTEGER NOT NULL CHECK (spent >= 0)
        ) STRICT, WITHOUT ROWID
        """,
        """
        CREATE TABLE spends (
            sequence INTEGER PRIMARY KEY,
            balance TEXT NOT NULL,
            quantity INTEGER NOT NULL CHECK (quantity >= 1),
            spent_at REAL NOT NULL
        ) STRICT
        """,
        """
        CREATE TABLE revocations (
            delivery INTEGER PRIMARY KEY REFERENCES deliveries (sequence),
            revoked_at REAL NOT NULL
        ) STRICT
        """,
        """
        CREATE TABLE expirations (
            delivery INTEGER PRIMARY KEY REFERENCES deliveries (sequence),
            expires_at REAL NOT NULL
        ) STRICT
        """,
        """
        CREATE TABLE finished (
            store TEXT NOT NULL,
            transaction_id TEXT NOT NULL,
            PRIMARY KEY (store, transaction_id)
        ) STRICT, WITHOUT ROWID
        """,
    ]

    /// From version 1 to 2: accounts. Every delivery, balance and spend belongs to an account, its
    /// app account token as text (`''`: the default account, which everything written by version 1
    /// belongs to).
    ///
    /// - `deliveries.account`, `spends.account`: the account.
    /// - `balances` keyed by (`account`, `name`): each account's balances apart.
    static let accountsMigration = [
        "ALTER TABLE deliveries ADD COLUMN account TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE spends ADD COLUMN account TEXT NOT NULL DEFAULT ''",
        """
        CREATE TABLE account_balances (
            account TEXT NOT NULL,
            name TEXT NOT NULL,
            credited INTEGER NOT NULL,
            spent INTEGER NOT NULL CHECK (spent >= 0),
            PRIMARY KEY (account, name)
        ) STRICT, WITHOUT ROWID
        """,
        "INSERT INTO account_balances (account, name, credited, spent) SELECT '', name, credited, spent FROM balances",
        "DROP TABLE balances",
        "ALTER TABLE account_balances RENAME TO balances",
    ]

    /// From version 2 to 3: the store notifications applied (`NotificationLog`), one row per
    /// identity; the primary key is the check.
    static let notificationsMigration = [
        """
        CREATE TABLE notifications (
            id TEXT PRIMARY KEY,
            recorded_at REAL NOT NULL
        ) STRICT, WITHOUT ROWID
        """
    ]

    /// From version 3 to 4: spends with an identifier (`IdempotentSpending`). `spends.spend_id` names
    /// such a spend (`NULL` for one without), unique per account, so the insert is the check;
    /// `spends.balance_after` keeps the balance it left, which its replays answer.
    static let spendIDsMigration = [
        "ALTER TABLE spends ADD COLUMN spend_id TEXT",
        "ALTER TABLE spends ADD COLUMN balance_after INTEGER",
        "CREATE UNIQUE INDEX spends_spend_id ON spends (account, spend_id) WHERE spend_id IS NOT NULL",
    ]

    /// The account column's text for an app account token (`''` for the default account).
    static func account(_ token: UUID?) -> String { token?.uuidString ?? "" }

    /// The app account token an account column holds (`nil` for the default account).
    static func token(_ account: String) -> UUID? { account.isEmpty ? nil : UUID(uuidString: account) }

    /// Creates the tables in a new database, or brings an older database to this version, in one
    /// transaction (another process doing the same at the same time waits, then finds it done);
    /// leaves a database of this version as it is.
    ///
    /// - Throws: ``SQLiteError`` when the database was written by a newer version of this code, or
    ///   cannot be written.
    static func migrate(_ session: SQLiteSession) throws {
        try session.transaction(.immediate) {
            let found = try session.firstInteger("PRAGMA user_version") ?? 0
            if found == version { return }
            try checkVersion(found, session)
            if found < 1 {
                for table in tables { try session.execute(table) }
            }
            if found < 2 {
                for statement in accountsMigration { try session.execute(statement) }
            }
            if found < 3 {
                for statement in notificationsMigration { try session.execute(statement) }
            }
            for statement in spendIDsMigration { try session.execute(statement) }
            try session.execute("PRAGMA user_version = \(version)")
        }
    }

    /// Whether a database opened read-only has the tables (a database no one wrote to yet has not).
    ///
    /// - Throws: ``SQLiteError`` when it was written by a newer version of this code, or by an older
    ///   one (a read-only connection cannot bring it to this version; opening it for writing does).
    static func isCreated(_ session: SQLiteSession) throws(SQLiteError) -> Bool {
        let found = try session.firstInteger("PRAGMA user_version") ?? 0
        try checkVersion(found, session)
        guard found == 0 || found == version else {
            throw SQLiteError(
                code: 0,
                message: "the ledger's schema is version \(found); open it for writing once to bring it to \(version)",
                path: session.path)
        }
        return found == version
    }

    private static func checkVersion(_ found: Int64, _ session: SQLiteSession) throws(SQLiteError) {
        guard found <= version else {
            throw SQLiteError(
                code: 0, message: "the ledger's schema is version \(found); this code reads up to \(version)",
                path: session.path)
        }
    }
}
