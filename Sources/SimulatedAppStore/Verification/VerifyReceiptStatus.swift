/// A verifyReceipt `status`, with Apple's documented meanings and how a client should react.
///
/// Any integer is representable (Apple answers undocumented codes such as 2 or 21001); the named
/// constants are the documented ones.
public struct VerifyReceiptStatus: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The number in the response body.
    public var rawValue: Int

    /// Wraps a status number.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Wraps a status number.
    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    /// 0: the receipt is valid.
    public static let valid = Self(0)
    /// 21000: the request was not an HTTP POST or its JSON could not be read.
    public static let badRequest = Self(21000)
    /// 21002: `receipt-data` was malformed or missing, or the service had a temporary issue (Apple:
    /// "try again").
    public static let malformedReceiptData = Self(21002)
    /// 21003: the receipt could not be authenticated.
    public static let notAuthenticated = Self(21003)
    /// 21004: the shared secret (`password`) does not match the one on file.
    public static let sharedSecretMismatch = Self(21004)
    /// 21005: the receipt server is temporarily unavailable.
    public static let serverUnavailable = Self(21005)
    /// 21006: the receipt is valid but the subscription has expired (the receipt is still decoded).
    public static let subscriptionExpired = Self(21006)
    /// 21007: a sandbox receipt was sent to production; send it to the sandbox.
    public static let sandboxReceiptSentToProduction = Self(21007)
    /// 21008: a production receipt was sent to the sandbox; send it to production.
    public static let productionReceiptSentToSandbox = Self(21008)
    /// 21009: internal data access error; try again later.
    public static let internalDataAccessError = Self(21009)
    /// 21010: the user account cannot be found or was deleted.
    public static let accountNotFound = Self(21010)

    /// The range of Apple's internal errors, whose responses carry `is-retryable`.
    public static let internalErrorRange = 21100...21199

    /// Whether the status is in 21100...21199.
    public var isInternalError: Bool { Self.internalErrorRange.contains(rawValue) }

    /// The environment to send the receipt to instead: the sandbox for 21007, production for 21008.
    public var retryEnvironment: AppStoreEnvironment? {
        switch rawValue {
        case 21007: .sandbox
        case 21008: .production
        default: nil
        }
    }

    /// Whether the same request may succeed later, given the response's `is-retryable` flag:
    /// 21002, 21005 and 21009 always (Apple documents 21002 as malformed data *or* a temporary issue
    /// of the service, to be tried again); 21100...21199 unless `is-retryable` is false (Apple
    /// documents the flag for that range only; a response without it is treated like 21009); nothing
    /// else. A verifier retries a bounded number of times (``VerifyReceiptRetryPolicy``).
    public func isRetryable(flag: Bool?) -> Bool {
        switch rawValue {
        case 21002, 21005, 21009: true
        case Self.internalErrorRange: flag ?? true
        default: false
        }
    }

    /// What the status means, in English, for logs and the command-line tool.
    public var meaning: String {
        switch rawValue {
        case 0: "the receipt is valid"
        case 2: "the receipt is valid but purchased nothing (undocumented)"
        case 21000: "the request could not be read (not a POST, or bad JSON)"
        case 21001: "undocumented status"
        case 21002: "receipt-data was malformed or missing, or the service had a temporary issue; try again"
        case 21003: "the receipt could not be authenticated"
        case 21004: "the shared secret does not match the one on file"
        case 21005: "the receipt server is temporarily unavailable"
        case 21006: "the receipt is valid but the subscription has expired"
        case 21007: "a sandbox receipt was sent to production; send it to the sandbox"
        case 21008: "a production receipt was sent to the sandbox; send it to production"
        case 21009: "internal data access error; try again later"
        case 21010: "the user account cannot be found or was deleted"
        case Self.internalErrorRange: "internal App Store error"
        default: "unknown status"
        }
    }

    /// The number.
    public var description: String { String(rawValue) }

    /// Reads a bare number.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
    }

    /// Writes a bare number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
