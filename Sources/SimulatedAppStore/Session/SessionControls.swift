/// The test-session knobs of the simulated App Store, like `SKTestSession`'s: settable in code
/// (``PaymentQueue/controls``), from a catalog's `ProviderSettings` (``init(settings:)``), and per
/// product through the catalog's `Simulation`.
///
/// Per-product `Simulation` entries apply on top of these: a product's `AskToBuy`, `Failures`,
/// `Interrupted` and `Unavailable` take effect whatever the session says.
public struct SessionControls: Sendable, Hashable {
    /// The App Store environment transactions are made in (`Environment`, default sandbox).
    public var environment: AppStoreEnvironment = .sandbox
    /// Whether the person may pay (`CanMakePayments`, default true); when off, every payment fails
    /// with `paymentNotAllowed`.
    public var canMakePayments = true
    /// Whether every purchase needs a parent's approval (`AskToBuyEnabled`, default false): payments
    /// become deferred until ``PaymentQueue/approveAskToBuy(_:)`` or ``PaymentQueue/declineAskToBuy(_:)``.
    public var askToBuyEnabled = false
    /// Whether every purchase is interrupted (`InterruptedPurchasesEnabled`, default false): it fails
    /// as an interruption until ``PaymentQueue/resolveInterruptedPurchase(_:)``.
    public var interruptedPurchasesEnabled = false
    /// Whether every purchase fails with ``failureError`` (`FailTransactionsEnabled`, default false).
    public var failTransactionsEnabled = false
    /// The error failing transactions get (`FailureError`, an `SKError` name or number; default `unknown`).
    public var failureError: StoreKitError.Code = .unknown
    /// Operations that fail with the given error while set (`SimulatedErrors`: a dict from
    /// `LoadProducts`, `Purchase`, `Restore` or `Verification` to an error name).
    public var simulatedErrors: [SimulatedAPI: StoreKitError.Code] = [:]
    /// The probability (0...1) that an operation fails at random (`FaultRate`, default 0), drawn from
    /// the queue's seeded random source (seed `FaultSeed`).
    public var faultRate: Double = 0
    /// The error random faults get (`FaultError`, default `cloudServiceNetworkConnectionFailed`).
    public var faultError: StoreKitError.Code = .cloudServiceNetworkConnectionFailed
    /// The storefront prices come from (`Storefront`); `nil` uses the catalog's deployment storefront.
    public var storefront: String?
    /// The locale names come in (`Locale`); `nil` uses the catalog's deployment locale.
    public var locale: String?
    /// Whether renewals fail to charge (`BillingRetryOnRenewal`, default false): the subscription
    /// enters billing retry instead of renewing, until ``PaymentQueue/resolveBillingIssue(productIdentifier:)``.
    public var billingRetryOnRenewal = false
    /// Whether a subscription in billing trouble keeps access for ``gracePeriodDays``
    /// (`BillingGracePeriodEnabled`, default false).
    public var billingGracePeriodEnabled = false
    /// The length of the billing grace period in days (`GracePeriodDays`, default 16), when no
    /// ``timeRate`` is set.
    public var gracePeriodDays = 16
    /// How long the store retries billing before the subscription expires, in days (`BillingRetryDays`,
    /// default 60), when no ``timeRate`` is set.
    public var billingRetryDays = 60
    /// Xcode's subscription renewal rate (`SKTestSession.timeRate`; `TimeRate` set to one of its names,
    /// such as `oneRenewalEveryTwoSeconds`), or `nil` (the default) for subscription periods of their
    /// calendar length with ``gracePeriodDays`` and ``billingRetryDays``.
    ///
    /// When set, it decides how long subscription periods (introductory offers too), billing grace
    /// periods and billing retry last on the queue's clock; it does not change how fast the clock runs.
    public var timeRate: StoreKitTimeRate?
    /// How fast hosted content downloads, in bytes per virtual second (`DownloadBytesPerSecond`,
    /// default 1 MiB).
    public var downloadBytesPerSecond: Int64 = 1 << 20
    /// Whether downloads fail when they start (`FailDownloads`, default false).
    public var failDownloads = false
    /// How the downloads a `Store` runs through the provider move on (`DownloadSteps`, default 5): in
    /// that many equal steps, one observer callback each, without the clock moving; 0 follows the
    /// virtual clock at ``downloadBytesPerSecond`` instead (``PaymentQueue/advanceTime(by:)``, or the
    /// clock's own pace when it runs at a rate). Downloads the app starts on the queue itself
    /// (``PaymentQueue/start(_:)``) always follow the clock.
    public var downloadSteps = 5
    /// The app's bundle identifier, which a promotional offer's signature names (`BundleID`, the
    /// receipts' too).
    public var bundleID = "com.example.app"
    /// The subscription keys promotional offers may be signed with, by key identifier: the public
    /// halves of the app's App Store Connect In-App Purchase keys (`SubscriptionKeyID` and
    /// `SubscriptionKeyFile` in settings). A purchase with an offer signed by another key is refused.
    public var subscriptionKeys: [String: ReceiptPublicKey] = [:]

    /// The default session: sandbox, payments allowed, nothing simulated.
    public init() {}
}
