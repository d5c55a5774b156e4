public import Foundation
public import PurchaseCore

/// What an app's server does to grant a promotional offer: signs it with its subscription key
/// (App Store Connect's In-App Purchase key, ECDSA P-256), for tests and scenarios of the simulated
/// App Store, which checks the signature with the public half (``SessionControls/subscriptionKeys``).
///
/// The signed text is the bundle identifier, the key identifier, the App Store product identifier,
/// the offer identifier, the app account token (lowercased, empty when none), the nonce (lowercased)
/// and the timestamp in milliseconds since 1970, joined by U+2063 (invisible separator), as Apple
/// documents for promotional offer signatures; the signature is DER, over SHA-256 of the text's UTF-8.
public struct PromotionalOfferSigner: Sendable {
    /// The identifier of the key, as App Store Connect names it.
    public let keyID: String
    /// The private key.
    public let key: ReceiptSigningKey
    /// The app's bundle identifier.
    public let bundleID: String

    /// Creates a signer for `bundleID` with `key`, known to the store as `keyID`.
    public init(keyID: String, key: ReceiptSigningKey, bundleID: String) {
        self.keyID = keyID
        self.key = key
        self.bundleID = bundleID
    }

    /// Signs `offerID` of `productIdentifier` for one purchase.
    ///
    /// - Parameters:
    ///   - productIdentifier: the App Store product identifier.
    ///   - offerID: the promotional offer's identifier.
    ///   - appAccountToken: the app account token the purchase will carry (StoreKit 1's
    ///     `applicationUsername`), if any.
    ///   - nonce: a value used once; a fresh one by default.
    ///   - timestamp: when it is signed, in milliseconds since 1970.
    /// - Throws: ``ReceiptKeyError`` if libcrypto fails to sign (it does not with a valid key).
    public func sign(
        productIdentifier: String, offerID: String, appAccountToken: String? = nil, nonce: UUID = UUID(),
        timestamp: Int64
    ) throws(ReceiptKeyError) -> SignedPromotionalOffer {
        let text = Self.signedText(
            bundleID: bundleID, keyID: keyID, productIdentifier: productIdentifier, offerID: offerID,
            appAccountToken: appAccountToken, nonce: nonce, timestamp: timestamp)
        do {
            let signature = try LibCrypto.sign(Array(text.utf8), with: key.raw)
            return SignedPromotionalOffer(
                offerID: offerID, keyID: keyID, nonce: nonce, timestamp: timestamp, signature: Data(signature))
        } catch {
            throw ReceiptKeyError(error.problem)
        }
    }

    /// The text a promotional offer's signature covers.
    static func signedText(
        bundleID: String, keyID: String, productIdentifier: String, offerID: String, appAccountToken: String?,
        nonce: UUID, timestamp: Int64
    ) -> String {
        [
            bundleID, keyID, productIdentifier, offerID, appAccountToken?.lowercased() ?? "",
            nonce.uuidString.lowercased(), String(timestamp),
        ].joined(separator: "\u{2063}")
    }
}
