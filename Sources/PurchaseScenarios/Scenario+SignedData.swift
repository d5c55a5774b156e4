/// A scenario step about an App Store event that mostly shows in its server notifications.
public enum ScenarioSignedDataStep: Sendable, Hashable {
    /// App Store Connect's "Request a Test Notification" (`TEST`).
    case requestTestNotification
    /// The person asks Apple for a refund of the product's newest purchase (`CONSUMPTION_REQUEST`,
    /// with Apple's `consumptionRequestReason`).
    case requestRefund(productID: String, reason: String)
    /// Apple reverses the refund of the product's newest refunded purchase (`REFUND_REVERSED`).
    case reverseRefund(productID: String)
    /// The person turns auto-renew of the product's subscription back on.
    case enableAutoRenew(productID: String)
    /// The person keeps the product's subscription as it is, withdrawing a downgrade or crossgrade
    /// waiting for its next renewal (`DID_CHANGE_RENEWAL_PREF` without a subtype).
    case keepCurrentPlan(productID: String)

    /// The step's name as scenario files spell it.
    public var name: String {
        switch self {
        case .requestTestNotification: "requestTestNotification"
        case .requestRefund: "requestRefund"
        case .reverseRefund: "reverseRefund"
        case .enableAutoRenew: "enableAutoRenew"
        case .keepCurrentPlan: "keepCurrentPlan"
        }
    }
}
