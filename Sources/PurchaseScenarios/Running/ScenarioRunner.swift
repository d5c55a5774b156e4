public import Foundation
public import PurchaseCore

/// Runs a ``Scenario`` in process against the simulated App Store (or the simulated Google Play, see
/// ``Scenario/store``) and a `Store`, printing every observer callback, store event and Play event as
/// a JSON line and checking the scenario's expectations.
///
/// Guarantees:
/// - Reproducible: time is a `ManualClock` starting at 2026-01-01T00:00:00Z moved only by
///   `advanceTime`; faults come from the seeded generator (`FaultSeed`); the receipt key is derived
///   from `ReceiptKeySeed` (default `scenario`).
/// - After each step the run settles: every observer callback scheduled has been made and every
///   transaction update the store was handed has been processed, so lines come in a stable order.
/// - The App Store account lives in a journal in ``stateDirectory``, Google Play's state in its
///   `simulated-google-play` folder (a relaunch opens them again); Play's tokens and order ids come
///   from the catalog's `Seed`; the app's ledger lives in memory for the run (a reinstall replaces it).
public struct ScenarioRunner: Sendable {
    /// Where the simulated App Store keeps its account, and the simulated Google Play its state.
    public var stateDirectory: URL
    /// Called with each JSON line as it is produced.
    public var output: @Sendable (String) -> Void
    /// Called as each step begins and as downloads move; it never changes what ``output`` is given.
    /// Download reports come from the payment queue's callback thread.
    public var progress: @Sendable (ScenarioProgress) -> Void

    /// Creates a runner.
    public init(
        stateDirectory: URL, output: @escaping @Sendable (String) -> Void = { _ in },
        progress: @escaping @Sendable (ScenarioProgress) -> Void = { _ in }
    ) {
        self.stateDirectory = stateDirectory
        self.output = output
        self.progress = progress
    }

    /// Runs every step and returns the report; a step that cannot be done (no Ask to Buy request to
    /// approve...) counts as a failed expectation and the run goes on.
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured` when the catalog has no
    ///   `simulated-app-store` provider or its settings are unusable; the errors opening the account.
    public func run(_ scenario: Scenario) async throws(PurchaseError) -> ScenarioReport {
        let session = try ScenarioSession(
            scenario: scenario, stateDirectory: stateDirectory, output: output, progress: progress)
        return try await session.run()
    }
}
