public import PurchaseCore

/// The keys of scenario file diagnostics about the store a scenario drives and the simulated Google
/// Play's steps.
extension MessageKey {
    /// A step the scenario's store has no meaning for; names the step and the store's provider kind.
    public static let scenarioStepNotForStore = MessageKey("scenario.stepNotForStore", arguments: [.text, .text])
    /// A `replaceSubscription` step's `Mode` that is not one of Play's replacement modes; names it and
    /// lists the modes.
    public static let scenarioInvalidReplacementMode = MessageKey(
        "scenario.invalidReplacementMode", arguments: [.text, .text])

    /// The keys above, in order (part of ``PurchaseCore/MessageKey/scenarioKeys``).
    public static let scenarioGooglePlayKeys: [MessageKey] = [
        .scenarioStepNotForStore, .scenarioInvalidReplacementMode,
    ]
}
