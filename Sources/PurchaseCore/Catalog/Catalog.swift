/// Everything a deployment sells and how: the result of loading a catalog file.
///
/// Products keep catalog order and are also found by identifier in constant time.
public struct Catalog: Sendable, Hashable, Codable {
    /// The catalog format version (1).
    public var version: Int
    /// Where and how the app sells.
    public var deployment: Deployment
    /// The declared storefronts by code.
    public var storefronts: [String: Storefront]
    /// The products in catalog order; identifiers are unique.
    public let products: [Product]
    private let indexByID: [String: Int]

    /// Creates a catalog. If two products share an identifier, ``product(withID:)`` finds the last.
    public init(version: Int = 1, deployment: Deployment, storefronts: [String: Storefront], products: [Product]) {
        self.version = version
        self.deployment = deployment
        self.storefronts = storefronts
        self.products = products
        var index = [String: Int](minimumCapacity: products.count)
        for position in products.indices {
            index[products[position].productID] = position
        }
        self.indexByID = index
    }

    /// The product with the given identifier, or `nil`.
    public func product(withID productID: String) -> Product? {
        indexByID[productID].map { products[$0] }
    }

    /// The type of the product with the given identifier, or `nil`; cheaper than
    /// ``product(withID:)`` when the type is all a caller needs (no copy of the product).
    public func productType(withID productID: String) -> ProductType? {
        indexByID[productID].map { products[$0].type }
    }

    /// The deployment's default storefront.
    public var defaultStorefront: Storefront? {
        storefronts[deployment.storefront]
    }

    private enum CodingKeys: String, CodingKey {
        case version, deployment, storefronts, products
    }

    /// Decodes a catalog and rebuilds its index.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            version: try container.decode(Int.self, forKey: .version),
            deployment: try container.decode(Deployment.self, forKey: .deployment),
            storefronts: try container.decode([String: Storefront].self, forKey: .storefronts),
            products: try container.decode([Product].self, forKey: .products)
        )
    }

    /// Encodes the catalog's version, deployment, storefronts and products.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(deployment, forKey: .deployment)
        try container.encode(storefronts, forKey: .storefronts)
        try container.encode(products, forKey: .products)
    }

    /// Compares the catalogs' contents.
    public static func == (lhs: Catalog, rhs: Catalog) -> Bool {
        lhs.version == rhs.version && lhs.deployment == rhs.deployment && lhs.storefronts == rhs.storefronts
            && lhs.products == rhs.products
    }

    /// Hashes the catalog's contents.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(version)
        hasher.combine(deployment)
        hasher.combine(storefronts)
        hasher.combine(products)
    }
}
