public import Foundation

/// A purchase's signed data as Play hands it to an app: the purchase's JSON (`getOriginalJson()`) and
/// Play's base64 signature of its bytes (`getSignature()`), which an app sends to its server.
///
/// Guarantees: ``verificationData`` and ``init(verificationData:)`` carry both strings unchanged (the
/// JSON byte for byte), so a `StoreTransaction` can hold them for ``PlayPurchaseVerifier``.
public struct PlaySignedPurchase: Sendable, Hashable, Codable {
    /// The purchase's JSON, byte for byte as Play signed it.
    public var purchaseData: String
    /// Play's base64 `SHA1withRSA` signature of ``purchaseData``.
    public var signature: String

    /// Signed data of a purchase.
    ///
    /// - Parameters:
    ///   - purchaseData: the purchase's JSON.
    ///   - signature: the base64 signature of its bytes.
    public init(purchaseData: String, signature: String) {
        self.purchaseData = purchaseData
        self.signature = signature
    }

    /// The two strings as one JSON object (`{"purchaseData":…,"signature":…}`), for
    /// `StoreTransaction.verificationData`.
    public var verificationData: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding two strings cannot fail.
        return (try? encoder.encode(self)) ?? Data()
    }

    /// Reads what ``verificationData`` wrote.
    ///
    /// - Parameter verificationData: a JSON object with the strings `purchaseData` and `signature`.
    /// - Throws: ``PlaySignatureError`` (``PlaySignatureError/Kind/malformedData``) when it is not one.
    public init(verificationData: Data) throws(PlaySignatureError) {
        do {
            self = try JSONDecoder().decode(Self.self, from: verificationData)
        } catch {
            throw PlaySignatureError(
                .malformedData, detail: "the verification data is not a signed Play purchase: \(error)")
        }
    }
}

/// The members of a Play purchase's JSON a verifier reads (Play's names; others are ignored).
public struct PlayPurchaseData: Sendable, Hashable, Decodable {
    /// The latest order's id; absent while pending.
    public var orderId: String?
    /// The app's package name.
    public var packageName: String
    /// The product bought.
    public var productId: String
    /// When it was bought, milliseconds since 1970.
    public var purchaseTime: Int64
    /// Play's JSON purchase state: 0 purchased, 1 cancelled, 4 pending.
    public var purchaseState: Int
    /// The purchase token.
    public var purchaseToken: String
    /// How many were bought (1 when absent).
    public var quantity: Int?
    /// Whether it was acknowledged.
    public var acknowledged: Bool?
    /// Whether a subscription renews (absent for one-time products).
    public var autoRenewing: Bool?
    /// The obfuscated account id the billing flow was given.
    public var obfuscatedAccountId: String?
    /// The obfuscated profile id the billing flow was given.
    public var obfuscatedProfileId: String?

    /// Reads a purchase's JSON.
    ///
    /// - Parameter json: the purchase data.
    /// - Throws: ``PlaySignatureError`` (``PlaySignatureError/Kind/malformedData``) when it is not a
    ///   JSON object with Play's members of their types.
    public init(json: String) throws(PlaySignatureError) {
        do {
            self = try JSONDecoder().decode(Self.self, from: Data(json.utf8))
        } catch {
            throw PlaySignatureError(
                .malformedData, detail: "the purchase data is not a Play purchase's JSON: \(error)")
        }
    }
}
