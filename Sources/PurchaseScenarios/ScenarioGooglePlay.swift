public import PurchaseCore
public import SimulatedGooglePlay

/// A step only the simulated Google Play takes (`Catalog/Scenarios/README.md`, "Google Play steps").
/// Products are named by their catalog identifiers; a step acts on the newest purchase of its product.
public enum ScenarioPlayStep: Sendable, Hashable {
    /// The person's payment method makes the next purchase pending (cash, a bank transfer).
    case nextPurchasePending
    /// The person pays the oldest pending purchase (of the product, when given).
    case completePending(productID: String?)
    /// The oldest pending purchase (of the product, when given) is never paid: Play cancels it.
    case cancelPending(productID: String?)
    /// The app stops finishing (acknowledging or consuming) the purchases it delivers.
    case stopFinishing
    /// The app finishes every purchase it left unfinished, and finishes again from now on.
    case finishPurchases
    /// The app buys `productID` through its store with `mode` as the purchase's
    /// `StoreSpecificOptions.replacementMode`: the Play provider's billing flow replaces the subscription
    /// held in the product's group (`SubscriptionUpdateParams` with its token and `mode`); the person must
    /// hold `replacing`.
    case replaceSubscription(productID: String, replacing: String, mode: PlayReplacementMode)
    /// The subscription's renewals fail to charge from now on (a declined card).
    case failRenewals(productID: String)
    /// The person fixes the payment method: renewals charge again, and a subscription in grace period
    /// or on hold recovers.
    case fixPayment(productID: String)
    /// The person pauses the subscription for `length`, from its next renewal.
    case pause(productID: String, length: SubscriptionPeriod)
    /// The person resumes a paused subscription (or withdraws a pause not started).
    case resume(productID: String)
    /// Play voids the purchase's latest order: `quantity` of a multi-quantity purchase (all when `nil`),
    /// taking access away when `revoke`.
    case void(productID: String, quantity: Int?, revoke: Bool)
    /// The person turns auto-renew back on for a cancelled subscription still in its period.
    case restartAutoRenew(productID: String)

    /// The step's name as scenario files spell it.
    public var name: String {
        switch self {
        case .nextPurchasePending: "nextPurchasePending"
        case .completePending: "completePending"
        case .cancelPending: "cancelPending"
        case .stopFinishing: "stopFinishing"
        case .finishPurchases: "finishPurchases"
        case .replaceSubscription: "replaceSubscription"
        case .failRenewals: "failRenewals"
        case .fixPayment: "fixPayment"
        case .pause: "pause"
        case .resume: "resume"
        case .void: "refund"
        case .restartAutoRenew: "enableAutoRenew"
        }
    }
}

/// What an `expect` step checks of the simulated Google Play; every part left empty is not checked.
/// Each product's newest purchase is the one checked.
public struct ScenarioPlayExpectations: Sendable, Hashable {
    /// The purchase state as the app reads it (`PURCHASED`, `PENDING`, `UNSPECIFIED_STATE`), by product.
    public var purchaseState: [String: String] = [:]
    /// Products whose newest purchase the app acknowledged (consuming acknowledges).
    public var acknowledged: [String] = []
    /// Products whose newest purchase is not acknowledged.
    public var unacknowledged: [String] = []
    /// The subscription state (`PlaySubscriptionState` raw value: `active`, `canceled`, `inGracePeriod`,
    /// `onHold`, `paused`, `expired`), by product.
    public var subscriptionState: [String: String] = [:]
    /// The number of orders charged for the newest purchase, by product.
    public var orderCount: [String: Int] = [:]
    /// What the latest order id adds to the first (`..0`, `..1`...; empty for the first order), by product.
    public var latestOrderSuffix: [String: String] = [:]
    /// The product whose newest purchase the product's newest purchase replaced (`linkedPurchaseToken`).
    public var linkedPurchase: [String: String] = [:]
    /// Every voided purchase, oldest first: the product, with `:` and the quantity for a quantity-based
    /// partial refund.
    public var voided: [String]?

    /// Creates empty expectations.
    public init() {}

    /// Whether nothing is checked.
    public var isEmpty: Bool { self == ScenarioPlayExpectations() }
}

extension Scenario {
    /// The store the scenario drives: `simulated-google-play` when the catalog's default provider (its
    /// first) is one, otherwise `simulated-app-store`.
    public var store: ProviderKind {
        Self.store(of: catalog)
    }

    /// The store a scenario on `catalog` drives (see ``store``).
    static func store(of catalog: Catalog) -> ProviderKind {
        catalog.deployment.defaultProvider?.kind == .simulatedGooglePlay ? .simulatedGooglePlay : .simulatedAppStore
    }
}
