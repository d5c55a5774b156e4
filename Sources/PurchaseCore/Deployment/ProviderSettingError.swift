/// A provider's (or a ledger's) setting a deployment cannot use: which key, and what its value must be.
///
/// Provider factories and settings checks (``ProviderRegistry/register(_:settingKeys:checkingSettings:factory:)``)
/// throw it, wrapped in a ``PurchaseError`` of code ``PurchaseError/Code/providerMisconfigured`` or
/// alone; a catalog loader that knows the registry turns it into a diagnostic at the setting's line
/// and column, in the reader's language.
public struct ProviderSettingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What a setting's value must be.
    public enum Expectation: Sendable, Hashable {
        /// `<true/>` or `<false/>`.
        case boolean
        /// A string, possibly empty.
        case string
        /// A string with at least one character.
        case nonEmptyString
        /// An integer of 1 or more.
        case positiveInteger
        /// An integer of 0 or more.
        case nonNegativeInteger
        /// Any integer.
        case integer
        /// A number from 0 to 1.
        case fraction
        /// A dict.
        case dictionary
        /// One of these strings.
        case oneOf([String])
        /// The key itself must be one of these (a nested setting such as `SimulatedErrors.Purchase`).
        case knownKey([String])
        /// A StoreKit error's name (`paymentCancelled`) or its number.
        case storeKitErrorCode
        /// A clock or renewal rate's name (`oneDayPerSecond`, `oneRenewalEveryTwoSeconds`) or a number.
        case timeRate
        /// A value keeping a rule of the plug-in's own, which `message` states: a key whose two
        /// arguments are the setting's key and its owner, as the catalog's `catalog.providerSetting.*`
        /// keys take them (the plug-in's module declares it, the message tables hold its texts);
        /// `description` is the rule in English.
        case rule(MessageKey, description: String)

        /// The expectation in English, for ``ProviderSettingError/description``.
        public var description: String {
            switch self {
            case .boolean: "<true/> or <false/>"
            case .string: "a string"
            case .nonEmptyString: "a non-empty string"
            case .positiveInteger: "an integer of 1 or more"
            case .nonNegativeInteger: "an integer of 0 or more"
            case .integer: "an integer"
            case .fraction: "a number from 0 to 1"
            case .dictionary: "a dict"
            case .oneOf(let choices): "one of " + choices.joined(separator: ", ")
            case .knownKey(let keys): "a key among " + keys.joined(separator: ", ")
            case .storeKitErrorCode: "an SKError name such as paymentCancelled, or its number"
            case .timeRate: "a rate name such as oneDayPerSecond or oneRenewalEveryTwoSeconds, or a number"
            case .rule(_, let description): description
            }
        }
    }

    /// The kind of the plug-in whose setting it is: a provider's, or a ledger's when ``isLedgerSetting``.
    public var kind: ProviderKind
    /// The setting's key; a nested setting's path joined with `.` (`SimulatedErrors.Purchase`).
    public var key: String
    /// What the value (or, for ``Expectation/knownKey(_:)``, the key) must be.
    public var expected: Expectation
    /// Whether the setting is a ledger's (the deployment's `Ledger` settings), not a provider's.
    public var isLedgerSetting: Bool

    /// Creates an error about a provider's setting.
    public init(_ kind: ProviderKind, key: String, expected: Expectation) {
        self.kind = kind
        self.key = key
        self.expected = expected
        self.isLedgerSetting = false
    }

    /// Creates an error about a ledger's setting.
    public init(ledger kind: LedgerKind, key: String, expected: Expectation) {
        self.kind = ProviderKind(kind.rawValue)
        self.key = key
        self.expected = expected
        self.isLedgerSetting = true
    }

    /// The problem in English, for developers: `the file setting 'AutoRenew' must be <true/> or <false/>`
    /// (`the file ledger setting ...` for a ledger's).
    public var description: String {
        "the \(kind)\(isLedgerSetting ? " ledger" : "") setting '\(key)' must be \(expected.description)"
    }

    /// The error as a ``PurchaseError`` of code ``PurchaseError/Code/providerMisconfigured``.
    public var purchaseError: PurchaseError {
        PurchaseError(.providerMisconfigured, detail: description, underlyingError: self)
    }
}
