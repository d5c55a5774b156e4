extension ProviderRegistry {
    /// Checks a product's dict for one store (a product's `GooglePlay`): returns every problem it finds,
    /// each a ``ProviderSettingError`` whose key is the path from the product dict, array elements
    /// indexed (`GooglePlay.BasePlans[0].Period`); empty when the dict is usable.
    ///
    /// It gets the dict as written, the product as the catalog declares it (its type, prices and
    /// subscription period, which the dict may fall back to) and the catalog's storefronts by code.
    public typealias ProductSettingsCheck =
        @Sendable (_ settings: [String: SettingValue], _ product: Product, _ storefronts: [String: Storefront]) ->
        [ProviderSettingError]

    /// Registers (or replaces) a key a product dict may hold for a plug-in (`GooglePlay`), with the check
    /// a catalog loader runs on it. A loader that knows the registry accepts the key in every product
    /// dict, keeps its value in ``Product/storeSettings`` and reports each problem of the check at its
    /// line and column.
    public mutating func registerProductSettings(_ key: String, check: @escaping ProductSettingsCheck) {
        productSettingsChecks[key] = check
    }

    /// The product keys registered with ``registerProductSettings(_:check:)``, sorted.
    public var productSettingsKeys: [String] { productSettingsChecks.keys.sorted() }

    /// The problems the check registered for `key` finds in `settings` of `product`; empty when the key
    /// has no check.
    public func productSettingProblems(
        _ key: String, settings: [String: SettingValue], product: Product, storefronts: [String: Storefront]
    ) -> [ProviderSettingError] {
        productSettingsChecks[key]?(settings, product, storefronts) ?? []
    }
}
