public import PurchaseCore

extension SessionControls {
    /// Reads the session from a catalog's `ProviderSettings` for `simulated-app-store`.
    ///
    /// Keys (all optional, defaults as the properties say): `Environment` (`Sandbox` or `Production`),
    /// `CanMakePayments`, `AskToBuyEnabled`, `InterruptedPurchasesEnabled`, `FailTransactionsEnabled`
    /// and `FailureError`, `SimulatedErrors` (dict), `FaultRate`, `FaultError`, `Storefront`, `Locale`,
    /// `BillingRetryOnRenewal`, `BillingGracePeriodEnabled`, `GracePeriodDays`, `BillingRetryDays`,
    /// `DownloadBytesPerSecond`, `FailDownloads`, `DownloadSteps`, `BundleID`, and `TimeRate` when it names a ``StoreKitTimeRate``
    /// (Xcode's renewal rates, e.g. `oneRenewalEveryTwoSeconds`). (`FaultSeed`, `Persistence` and a
    /// `TimeRate` that is a clock speed, ``SimulationClock/TimeRate``, are read by the provider's factory.)
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured` naming the key for a value of the wrong
    ///   type or an unknown spelling.
    public init(settings: [String: SettingValue]) throws {
        self.init()
        func bool(_ key: String) throws -> Bool? {
            guard let value = settings[key] else { return nil }
            guard let result = value.boolValue else { throw Self.misconfigured(key, .boolean) }
            return result
        }
        func integer(_ key: String) throws -> Int? {
            guard let value = settings[key] else { return nil }
            guard let result = value.integerValue, let int = Int(exactly: result), int >= 0 else {
                throw Self.misconfigured(key, .nonNegativeInteger)
            }
            return int
        }
        func string(_ key: String) throws -> String? {
            guard let value = settings[key] else { return nil }
            guard let result = value.stringValue else { throw Self.misconfigured(key, .string) }
            return result
        }
        func code(_ key: String, _ value: SettingValue) throws -> StoreKitError.Code {
            if let number = value.integerValue, let int = Int(exactly: number) {
                return StoreKitError.Code(rawValue: int)
            }
            guard let text = value.stringValue, let code = StoreKitError.Code(parsing: text) else {
                throw Self.misconfigured(key, .storeKitErrorCode)
            }
            return code
        }

        if let text = try string("Environment") {
            guard let environment = AppStoreEnvironment(rawValue: text) else {
                throw Self.misconfigured("Environment", .oneOf(AppStoreEnvironment.allCases.map(\.rawValue)))
            }
            self.environment = environment
        }
        canMakePayments = try bool("CanMakePayments") ?? canMakePayments
        askToBuyEnabled = try bool("AskToBuyEnabled") ?? askToBuyEnabled
        interruptedPurchasesEnabled = try bool("InterruptedPurchasesEnabled") ?? interruptedPurchasesEnabled
        failTransactionsEnabled = try bool("FailTransactionsEnabled") ?? failTransactionsEnabled
        if let value = settings["FailureError"] { failureError = try code("FailureError", value) }
        if let value = settings["SimulatedErrors"] {
            guard let entries = value.dictionaryValue else { throw Self.misconfigured("SimulatedErrors", .dictionary) }
            // In key order, so that the first problem found is the same in every run.
            for (name, error) in entries.sorted(by: { $0.key < $1.key }) {
                guard let api = SimulatedAPI(rawValue: name) else {
                    throw Self.misconfigured(
                        "SimulatedErrors.\(name)", .knownKey(SimulatedAPI.allCases.map(\.rawValue)))
                }
                simulatedErrors[api] = try code("SimulatedErrors.\(name)", error)
            }
        }
        if let value = settings["FaultRate"] {
            guard let rate = value.doubleValue, rate >= 0, rate <= 1 else {
                throw Self.misconfigured("FaultRate", .fraction)
            }
            faultRate = rate
        }
        if let value = settings["FaultError"] { faultError = try code("FaultError", value) }
        storefront = try string("Storefront") ?? storefront
        locale = try string("Locale") ?? locale
        billingRetryOnRenewal = try bool("BillingRetryOnRenewal") ?? billingRetryOnRenewal
        billingGracePeriodEnabled = try bool("BillingGracePeriodEnabled") ?? billingGracePeriodEnabled
        gracePeriodDays = try integer("GracePeriodDays") ?? gracePeriodDays
        billingRetryDays = try integer("BillingRetryDays") ?? billingRetryDays
        if let speed = try integer("DownloadBytesPerSecond") { downloadBytesPerSecond = Int64(max(1, speed)) }
        failDownloads = try bool("FailDownloads") ?? failDownloads
        if let steps = try integer("DownloadSteps") { downloadSteps = max(0, steps) }
        timeRate = settings["TimeRate"]?.stringValue.flatMap(StoreKitTimeRate.init(parsing:)) ?? timeRate
        bundleID = try string("BundleID") ?? bundleID
    }

    private static func misconfigured(_ key: String, _ expected: ProviderSettingError.Expectation) -> PurchaseError {
        ProviderSettingError(.simulatedAppStore, key: key, expected: expected).purchaseError
    }
}
