public import PurchaseKit

/// The `sqlite` ledger's own keys in a deployment's `Ledger` settings.
///
/// | key | type | default | meaning |
/// |---|---|---|---|
/// | `Path` | string | `purchases.sqlite` | the database file, relative to the state folder (or absolute) |
/// | `BusyTimeout` | integer | 5000 | how long a write waits for another process's lock, in milliseconds |
public struct SQLiteLedgerSettings: Sendable, Hashable {
    /// Every key ``init(_:)`` reads.
    public static let keys = ["BusyTimeout", "Path"]
    /// The default ``path``.
    public static let defaultPath = "purchases.sqlite"

    /// The database file, relative to the state folder unless it starts with `/`.
    public var path: String
    /// How long a statement waits for a lock another connection holds, in milliseconds.
    public var busyTimeout: Int

    /// Creates settings.
    public init(path: String = SQLiteLedgerSettings.defaultPath, busyTimeout: Int = 5000) {
        self.path = path
        self.busyTimeout = busyTimeout
    }

    /// Reads the settings of a deployment's `Ledger` entry; keys it does not know are ignored (a
    /// catalog loader warns about them).
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured`, with a `ProviderSettingError` naming the
    ///   key, for a value of the wrong type or out of range.
    public init(_ settings: [String: SettingValue]) throws(PurchaseError) {
        self.init()
        if let value = settings["Path"] {
            guard let path = value.stringValue, !path.isEmpty else {
                throw ProviderSettingError(ledger: SQLiteFulfillmentLedger.kind, key: "Path", expected: .nonEmptyString)
                    .purchaseError
            }
            self.path = path
        }
        if let value = settings["BusyTimeout"] {
            guard let milliseconds = value.integerValue, milliseconds >= 1, milliseconds <= Int64(Int32.max) else {
                throw ProviderSettingError(
                    ledger: SQLiteFulfillmentLedger.kind, key: "BusyTimeout", expected: .positiveInteger
                ).purchaseError
            }
            busyTimeout = Int(milliseconds)
        }
    }
}
