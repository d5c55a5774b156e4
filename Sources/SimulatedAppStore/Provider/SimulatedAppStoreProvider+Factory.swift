import Foundation
import Journal
public import PurchaseCore

extension SimulatedAppStoreProvider {
    /// Builds the provider for a deployment: the session from its `ProviderSettings` (see
    /// ``SessionControls/init(settings:)``), the account in `<state>/simulated-app-store/`.
    ///
    /// Keys read here besides the session's: `Persistence` (`Journal`, the default, or `Memory`),
    /// `FaultSeed` (integer seed of the ``SplitMix64`` faults are drawn from; default 0), and
    /// `TimeRate` when it is a clock speed (a ``SimulationClock/TimeRate`` name or a number of virtual
    /// seconds per second). A `TimeRate` naming one of Xcode's renewal rates (``StoreKitTimeRate``) goes to
    /// the session (``SessionControls/timeRate``) and leaves the clock as it is.
    /// Receipts: `Receipts` (boolean, default true) turns them on; the signing key is derived from
    /// `ReceiptKeySeed` (a string; reproducible) or kept in `<state>/simulated-app-store/receipt-key.pem`
    /// (made on first use, see ``SimulatedReceipts/persistedKey(in:creatingIfMissing:)``: a key file that is there but
    /// cannot be read is an error, never replaced; in memory a fresh random key); `BundleID` (default
    /// `com.example.app`) and
    /// `SharedSecret` (default none) go to the receipts and the verifyReceipt service.
    /// Signed data (StoreKit 2 and App Store Server Notifications V2): `SignedData`,
    /// `SignedDataEnvironment`, `BundleVersion` and `AppAppleID` (see
    /// ``SimulatedSigningChain``); the environment's chain is kept in
    /// `<state>/simulated-app-store/signing-chain-<Environment>.pem`, its root in
    /// `signing-root-<Environment>.pem`, made on first use (a chain file that cannot be read is an
    /// error, never replaced; in memory a fresh chain).
    /// The deployment's clock is used as is; with `TimeRate`, a ``SimulationClock`` deployment clock
    /// is set to that rate, and any other clock is replaced by a ``SimulationClock`` starting at its now.
    /// `StoreKit` (`1`, the default, or `2`) picks the face: with `2` the provider returned is the StoreKit 2
    /// face over the same queue (``SimulatedStoreKit2Provider``), which needs signed data.
    /// In a read-only deployment (`ProviderContext.readOnly`) the account's journal is opened
    /// read-only and a missing receipt key is made in memory: nothing in the state folder is created
    /// or written (an existing key is read, and a damaged one is an error, as always).
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured` for unusable settings,
    ///   `PurchaseError.Code.ledgerIOFailed` when the receipt key or the account's journal cannot be
    ///   read or opened (the key is read first, so a bad key leaves the journal closed).
    public static func make(_ context: ProviderContext) throws -> any StoreProvider {
        try face(of: makeSimulated(context), settings: context.configuration.settings)
    }

    /// ``make(_:)`` typed as the provider itself, for code that drives the simulated App Store's
    /// queue (the scenario runner, tests) rather than a deployment.
    public static func makeSimulated(_ context: ProviderContext) throws -> SimulatedAppStoreProvider {
        let settings = context.configuration.settings
        var controls = try SessionControls(settings: settings)
        // Every setting is checked before anything is opened.
        let own = try FactorySettings(settings, controls: controls)
        _ = try signedDataIdentity(settings, controls: controls)
        _ = try storeKitFace(settings)
        if let keyID = own.subscriptionKeyID, let file = own.subscriptionKeyFile {
            controls.subscriptionKeys[keyID] = try subscriptionKey(at: file)
        }
        var clock = context.clock
        if let rate = own.clockRate {
            if let simulation = clock as? SimulationClock {
                simulation.rate = rate
            } else {
                clock = SimulationClock(start: clock.now, rate: rate)
            }
        }
        let directory = context.stateDirectory.appendingPathComponent("simulated-app-store", isDirectory: true)
        let persistence: PaymentQueue.Persistence = own.inMemory ? .inMemory : .journal(directory: directory)
        let receipts = try receiptSettings(
            own, persistence: persistence, directory: directory, readOnly: context.readOnly)
        let signedData = try signedData(
            settings, controls: controls, directory: own.inMemory ? nil : directory, readOnly: context.readOnly,
            now: clock.now)
        do {
            let queue = try PaymentQueue(
                catalog: context.catalog, controls: controls, persistence: persistence, clock: clock,
                random: SplitMix64(seed: own.seed), readOnly: context.readOnly, signedData: signedData)
            return SimulatedAppStoreProvider(queue: queue, receipts: receipts)
        } catch let error as PurchaseError {
            throw error
        } catch let error as JournalError {
            throw PurchaseError(
                .ledgerIOFailed, detail: "the simulated App Store's account could not be opened: \(error.message)",
                underlyingError: error)
        } catch {
            throw PurchaseError(
                .ledgerIOFailed, detail: "the simulated App Store's account could not be opened: \(error)")
        }
    }

    /// Checks the settings ``make(_:)`` reads (the session's and the factory's own) without
    /// opening anything: the registry's settings check for `simulated-app-store`.
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured`, with a `ProviderSettingError` naming
    ///   the key, for the first setting it cannot use.
    public static func checkSettings(_ settings: [String: SettingValue]) throws {
        let controls = try SessionControls(settings: settings)
        _ = try FactorySettings(settings, controls: controls)
        _ = try signedDataIdentity(settings, controls: controls)
        _ = try storeKitFace(settings)
    }

    /// Every top-level setting key the provider reads: the session's and the factory's own, and
    /// `XcodeSettings` (what a `.storekit` file's import keeps of Xcode's own settings).
    public static let settingKeys =
        [
            "Environment", "CanMakePayments", "AskToBuyEnabled", "InterruptedPurchasesEnabled",
            "FailTransactionsEnabled",
            "FailureError", "SimulatedErrors", "FaultRate", "FaultError", "Storefront", "Locale",
            "BillingRetryOnRenewal",
            "BillingGracePeriodEnabled", "GracePeriodDays", "BillingRetryDays", "DownloadBytesPerSecond",
            "FailDownloads",
            "DownloadSteps", "TimeRate", "FaultSeed", "Persistence", "Receipts", "ReceiptKeySeed", "BundleID",
            "SharedSecret", "XcodeSettings", "SubscriptionKeyID", "SubscriptionKeyFile",
            "StoreKit",
        ] + signedDataSettingKeys

    /// The keys the factory reads itself, checked.
    private struct FactorySettings {
        var seed: UInt64 = 0
        /// A clock speed (`TimeRate` when it is not one of Xcode's renewal rates).
        var clockRate: SimulationClock.TimeRate?
        var inMemory = false
        var receipts = true
        var receiptKeySeed: String?
        var bundleID: String?
        var sharedSecret: String?
        /// The identifier of the key promotional offers are signed with, and its public key's PEM file.
        var subscriptionKeyID: String?
        var subscriptionKeyFile: String?

        init(_ settings: [String: SettingValue], controls: SessionControls) throws(PurchaseError) {
            func misconfigured(_ key: String, _ expected: ProviderSettingError.Expectation) -> PurchaseError {
                ProviderSettingError(.simulatedAppStore, key: key, expected: expected).purchaseError
            }
            func string(_ key: String) throws(PurchaseError) -> String? {
                guard let value = settings[key] else { return nil }
                guard let text = value.stringValue else { throw misconfigured(key, .string) }
                return text
            }
            if let value = settings["FaultSeed"] {
                guard let number = value.integerValue else { throw misconfigured("FaultSeed", .integer) }
                seed = UInt64(bitPattern: number)
            }
            if let value = settings["TimeRate"], controls.timeRate == nil {
                clockRate =
                    value.stringValue.flatMap(SimulationClock.TimeRate.init(parsing:))
                    ?? value.doubleValue.map(SimulationClock.TimeRate.init(factor:))
                if clockRate == nil { throw misconfigured("TimeRate", .timeRate) }
            }
            switch settings["Persistence"]?.stringValue ?? "Journal" {
            case "Journal": inMemory = false
            case "Memory": inMemory = true
            default: throw misconfigured("Persistence", .oneOf(["Journal", "Memory"]))
            }
            if let value = settings["Receipts"] {
                guard let enabled = value.boolValue else { throw misconfigured("Receipts", .boolean) }
                receipts = enabled
            }
            receiptKeySeed = try string("ReceiptKeySeed")
            bundleID = try string("BundleID")
            sharedSecret = try string("SharedSecret")
            subscriptionKeyID = try string("SubscriptionKeyID")
            subscriptionKeyFile = try string("SubscriptionKeyFile")
            if subscriptionKeyID != nil, subscriptionKeyFile == nil {
                throw misconfigured("SubscriptionKeyFile", .string)
            }
            if subscriptionKeyFile != nil, subscriptionKeyID == nil {
                throw misconfigured("SubscriptionKeyID", .string)
            }
        }
    }

    /// The public key in the PEM file at `path` (`SubscriptionKeyFile`; a catalog's is relative to it).
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured` when the file cannot be read or holds no
    ///   P-256 public key.
    private static func subscriptionKey(at path: String) throws(PurchaseError) -> ReceiptPublicKey {
        do {
            guard let text = try ReceiptKeyFile.read(URL(fileURLWithPath: path)) else {
                throw ReceiptKeyError(.readFailed(errno: ENOENT), path: path)
            }
            return try ReceiptPublicKey(pem: text)
        } catch {
            throw PurchaseError(
                .providerMisconfigured, detail: "the subscription key \(path) is unusable: \(error)",
                underlyingError: error)
        }
    }

    private static func receiptSettings(
        _ own: FactorySettings, persistence: PaymentQueue.Persistence, directory: URL, readOnly: Bool
    ) throws(PurchaseError) -> SimulatedReceipts? {
        guard own.receipts else { return nil }
        let key: ReceiptSigningKey
        do {
            if let seed = own.receiptKeySeed {
                key = ReceiptSigningKey(seed: Array(seed.utf8))
            } else if persistence == .inMemory {
                key = try ReceiptSigningKey.generate()
            } else {
                key = try SimulatedReceipts.persistedKey(in: directory, creatingIfMissing: !readOnly)
            }
        } catch {
            throw PurchaseError(
                .ledgerIOFailed, detail: "the simulated App Store's receipt key is unusable: \(error)",
                underlyingError: error)
        }
        return SimulatedReceipts(
            signingKey: key, bundleID: own.bundleID ?? "com.example.app", sharedSecret: own.sharedSecret)
    }

    /// Registers ``make(_:)`` under the kind `simulated-app-store`, with ``checkSettings(_:)``.
    public static func register(in registry: inout ProviderRegistry) {
        registry.register(.simulatedAppStore, settingKeys: settingKeys, checkingSettings: checkSettings, factory: make)
    }
}
