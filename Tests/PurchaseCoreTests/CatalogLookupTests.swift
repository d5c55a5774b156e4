import PurchaseCore
import Testing

struct CatalogLookupTests {
    @Test func bothLookupsByIdentifierFindTheSameProduct() {
        let catalog = SampleCatalog.make()
        for product in catalog.products {
            #expect(catalog.product(withID: product.productID) == product)
            #expect(catalog.productType(withID: product.productID) == product.type)
        }
    }

    @Test func anUnknownIdentifierFindsNothing() {
        let catalog = SampleCatalog.make()
        #expect(catalog.product(withID: "no.such.product") == nil)
        #expect(catalog.productType(withID: "no.such.product") == nil)
    }

    @Test func aRepeatedIdentifierFindsTheLastProduct() {
        let sample = SampleCatalog.make()
        let first = Product(productID: "twice", type: .consumable)
        let last = Product(productID: "twice", type: .nonConsumable)
        let catalog = Catalog(deployment: sample.deployment, storefronts: sample.storefronts, products: [first, last])
        #expect(catalog.product(withID: "twice") == last)
        #expect(catalog.productType(withID: "twice") == .nonConsumable)
    }
}
