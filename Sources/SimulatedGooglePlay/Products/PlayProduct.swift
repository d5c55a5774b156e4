import Foundation
public import PurchaseCore

/// Play's two kinds of product (`BillingClient.ProductType`), with Play's names as raw values.
public enum PlayProductType: String, Sendable, Hashable, Codable {
    /// A one-time product (`inapp`). Whether it is consumable is the app's choice: consuming it is
    /// what lets the person buy it again.
    case inapp
    /// A subscription (`subs`) with base plans and offers.
    case subs
}

/// A price as Play gives it: micro-units (1,000,000 to the unit) of an ISO 4217 currency.
public struct PlayPrice: Sendable, Hashable, Codable {
    /// The amount in micro-units: 4.99 is 4,990,000.
    public var micros: Int64
    /// The ISO 4217 currency code.
    public var currencyCode: String

    /// Creates a price.
    ///
    /// - Parameters:
    ///   - micros: the amount in micro-units.
    ///   - currencyCode: the ISO 4217 currency code.
    public init(micros: Int64, currencyCode: String) {
        self.micros = micros
        self.currencyCode = currencyCode
    }

    /// The same price as PurchaseCore's decimal `Price`.
    public var price: Price { Price(amount: Decimal(micros) / 1_000_000, currencyCode: currencyCode) }
}

/// A product the simulated Play Store sells, as a developer sets it up in the Play Console: a one-time
/// product with its price, or a subscription with its base plans.
///
/// The store answers ``PlayProductDetails`` for it, shaped as Play's `ProductDetails`.
public struct PlayProduct: Sendable, Hashable, Codable {
    /// The product id (`productId`), unique in the app.
    public var productId: String
    /// One-time product or subscription.
    public var type: PlayProductType
    /// The product's name (`name`).
    public var name: String
    /// The product's description.
    public var description: String
    /// A one-time product's price; `nil` for a subscription.
    public var oneTimePrice: PlayPrice?
    /// Whether a one-time product may be bought several at once (multi-quantity).
    public var allowsMultipleQuantity: Bool
    /// A subscription's base plans; empty for a one-time product.
    public var basePlans: [PlayBasePlan]

    /// A one-time product.
    ///
    /// - Parameters:
    ///   - productId: the product id.
    ///   - name: its name.
    ///   - description: its description.
    ///   - price: its price.
    ///   - allowsMultipleQuantity: whether several may be bought at once.
    public static func oneTime(
        _ productId: String, name: String, description: String = "", price: PlayPrice,
        allowsMultipleQuantity: Bool = false
    ) -> PlayProduct {
        PlayProduct(
            productId: productId, type: .inapp, name: name, description: description, oneTimePrice: price,
            allowsMultipleQuantity: allowsMultipleQuantity, basePlans: [])
    }

    /// A subscription.
    ///
    /// - Parameters:
    ///   - productId: the product id.
    ///   - name: its name.
    ///   - description: its description.
    ///   - basePlans: its base plans, each with its offers.
    public static func subscription(
        _ productId: String, name: String, description: String = "", basePlans: [PlayBasePlan]
    ) -> PlayProduct {
        PlayProduct(
            productId: productId, type: .subs, name: name, description: description, oneTimePrice: nil,
            allowsMultipleQuantity: false, basePlans: basePlans)
    }

    /// The base plan named `id`.
    public func basePlan(_ id: String) -> PlayBasePlan? {
        basePlans.first { $0.id == id }
    }
}

/// A subscription's base plan: its billing period and price, whether it renews, and how long Play keeps
/// a subscription whose renewal could not be charged (grace period, then account hold).
public struct PlayBasePlan: Sendable, Hashable, Codable {
    /// How the plan bills.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// Renews at the end of each period until cancelled.
        case autoRenewing
        /// Bought for one period; the person tops it up to extend it, it never renews.
        case prepaid
    }

    /// The base plan id (`basePlanId`), unique in its subscription.
    public var id: String
    /// Auto-renewing or prepaid.
    public var kind: Kind
    /// The billing period (ISO 8601: `P1W`, `P1M`, `P3M`, `P6M`, `P1Y`).
    public var billingPeriod: SubscriptionPeriod
    /// The recurring price.
    public var price: PlayPrice
    /// Days the person keeps access after a renewal fails to charge (0 for none).
    public var gracePeriodDays: Int
    /// Days of account hold (no access) after the grace period, while Play retries (0 for none).
    public var accountHoldDays: Int
    /// The plan's offers (free trials, introductory prices).
    public var offers: [PlayOffer]
    /// The developer's tags (`offerTags` of the base plan's offer details).
    public var tags: [String]

    /// Creates a base plan.
    ///
    /// - Parameters:
    ///   - id: the base plan id.
    ///   - kind: auto-renewing (default) or prepaid.
    ///   - billingPeriod: the billing period.
    ///   - price: the recurring price.
    ///   - gracePeriodDays: the grace period in days (default 7).
    ///   - accountHoldDays: the account hold in days (default 30).
    ///   - offers: the plan's offers.
    ///   - tags: the developer's tags.
    public init(
        id: String, kind: Kind = .autoRenewing, billingPeriod: SubscriptionPeriod, price: PlayPrice,
        gracePeriodDays: Int = 7, accountHoldDays: Int = 30, offers: [PlayOffer] = [], tags: [String] = []
    ) {
        self.id = id
        self.kind = kind
        self.billingPeriod = billingPeriod
        self.price = price
        self.gracePeriodDays = max(0, gracePeriodDays)
        self.accountHoldDays = max(0, accountHoldDays)
        self.offers = offers
        self.tags = tags
    }

    /// The base plan's own pricing phase, the last of every offer: infinite recurring for an
    /// auto-renewing plan, one non-recurring period for a prepaid one.
    public var recurringPhase: PlayOfferPhase {
        PlayOfferPhase(
            price: price, billingPeriod: billingPeriod, billingCycleCount: kind == .prepaid ? 1 : 0,
            recurrenceMode: kind == .prepaid ? .nonRecurring : .infiniteRecurring)
    }
}

/// An offer on a base plan: phases charged before the base plan's price (a free trial, an introductory
/// price), for the people it is offered to.
public struct PlayOffer: Sendable, Hashable, Codable {
    /// Who may take the offer.
    public enum Eligibility: String, Sendable, Hashable, Codable {
        /// Only people who never had this subscription (Play's new customer acquisition).
        case newCustomers
        /// Whoever the developer shows it to.
        case developerDetermined
    }

    /// The offer id (`offerId`), unique in its base plan.
    public var id: String
    /// Who may take it.
    public var eligibility: Eligibility
    /// The phases before the base plan's price, in order.
    public var phases: [PlayOfferPhase]
    /// The developer's tags.
    public var tags: [String]

    /// Creates an offer.
    ///
    /// - Parameters:
    ///   - id: the offer id.
    ///   - eligibility: who may take it (default new customers).
    ///   - phases: the phases before the base plan's price.
    ///   - tags: the developer's tags.
    public init(
        id: String, eligibility: Eligibility = .newCustomers, phases: [PlayOfferPhase], tags: [String] = []
    ) {
        self.id = id
        self.eligibility = eligibility
        self.phases = phases
        self.tags = tags
    }
}

/// Play's recurrence modes of a pricing phase (`ProductDetails.RecurrenceMode`), with Play's numbers.
public enum PlayRecurrenceMode: Int, Sendable, Hashable, Codable {
    /// Recurs until the subscription ends (the base plan's phase of an auto-renewing plan).
    case infiniteRecurring = 1
    /// Recurs ``PlayOfferPhase/billingCycleCount`` times.
    case finiteRecurring = 2
    /// Charged once (a free trial, a single introductory payment, a prepaid plan).
    case nonRecurring = 3
}

/// One pricing phase: a price charged each billing period, a number of times.
public struct PlayOfferPhase: Sendable, Hashable, Codable {
    /// The price of each cycle (zero for a free trial).
    public var price: PlayPrice
    /// The length of each cycle.
    public var billingPeriod: SubscriptionPeriod
    /// How many cycles; 0 for an infinite recurring phase.
    public var billingCycleCount: Int
    /// How it recurs.
    public var recurrenceMode: PlayRecurrenceMode

    /// Creates a phase.
    ///
    /// - Parameters:
    ///   - price: the price of each cycle.
    ///   - billingPeriod: the length of each cycle.
    ///   - billingCycleCount: how many cycles (0 for infinite).
    ///   - recurrenceMode: how it recurs.
    public init(
        price: PlayPrice, billingPeriod: SubscriptionPeriod, billingCycleCount: Int, recurrenceMode: PlayRecurrenceMode
    ) {
        self.price = price
        self.billingPeriod = billingPeriod
        self.billingCycleCount = billingCycleCount
        self.recurrenceMode = recurrenceMode
    }

    /// A free trial of one period: price zero, non-recurring.
    ///
    /// - Parameters:
    ///   - period: the trial's length.
    ///   - currencyCode: the currency its zero price is in.
    public static func freeTrial(_ period: SubscriptionPeriod, currencyCode: String) -> PlayOfferPhase {
        PlayOfferPhase(
            price: PlayPrice(micros: 0, currencyCode: currencyCode), billingPeriod: period, billingCycleCount: 1,
            recurrenceMode: .nonRecurring)
    }

    /// An introductory price charged for `cycles` periods: finite recurring for more than one cycle,
    /// non-recurring (a single payment) for one.
    ///
    /// - Parameters:
    ///   - price: the price of each cycle.
    ///   - period: the length of each cycle.
    ///   - cycles: how many cycles.
    public static func introductory(_ price: PlayPrice, period: SubscriptionPeriod, cycles: Int) -> PlayOfferPhase {
        PlayOfferPhase(
            price: price, billingPeriod: period, billingCycleCount: max(1, cycles),
            recurrenceMode: cycles > 1 ? .finiteRecurring : .nonRecurring)
    }
}
