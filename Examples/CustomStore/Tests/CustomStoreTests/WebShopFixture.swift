import CustomStore
import Foundation
import PurchaseKit

/// A web-shop deployment in a temporary folder: its state folder, the shop's side, and a clock.
struct WebShopFixture {
    /// The state folder (`<root>/state`); the shop's folder is `web-shop/` inside it, as the catalog says.
    let state: URL
    let clock = ManualClock()

    init(root: URL) {
        state = root.appendingPathComponent("state", isDirectory: true)
    }

    /// The shop, signing with the secret the catalog's deployment resolves to.
    var shop: SimulatedWebShop {
        get throws {
            let catalog = try CatalogLoader(registry: CustomStorePlugIns.registry).load(
                contentsOfFile: webShopCatalogPath
            ).get()
            let settings = try WebCheckoutSettings(catalog.deployment.providers[0].settings)
            let secret = try settings.resolveSecret(in: ProcessInfo.processInfo.environment)
            return SimulatedWebShop(folder: state.appendingPathComponent(settings.shopFolder), secret: secret)
        }
    }

    /// Opens the deployment of `Catalog/WebShop.plist` with the SQLite ledger at `ledgerPath`.
    func open(ledgerPath: String = SQLiteLedgerSettings.defaultPath) throws -> PurchaseDeployment {
        try CustomStorePlugIns.openDeployment(
            catalogPath: webShopCatalogPath, stateDirectory: state,
            ledger: LedgerConfiguration(kind: SQLiteFulfillmentLedger.kind, settings: ["Path": .string(ledgerPath)]),
            clock: clock)
    }
}

extension PurchaseDeployment {
    /// The deployment's web-checkout provider.
    var webCheckout: WebCheckoutProvider {
        get throws {
            guard let provider = provider(WebCheckoutProvider.self) else {
                throw PurchaseError(.providerMisconfigured, detail: "the deployment has no web-checkout provider")
            }
            return provider
        }
    }
}

extension StoreEvent {
    /// The delivery, for a `delivered` event.
    var delivery: Delivery? {
        if case .delivered(_, let delivery) = self { return delivery }
        return nil
    }

    /// The error, for a `rejected` event.
    var rejection: PurchaseError? {
        if case .rejected(_, let error) = self { return error }
        return nil
    }
}

extension RestoreOutcome {
    /// The products a restore brought back, or `nil` when it did not end `restored`.
    var restoredProductIDs: [String]? {
        if case .restored(let productIDs) = self { return productIDs }
        return nil
    }
}
