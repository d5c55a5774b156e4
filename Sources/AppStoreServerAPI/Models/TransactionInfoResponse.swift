/// One transaction (Apple's `TransactionInfoResponse`, the answer of Get Transaction Info).
public struct TransactionInfoResponse: Sendable, Hashable, Codable {
    /// The transaction, a JWS of a `TransactionPayload`.
    public var signedTransactionInfo: String?

    /// A response with the given transaction.
    public init(signedTransactionInfo: String? = nil) {
        self.signedTransactionInfo = signedTransactionInfo
    }
}
