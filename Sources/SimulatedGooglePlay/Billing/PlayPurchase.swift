import Foundation
public import PurchaseCore

/// Play's purchase states as the Billing Library reports them (`Purchase.PurchaseState`), with its numbers.
public enum PlayPurchaseState: Int, Sendable, Hashable, Codable {
    /// Unknown: what a cancelled pending purchase reads as (0).
    case unspecified = 0
    /// Paid (1).
    case purchased = 1
    /// Waiting for payment (2).
    case pending = 2

    /// The key of the state's text for a person.
    public var messageKey: MessageKey {
        switch self {
        case .unspecified: .googlePlayStateUnspecified
        case .purchased: .googlePlayStatePurchased
        case .pending: .googlePlayStatePending
        }
    }
}

/// A purchase as the app sees it (`Purchase`): built from Play's JSON, which ``originalJson`` keeps byte
/// for byte so a signature can cover exactly those bytes.
public struct PlayPurchase: Sendable, Hashable {
    /// The purchase's JSON as Play gives it (keys `orderId`, `packageName`, `productId`, `purchaseTime`,
    /// `purchaseState`, `purchaseToken`, `obfuscatedAccountId`, `obfuscatedProfileId`, `quantity`,
    /// `autoRenewing`, `acknowledged`, in that order; absent values left out).
    public let originalJson: String
    /// Play's base64 `SHA1withRSA` signature of ``originalJson``'s bytes with the app's key (verified with
    /// the license key, ``PlayLicenseKey``); Play signs the JSON each time it hands a purchase out, so a
    /// purchase read after a change carries the changed JSON and its own signature.
    public let signature: String
    /// The latest order's id; `nil` while pending.
    public let orderId: String?
    /// The app's package name.
    public let packageName: String
    /// The products bought (one).
    public let products: [String]
    /// When it was bought, milliseconds since 1970.
    public let purchaseTime: Int64
    /// The purchase token.
    public let purchaseToken: String
    /// Pending, purchased, or unspecified.
    public let purchaseState: PlayPurchaseState
    /// How many were bought.
    public let quantity: Int
    /// Whether it was acknowledged.
    public let isAcknowledged: Bool
    /// Whether a subscription renews at the end of its period (false for one-time products).
    public let isAutoRenewing: Bool
    /// The obfuscated account id the billing flow was given.
    public let obfuscatedAccountId: String?
    /// The obfuscated profile id the billing flow was given.
    public let obfuscatedProfileId: String?

    /// The purchase data and signature, as an app sends them to its server.
    public var signedPurchase: PlaySignedPurchase {
        PlaySignedPurchase(purchaseData: originalJson, signature: signature)
    }

    /// The purchase of `record`, for the app of `packageName`, its JSON signed by `sign` (an empty
    /// signature when signing fails).
    init(_ record: PlayPurchaseRecord, packageName: String, sign: (String) -> String?) {
        let state: PlayPurchaseState =
            switch record.state {
            case .pending: .pending
            case .purchased: .purchased
            case .pendingCanceled: .unspecified
            }
        // Play's JSON `purchaseState`: 0 purchased, 1 cancelled, 4 pending.
        let jsonState =
            switch record.state {
            case .purchased: 0
            case .pendingCanceled: 1
            case .pending: 4
            }
        let orderId = record.state == .purchased ? record.latestOrderId : nil
        let autoRenewing = record.subscription?.autoRenewing ?? false
        var json = PurchaseJSON()
        json.add("orderId", orderId)
        json.add("packageName", packageName)
        json.add("productId", record.productId)
        json.add("purchaseTime", record.purchaseTime)
        json.add("purchaseState", Int64(jsonState))
        json.add("purchaseToken", record.purchaseToken)
        json.add("obfuscatedAccountId", record.obfuscatedAccountId)
        json.add("obfuscatedProfileId", record.obfuscatedProfileId)
        json.add("quantity", Int64(record.quantity))
        if record.productType == .subs { json.add("autoRenewing", autoRenewing) }
        json.add("acknowledged", record.acknowledged)
        originalJson = json.text
        signature = sign(json.text) ?? ""
        self.orderId = orderId
        self.packageName = packageName
        products = [record.productId]
        purchaseTime = record.purchaseTime
        purchaseToken = record.purchaseToken
        purchaseState = state
        quantity = record.quantity
        isAcknowledged = record.acknowledged
        isAutoRenewing = autoRenewing
        obfuscatedAccountId = record.obfuscatedAccountId
        obfuscatedProfileId = record.obfuscatedProfileId
    }
}

/// A JSON object written in the order its members are added, with no spaces, as Play writes a purchase.
struct PurchaseJSON {
    private var members: [String] = []

    /// The object's text.
    var text: String { "{" + members.joined(separator: ",") + "}" }

    mutating func add(_ name: String, _ value: String?) {
        guard let value else { return }
        members.append(Self.quoted(name) + ":" + Self.quoted(value))
    }

    mutating func add(_ name: String, _ value: Int64) {
        members.append(Self.quoted(name) + ":" + String(value))
    }

    mutating func add(_ name: String, _ value: Bool) {
        members.append(Self.quoted(name) + ":" + (value ? "true" : "false"))
    }

    /// `text` as a JSON string, escaped by Foundation's encoder (slashes left as they are).
    static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        // Encoding a string cannot fail.
        return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}
