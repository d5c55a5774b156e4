import Foundation
import PurchaseCore

@testable import FileStore

/// A fresh folder under the temporary directory, removed by `remove()`.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("filestore-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// A small catalog with one product of each type, sold in USD and JPY.
enum TestCatalog {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    static func make(providers: [ProviderConfiguration] = [ProviderConfiguration(kind: .file)]) -> Catalog {
        func product(
            _ id: String, _ type: ProductType, entitlements: [String] = [], payouts: [Payout] = [],
            subscription: SubscriptionInfo? = nil, duration: SubscriptionPeriod? = nil
        ) -> Product {
            Product(
                productID: id, type: type, prices: ["USA": Price(amount: 1, currencyCode: "USD")],
                localizations: ["en": ProductLocalization(displayName: "Name of \(id)", description: "About \(id)")],
                entitlements: entitlements, payouts: payouts, subscription: subscription, duration: duration)
        }
        return Catalog(
            deployment: Deployment(name: "test", providers: providers, storefront: "USA", locale: "en_US"),
            storefronts: ["USA": Storefront(code: "USA", currencyCode: "USD")],
            products: [
                product("gems", .consumable, payouts: [Payout(kind: .currency, name: "gems", quantity: 100)]),
                product("removeads", .nonConsumable, entitlements: ["no-ads"]),
                product(
                    "pro", .autoRenewable, entitlements: ["pro"],
                    subscription: SubscriptionInfo(
                        group: "pro", period: SubscriptionPeriod(value: 1, unit: .month), level: 1)),
                product(
                    "pass", .nonRenewing, entitlements: ["pass"], duration: SubscriptionPeriod(value: 3, unit: .month)),
            ])
    }
}

extension ProviderPurchaseResult {
    /// The transaction of a purchased or pending result.
    var transaction: StoreTransaction? {
        switch self {
        case .purchased(let transaction): transaction
        case .pending(let transaction): transaction
        case .cancelled: nil
        }
    }
}

/// A file store and a file ledger sharing one state folder, with a `Store` over them, on a manual clock.
struct TestDeployment {
    let provider: FileStoreProvider
    let ledger: FileFulfillmentLedger
    let store: Store
    /// The state folder's journal, shared by the provider and the ledger (its counters are theirs).
    let journal: PurchaseJournal

    init(
        _ folder: URL, catalog: Catalog = TestCatalog.make(), settings: FileStoreSettings = FileStoreSettings(),
        clock: ManualClock = ManualClock(start: TestCatalog.start)
    ) throws {
        // One journal for both, as a deployment shares it: the store's charge rides on the
        // ledger's fsync. The two hold their own references; this one is given back by close().
        journal = try PurchaseJournal.open(stateDirectory: folder)
        if settings.stateFolder == FileStoreSettings.defaultStateFolder {
            provider = try FileStoreProvider(catalog: catalog, settings: settings, journal: journal, clock: clock)
        } else {
            provider = try FileStoreProvider(catalog: catalog, settings: settings, stateDirectory: folder, clock: clock)
        }
        ledger = try FileFulfillmentLedger(journal: journal)
        store = Store(catalog: catalog, providers: [provider], ledger: ledger, clock: clock)
    }

    func close() async {
        await store.stop()
        try? await provider.flush()
        try? await ledger.flush()
        await provider.close()
        await ledger.close()
        journal.close()
    }
}
