import PurchaseCore
import Testing

struct CatalogLookupTests {
    @Test func everyLookupByIdentifierFindsTheSameProduct() {
        let catalog = SampleCatalog.make()
        for product in catalog.products {
            #expect(catalog.product(withID: product.productID) == product)
            #expect(catalog.productType(withID: product.productID) == product.type)
            #expect(catalog.withProduct(withID: product.productID) { $0 } == product)
        }
    }

    @Test func anUnknownIdentifierFindsNothingAndSkipsTheBody() {
        let catalog = SampleCatalog.make()
        var calls = 0
        #expect(catalog.withProduct(withID: "no.such.product") { _ in calls += 1 } == nil)
        #expect(calls == 0)
        #expect(catalog.product(withID: "no.such.product") == nil)
        #expect(catalog.productType(withID: "no.such.product") == nil)
    }

    @Test func aRepeatedIdentifierFindsTheLastProduct() {
        let sample = SampleCatalog.make()
        let first = Product(productID: "twice", type: .consumable)
        let last = Product(productID: "twice", type: .nonConsumable)
        let catalog = Catalog(deployment: sample.deployment, storefronts: sample.storefronts, products: [first, last])
        #expect(catalog.withProduct(withID: "twice") { $0.type } == .nonConsumable)
        #expect(catalog.product(withID: "twice") == last)
        #expect(catalog.productType(withID: "twice") == .nonConsumable)
    }
}
