public import AppStoreSignedData

/// Whether a piece of signed data passed verification (StoreKit 2's `VerificationResult`): verified,
/// or unverified with the reason in English.
public enum StoreKit2Verification: Sendable, Hashable {
    /// The signature, the chain to the trusted root, the bundle id and the environment all checked.
    case verified
    /// A check failed; the payload was decoded without being trusted.
    case unverified(reason: String)
}

/// One signed value of the StoreKit 2 face: the compact JWS as the store issued it, its decoded payload,
/// and whether it verified (StoreKit 2's `VerificationResult<Transaction>`, `VerificationResult<RenewalInfo>`,
/// `VerificationResult<AppTransaction>`).
///
/// Guarantees: ``payload`` is the JWS's own payload; it is to be trusted only when ``verification`` is
/// ``StoreKit2Verification/verified``.
public struct StoreKit2Signed<Payload: Sendable & Hashable>: Sendable, Hashable {
    /// The compact JWS (`jwsRepresentation`).
    public let jwsRepresentation: String
    /// The decoded payload.
    public let payload: Payload
    /// Whether the JWS verified against the store's root.
    public let verification: StoreKit2Verification

    /// A signed value as decoded and checked.
    public init(jwsRepresentation: String, payload: Payload, verification: StoreKit2Verification) {
        self.jwsRepresentation = jwsRepresentation
        self.payload = payload
        self.verification = verification
    }

    /// Whether ``verification`` is ``StoreKit2Verification/verified``.
    public var isVerified: Bool { verification == .verified }
}

/// A signed transaction of the StoreKit 2 face.
public typealias StoreKit2Transaction = StoreKit2Signed<TransactionPayload>
/// A subscription's signed renewal info on the StoreKit 2 face.
public typealias StoreKit2RenewalInfo = StoreKit2Signed<RenewalInfoPayload>
/// The signed app transaction on the StoreKit 2 face.
public typealias StoreKit2AppTransaction = StoreKit2Signed<AppTransactionPayload>

/// Where an auto-renewable subscription stands (StoreKit 2's `Product.SubscriptionInfo.RenewalState`).
public enum StoreKit2RenewalState: String, Sendable, Hashable {
    /// In a paid period.
    case subscribed
    /// Ended (auto-renew off, billing retry given up, or a price increase not consented).
    case expired
    /// A renewal could not be charged; the App Store retries and the person has no access.
    case inBillingRetryPeriod
    /// A renewal could not be charged; the person keeps access until the grace period ends.
    case inGracePeriod
    /// The App Store refunded or revoked it.
    case revoked

    /// The state of Apple's subscription status code (`status` of the App Store Server API).
    init(_ status: AppStoreSubscriptionStatus) {
        switch status {
        case .active: self = .subscribed
        case .billingRetry: self = .inBillingRetryPeriod
        case .gracePeriod: self = .inGracePeriod
        case .revoked: self = .revoked
        default: self = .expired
        }
    }
}

/// One subscription's status in its group (StoreKit 2's `Product.SubscriptionInfo.Status`): its state,
/// its latest transaction and its renewal info, both signed.
public struct StoreKit2SubscriptionStatus: Sendable, Hashable {
    /// Where the subscription stands.
    public let state: StoreKit2RenewalState
    /// The latest transaction of the subscription (its current or last period).
    public let transaction: StoreKit2Transaction
    /// Its renewal info (what renews next, auto-renew, billing retry, grace period).
    public let renewalInfo: StoreKit2RenewalInfo

    /// A status as the store reports it.
    public init(state: StoreKit2RenewalState, transaction: StoreKit2Transaction, renewalInfo: StoreKit2RenewalInfo) {
        self.state = state
        self.transaction = transaction
        self.renewalInfo = renewalInfo
    }
}

/// What a purchase on the StoreKit 2 face came to (StoreKit 2's `Product.PurchaseResult`).
public enum StoreKit2PurchaseResult: Sendable, Hashable {
    /// Charged: the signed transaction (finish it once delivered).
    case success(StoreKit2Transaction)
    /// The person cancelled on the payment sheet.
    case userCancelled
    /// Waiting (Ask to Buy, or a purchase interrupted for the person to act): the outcome arrives
    /// through the transaction updates.
    case pending
}
