import PurchaseCore
import SimulatedAppStore

/// A family member's account and app in a running scenario: its simulated App Store provider (its
/// own account journal), its `Store` and app ledger, and the task printing its store's events.
struct ScenarioMember: Sendable {
    var provider: CrashingProvider
    var store: Store
    var ledger: any FulfillmentLedger
    var reader: Task<Void, Never>?
}

/// The app's payment-queue delegate in a scenario: answers the price consent question as the
/// `increasePrice` step says, and prints the question as a `shouldShowPriceConsent` callback.
final class ScenarioConsentDelegate: PaymentQueueDelegate {
    let name: String
    let log: ScenarioLog
    /// The family member whose app it is; `nil` for the first account's.
    let member: String?
    /// What the app answers.
    let showNow = Locked(true)

    init(name: String, log: ScenarioLog, member: String? = nil) {
        self.name = name
        self.log = log
        self.member = member
    }

    func shouldShowPriceConsent(for increase: PriceIncrease) -> Bool {
        let answer = showNow.withLock { $0 }
        log.callback(
            "shouldShowPriceConsent", observer: name, member: member,
            [
                ("productID", .string(increase.productIdentifier)), ("price", .string("\(increase.price.amount)")),
                ("showNow", .bool(answer)),
            ])
        return answer
    }
}
