import PurchaseCore
import SimulatedGooglePlay

// What a Google Play scenario prints of Play's events and notifications, and the checks of Play's state.
extension ScenarioSession {
    /// Prints the events Play made since the last printed, each followed by the real-time developer
    /// notification Play publishes for it, if any.
    func writePlayEvents(_ google: SimulatedGooglePlay) async {
        let events = await google.events(after: playPrinted)
        guard let last = events.last else { return }
        playPrinted = last.sequence
        for event in events {
            var entries: [(String, ScenarioJSON)] = [
                ("event", .string("playEvent")), ("kind", .string(event.kind.rawValue)),
                ("productID", .string(catalogID(ofPlay: event.productId))),
            ]
            if let orderID = event.orderId { entries.append(("orderID", .string(orderID))) }
            log.write(entries)
            if let name = Self.notificationName(of: event) {
                log.write([("event", .string("notification")), ("type", .string(name))])
            }
        }
    }

    /// The type name of the real-time developer notification Play publishes for `event`, or `nil` when
    /// it publishes none.
    static func notificationName(of event: PlayEvent) -> String? {
        if event.kind == .voided { return "VOIDED_PURCHASE" }
        switch event.productType {
        case .subs:
            return event.kind.subscriptionNotificationType.flatMap { subscriptionNotificationNames[$0] }
        case .inapp:
            return event.kind.oneTimeProductNotificationType.flatMap { oneTimeNotificationNames[$0] }
        }
    }

    private static let subscriptionNotificationNames: [Int: String] = [
        1: "SUBSCRIPTION_RECOVERED", 2: "SUBSCRIPTION_RENEWED", 3: "SUBSCRIPTION_CANCELED",
        4: "SUBSCRIPTION_PURCHASED", 5: "SUBSCRIPTION_ON_HOLD", 6: "SUBSCRIPTION_IN_GRACE_PERIOD",
        7: "SUBSCRIPTION_RESTARTED", 8: "SUBSCRIPTION_PRICE_CHANGE_CONFIRMED", 9: "SUBSCRIPTION_DEFERRED",
        10: "SUBSCRIPTION_PAUSED", 11: "SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED", 12: "SUBSCRIPTION_REVOKED",
        13: "SUBSCRIPTION_EXPIRED", 20: "SUBSCRIPTION_PENDING_PURCHASE_CANCELED",
    ]

    private static let oneTimeNotificationNames: [Int: String] = [
        1: "ONE_TIME_PRODUCT_PURCHASED", 2: "ONE_TIME_PRODUCT_CANCELED",
    ]

    /// The checks of Play's state and of `Notifications` (Play's, since the previous such check): name,
    /// whether it holds, expected and actual.
    func googlePlayChecks(_ expectations: ScenarioExpectations) async -> [(String, Bool, ScenarioJSON, ScenarioJSON)] {
        guard let google = play?.base.store else { return [] }
        var checks: [(String, Bool, ScenarioJSON, ScenarioJSON)] = []
        func text(_ value: String?) -> ScenarioJSON { value.map { .string($0) } ?? .null }
        func strings(_ values: [String]) -> ScenarioJSON { .array(values.map { .string($0) }) }
        let records = await playRecords(of: nil, in: google)
        func newest(_ productID: String) -> PlayPurchaseRecord? {
            let id = playID(productID)
            return records.last { $0.productId == id }
        }
        let play = expectations.googlePlay
        for (productID, expected) in play.purchaseState.sorted(by: { $0.key < $1.key }) {
            let actual = newest(productID).map(Self.stateName)
            checks.append(("playState \(productID)", actual == expected, .string(expected), text(actual)))
        }
        for (productIDs, wanted) in [(play.acknowledged, true), (play.unacknowledged, false)] {
            for productID in productIDs {
                let actual = newest(productID)?.acknowledged
                checks.append(
                    (
                        "acknowledged \(productID)", actual == wanted, .bool(wanted),
                        actual.map { .bool($0) } ?? .null
                    ))
            }
        }
        for (productID, expected) in play.subscriptionState.sorted(by: { $0.key < $1.key }) {
            let actual = newest(productID)?.subscription?.state.rawValue
            checks.append(("subscriptionState \(productID)", actual == expected, .string(expected), text(actual)))
        }
        for (productID, expected) in play.orderCount.sorted(by: { $0.key < $1.key }) {
            let actual = newest(productID)?.orders.count
            checks.append(
                ("orderCount \(productID)", actual == expected, .int(expected), actual.map { .int($0) } ?? .null))
        }
        for (productID, expected) in play.latestOrderSuffix.sorted(by: { $0.key < $1.key }) {
            let actual = newest(productID).flatMap { record -> String? in
                guard let first = record.orderId, let latest = record.latestOrderId else { return nil }
                return String(latest.dropFirst(first.count))
            }
            checks.append(("latestOrderSuffix \(productID)", actual == expected, .string(expected), text(actual)))
        }
        for (productID, expected) in play.linkedPurchase.sorted(by: { $0.key < $1.key }) {
            let linked = newest(productID)?.subscription?.linkedPurchaseToken
            let actual = linked.flatMap { token in records.first { $0.purchaseToken == token } }.map {
                catalogID(ofPlay: $0.productId)
            }
            checks.append(("linkedPurchase \(productID)", actual == expected, .string(expected), text(actual)))
        }
        if let expected = play.voided {
            let actual = await google.voidedPurchases().map { voided -> String in
                let product =
                    records.first { $0.purchaseToken == voided.purchaseToken }.map {
                        catalogID(ofPlay: $0.productId)
                    } ?? voided.purchaseToken
                return voided.voidedQuantity.map { "\(product):\($0)" } ?? product
            }
            checks.append(("voided", actual == expected, strings(expected), strings(actual)))
        }
        if let expected = expectations.notifications {
            let events = await google.events(after: playNoticed)
            playNoticed = events.last?.sequence ?? playNoticed
            let actual = events.compactMap(Self.notificationName)
            checks.append(("notifications", actual == expected, strings(expected), strings(actual)))
        }
        return checks
    }

    /// The purchase's state as the app reads it, by Play's name.
    private static func stateName(_ record: PlayPurchaseRecord) -> String {
        switch record.state {
        case .purchased: "PURCHASED"
        case .pending: "PENDING"
        case .pendingCanceled: "UNSPECIFIED_STATE"
        }
    }
}
