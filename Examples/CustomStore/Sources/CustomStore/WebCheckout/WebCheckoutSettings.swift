public import PurchaseKit

/// The `web-checkout` provider's own keys in a catalog's `ProviderSettings`.
///
/// | key | type | default | meaning |
/// |---|---|---|---|
/// | `ShopFolder` | string | required | the web shop's folder (`checkouts/`, `orders/`), relative to the state folder or absolute |
/// | `Secret` | string | | the shop's signing secret, used when `SecretEnvironment` gives none |
/// | `SecretEnvironment` | string | | the name of an environment variable holding the secret; wins over `Secret` when it is set and not empty |
/// | `PollInterval` | integer | 5 | seconds between two looks at `orders/` once the provider is started |
///
/// One of `Secret` and `SecretEnvironment` is required.
public struct WebCheckoutSettings: Sendable, Hashable {
    /// Every key ``init(_:)`` reads.
    public static let keys = ["PollInterval", "Secret", "SecretEnvironment", "ShopFolder"]

    /// The shop's folder, relative to the state folder unless it starts with `/`.
    public var shopFolder: String
    /// The signing secret written in the catalog, if any.
    public var secret: String?
    /// The environment variable holding the signing secret, if any.
    public var secretEnvironment: String?
    /// Seconds between two looks at the orders while started.
    public var pollInterval: Int

    /// Creates settings.
    public init(shopFolder: String, secret: String? = nil, secretEnvironment: String? = nil, pollInterval: Int = 5) {
        self.shopFolder = shopFolder
        self.secret = secret
        self.secretEnvironment = secretEnvironment
        self.pollInterval = pollInterval
    }

    /// Reads a catalog's provider settings, without looking at the environment or any file (the
    /// check a registry runs before anything is opened); keys it does not know are ignored.
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured` with a `ProviderSettingError` naming the
    ///   first key that is missing, of the wrong type or out of range.
    public init(_ settings: [String: SettingValue]) throws(PurchaseError) {
        func text(_ key: String) throws(PurchaseError) -> String? {
            guard let value = settings[key] else { return nil }
            guard let text = value.stringValue, !text.isEmpty else { throw Self.problem(key, .nonEmptyString) }
            return text
        }
        guard let shopFolder = try text("ShopFolder") else { throw Self.problem("ShopFolder", .nonEmptyString) }
        self.init(shopFolder: shopFolder, secret: try text("Secret"), secretEnvironment: try text("SecretEnvironment"))
        if secret == nil, secretEnvironment == nil { throw Self.problem("Secret", .nonEmptyString) }
        if let value = settings["PollInterval"] {
            guard let seconds = value.integerValue, seconds >= 1, seconds <= 86_400 else {
                throw Self.problem("PollInterval", .positiveInteger)
            }
            pollInterval = Int(seconds)
        }
    }

    /// The signing secret: the value of ``secretEnvironment`` in `environment` when it is set and not
    /// empty, else ``secret``.
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured` when neither gives one.
    public func resolveSecret(in environment: [String: String]) throws(PurchaseError) -> String {
        if let name = secretEnvironment, let value = environment[name], !value.isEmpty { return value }
        if let secret { return secret }
        throw PurchaseError(
            .providerMisconfigured,
            detail: "the web-checkout secret: the variable \(secretEnvironment ?? "") is not set and no Secret is given"
        )
    }

    private static func problem(_ key: String, _ expected: ProviderSettingError.Expectation) -> PurchaseError {
        ProviderSettingError(WebCheckoutProvider.kind, key: key, expected: expected).purchaseError
    }
}
