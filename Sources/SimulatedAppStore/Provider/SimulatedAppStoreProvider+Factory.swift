import Foundation
import Journal
public import PurchaseCore

extension SimulatedAppStoreProvider {
    /// Builds the provider for a deployment: the session from its `ProviderSettings` (see
    /// ``SessionControls/init(settings:)``), the account in `<state>/simulated-app-store/`.
    ///
    /// Keys read here besides the session's: `Persistence` (`Journal`, the default, or `Memory`),
    /// `FaultSeed` (integer seed of the ``SplitMix64`` faults are drawn from; default 0), and
    /// `TimeRate` (a ``SimulationClock/TimeRate`` name or a number of virtual seconds per second).
    /// The deployment's clock is used as is; with `TimeRate`, a ``SimulationClock`` deployment clock
    /// is set to that rate, and any other clock is replaced by a ``SimulationClock`` starting at its now.
    ///
    /// - Throws: ``PurchaseError/Code/providerMisconfigured`` for unusable settings,
    ///   ``PurchaseError/Code/ledgerIOFailed`` when the account's journal cannot be opened.
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
        if let value = settings["TimeRate"] {
            let rate =
                value.stringValue.flatMap(SimulationClock.TimeRate.init(parsing:))
                ?? value.doubleValue.map(SimulationClock.TimeRate.init(factor:))
            guard let rate else {
                throw PurchaseError(
                    .providerMisconfigured,
                    detail:
                        "simulated-app-store setting 'TimeRate' must be a rate name such as oneDayPerSecond or a number"
                )
            }
            if let simulation = clock as? SimulationClock {
                simulation.rate = rate
            } else {
                clock = SimulationClock(start: clock.now, rate: rate)
            }
        }
        let persistence: PaymentQueue.Persistence
        switch settings["Persistence"]?.stringValue ?? "Journal" {
        case "Journal":
            persistence = .journal(
                directory: context.stateDirectory.appendingPathComponent("simulated-app-store", isDirectory: true))
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
            return SimulatedAppStoreProvider(queue: queue)
        } catch let error as JournalError {
            throw PurchaseError(
                .ledgerIOFailed, detail: "the simulated App Store's account could not be opened: \(error.message)",
                underlyingError: error)
        } catch {
            throw PurchaseError(
                .ledgerIOFailed, detail: "the simulated App Store's account could not be opened: \(error)")
        }
    }

    /// Registers ``make(_:)`` under the kind `simulated-app-store`.
    public static func register(in registry: inout ProviderRegistry) {
        registry.register(.simulatedAppStore, factory: make)
    }
}
