import Testing

@testable import purchasekit_catalog_tool

/// How product IDs become case names (Plugins/README.md, "Case names"), and collisions.
struct ProductNamingTests {
    @Test(arguments: [
        (["com.example.gems.100", "com.example.removeads"], ["gems100", "removeads"]),
        (["com.example.pro.monthly", "com.example.pro.yearly"], ["monthly", "yearly"]),
        (["com.example.remove_ads", "com.example.level-pack"], ["removeAds", "levelPack"]),
        (["com.example.VIP", "com.example.Gold.pass"], ["vip", "goldPass"]),
        (["com.example.100gems", "com.example.x"], ["_100gems", "x"]),
        (["com.example.default", "com.example.class"], ["`default`", "`class`"]),
        (["com.example.type", "com.example.id"], ["typeProduct", "idProduct"]),
        (["gems", "coins"], ["gems", "coins"]),
        (["com.example.only"], ["only"]),
        (["a.b", "a.b.c"], ["b", "bC"]),
    ])
    func productIDsBecomeCaseNames(_ ids: [String], _ expected: [String]) throws {
        let names = try ProductNaming.caseNames(for: ids).get()
        #expect(names == expected)
    }

    @Test func productsDifferingOnlyByPunctuationCollide() {
        let ids = ["com.example.gems-100", "com.example.gems_100", "com.example.coins", "com.example.gems.100"]
        let expected = ProductNaming.CollisionList(collisions: [
            .init(
                name: "gems100", productIDs: ["com.example.gems-100", "com.example.gems_100", "com.example.gems.100"])
        ])
        #expect(throws: expected) { try ProductNaming.caseNames(for: ids).get() }
    }

    @Test func aSuffixedReservedNameCanCollideWithAProduct() {
        #expect(throws: ProductNaming.CollisionList.self) {
            try ProductNaming.caseNames(for: ["com.example.type", "com.example.type-product"]).get()
        }
    }
}
