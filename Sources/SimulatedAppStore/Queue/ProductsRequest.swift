/// Asks the simulated App Store for products (`SKProductsRequest`'s shape).
///
/// A product is valid when the catalog declares it, it has a price in the session's storefront and
/// its `Simulation` does not mark it `Unavailable`; every other identifier is reported invalid.
public struct ProductsRequest: Sendable {
    /// The answer to a request (`SKProductsResponse`'s shape).
    public struct Response: Sendable, Hashable {
        /// The valid products, in the order asked for.
        public var products: [AppStoreProduct]
        /// The identifiers the store does not sell, in the order asked for.
        public var invalidProductIdentifiers: [String]

        /// Creates a response.
        public init(products: [AppStoreProduct], invalidProductIdentifiers: [String]) {
            self.products = products
            self.invalidProductIdentifiers = invalidProductIdentifiers
        }
    }

    /// The identifiers asked for, in order, without duplicates.
    public let productIdentifiers: [String]
    private let queue: PaymentQueue

    /// Creates a request for `productIdentifiers` to the store behind `queue`.
    public init(productIdentifiers: [String], queue: PaymentQueue) {
        var seen = Set<String>()
        self.productIdentifiers = productIdentifiers.filter { seen.insert($0).inserted }
        self.queue = queue
    }

    /// Runs the request.
    ///
    /// - Throws: ``StoreKitError`` when the session simulates a failure of
    ///   ``SimulatedAPI/loadProducts`` (set or a random fault).
    public func start() async throws(StoreKitError) -> Response {
        try await queue.products(for: productIdentifiers)
    }
}
