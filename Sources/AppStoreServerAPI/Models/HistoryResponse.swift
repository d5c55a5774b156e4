public import AppStoreSignedData

/// One page of a customer's transaction history (Apple's `HistoryResponse`, the answer of Get
/// Transaction History v2): up to 20 signed transactions, the `revision` that asks for the next page
/// and whether there is one.
///
/// Every member is optional, as Apple's JSON may omit any; unknown members are ignored.
public struct HistoryResponse: Sendable, Hashable, Codable {
    /// The token that asks for the page after this one (also when ``hasMore`` is false: it finds
    /// transactions that arrive later).
    public var revision: String?
    /// Whether more transactions follow.
    public var hasMore: Bool?
    /// The app's bundle identifier.
    public var bundleId: String?
    /// The app's Apple identifier (production only).
    public var appAppleId: Int64?
    /// The server environment.
    public var environment: AppStoreEnvironment?
    /// The transactions, each a JWS of a `TransactionPayload`.
    public var signedTransactions: [String]?

    /// A page with the given members.
    public init(
        revision: String? = nil, hasMore: Bool? = nil, bundleId: String? = nil, appAppleId: Int64? = nil,
        environment: AppStoreEnvironment? = nil, signedTransactions: [String]? = nil
    ) {
        self.revision = revision
        self.hasMore = hasMore
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.environment = environment
        self.signedTransactions = signedTransactions
    }
}
