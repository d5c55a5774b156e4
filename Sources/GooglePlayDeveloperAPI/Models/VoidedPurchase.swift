/// A purchase Play voided (refunded, charged back, canceled), as `purchases.voidedpurchases.list`
/// answers it (`androidpublisher#voidedPurchase`).
public struct VoidedPurchase: Sendable, Hashable, Codable {
    /// `androidpublisher#voidedPurchase`.
    public var kind: String?
    /// The voided purchase's token.
    public var purchaseToken: String?
    /// When it was bought, milliseconds since 1970.
    public var purchaseTimeMillis: PlayInt64?
    /// When it was voided, milliseconds since 1970.
    public var voidedTimeMillis: PlayInt64?
    /// The voided order.
    public var orderId: String?
    /// 0 user, 1 developer, 2 Google.
    public var voidedSource: Int?
    /// Why (0 other ... 8), as Google numbers it.
    public var voidedReason: Int?
    /// 1 full refund, 2 quantity-based partial refund.
    public var refundType: Int?
    /// How many units a partial refund voided.
    public var voidedQuantity: Int?

    /// A voided purchase with every field absent.
    public init() {}
}

/// One page of `purchases.voidedpurchases.list`.
public struct VoidedPurchasesPage: Sendable, Hashable, Codable {
    /// The page's paging.
    public struct TokenPagination: Sendable, Hashable, Codable {
        /// The token of the next page; absent on the last.
        public var nextPageToken: String?
    }

    /// The voided purchases of the page (absent: none).
    public var voidedPurchases: [VoidedPurchase]?
    /// Present when more pages follow.
    public var tokenPagination: TokenPagination?

    /// A page holding `voidedPurchases`.
    public init(voidedPurchases: [VoidedPurchase]? = nil, nextPageToken: String? = nil) {
        self.voidedPurchases = voidedPurchases
        self.tokenPagination = nextPageToken.map { TokenPagination(nextPageToken: $0) }
    }
}

/// What `purchases.voidedpurchases.list` is asked for.
public struct VoidedPurchasesQuery: Sendable, Hashable {
    /// The earliest void time, milliseconds since 1970 (`startTime`); Google's default when nil.
    public var startTimeMillis: Int64?
    /// The latest void time, milliseconds since 1970 (`endTime`); now when nil.
    public var endTimeMillis: Int64?
    /// The most purchases a page holds (`maxResults`, Google's default 1000).
    public var maxResults: Int?
    /// Whether voided subscriptions are listed too (`type` 1) or only one-time products (`type` 0).
    public var includeSubscriptions: Bool
    /// Whether quantity-based partial refunds are listed (`includeQuantityBasedPartialRefund`).
    public var includeQuantityBasedPartialRefund: Bool

    /// A query; by default every voided purchase, subscriptions and partial refunds included.
    public init(
        startTimeMillis: Int64? = nil, endTimeMillis: Int64? = nil, maxResults: Int? = nil,
        includeSubscriptions: Bool = true, includeQuantityBasedPartialRefund: Bool = true
    ) {
        self.startTimeMillis = startTimeMillis
        self.endTimeMillis = endTimeMillis
        self.maxResults = maxResults
        self.includeSubscriptions = includeSubscriptions
        self.includeQuantityBasedPartialRefund = includeQuantityBasedPartialRefund
    }
}
