public import PurchaseKit

/// Checks a web-checkout transaction against the signed order it came from, before anything is
/// delivered for it.
///
/// Guarantees: ``verify(_:)`` returns a transaction only when all of these hold, and throws
/// `PurchaseError.Code.verificationFailed` otherwise (the `Store` then finishes the transaction
/// without delivering it):
/// - it is the shop's (its store is the verifier's) and carries the order file's bytes;
/// - the order's signature is the HMAC-SHA256 of its fields under the shop's secret, compared in
///   constant time;
/// - the transaction says what the signed order says: the same order identifier, product (through
///   `Product.storeID(for:)`), quantity and payment date;
/// - the product is in the catalog with the transaction's type, and the quantity is 1, or more for a
///   consumable.
public struct WebCheckoutVerifier: ReceiptVerifier {
    private let catalog: Catalog
    private let secret: [UInt8]
    private let storeName: String

    /// A verifier of `storeName`'s transactions for `catalog`, with the shop's secret.
    public init(catalog: Catalog, secret: String, storeName: String = "web-checkout") {
        self.init(catalog: catalog, secret: Array(secret.utf8), storeName: storeName)
    }

    init(catalog: Catalog, secret: [UInt8], storeName: String) {
        self.catalog = catalog
        self.secret = secret
        self.storeName = storeName
    }

    /// Accepts the transaction when its signed order vouches for it.
    public func verify(_ transaction: StoreTransaction) async throws -> StoreTransaction {
        func refuse(_ why: String) -> PurchaseError {
            PurchaseError(
                .verificationFailed, detail: "order \(transaction.id): \(why)", productID: transaction.productID)
        }
        guard transaction.store == storeName else { throw refuse("not a transaction of \(storeName)") }
        guard let data = transaction.verificationData, let order = try? WebShopOrder(json: data) else {
            throw refuse("no signed order")
        }
        guard order.hasValidSignature(secret: secret) else { throw refuse("the shop's signature does not match") }
        guard let product = catalog.product(withID: transaction.productID), product.type == transaction.productType
        else { throw refuse("the product is not the catalog's") }
        guard order.orderID == transaction.id, order.productID == product.storeID(for: WebCheckoutProvider.kind),
            order.quantity == transaction.quantity, order.paidDate == transaction.purchaseDate
        else { throw refuse("the transaction does not say what the signed order says") }
        guard transaction.quantity >= 1, transaction.quantity == 1 || product.type == .consumable else {
            throw refuse("quantity \(transaction.quantity) for a \(product.type)")
        }
        return transaction
    }
}
