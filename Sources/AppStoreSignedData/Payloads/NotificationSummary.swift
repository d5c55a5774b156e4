/// The summary a notification carries instead of `data` when the App Store finished extending the
/// renewal dates of many subscriptions at once (Apple's `summary`, in a `RENEWAL_EXTENSION`
/// notification of subtype `SUMMARY`).
///
/// Every field is optional, as in Apple's schema; fields this type does not know are ignored when
/// decoding.
public struct NotificationSummary: Sendable, Hashable, Codable {
    /// The server environment.
    public var environment: AppStoreEnvironment?
    /// The app's Apple identifier.
    public var appAppleId: Int64?
    /// The app's bundle identifier.
    public var bundleId: String?
    /// The product whose subscriptions were extended.
    public var productId: String?
    /// The identifier the developer gave the extension request.
    public var requestIdentifier: String?
    /// The storefronts the extension was limited to, ISO 3166-1 alpha-3.
    public var storefrontCountryCodes: [String]?
    /// How many subscriptions were extended.
    public var succeededCount: Int64?
    /// How many subscriptions could not be extended.
    public var failedCount: Int64?

    /// A summary with no field set.
    public init() {}
}
