public import Foundation

/// What the app asks the web shop to sell: the file a purchase writes in the shop's `checkouts/`
/// folder, which the shop turns into a paid ``WebShopOrder`` once the person pays in the browser.
public struct CheckoutRequest: Sendable, Hashable, Codable {
    /// The request's identifier, also its file's name (`<checkoutID>.json`).
    public var checkoutID: String
    /// The shop's identifier of the product.
    public var productID: String
    /// Units asked for.
    public var quantity: Int
    /// The price of one unit the app showed, as a decimal string.
    public var price: String
    /// The ISO 4217 currency of ``price``.
    public var currency: String
    /// When the app asked.
    public var requestedAt: Date

    /// Creates a request.
    public init(
        checkoutID: String, productID: String, quantity: Int, price: String, currency: String, requestedAt: Date
    ) {
        self.checkoutID = checkoutID
        self.productID = productID
        self.quantity = quantity
        self.price = price
        self.currency = currency
        self.requestedAt = requestedAt
    }

    /// Reads a request from its file's bytes.
    ///
    /// - Throws: `DecodingError` when they are not a checkout request.
    public init(json: Data) throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        self = try decoder.decode(Self.self, from: json)
    }

    /// The request as its file holds it: JSON with sorted keys.
    public var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return (try? encoder.encode(self)) ?? Data()
    }
}
