public import PurchaseCore

/// The file store's own keys in a catalog's `ProviderSettings` (or a `Providers` entry's `Settings`).
///
/// | key | type | default | meaning |
/// |---|---|---|---|
/// | `StateFolder` | string | `file-store` | the store's folder, relative to the state folder (`--state`) |
/// | `RequiresApproval` | bool | `false` | every purchase waits for approval (Ask to Buy) until ``FileStoreProvider/approve(transactionID:)`` or ``FileStoreProvider/decline(transactionID:)`` |
/// | `AutoRenew` | bool | `true` | whether new auto-renewable subscriptions renew at the end of each period |
/// | `CanMakePayments` | bool | `true` | `false` answers that purchases are turned off |
/// | `Storefront` | string | the deployment's | the storefront whose prices the store charges |
/// | `Locale` | string | the deployment's | the language of product names and descriptions |
/// | `CompactionThreshold` | integer | 64 MiB | log size in bytes beyond which the store's journal compacts |
public struct FileStoreSettings: Sendable, Hashable {
    /// The default ``stateFolder``: with it the store keeps its records in the state folder's
    /// ``PurchaseJournal``, which a deployment shares with the file ledger.
    public static let defaultStateFolder = "file-store"
    /// Every key ``init(_:)`` reads.
    public static let keys = [
        "StateFolder", "RequiresApproval", "AutoRenew", "CanMakePayments", "Storefront", "Locale",
        "CompactionThreshold",
    ]

    /// The store's folder, relative to the state folder (an absolute path is used as is); any value
    /// but ``defaultStateFolder`` gives the store its own journal there.
    public var stateFolder: String
    /// Whether purchases are deferred until approved.
    public var requiresApproval: Bool
    /// Whether new auto-renewable subscriptions renew.
    public var autoRenew: Bool
    /// Whether purchases are allowed at all.
    public var canMakePayments: Bool
    /// The storefront to charge in; `nil` means the deployment's.
    public var storefront: String?
    /// The locale of product texts; `nil` means the deployment's.
    public var locale: String?
    /// The journal's compaction threshold in bytes; `nil` keeps the journal's default. For a shared
    /// journal it applies only when the store is the first to open it.
    public var compactionThreshold: Int64?

    /// Creates settings; every parameter has the documented default.
    public init(
        stateFolder: String = "file-store",
        requiresApproval: Bool = false,
        autoRenew: Bool = true,
        canMakePayments: Bool = true,
        storefront: String? = nil,
        locale: String? = nil,
        compactionThreshold: Int64? = nil
    ) {
        self.stateFolder = stateFolder
        self.requiresApproval = requiresApproval
        self.autoRenew = autoRenew
        self.canMakePayments = canMakePayments
        self.storefront = storefront
        self.locale = locale
        self.compactionThreshold = compactionThreshold
    }

    /// Reads the settings from a catalog's provider settings; unknown keys are ignored.
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured`, with a `ProviderSettingError` naming
    ///   the key, when a value has the wrong type or is out of range.
    public init(_ settings: [String: SettingValue]) throws(PurchaseError) {
        self.init()
        func string(_ key: String) throws(PurchaseError) -> String? {
            guard let value = settings[key] else { return nil }
            guard let text = value.stringValue, !text.isEmpty else { throw Self.wrongType(key, .nonEmptyString) }
            return text
        }
        func bool(_ key: String) throws(PurchaseError) -> Bool? {
            guard let value = settings[key] else { return nil }
            guard let flag = value.boolValue else { throw Self.wrongType(key, .boolean) }
            return flag
        }
        if let folder = try string("StateFolder") { stateFolder = folder }
        if let flag = try bool("RequiresApproval") { requiresApproval = flag }
        if let flag = try bool("AutoRenew") { autoRenew = flag }
        if let flag = try bool("CanMakePayments") { canMakePayments = flag }
        storefront = try string("Storefront")
        locale = try string("Locale")
        if let value = settings["CompactionThreshold"] {
            guard let bytes = value.integerValue, bytes > 0 else {
                throw Self.wrongType("CompactionThreshold", .positiveInteger)
            }
            compactionThreshold = bytes
        }
    }

    private static func wrongType(_ key: String, _ expected: ProviderSettingError.Expectation) -> PurchaseError {
        ProviderSettingError(FileStoreProvider.kind, key: key, expected: expected).purchaseError
    }
}
