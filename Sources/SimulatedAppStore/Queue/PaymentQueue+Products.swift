import Foundation
import PurchaseCore

// The products request: the catalog's products as the App Store sells them in the storefront.
extension PaymentQueue {
    func products(for identifiers: [String]) async throws(StoreKitError) -> ProductsRequest.Response {
        if let code = controls.simulatedErrors[.loadProducts] {
            throw StoreKitError(code, message: "simulated products request error")
        }
        if faultHappens() { throw StoreKitError(controls.faultError, message: "simulated random fault") }
        var products: [AppStoreProduct] = []
        var invalid: [String] = []
        for identifier in identifiers {
            if let product = productsByIdentifier[identifier], let value = appStoreProduct(product) {
                products.append(value)
            } else {
                invalid.append(identifier)
            }
        }
        return ProductsRequest.Response(products: products, invalidProductIdentifiers: invalid)
    }

    var storefront: String { controls.storefront ?? catalog.deployment.storefront }
    var locale: String { controls.locale ?? catalog.deployment.locale }

    func isSold(_ product: Product) -> Bool {
        product.simulation?.unavailable != true && product.price(in: storefront) != nil
    }

    func appStoreProduct(_ product: Product) -> AppStoreProduct? {
        guard isSold(product), let price = currentPrice(of: product) else { return nil }
        let localization = product.localization(for: locale)
        return AppStoreProduct(
            productIdentifier: product.storeID(for: .simulatedAppStore),
            localizedTitle: localization?.displayName ?? product.productID,
            localizedDescription: localization?.description ?? "",
            price: price, storefront: storefront, locale: locale, product: product)
    }
}
