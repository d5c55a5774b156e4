import Foundation
import PurchaseCore
import SimulatedAppStore

extension ScenarioSession {
    /// The fields of `productID`'s newest transaction (latest purchase date, then highest
    /// identifier) in the last verification's receipt `in_app`, as Apple's JSON writes them: every
    /// value a string. `nil` when there was no answer or it lists no transaction of the product.
    func receiptFields(of productID: String) -> [String: String]? {
        let storeID = scenarioCatalogProduct(productID)?.storeID(for: .simulatedAppStore) ?? productID
        let entries = lastVerifyResponse?.receipt?.inApp.filter { $0.productID == storeID } ?? []
        let newest = entries.max {
            ($0.purchaseDate, UInt64($0.transactionID) ?? 0) < ($1.purchaseDate, UInt64($1.transactionID) ?? 0)
        }
        guard let newest, let data = try? JSONEncoder().encode(newest),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        var fields: [String: String] = [:]
        for (name, value) in object {
            if let text = value as? String { fields[name] = text }
        }
        return fields
    }
}
