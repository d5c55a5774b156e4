/// A subscription's purchase as the Play Developer API answers `purchases.subscriptionsv2.get`
/// (`androidpublisher#subscriptionPurchaseV2`), with Google's names. Unknown fields are ignored; a
/// field of the wrong type is refused.
public struct SubscriptionPurchaseV2: Sendable, Hashable, Codable {
    /// `subscriptionState`: Google's names as raw values, so later states decode.
    public struct State: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        /// Google's name.
        public var rawValue: String
        /// The state named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Waiting for payment.
        public static let pending = State(rawValue: "SUBSCRIPTION_STATE_PENDING")
        /// Paid and in its period.
        public static let active = State(rawValue: "SUBSCRIPTION_STATE_ACTIVE")
        /// Paused by the person: no access.
        public static let paused = State(rawValue: "SUBSCRIPTION_STATE_PAUSED")
        /// A renewal failed; access continues while Play retries.
        public static let inGracePeriod = State(rawValue: "SUBSCRIPTION_STATE_IN_GRACE_PERIOD")
        /// A renewal failed past the grace period: no access.
        public static let onHold = State(rawValue: "SUBSCRIPTION_STATE_ON_HOLD")
        /// Will not renew; access until the period ends.
        public static let canceled = State(rawValue: "SUBSCRIPTION_STATE_CANCELED")
        /// Ended.
        public static let expired = State(rawValue: "SUBSCRIPTION_STATE_EXPIRED")
        /// A pending purchase that was never paid.
        public static let pendingPurchaseCanceled = State(rawValue: "SUBSCRIPTION_STATE_PENDING_PURCHASE_CANCELED")
        /// The name.
        public var description: String { rawValue }
    }

    /// `acknowledgementState`.
    public struct AcknowledgementState: RawRepresentable, Sendable, Hashable, Codable {
        /// Google's name.
        public var rawValue: String
        /// The state named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Not yet acknowledged.
        public static let pending = AcknowledgementState(rawValue: "ACKNOWLEDGEMENT_STATE_PENDING")
        /// Acknowledged.
        public static let acknowledged = AcknowledgementState(rawValue: "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED")
    }

    /// The app's identifiers of the buyer.
    public struct ExternalAccountIdentifiers: Sendable, Hashable, Codable {
        /// The app's obfuscated account id.
        public var obfuscatedExternalAccountId: String?
        /// The app's obfuscated profile id.
        public var obfuscatedExternalProfileId: String?
        /// Identifiers with both absent.
        public init(obfuscatedExternalAccountId: String? = nil, obfuscatedExternalProfileId: String? = nil) {
            self.obfuscatedExternalAccountId = obfuscatedExternalAccountId
            self.obfuscatedExternalProfileId = obfuscatedExternalProfileId
        }
    }

    /// A paused subscription's context.
    public struct PausedStateContext: Sendable, Hashable, Codable {
        /// When it resumes by itself.
        public var autoResumeTime: PlayTimestamp?
    }

    /// One product of the subscription purchase.
    public struct LineItem: Sendable, Hashable, Codable {
        /// The auto-renewing plan's details.
        public struct AutoRenewingPlan: Sendable, Hashable, Codable {
            /// Whether it renews at the end of the period.
            public var autoRenewEnabled: Bool?
        }
        /// The offer bought.
        public struct OfferDetails: Sendable, Hashable, Codable {
            /// The base plan.
            public var basePlanId: String?
            /// The offer, absent for the base plan alone.
            public var offerId: String?
            /// The offer's tags.
            public var offerTags: [String]?
        }

        /// The subscription's product id.
        public var productId: String?
        /// When the paid period (or the grace period) ends.
        public var expiryTime: PlayTimestamp?
        /// The latest order that was charged.
        public var latestSuccessfulOrderId: String?
        /// Present for an auto-renewing plan.
        public var autoRenewingPlan: AutoRenewingPlan?
        /// Present for a prepaid plan (its details are not read).
        public var prepaidPlan: [String: PlayIgnoredValue]?
        /// The offer.
        public var offerDetails: OfferDetails?

        /// A line item of `productId`.
        public init(productId: String? = nil, expiryTime: PlayTimestamp? = nil, latestSuccessfulOrderId: String? = nil)
        {
            self.productId = productId
            self.expiryTime = expiryTime
            self.latestSuccessfulOrderId = latestSuccessfulOrderId
        }
    }

    /// `androidpublisher#subscriptionPurchaseV2`.
    public var kind: String?
    /// The buyer's region.
    public var regionCode: String?
    /// When the subscription was granted.
    public var startTime: PlayTimestamp?
    /// Where it stands.
    public var subscriptionState: State?
    /// The latest order (deprecated by Google for `lineItems[].latestSuccessfulOrderId`).
    public var latestOrderId: String?
    /// The purchase token this one replaced (upgrade, downgrade, resubscribe).
    public var linkedPurchaseToken: String?
    /// Whether the app acknowledged it.
    public var acknowledgementState: AcknowledgementState?
    /// The app's identifiers of the buyer.
    public var externalAccountIdentifiers: ExternalAccountIdentifiers?
    /// Present while paused.
    public var pausedStateContext: PausedStateContext?
    /// Present once canceled (its details are not read).
    public var canceledStateContext: [String: PlayIgnoredValue]?
    /// The products bought.
    public var lineItems: [LineItem]?

    /// A purchase with every field absent.
    public init() {}

    /// The order the purchase was last charged for: the first line item's latest successful order,
    /// else `latestOrderId`.
    public var latestChargedOrderId: String? {
        lineItems?.lazy.compactMap(\.latestSuccessfulOrderId).first ?? latestOrderId
    }

    /// Whether Play still waits for the app to acknowledge it.
    public var needsAcknowledgement: Bool { acknowledgementState != .acknowledged }
}

/// Any JSON value, read and dropped: the fields a model keeps without reading their contents.
public struct PlayIgnoredValue: Sendable, Hashable, Codable {
    /// A value.
    public init() {}
    /// Reads any JSON value.
    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            while !array.isAtEnd { _ = try array.decode(PlayIgnoredValue.self) }
        } else if let object = try? decoder.container(keyedBy: AnyKey.self) {
            for key in object.allKeys { _ = try object.decode(PlayIgnoredValue.self, forKey: key) }
        }
    }
    /// Writes `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
