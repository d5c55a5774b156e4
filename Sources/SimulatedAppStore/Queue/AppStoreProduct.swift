public import PurchaseCore

/// A product as the simulated App Store offers it in the current storefront and locale (`SKProduct`'s shape).
public struct AppStoreProduct: Sendable, Hashable {
    /// The App Store product identifier.
    public var productIdentifier: String
    /// The name in the session's locale.
    public var localizedTitle: String
    /// The description in the session's locale.
    public var localizedDescription: String
    /// The price in the session's storefront.
    public var price: Price
    /// The storefront the price belongs to.
    public var storefront: String
    /// The locale the texts are in.
    public var locale: String
    /// Whether the product comes with hosted content.
    public var isDownloadable: Bool
    /// The content's size in bytes, when downloadable.
    public var downloadContentLength: Int64?
    /// The content's version, when downloadable.
    public var downloadContentVersion: String?
    /// The catalog's declaration.
    public var product: Product

    /// Creates a product value (products requests create them).
    public init(
        productIdentifier: String,
        localizedTitle: String,
        localizedDescription: String,
        price: Price,
        storefront: String,
        locale: String,
        product: Product
    ) {
        self.productIdentifier = productIdentifier
        self.localizedTitle = localizedTitle
        self.localizedDescription = localizedDescription
        self.price = price
        self.storefront = storefront
        self.locale = locale
        self.isDownloadable = product.hostedContent != nil
        self.downloadContentLength = product.hostedContent?.contentLength
        self.downloadContentVersion = product.hostedContent?.version
        self.product = product
    }
}
