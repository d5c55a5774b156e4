import PurchaseCore
import Testing

struct ProductTypeTests {
    @Test func rawValuesAreTheCatalogSpellings() {
        #expect(ProductType(rawValue: "AutoRenewable") == .autoRenewable)
        #expect(ProductType(rawValue: "autorenewable") == nil)
    }
}
