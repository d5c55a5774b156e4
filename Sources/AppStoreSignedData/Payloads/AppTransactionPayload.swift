public import Foundation

/// The payload of a signed app transaction (Apple's `AppTransaction` / `JWSAppTransactionDecodedPayload`):
/// the app's own purchase or download by the account.
///
/// ``receiptType`` holds the environment (as `environment` does in a transaction). Every field is
/// optional, as in Apple's schema; fields this type does not know are ignored when decoding.
public struct AppTransactionPayload: Sendable, Hashable, Codable {
    /// The server environment the app transaction comes from.
    public var receiptType: AppStoreEnvironment?
    /// The app's Apple identifier (production only).
    public var appAppleId: Int64?
    /// The app's bundle identifier.
    public var bundleId: String?
    /// The app version the account runs.
    public var applicationVersion: String?
    /// The identifier of the app version in the App Store.
    public var versionExternalIdentifier: Int64?
    /// When the App Store made this app transaction.
    public var receiptCreationDate: AppStoreDate?
    /// When the account first got the app.
    public var originalPurchaseDate: AppStoreDate?
    /// The app version the account first got.
    public var originalApplicationVersion: String?
    /// The device verification value (base64 SHA-384 of the nonce and the device identifier).
    public var deviceVerification: String?
    /// The nonce of ``deviceVerification``.
    public var deviceVerificationNonce: UUID?
    /// When the account pre-ordered the app, if it did.
    public var preorderDate: AppStoreDate?
    /// The app transaction's identifier, the same for the account on every device.
    public var appTransactionId: String?
    /// The platform the account first got the app on (`iOS`, `macOS`...).
    public var originalPlatform: String?
    /// When the App Store signed this payload.
    public var signedDate: AppStoreDate?

    /// A payload with no field set.
    public init() {}
}
