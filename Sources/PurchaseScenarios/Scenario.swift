public import Foundation
public import PurchaseCore
public import SimulatedAppStore

/// A simulated store scenario (the App Store's, or Google Play's when the catalog's default provider is
/// `simulated-google-play`, see ``store``): a catalog, session controls and the steps a person and the
/// store take, with the expectations to check on the way (the format is in `Catalog/Scenarios/README.md`).
///
/// A scenario is a plain value: ``ScenarioRunner`` runs it in process; `purchasekit simulate` reads
/// one from a property list.
public struct Scenario: Sendable {
    /// One step and where the scenario file states it.
    public struct Step: Sendable {
        /// What the step does.
        public var action: ScenarioAction
        /// The line of the step in the scenario file (0 when built in code).
        public var line: Int
        /// The column of the step in the scenario file (0 when built in code).
        public var column: Int

        /// Creates a step.
        public init(_ action: ScenarioAction, line: Int = 0, column: Int = 0) {
            self.action = action
            self.line = line
            self.column = column
        }
    }

    /// The scenario's name, printed first.
    public var name: String
    /// The catalog the simulated store sells: its first provider is `simulated-google-play`, or it has a
    /// `simulated-app-store` provider.
    public var catalog: Catalog
    /// Settings that override the catalog's `ProviderSettings` for the store the scenario drives.
    public var settings: [String: SettingValue]
    /// The steps, in order.
    public var steps: [Step]

    /// The instant a scenario's clock starts at, 2026-01-01T00:00:00Z, so that runs are reproducible.
    /// `advanceTime` steps move it forward; it may not pass the last instant receipts carry
    /// (`AppReceipt.dateRange`).
    public static let clockStart = Date(timeIntervalSince1970: 1_767_225_600)

    /// Creates a scenario.
    public init(name: String, catalog: Catalog, settings: [String: SettingValue] = [:], steps: [Step]) {
        self.name = name
        self.catalog = catalog
        self.settings = settings
        self.steps = steps
    }
}

/// What a scenario step does. Products are named by their catalog identifiers.
public enum ScenarioAction: Sendable {
    /// Buys a product through the whole flow (`Store.purchase(_:options:)`), for the account of an app
    /// account token when one is given (`nil`: the default account).
    case buy(productID: String, quantity: Int, account: UUID? = nil)
    /// A parent approves the oldest Ask to Buy request (for the product, when given).
    case approveAskToBuy(productID: String?)
    /// A parent declines the oldest Ask to Buy request (for the product, when given).
    case declineAskToBuy(productID: String?)
    /// The person resolves the oldest interrupted purchase (for the product, when given).
    case resolveInterrupted(productID: String?)
    /// The app quits and starts again: a new queue and store on the same state and app ledger.
    case relaunch
    /// The app is deleted and installed again: a fresh app ledger, the same App Store account.
    case reinstall
    /// Restores purchases (`Store.restore()`).
    case restore
    /// Moves the virtual clock forward and lets what came due happen (renewals, expiries).
    case advanceTime(TimeInterval)
    /// The App Store refunds the newest purchase of the product.
    case refund(productID: String)
    /// The product's subscription expires now.
    case expire(productID: String)
    /// The product's subscription renews now.
    case forceRenew(productID: String)
    /// The person turns auto-renew off for the product's subscription.
    case disableAutoRenew(productID: String)
    /// The account moves to another storefront (ISO 3166-1 alpha-3).
    case switchStorefront(String)
    /// Payments are allowed or not (`canMakePayments`).
    case setCanMakePayments(Bool)
    /// The next purchase is delivered but the app dies before it finishes the transaction; the app
    /// is relaunched right after that purchase.
    case crashBeforeFinish
    /// Adds another observer to the payment queue, whose callbacks are printed under its name.
    case addObserver(name: String)
    /// A person starts buying the product from its promotion in the App Store: observers are asked
    /// `shouldAddStorePayment` (the scenario's observers agree) and the payment is added.
    case promotedPurchase(productID: String)
    /// The app starts every download waiting (hosted content of purchases); progress follows
    /// `advanceTime` and observers are told `updatedDownloads`.
    case startDownloads
    /// Downloads of hosted content fail as they start from now on (`failDownloads`, `true`), or work
    /// again (`allowDownloads`, `false`): the session's `FailDownloads`.
    case setDownloadsFail(Bool)
    /// Sends a receipt of the account, made for `environment`, to verifyReceipt through the verifier
    /// (production first, as Apple recommends).
    case verifyReceipt(environment: AppStoreEnvironment)
    /// The App Store raises a subscription's price in the storefront (`price` in its currency).
    /// With `needsConsent`, the app's delegate is asked whether to show the consent sheet now
    /// (`showNow` is its answer; printed as its `shouldShowPriceConsent` callback) and each
    /// subscriber keeps the old price until they answer; without, renewals charge the new price.
    case increasePrice(productID: String, price: Decimal, needsConsent: Bool, showNow: Bool)
    /// The app shows the price consent sheets its delegate held (`showPriceConsentIfNeeded`).
    case showPriceConsent
    /// The person consents to the product's price increase, or declines it.
    case respondToPriceIncrease(productID: String, consent: Bool)
    /// Another account joins the family (Family Sharing), with an app of its own (its own store
    /// and ledger): purchases the members share reach it as family-shared transactions.
    case addFamilyMember(name: String)
    /// A step done by a family member's account and app instead of the first account's.
    indirect case asMember(name: String, action: ScenarioAction)
    /// The purchaser (the first account, or a member with `asMember`) stops sharing the product's
    /// purchase, or every purchase when `productID` is `nil`: the other members lose it.
    case stopFamilySharing(productID: String?)
    /// A member leaves the family: it loses what others shared, and they lose what it shared.
    case leaveFamily(name: String)
    /// Buys a subscription with a promotional offer the step signs as the app's server would, now
    /// (or the given seconds ago), through the whole flow (`Store.purchase(_:options:)`).
    case buyWithPromotionalOffer(productID: String, offer: ScenarioPromotionalOffer)
    /// The person redeems a one-time offer code (`Store.redeemOfferCode(_:)`), through the whole flow.
    case redeemOfferCode(String)
    /// An App Store event that mostly shows in its server notifications (a test notification, a
    /// refund request, a refund reversed, auto-renew turned back on).
    case signedData(ScenarioSignedDataStep)
    /// A step of the simulated Google Play (``ScenarioPlayStep``).
    case googlePlay(ScenarioPlayStep)
    /// Checks expectations.
    case expect(ScenarioExpectations)

    /// The step's name as scenario files spell it.
    public var name: String {
        switch self {
        case .buy: "buy"
        case .approveAskToBuy: "approveAskToBuy"
        case .declineAskToBuy: "declineAskToBuy"
        case .resolveInterrupted: "resolveInterrupted"
        case .relaunch: "relaunch"
        case .reinstall: "reinstall"
        case .restore: "restore"
        case .advanceTime: "advanceTime"
        case .refund: "refund"
        case .expire: "expire"
        case .forceRenew: "forceRenew"
        case .disableAutoRenew: "disableAutoRenew"
        case .switchStorefront: "switchStorefront"
        case .setCanMakePayments: "togglePayments"
        case .crashBeforeFinish: "crashBeforeFinish"
        case .addObserver: "addObserver"
        case .verifyReceipt: "verifyReceipt"
        case .promotedPurchase: "promotedPurchase"
        case .startDownloads: "startDownloads"
        case .increasePrice: "increasePrice"
        case .showPriceConsent: "showPriceConsent"
        case .respondToPriceIncrease: "respondToPriceIncrease"
        case .addFamilyMember: "addFamilyMember"
        case .asMember(_, let action): action.name
        case .stopFamilySharing: "stopFamilySharing"
        case .leaveFamily: "leaveFamily"
        case .setDownloadsFail(let fail): fail ? "failDownloads" : "allowDownloads"
        case .buyWithPromotionalOffer: "buyWithPromotionalOffer"
        case .redeemOfferCode: "redeemOfferCode"
        case .signedData(let step): step.name
        case .googlePlay(let step): step.name
        case .expect: "expect"
        }
    }
}

/// What an `expect` step checks; every part left empty is not checked.
public struct ScenarioExpectations: Sendable, Hashable {
    /// The outcome name of the last step that had one: a purchase (`purchased`, `pending`,
    /// `cancelled`, `failed`), a restore (`restored`, `nothingToRestore`, `partial`, `failed`), a
    /// receipt verification (`verified`, `failed`) or an App Store action (`done`, `nothing`).
    public var outcome: String?
    /// The `PurchaseError.Code.name` of the last step's error.
    public var error: String?
    /// The account whose entitlements, balances and deliveries the step checks (its app account
    /// token); `nil`: the default account's entitlements and balances, and every account's deliveries.
    public var account: UUID?
    /// Entitlement names the person must have now.
    public var entitlementsContain: [String] = []
    /// Entitlement names the person must not have now.
    public var entitlementsLack: [String] = []
    /// Balances (payout name to quantity) that must hold exactly.
    public var balances: [String: Int] = [:]
    /// The number of deliveries the app ledger holds for each product.
    public var delivered: [String: Int] = [:]
    /// Store events (`StoreEvent.name`) that must have been emitted since the previous `expect`.
    public var events: [String] = []
    /// Store events that must not have been emitted since the previous `expect`.
    public var absentEvents: [String] = []
    /// Observer callbacks seen since the previous `expect`: `name` (any observer) or `observer.name`.
    public var callbacks: [String] = []
    /// The statuses verifyReceipt answered in the last verification, in order (e.g. 21007 then 0).
    public var verifyStatuses: [Int]?
    /// The products (catalog identifiers, in any order) the last verification's answer lists as refunded:
    /// a transaction of each with `cancellation_date` and `cancellation_reason` in both `in_app` and
    /// `latest_receipt_info`, and no other product so listed.
    public var receiptCancellations: [String]?
    /// `price_consent_status` of each product's subscription now (0 waiting or declined, 1 consented).
    public var priceConsentStatus: [String: Int] = [:]
    /// `expiration_intent` of each product's subscription now (1 cancelled, 2 billing, 3 price increase).
    public var expirationIntent: [String: Int] = [:]
    /// The price (as the catalog writes amounts, `1.99`) the newest charged transaction of each product
    /// was charged.
    public var latestPrice: [String: String] = [:]
    /// Products a family member shares with the account now: its newest transaction of each is
    /// family-shared (`in_app_ownership_type` `FAMILY_SHARED`) and not revoked.
    public var familyShared: [String] = []
    /// Products not shared with the account now (never shared, or the share was revoked).
    public var notFamilyShared: [String] = []
    /// Store events that must have been emitted in this order since the previous `expect` (others
    /// may come between them).
    public var eventOrder: [String] = []
    /// The products (catalog identifiers, in any order, once per transaction) whose purchased or
    /// restored transactions the App Store holds unfinished now; `[]` for none.
    public var unfinished: [String]?
    /// Receipt fields by product (catalog identifier) and field name (`is_trial_period`,
    /// `promotional_offer_id`...), as the last verification's answer writes them (strings, as Apple's
    /// verifyReceipt does) for the product's newest transaction in its receipt's `in_app`; a field the
    /// entry lacks reads as the empty string.
    public var receiptFields: [String: [String: String]] = [:]
    /// The App Store Server Notifications emitted since the previous `expect` that had this check, in
    /// order, each as `TYPE` or `TYPE/SUBTYPE`; `[]` for none.
    public var notifications: [String]?
    /// Fields of the signed transaction (verified against the store's root) of each product's newest
    /// transaction, by product (catalog identifier) and field name, written as JSON text (a string
    /// as is, a number or boolean as JSON writes it); a field the payload lacks reads as the empty string.
    public var signedTransaction: [String: [String: String]] = [:]
    /// Fields of the signed renewal info (verified against the store's root) of each product's newest
    /// subscription, as ``signedTransaction`` writes them.
    public var signedRenewalInfo: [String: [String: String]] = [:]
    /// What the simulated Google Play holds (a Google Play scenario; ``notifications`` there are its
    /// real-time developer notifications, by Play's type names).
    public var googlePlay = ScenarioPlayExpectations()

    /// Creates empty expectations.
    public init() {}
}
