/// Why a notification was not processed. Nothing of it was applied, its `notificationUUID` is not
/// recorded, and the server answers with an error status (a 40x or 50x), which the App Store
/// retries later: in production five times, 1, 12, 24, 48 and 72 hours apart; in the sandbox never.
///
/// ``isRetryable`` tells whether a retry can succeed: a ledger that could not write, or a check that
/// could not be made now. A notification that failed verification is never applied, however often
/// it comes.
public struct NotificationProcessingError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure; stable, and a code once given is never reused.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The number.
        public let rawValue: Int
        /// The code numbered `rawValue`.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The body is not `{"signedPayload": "<JWS>"}`.
        public static let malformedBody = Code(rawValue: 1)
        /// A signature, certificate chain, app or environment check failed.
        public static let verificationFailed = Code(rawValue: 2)
        /// A check could not be made now (an online check that did not answer); retryable.
        public static let verificationUnavailable = Code(rawValue: 3)
        /// The verified notification lacks what it needs: a `notificationUUID`, the transaction its
        /// type carries, or a transaction's identifier, product, purchase date or type.
        public static let incompleteNotification = Code(rawValue: 4)
        /// The transaction's product is not in the deployment's catalog; retryable once it is.
        public static let unknownProduct = Code(rawValue: 5)
        /// The ledger could not read or write; retryable.
        public static let ledgerFailed = Code(rawValue: 6)
        /// The ledger refuses the transaction's delivery (the units it credits overflow a balance).
        public static let undeliverable = Code(rawValue: 7)

        /// A name for logs.
        public var description: String {
            switch self {
            case .malformedBody: "malformedBody"
            case .verificationFailed: "verificationFailed"
            case .verificationUnavailable: "verificationUnavailable"
            case .incompleteNotification: "incompleteNotification"
            case .unknownProduct: "unknownProduct"
            case .ledgerFailed: "ledgerFailed"
            case .undeliverable: "undeliverable"
            default: "code \(rawValue)"
            }
        }
    }

    /// The kind of failure.
    public var code: Code
    /// What failed, for logs (not localized).
    public var detail: String
    /// The notification's identity, once it is known.
    public var notificationUUID: String?
    /// The error underneath: the verifier's, or the ledger's `PurchaseError`.
    public var underlying: (any Error & Sendable)?

    /// An error.
    public init(
        _ code: Code, detail: String, notificationUUID: String? = nil, underlying: (any Error & Sendable)? = nil
    ) {
        self.code = code
        self.detail = detail
        self.notificationUUID = notificationUUID
        self.underlying = underlying
    }

    /// Whether the same notification may succeed later: the ledger failed, a check could not be
    /// made now, or the catalog lacked the product.
    public var isRetryable: Bool {
        code == .ledgerFailed || code == .verificationUnavailable || code == .unknownProduct
    }

    /// The HTTP status a server answers with: 400 for a notification that will never be applied
    /// (the App Store retries a 40x too, and it is refused again), 503 for one a retry may apply.
    public var httpStatus: Int { isRetryable ? 503 : 400 }

    /// The code and the detail.
    public var description: String {
        var text = "\(code): \(detail)"
        if let notificationUUID { text += " (notification \(notificationUUID))" }
        if let underlying { text += ": \(underlying)" }
        return text
    }
}
