import Foundation

/// A product as one store offers it right now: the catalog's product with the name, description
/// and price that store shows in its storefront.
public struct StoreProduct: Sendable, Hashable, Identifiable {
    /// The catalog's declaration of the product.
    public var product: Product
    /// The store that sells it (``StoreProvider/storeName``).
    public var store: String
    /// The name the store shows, in the store's locale.
    public var displayName: String
    /// The description the store shows, in the store's locale.
    public var description: String
    /// The price in the store's storefront.
    public var price: Price
    /// The storefront the price belongs to (ISO 3166-1 alpha-3).
    public var storefront: String

    /// Creates a store product.
    public init(
        product: Product,
        store: String,
        displayName: String,
        description: String,
        price: Price,
        storefront: String
    ) {
        self.product = product
        self.store = store
        self.displayName = displayName
        self.description = description
        self.price = price
        self.storefront = storefront
    }

    /// The catalog's product identifier.
    public var id: String { product.productID }

    /// The product's type.
    public var type: ProductType { product.type }
}

/// A store's answer to a request for products.
public struct ProductsResponse: Sendable, Hashable {
    /// The products the store sells, in the order they were asked for.
    public var products: [StoreProduct]
    /// The identifiers asked for that the store does not sell, in the order they were asked for.
    public var invalidProductIDs: [String]

    /// Creates a response.
    public init(products: [StoreProduct], invalidProductIDs: [String]) {
        self.products = products
        self.invalidProductIDs = invalidProductIDs
    }
}
