/// The SQLite ledger's tables, and bringing a database file to them.
///
/// Dates are REAL seconds since 2001-01-01T00:00:00Z (Foundation's reference date), so a `Date`
/// comes back exactly as it was written. Transactions are named by their store and the store's
/// identifier, as `TransactionID` does.
enum SQLiteLedgerSchema {
    /// The schema version this code writes, kept in `PRAGMA user_version`.
    static let version: Int64 = 1

    /// The tables of version 1.
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

    /// Creates the tables in a new database, in one transaction (another process creating them at
    /// the same time waits, then finds them made); leaves a database of this version as it is.
    ///
    /// - Throws: ``SQLiteError`` when the database was written by a newer version of this code, or
    ///   cannot be written.
    static func migrate(_ session: SQLiteSession) throws {
        try session.transaction(.immediate) {
            let found = try session.firstInteger("PRAGMA user_version") ?? 0
            if found == version { return }
            try checkVersion(found, session)
            for table in tables { try session.execute(table) }
            try session.execute("PRAGMA user_version = \(version)")
        }
    }

    /// Whether a database opened read-only has the tables (a database no one wrote to yet has not).
    ///
    /// - Throws: ``SQLiteError`` when it was written by a newer version of this code.
    static func isCreated(_ session: SQLiteSession) throws(SQLiteError) -> Bool {
        let found = try session.firstInteger("PRAGMA user_version") ?? 0
        try checkVersion(found, session)
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
