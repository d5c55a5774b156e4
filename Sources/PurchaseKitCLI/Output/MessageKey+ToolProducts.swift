import PurchaseCore

/// The keys of the tool's texts about the catalog's products as a command finds them (one not in the
/// catalog, one the store does not sell, the default catalog missing from the working folder) and
/// how a label and its value are joined on one line.
extension MessageKey {
    /// `buy` names a product the catalog does not have; names the product and the catalog.
    static let toolUnknownProduct = MessageKey("tool.buy.unknownProduct", arguments: [.text, .text])
    /// `buy` names a product the catalog does not have, and one of its products is spelled nearly so;
    /// names the product, the catalog and that product.
    static let toolUnknownProductSuggestion = MessageKey(
        "tool.buy.unknownProductSuggestion", arguments: [.text, .text, .text])
    /// In `products`, in place of a price: the store does not sell this catalog product.
    static let toolProductUnavailable = MessageKey("tool.products.unavailable")
    /// The default catalog is not in the working folder; names its path and says how to name another.
    static let toolDefaultCatalogNotFound = MessageKey("tool.file.defaultCatalogNotFound", arguments: [.text])

    /// A label and its value on one line (`Entitlements: no-ads`), with the colon and spacing of the
    /// language (`：` in Japanese and Chinese, a narrow no-break space before it in French).
    static let toolLabelled = MessageKey("tool.label.labelled", arguments: [.text, .text])

    /// The keys above, in order.
    static let toolProductKeys: [MessageKey] = [
        .toolUnknownProduct, .toolUnknownProductSuggestion, .toolProductUnavailable, .toolDefaultCatalogNotFound,
        .toolLabelled,
    ]
}
