public import Foundation
public import PurchaseCore

/// Deliveries as the store's pipeline makes them, for the ledgers' tests.
public enum Deliveries {
    /// A moment with a fraction of a second, so that dates must come back bit for bit.
    public static let start = Date(timeIntervalSinceReferenceDate: 800_000_000.123_456_7)

    /// The transaction identifier `id` in the store the deliveries use.
    public static func id(_ id: String) -> TransactionID { TransactionID(store: "file", id: id) }

    /// A consumable crediting `units` gems.
    public static func gems(_ id: String, units: Int = 100, account: UUID? = nil) -> Delivery {
        Delivery(
            transactionID: Self.id(id), originalTransactionID: Self.id(id), productID: "com.example.gems.100",
            productType: .consumable, quantity: 1, entitlements: [], credits: ["gems": units], expirationDate: nil,
            purchaseDate: start, deliveredAt: start.addingTimeInterval(0.5), appAccountToken: account)
    }

    /// A non-consumable; `original` names the purchase a restore brings back.
    public static func removeAds(_ id: String, original: String? = nil, account: UUID? = nil) -> Delivery {
        Delivery(
            transactionID: Self.id(id), originalTransactionID: Self.id(original ?? id),
            productID: "com.example.removeads", productType: .nonConsumable, quantity: 1,
            entitlements: ["no-ads"], credits: [:], expirationDate: nil, purchaseDate: start,
            deliveredAt: start, appAccountToken: account)
    }

    /// A period of an auto-renewable subscription ending at `expires`.
    public static func subscription(_ id: String, original: String, expires: Date, account: UUID? = nil) -> Delivery {
        Delivery(
            transactionID: Self.id(id), originalTransactionID: Self.id(original),
            productID: "com.example.pro.monthly", productType: .autoRenewable, quantity: 1,
            entitlements: ["pro", "cloud"], credits: ["coins": 5], expirationDate: expires, purchaseDate: start,
            deliveredAt: start, appAccountToken: account)
    }
}
