public import AppStoreSignedData

/// The statuses of every auto-renewable subscription of a customer (Apple's `StatusResponse`, the
/// answer of Get All Subscription Statuses), grouped by subscription group.
public struct StatusResponse: Sendable, Hashable, Codable {
    /// The server environment.
    public var environment: AppStoreEnvironment?
    /// The app's bundle identifier.
    public var bundleId: String?
    /// The app's Apple identifier (production only).
    public var appAppleId: Int64?
    /// One entry per subscription group.
    public var data: [SubscriptionGroupStatuses]?

    /// A response with the given members.
    public init(
        environment: AppStoreEnvironment? = nil, bundleId: String? = nil, appAppleId: Int64? = nil,
        data: [SubscriptionGroupStatuses]? = nil
    ) {
        self.environment = environment
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.data = data
    }
}

/// The subscriptions of one group (Apple's `SubscriptionGroupIdentifierItem`).
public struct SubscriptionGroupStatuses: Sendable, Hashable, Codable {
    /// The group.
    public var subscriptionGroupIdentifier: String?
    /// The latest transaction and renewal info of each subscription in the group.
    public var lastTransactions: [LastTransactionsItem]?

    /// An entry with the given members.
    public init(subscriptionGroupIdentifier: String? = nil, lastTransactions: [LastTransactionsItem]? = nil) {
        self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
        self.lastTransactions = lastTransactions
    }
}

/// One subscription's status with its latest signed transaction and renewal info (Apple's
/// `lastTransactionsItem`).
public struct LastTransactionsItem: Sendable, Hashable, Codable {
    /// Its status: 1 active, 2 expired, 3 billing retry, 4 grace period, 5 revoked.
    public var status: AppStoreSubscriptionStatus?
    /// Its original transaction.
    public var originalTransactionId: String?
    /// The latest transaction, a JWS of a `TransactionPayload`.
    public var signedTransactionInfo: String?
    /// The renewal info, a JWS of a `RenewalInfoPayload`.
    public var signedRenewalInfo: String?

    /// An item with the given members.
    public init(
        status: AppStoreSubscriptionStatus? = nil, originalTransactionId: String? = nil,
        signedTransactionInfo: String? = nil, signedRenewalInfo: String? = nil
    ) {
        self.status = status
        self.originalTransactionId = originalTransactionId
        self.signedTransactionInfo = signedTransactionInfo
        self.signedRenewalInfo = signedRenewalInfo
    }
}
