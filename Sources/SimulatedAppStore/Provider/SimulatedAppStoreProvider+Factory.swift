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
    /// (made on first use; in memory a fresh random key); `BundleID` (default `com.example.app`) and
    /// `SharedSecret` (default none) go to the receipts and the verifyReceipt service.
    /// The deployment's clock is used as is; with `TimeRate`, a ``SimulationClock`` deployment clock
    /// is set to that rate, and any other clock is replaced by a ``SimulationClock`` starting at its now.
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured` for unusable settings,
    ///   `PurchaseError.Code.ledgerIOFailed` when the account's journal cannot be opened.
    public static func make(_ context: ProviderContext) throws -> any StoreProvider {
        let settings = context.configuration.settings
        let controls = try SessionControls(settings: settings)
        var seed: UInt64 = 0
        if let value = settings["FaultSeed"] {
            guard let number = value.integerValue else {
                throw PurchaseError(
                    .providerMisconfigured, detail: "simulated-app-store setting 'FaultSeed' must be an integer")
            }
            seed = UInt64(bitPattern: number)
        }
        var clock = context.clock
        if let value = settings["TimeRate"], controls.timeRate == nil {
            let rate =
                value.stringValue.flatMap(SimulationClock.TimeRate.init(parsing:))
                ?? value.doubleValue.map(SimulationClock.TimeRate.init(factor:))
            guard let rate else {
                throw PurchaseError(
                    .providerMisconfigured,
                    detail:
                        "simulated-app-store setting 'TimeRate' must be a rate name such as oneDayPerSecond or "
                        + "oneRenewalEveryTwoSeconds, or a number"
                )
            }
            if let simulation = clock as? SimulationClock {
                simulation.rate = rate
            } else {
                clock = SimulationClock(start: clock.now, rate: rate)
            }
        }
        let persistence: PaymentQueue.Persistence
        let directory = context.stateDirectory.appendingPathComponent("simulated-app-store", isDirectory: true)
        switch settings["Persistence"]?.stringValue ?? "Journal" {
        case "Journal":
            persistence = .journal(directory: directory)
        case "Memory":
            persistence = .inMemory
        default:
            throw PurchaseError(
                .providerMisconfigured, detail: "simulated-app-store setting 'Persistence' must be Journal or Memory")
        }
        do {
            let queue = try PaymentQueue(
                catalog: context.catalog, controls: controls, persistence: persistence, clock: clock,
                random: SplitMix64(seed: seed))
            let receipts = try receiptSettings(settings, persistence: persistence, directory: directory)
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

    private static func receiptSettings(
        _ settings: [String: SettingValue], persistence: PaymentQueue.Persistence, directory: URL
    ) throws(PurchaseError) -> SimulatedReceipts? {
        func string(_ key: String) throws(PurchaseError) -> String? {
            guard let value = settings[key] else { return nil }
            guard let text = value.stringValue else {
                throw PurchaseError(
                    .providerMisconfigured, detail: "simulated-app-store setting '\(key)' must be a string")
            }
            return text
        }
        if let value = settings["Receipts"] {
            guard let enabled = value.boolValue else {
                throw PurchaseError(
                    .providerMisconfigured, detail: "simulated-app-store setting 'Receipts' must be a boolean")
            }
            if !enabled { return nil }
        }
        let key: ReceiptSigningKey
        do {
            if let seed = try string("ReceiptKeySeed") {
                key = ReceiptSigningKey(seed: Array(seed.utf8))
            } else if persistence == .inMemory {
                key = try ReceiptSigningKey.generate()
            } else {
                key = try SimulatedReceipts.persistedKey(in: directory)
            }
        } catch let error as PurchaseError {
            throw error
        } catch {
            throw PurchaseError(
                .ledgerIOFailed, detail: "the simulated App Store's receipt key is unusable: \(error)",
                underlyingError: error)
        }
        return SimulatedReceipts(
            signingKey: key, bundleID: try string("BundleID") ?? "com.example.app",
            sharedSecret: try string("SharedSecret"))
    }

    /// Registers ``make(_:)`` under the kind `simulated-app-store`.
    public static func register(in registry: inout ProviderRegistry) {
        registry.register(.simulatedAppStore, factory: make)
    }
}
