public import Foundation

/// The web shop's side of a ``WebShopFolder``: what its server does when a person pays a checkout
/// in the browser, or places an order on the shop's site. Tests and demonstrations use it where a
/// real shop would run elsewhere.
///
/// Guarantees: every order it writes is signed with the shop's secret and gets an identifier no
/// other order has; paying a checkout writes its order durably before removing the request.
public struct SimulatedWebShop: Sendable {
    /// The shop's folder.
    public let folder: WebShopFolder
    private let secret: [UInt8]

    /// A shop working in `folder`, signing with `secret` (its UTF-8 bytes).
    public init(folder: URL, secret: String) {
        self.folder = WebShopFolder(url: folder)
        self.secret = Array(secret.utf8)
    }

    /// The checkout requests the app made that are not paid yet, oldest first.
    ///
    /// - Throws: the file system's error.
    public func pendingCheckouts() throws -> [CheckoutRequest] {
        try folder.readCheckouts()
    }

    /// Pays a checkout request: writes its signed order, then removes the request.
    ///
    /// - Throws: the file system's error.
    @discardableResult
    public func pay(_ checkout: CheckoutRequest, at date: Date) throws -> WebShopOrder {
        let order = WebShopOrder(
            orderID: Self.newOrderID(), checkoutID: checkout.checkoutID, productID: checkout.productID,
            quantity: checkout.quantity, paidAt: date, secret: secret)
        try write(order)
        try FileManager.default.removeItem(at: folder.checkouts.appendingPathComponent("\(checkout.checkoutID).json"))
        return order
    }

    /// Pays every checkout request waiting, oldest first.
    ///
    /// - Returns: the orders written.
    /// - Throws: the file system's error.
    @discardableResult
    public func payPendingCheckouts(at date: Date) throws -> [WebShopOrder] {
        try pendingCheckouts().map { try pay($0, at: date) }
    }

    /// Places an order on the shop's site, without a checkout request from this app (a purchase made
    /// on another device).
    ///
    /// - Parameter productID: the shop's identifier of the product.
    /// - Throws: the file system's error.
    @discardableResult
    public func placeOrder(productID: String, quantity: Int = 1, at date: Date) throws -> WebShopOrder {
        let order = WebShopOrder(
            orderID: Self.newOrderID(), productID: productID, quantity: quantity, paidAt: date, secret: secret)
        try write(order)
        return order
    }

    /// Writes `order` as the shop writes its orders; the order is written as it is, so a test can
    /// write one that is signed wrong.
    ///
    /// - Throws: the file system's error.
    public func write(_ order: WebShopOrder) throws {
        try folder.create()
        try folder.write(order.json, named: order.orderID, in: folder.orders)
    }

    private static func newOrderID() -> String {
        "order-" + UUID().uuidString.lowercased()
    }
}
