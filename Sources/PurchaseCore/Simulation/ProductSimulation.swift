/// How the simulated App Store should behave when a product is bought: a catalog product's `Simulation`.
///
/// Only the simulated App Store reads this; other providers ignore it. The typed members cover the keys
/// the catalog format defines; ``settings`` keeps every key as written so the simulator can read keys
/// added after this type.
public struct ProductSimulation: Sendable, Hashable, Codable {
    /// What happens when a purchase needs a parent's approval (Ask to Buy).
    public enum AskToBuy: String, Sendable, Hashable, Codable, CaseIterable {
        /// The purchase is deferred, then approved and completes.
        case approved = "Approved"
        /// The purchase is deferred, then declined and never completes.
        case declined = "Declined"
        /// The purchase is deferred and stays so until a test decides.
        case pending = "Pending"
    }

    /// A purchase attempt that fails with a given error.
    public struct Failure: Sendable, Hashable, Codable {
        /// The 1-based purchase attempt that fails (1 is the first time the product is bought).
        public var attempt: Int
        /// The name of the error, as the core's error type names its codes (e.g. `storeUnavailable`).
        public var error: String

        /// Creates a failure.
        public init(attempt: Int, error: String) {
            self.attempt = attempt
            self.error = error
        }
    }

    /// Whether and how purchases go through Ask to Buy; `nil` for an ordinary purchase.
    public var askToBuy: AskToBuy?
    /// Attempts that fail, in catalog order.
    public var failures: [Failure]
    /// Whether a purchase is interrupted (the person must act outside the app) before it completes.
    public var interrupted: Bool
    /// Whether a products request reports this product's identifier as invalid.
    public var unavailable: Bool
    /// Every key of the catalog's `Simulation` dict, as written.
    public var settings: [String: SettingValue]

    /// Creates simulation settings.
    public init(
        askToBuy: AskToBuy? = nil,
        failures: [Failure] = [],
        interrupted: Bool = false,
        unavailable: Bool = false,
        settings: [String: SettingValue] = [:]
    ) {
        self.askToBuy = askToBuy
        self.failures = failures
        self.interrupted = interrupted
        self.unavailable = unavailable
        self.settings = settings
    }

    /// The failure planned for the given 1-based attempt, if any.
    public func failure(onAttempt attempt: Int) -> Failure? {
        failures.first { $0.attempt == attempt }
    }
}
