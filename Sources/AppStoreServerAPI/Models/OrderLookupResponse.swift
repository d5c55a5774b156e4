/// The transactions of a customer's order (Apple's `OrderLookupResponse`, the answer of Look Up
/// Order ID): ``status`` 0 when the order ID is valid, 1 when it is not (then no transactions).
public struct OrderLookupResponse: Sendable, Hashable, Codable {
    /// 0 valid, 1 invalid (Apple's `OrderLookupStatus`).
    public var status: Int32?
    /// The order's transactions, each a JWS of a `TransactionPayload`.
    public var signedTransactions: [String]?

    /// A response with the given members.
    public init(status: Int32? = nil, signedTransactions: [String]? = nil) {
        self.status = status
        self.signedTransactions = signedTransactions
    }

    /// Whether the order ID was found (``status`` 0).
    public var isValid: Bool { status == 0 }
}
