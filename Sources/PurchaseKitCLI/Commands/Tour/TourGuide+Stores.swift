import Foundation
import PurchaseKit

extension TourGuide {
    /// The tour of a deployment of several stores: the products of all of them, the consumable and the
    /// non-consumable (twice) through the default store, one product through each other store (the
    /// ``Store`` routes it by the product's `StoreIDs`), then the restore of a fresh install, which
    /// brings back what every store holds. Ask to Buy needs the file store and is not part of it.
    func runStores(emit: @Sendable (TourStep) async throws(PurchaseError) -> Void) async throws(PurchaseError) {
        try await using(plan.catalog, plan.stateDirectory) { deployment throws(PurchaseError) in
            try await emit(try await products(deployment))
            try await emit(try await buyConsumable(deployment))
            try await emit(
                await purchase(
                    deployment, plan.nonConsumable, step: "buyNonConsumable", narration: .toolTourBuyNonConsumable))
            try await emit(
                await purchase(deployment, plan.nonConsumable, step: "buyAgain", narration: .toolTourBuyAgain))
            for product in plan.otherStores {
                try await emit(await purchaseThroughStore(deployment, product))
            }
        }
        try await emit(try await freshInstall())
    }

    /// Buys `product` through the store its `StoreIDs` name, the step naming that store.
    private func purchaseThroughStore(_ deployment: PurchaseDeployment, _ product: Product) async -> TourStep {
        let store = plan.catalog.deployment.provider(for: product)?.kind.rawValue ?? ""
        var step = await purchase(deployment, product, step: "buyThroughStore", narration: .toolTourBuyNonConsumable)
        step.narration = narrate(.toolTourBuyThroughStore, name(of: product, in: deployment), store)
        step.json.append(("store", .string(store)))
        return step
    }
}
