public import Foundation

/// A subscription's promotional offer as the app's server signed it for one purchase (StoreKit's
/// `SKPaymentDiscount` and `Product.PurchaseOption.promotionalOffer`).
///
/// The store accepts it only when ``signature`` is the ECDSA P-256 signature, by the key the
/// catalog names ``keyID``, of the bundle identifier, ``keyID``, the product identifier,
/// ``offerID``, the app account token (lowercased, empty when none), ``nonce`` (lowercased) and
/// ``timestamp`` joined by U+2063, when ``nonce`` was not used before and ``timestamp`` is recent.
public struct SignedPromotionalOffer: Sendable, Hashable, Codable {
    /// The offer's identifier, as the catalog declares it on the subscription.
    public var offerID: String
    /// The identifier of the key that signed it.
    public var keyID: String
    /// A value used once: the store refuses a nonce it has already accepted.
    public var nonce: UUID
    /// When the server signed it, in milliseconds since 1970.
    public var timestamp: Int64
    /// The DER-encoded ECDSA signature.
    public var signature: Data

    /// Creates a signed offer.
    public init(offerID: String, keyID: String, nonce: UUID, timestamp: Int64, signature: Data) {
        self.offerID = offerID
        self.keyID = keyID
        self.nonce = nonce
        self.timestamp = timestamp
        self.signature = signature
    }
}
