/// A one-time product's purchase as the Play Developer API answers `purchases.products.get`
/// (`androidpublisher#productPurchase`), with Google's names. Unknown fields are ignored; a field of
/// the wrong type is refused.
public struct ProductPurchase: Sendable, Hashable, Codable {
    /// Where the purchase stands (`purchaseState`).
    public struct PurchaseState: RawRepresentable, Sendable, Hashable, Codable {
        /// Google's number.
        public var rawValue: Int
        /// The state numbered `rawValue`.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// 0: paid.
        public static let purchased = PurchaseState(rawValue: 0)
        /// 1: canceled (a pending purchase never paid, or one taken back).
        public static let canceled = PurchaseState(rawValue: 1)
        /// 2: waiting for payment.
        public static let pending = PurchaseState(rawValue: 2)
    }

    /// `androidpublisher#productPurchase`.
    public var kind: String?
    /// When it was bought, milliseconds since 1970.
    public var purchaseTimeMillis: PlayInt64?
    /// Where it stands.
    public var purchaseState: PurchaseState?
    /// 0 not consumed, 1 consumed.
    public var consumptionState: Int?
    /// The order (`GPA.dddd-dddd-dddd-ddddd`); absent while pending.
    public var orderId: String?
    /// 0 for a test purchase (license testing); absent for a real one.
    public var purchaseType: Int?
    /// 0 not yet acknowledged, 1 acknowledged.
    public var acknowledgementState: Int?
    /// The purchase token.
    public var purchaseToken: String?
    /// The product id.
    public var productId: String?
    /// How many were bought (absent: 1).
    public var quantity: Int?
    /// How many can still be refunded.
    public var refundableQuantity: Int?
    /// The app's obfuscated account id given to the billing flow.
    public var obfuscatedExternalAccountId: String?
    /// The app's obfuscated profile id given to the billing flow.
    public var obfuscatedExternalProfileId: String?
    /// The buyer's region (ISO 3166-1 alpha-2).
    public var regionCode: String?

    /// A purchase with every field absent.
    public init() {}

    /// Whether Play still waits for the app to acknowledge it.
    public var needsAcknowledgement: Bool { acknowledgementState != 1 }
}
