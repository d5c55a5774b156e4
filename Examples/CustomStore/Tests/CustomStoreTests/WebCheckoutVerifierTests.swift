import CustomStore
import Foundation
import PurchaseKit
import Testing

/// The verifier accepts a transaction only when the shop's signed order says the same.
struct WebCheckoutVerifierTests {
    private let secret = "shop-secret"
    private let paid = Date(timeIntervalSince1970: 1_767_225_600.25)

    private func catalog() throws -> Catalog {
        try CatalogLoader(registry: CustomStorePlugIns.registry).load(contentsOfFile: webShopCatalogPath).get()
    }

    /// The transaction the provider reports for `order`.
    private func transaction(for order: WebShopOrder, productID: String, type: ProductType) -> StoreTransaction {
        StoreTransaction(
            id: order.orderID, store: "web-checkout", productID: productID, productType: type, quantity: order.quantity,
            purchaseDate: order.paidDate ?? .distantPast, environment: .local, verificationData: order.json)
    }

    @Test func aSignedOrderIsAcceptedAsItIs() async throws {
        let verifier = WebCheckoutVerifier(catalog: try catalog(), secret: secret)
        let order = WebShopOrder(
            orderID: "o-1", productID: "GEMS-500", quantity: 3, paidAt: paid, secret: Array(secret.utf8))
        #expect(order.paidDate == paid)
        let reported = transaction(for: order, productID: "com.example.webshop.gems.500", type: .consumable)
        #expect(try await verifier.verify(reported) == reported)
    }

    @Test func anythingTheSignatureDoesNotVouchForIsRefused() async throws {
        let verifier = WebCheckoutVerifier(catalog: try catalog(), secret: secret)
        let order = WebShopOrder(
            orderID: "o-2", checkoutID: "c-2", productID: "PREMIUM", quantity: 1, paidAt: paid,
            secret: Array(secret.utf8))
        let genuine = transaction(for: order, productID: "com.example.webshop.premium", type: .nonConsumable)
        var refused: [StoreTransaction] = []

        var otherProduct = genuine
        otherProduct.productID = "com.example.webshop.soundtrack"
        refused.append(otherProduct)
        var moreUnits = genuine
        moreUnits.quantity = 2
        refused.append(moreUnits)
        var otherOrder = genuine
        otherOrder.id = "o-3"
        refused.append(otherOrder)
        var noOrder = genuine
        noOrder.verificationData = nil
        refused.append(noOrder)
        var otherStore = genuine
        otherStore.store = "file"
        refused.append(otherStore)
        for change in [
            { (order: inout WebShopOrder) in order.checkoutID = nil }, { $0.paidAt = "2026-01-01T00:00:00.000Z" },
        ] {
            var edited = order
            change(&edited)
            var tampered = genuine
            tampered.verificationData = edited.json
            refused.append(tampered)
        }
        let otherSecret = WebShopOrder(
            orderID: "o-2", checkoutID: "c-2", productID: "PREMIUM", quantity: 1, paidAt: paid, secret: Array("x".utf8))
        refused.append(transaction(for: otherSecret, productID: "com.example.webshop.premium", type: .nonConsumable))

        #expect(try await verifier.verify(genuine) == genuine)
        for transaction in refused {
            let error = await #expect(throws: PurchaseError.self, "\(transaction)") {
                try await verifier.verify(transaction)
            }
            #expect(error?.code == .verificationFailed)
        }
    }
}
