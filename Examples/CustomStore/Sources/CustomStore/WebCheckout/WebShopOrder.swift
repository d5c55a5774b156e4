public import Foundation

/// A paid order as the web shop writes it in its `orders/` folder: a JSON object with the order's
/// identifier, the checkout it pays (if it came from one), the shop's product identifier, the
/// quantity, when it was paid (ISO 8601) and the shop's signature over all of them.
///
/// Guarantees: the signature is an HMAC-SHA256 under the shop's secret of every other field, each
/// written with its length so no two orders share a signed text; changing any field (or the
/// signature) makes ``hasValidSignature(secret:)`` false.
public struct WebShopOrder: Sendable, Hashable, Codable {
    /// The shop's identifier of the order, unique in the shop: ASCII letters, digits, `.`, `_`, `-`,
    /// at most 128 of them (``isValidIdentifier(_:)``).
    public var orderID: String
    /// The checkout request the order pays; `nil` for an order placed on the shop's site directly.
    public var checkoutID: String?
    /// The shop's identifier of the product (`Product.storeID(for:)` of the `web-checkout` kind).
    public var productID: String
    /// Units bought.
    public var quantity: Int
    /// When the order was paid, in ISO 8601 with milliseconds, as the shop wrote it.
    public var paidAt: String
    /// The shop's HMAC-SHA256 of the other fields, in lowercase hexadecimal.
    public var signature: String

    /// Creates an order signed with `secret`.
    public init(
        orderID: String, checkoutID: String? = nil, productID: String, quantity: Int, paidAt: Date, secret: [UInt8]
    ) {
        self.orderID = orderID
        self.checkoutID = checkoutID
        self.productID = productID
        self.quantity = quantity
        self.paidAt = paidAt.formatted(Self.dateStyle)
        self.signature = ""
        signature = OrderSignature.sign(signedMessage, secret: secret)
    }

    /// Reads an order from its file's bytes.
    ///
    /// - Throws: `DecodingError` when they are not an order.
    public init(json: Data) throws {
        self = try JSONDecoder().decode(Self.self, from: json)
    }

    /// The order as its file holds it: JSON with sorted keys.
    public var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Strings, an optional string and an integer always encode.
        return (try? encoder.encode(self)) ?? Data()
    }

    /// When the order was paid; `nil` when ``paidAt`` is not an ISO 8601 date with milliseconds.
    public var paidDate: Date? {
        try? Self.dateStyle.parse(paidAt)
    }

    /// Whether ``signature`` is the shop's signature of this order under `secret`.
    public func hasValidSignature(secret: [UInt8]) -> Bool {
        OrderSignature.isValid(signature, of: signedMessage, secret: secret)
    }

    /// What the signature covers: a version tag, then every field but the signature, each as its
    /// length in UTF-8 bytes, `:`, and its text.
    var signedMessage: [UInt8] {
        let fields = ["web-checkout-order-1", orderID, checkoutID ?? "", productID, String(quantity), paidAt]
        return Array(fields.map { "\($0.utf8.count):\($0)" }.joined().utf8)
    }

    /// Whether `text` can name an order or a checkout (and so a file): 1 to 128 ASCII letters,
    /// digits, `.`, `_` or `-`, not starting with `.`.
    public static func isValidIdentifier(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 128, text.first != "." else { return false }
        return text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2E || byte == 0x5F || byte == 0x2D
        }
    }

    private static let dateStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
