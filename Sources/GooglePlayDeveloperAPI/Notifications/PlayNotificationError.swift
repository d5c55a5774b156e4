/// Why a Play notification was not applied. Its identity is not recorded, and the server answers with
/// an error status, which makes Pub/Sub push the same message again later.
///
/// ``isRetryable`` tells whether a redelivery can succeed: the Play Developer API could not answer now
/// (429, 5xx, unreachable) or refused the server's access token (401, 403, none set: fixed on the
/// server's side), the ledger failed, or the catalog lacked the product.
public struct PlayNotificationError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure; stable, and a code once given is never reused.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The number.
        public let rawValue: Int
        /// The code numbered `rawValue`.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The body is not a Pub/Sub push carrying a developer notification.
        public static let malformedPush = Code(rawValue: 1)
        /// The notification is for another app (its `packageName`).
        public static let wrongPackage = Code(rawValue: 2)
        /// The Play Developer API failed (``PlayNotificationError/apiError`` says how).
        public static let apiFailed = Code(rawValue: 3)
        /// The purchase's product is not in the deployment's catalog; retryable once it is.
        public static let unknownProduct = Code(rawValue: 4)
        /// The ledger could not read or write; retryable.
        public static let ledgerFailed = Code(rawValue: 5)
        /// The ledger refuses the delivery (the units it credits overflow a balance).
        public static let undeliverable = Code(rawValue: 6)
        /// Play's answer lacks what the notification needs (a purchased purchase without its order), or
        /// holds a `purchaseState` this processor does not know.
        public static let incompletePurchase = Code(rawValue: 7)

        /// A name for logs.
        public var description: String {
            switch self {
            case .malformedPush: "malformedPush"
            case .wrongPackage: "wrongPackage"
            case .apiFailed: "apiFailed"
            case .unknownProduct: "unknownProduct"
            case .ledgerFailed: "ledgerFailed"
            case .undeliverable: "undeliverable"
            case .incompletePurchase: "incompletePurchase"
            default: "code \(rawValue)"
            }
        }
    }

    /// The kind of failure.
    public var code: Code
    /// What failed, for logs (not localized).
    public var detail: String
    /// The Pub/Sub message's identity, once it is known.
    public var messageID: String?
    /// The API's error, for ``Code/apiFailed``.
    public var apiError: PlayDeveloperAPIError?
    /// The ledger's error, for ``Code/ledgerFailed``, ``Code/unknownProduct`` and ``Code/undeliverable``.
    public var underlying: (any Error & Sendable)?

    /// An error.
    public init(
        _ code: Code, detail: String, messageID: String? = nil, apiError: PlayDeveloperAPIError? = nil,
        underlying: (any Error & Sendable)? = nil
    ) {
        self.code = code
        self.detail = detail
        self.messageID = messageID
        self.apiError = apiError
        self.underlying = underlying
    }

    /// Whether the same message may be applied when Pub/Sub pushes it again.
    public var isRetryable: Bool {
        switch code {
        case .ledgerFailed, .unknownProduct: true
        // A refused or missing access token is the server's to fix: the message applies once it is.
        case .apiFailed:
            apiError.map { $0.isRetryable || $0.code == .unauthorized || $0.code == .invalidRequest } ?? true
        default: false
        }
    }

    /// The HTTP status a push endpoint answers with: 400 for a push that will never apply (Pub/Sub
    /// pushes it again all the same, until its retention ends), 503 for one a redelivery may apply.
    public var httpStatus: Int { isRetryable ? 503 : 400 }

    /// The code and the detail.
    public var description: String {
        var text = "\(code): \(detail)"
        if let messageID { text += " (message \(messageID))" }
        if let apiError { text += ": \(apiError)" }
        if let underlying { text += ": \(underlying)" }
        return text
    }
}
