import Foundation
import PurchaseCore

/// The JSON bodies the server answers with.
enum JSONBody {
    /// `value` as JSON text with sorted keys (`value` holds only JSONSerialization's types).
    static func data(_ value: [String: Any]) -> Data {
        SortedJSONWriter.data(value)
    }

    /// An account's entitlements as `purchasekit entitlements --json` prints them: `entitlements`
    /// (names), `balances` (payout name to quantity, none at zero) and `subscriptions`.
    static func entitlements(_ entitlements: Entitlements) -> [String: Any] {
        var balances: [String: Any] = [:]
        for (name, quantity) in entitlements.balances where quantity != 0 { balances[name] = quantity }
        let subscriptions = entitlements.subscriptions.sorted { $0.productID < $1.productID }.map {
            status -> [String: Any] in
            var entry: [String: Any] = [
                "productID": status.productID, "group": status.group, "level": status.level,
                "expiry": date(status.expirationDate), "state": status.state.rawValue,
                "grantsAccess": status.grantsAccess, "endedEarly": status.endedEarly,
            ]
            if let grace = status.gracePeriodExpirationDate { entry["gracePeriodExpiry"] = date(grace) }
            return entry
        }
        return [
            "entitlements": entitlements.names.sorted(), "balances": balances, "subscriptions": subscriptions,
        ]
    }

    /// A date as `YYYY-MM-DDTHH:MM:SSZ`.
    static func date(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
