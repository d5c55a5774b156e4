public import AppStoreSignedData

/// A request to extend one subscription's renewal date (Apple's `ExtendRenewalDateRequest`).
public struct ExtendRenewalDateRequest: Sendable, Hashable, Codable {
    /// Days to extend by, 1 to 90.
    public var extendByDays: Int32?
    /// Why: 0 undeclared, 1 customer satisfaction, 2 other, 3 service issue or outage.
    public var extendReasonCode: Int32?
    /// A unique identifier of the request (a UUID is fine), at most 128 characters.
    public var requestIdentifier: String?

    /// A request with the given members.
    public init(extendByDays: Int32? = nil, extendReasonCode: Int32? = nil, requestIdentifier: String? = nil) {
        self.extendByDays = extendByDays
        self.extendReasonCode = extendReasonCode
        self.requestIdentifier = requestIdentifier
    }
}

/// What an extension did (Apple's `ExtendRenewalDateResponse`).
public struct ExtendRenewalDateResponse: Sendable, Hashable, Codable {
    /// The subscription's original transaction.
    public var originalTransactionId: String?
    /// The web order line item of the period extended.
    public var webOrderLineItemId: String?
    /// Whether the renewal date was extended.
    public var success: Bool?
    /// The new renewal date.
    public var effectiveDate: AppStoreDate?

    /// A response with the given members.
    public init(
        originalTransactionId: String? = nil, webOrderLineItemId: String? = nil, success: Bool? = nil,
        effectiveDate: AppStoreDate? = nil
    ) {
        self.originalTransactionId = originalTransactionId
        self.webOrderLineItemId = webOrderLineItemId
        self.success = success
        self.effectiveDate = effectiveDate
    }
}
