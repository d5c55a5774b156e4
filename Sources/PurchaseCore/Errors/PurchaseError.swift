/// The one error type of PurchaseKit: every failure of a store, a verifier, a ledger or a catalog
/// reaches the caller as a `PurchaseError`.
///
/// Guarantees:
/// - ``code`` is stable: its ``Code/rawValue`` is never reused for another meaning, and new codes
///   may be added in any release, so switch over ``code`` with a `default` branch.
/// - ``isRetryable`` says whether trying the same thing again later may succeed, and
///   ``recoveryAction`` what a person can do about it; a person's own cancel has no action.
/// - ``underlyingError`` keeps the provider's or the system's original error for logs.
public struct PurchaseError: Error, Sendable, CustomStringConvertible {
    /// A stable identifier of what went wrong.
    public var code: Code
    /// Technical detail for logs, in English; what a person sees comes from the message table.
    public var detail: String?
    /// A finer cause within ``code`` whose message says more than the code's, when there is one.
    public var reason: Reason?
    /// The error that caused this one, when there was one (a provider's native error, an I/O error).
    public var underlyingError: (any Error & Sendable)?
    /// For ``Code/verificationFailed`` and ``Code/receiptInvalid``: the verifier's status
    /// (for the App Store, the verifyReceipt `status`).
    public var verifierStatus: Int?
    /// The product the operation was about, when there was one.
    public var productID: String?

    /// Creates an error.
    public init(
        _ code: Code,
        detail: String? = nil,
        reason: Reason? = nil,
        productID: String? = nil,
        verifierStatus: Int? = nil,
        underlyingError: (any Error & Sendable)? = nil
    ) {
        self.code = code
        self.detail = detail
        self.reason = reason
        self.productID = productID
        self.verifierStatus = verifierStatus
        self.underlyingError = underlyingError
    }

    /// Whether the same operation may succeed if tried again later without changing anything.
    public var isRetryable: Bool { code.isRetryable }

    /// What a person can do about the failure.
    public var recoveryAction: RecoveryAction { code.recoveryAction }

    /// `name (code): detail`, for logs.
    public var description: String {
        var text = "\(code.name) (\(code.rawValue))"
        if let productID { text += " [\(productID)]" }
        if let reason { text += " reason \(reason)" }
        if let verifierStatus { text += " status \(verifierStatus)" }
        if let detail { text += ": \(detail)" }
        if let underlyingError { text += " (underlying: \(underlyingError))" }
        return text
    }
}

extension PurchaseError {
    /// What a person can do to get past an error.
    public enum RecoveryAction: String, Sendable, Hashable, CaseIterable {
        /// Nothing: the person chose this (a cancel), or nothing they do changes it.
        case none
        /// Try again later.
        case retry
        /// Change a setting on the device (turn on In-App Purchases in Settings > Screen Time).
        case openSettings
        /// Fix the payment method or account.
        case updatePaymentMethod
        /// Ask the developer or the store for help.
        case contactSupport
    }
}
