/// The whole state of a simulated Play Store in one value: its purchases, the voided purchases, the log
/// of every change, the test controls, the app's signing key and the random source its tokens and order
/// ids come from.
///
/// Codable, so it can be kept anywhere and a store rebuilt from it (``SimulatedGooglePlay/init(packageName:appName:products:clock:locale:state:)``)
/// continues exactly where it stood: the same tokens, order ids and events follow.
public struct PlayStoreState: Sendable, Hashable, Codable {
    /// Every purchase, by purchase token.
    public var purchases: [String: PlayPurchaseRecord] = [:]
    /// Purchase tokens in the order their purchases were made.
    public var purchaseOrder: [String] = []
    /// Refunded and voided orders, oldest first (what `voidedpurchases.list` reads).
    public var voidedPurchases: [PlayVoidedPurchase] = []
    /// Every change of every purchase, oldest first.
    public var events: [PlayEvent] = []
    /// The test controls.
    public var controls = PlayControls()
    /// The app's signing key pair as PEM text (PKCS#8), made on first use; its public half is the
    /// license key (``SimulatedGooglePlay/licenseKey()``).
    public var signingKeyPEM: String?
    /// The real-time developer notifications published to the app's Pub/Sub subscription and not yet
    /// acknowledged, and how they are delivered.
    public var notifications: PlayPushOutbox
    /// The OAuth access token the Play Developer API accepts (``SimulatedPlayDeveloperAPI``); any other is
    /// answered 401.
    public var developerAPIAccessToken: String
    /// The random source of purchase tokens and order ids.
    var random: PlayRandom

    /// An empty store whose tokens, order ids, message ids and access token come from `seed` (equal seeds,
    /// equal sequences).
    ///
    /// - Parameter seed: the random sources' seed.
    public init(seed: UInt64 = 0) {
        random = PlayRandom(seed: seed)
        var serverRandom = PlayRandom(seed: seed ^ 0x9E37_79B9_7F4A_7C15)
        developerAPIAccessToken = serverRandom.accessToken()
        notifications = PlayPushOutbox(random: serverRandom)
    }

    private enum CodingKeys: String, CodingKey {
        case purchases, purchaseOrder, voidedPurchases, events, controls, signingKeyPEM, notifications
        case developerAPIAccessToken, random
    }

    /// Reads a state; one written before the store published notifications or served the Developer API
    /// gets an empty outbox and an access token drawn from its random source's state.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        purchases = try container.decode([String: PlayPurchaseRecord].self, forKey: .purchases)
        purchaseOrder = try container.decode([String].self, forKey: .purchaseOrder)
        voidedPurchases = try container.decode([PlayVoidedPurchase].self, forKey: .voidedPurchases)
        events = try container.decode([PlayEvent].self, forKey: .events)
        controls = try container.decode(PlayControls.self, forKey: .controls)
        signingKeyPEM = try container.decodeIfPresent(String.self, forKey: .signingKeyPEM)
        random = try container.decode(PlayRandom.self, forKey: .random)
        var serverRandom = random.derived()
        let token = serverRandom.accessToken()
        developerAPIAccessToken =
            try container.decodeIfPresent(String.self, forKey: .developerAPIAccessToken) ?? token
        notifications =
            try container.decodeIfPresent(PlayPushOutbox.self, forKey: .notifications)
            ?? PlayPushOutbox(random: serverRandom)
    }
}

/// The simulated Play Store's test controls: what the next billing flows answer, and whether Play's
/// services can be reached.
public struct PlayControls: Sendable, Hashable, Codable {
    /// What a billing flow does instead of charging at once.
    public enum PlannedOutcome: Sendable, Hashable, Codable {
        /// The flow fails with the code.
        case fail(BillingResponseCode)
        /// The person cancels the dialog (`USER_CANCELED`).
        case userCanceled
        /// The purchase is pending (payment by cash or transfer), until completed or cancelled.
        case pending
    }

    /// The outcomes of the next billing flows, first used first; an empty list charges at once.
    public var plannedOutcomes: [PlannedOutcome] = []
    /// Whether billing is available to the person (`BILLING_UNAVAILABLE` on connecting when not).
    public var billingAvailable = true
    /// Whether Play's service answers (`SERVICE_UNAVAILABLE` for every call when not).
    public var serviceAvailable = true
    /// Whether the network is down (`NETWORK_ERROR` for every call but connecting).
    public var networkDown = false
    /// Whether the Play Store on the device supports subscriptions (`FEATURE_NOT_SUPPORTED` when not).
    public var subscriptionsSupported = true
    /// Products that exist but cannot be bought now (`ITEM_UNAVAILABLE`).
    public var unavailableProducts: Set<String> = []

    /// Controls that charge at once and answer every call.
    public init() {}
}

/// A seeded random source (a permuted congruential generator): the same seed gives the same purchase
/// tokens and order ids, and its state is part of the store's state.
struct PlayRandom: Sendable, Hashable, Codable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    }

    /// Another source, seeded from this one's state (which it leaves as it is).
    func derived() -> PlayRandom {
        PlayRandom(seed: state ^ 0x9E37_79B9_7F4A_7C15)
    }

    /// The next 32 random bits.
    mutating func next() -> UInt32 {
        let old = state
        state = old &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let shifted = UInt32(truncatingIfNeeded: ((old >> 18) ^ old) >> 27)
        let rotation = UInt32(truncatingIfNeeded: old >> 59)
        return shifted >> rotation | shifted << ((~rotation &+ 1) & 31)
    }

    /// A number below `bound`.
    mutating func below(_ bound: UInt32) -> UInt32 {
        UInt32((UInt64(next()) * UInt64(bound)) >> 32)
    }

    /// An opaque purchase token: 24 lower-case letters, a dot, then 96 letters, digits, `-` and `_`.
    mutating func purchaseToken() -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var token = String((0..<24).map { _ in letters[Int(below(26))] })
        token += "."
        token += String((0..<96).map { _ in alphabet[Int(below(64))] })
        return token
    }

    /// An OAuth access token as Google issues them: `ya29.` then 120 letters, digits, `-` and `_`.
    mutating func accessToken() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        return "ya29." + String((0..<120).map { _ in alphabet[Int(below(64))] })
    }

    /// An order id as Play writes it: `GPA.` then digit groups of 4, 4, 4 and 5.
    mutating func orderId() -> String {
        let groups = [4, 4, 4, 5].map { length in String((0..<length).map { _ in Character(String(below(10))) }) }
        return "GPA." + groups.joined(separator: "-")
    }
}
