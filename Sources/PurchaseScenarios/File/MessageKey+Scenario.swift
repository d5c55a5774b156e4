public import PurchaseCore

/// The keys of scenario file diagnostics (`scenario.<problem>`, a simulated App Store scenario file):
/// ``ScenarioProblem`` names each with its arguments.
extension MessageKey {
    /// A scenario whose root is not a dict.
    public static let scenarioRootNotDictionary = MessageKey("scenario.rootNotDictionary")
    /// A scenario's `Session` that is not a dict.
    public static let scenarioSessionNotDictionary = MessageKey("scenario.sessionNotDictionary")
    /// A scenario's `Steps` that is not an array.
    public static let scenarioStepsNotArray = MessageKey("scenario.stepsNotArray")
    /// A key a scenario does not define; names it.
    public static let scenarioUnknownKey = MessageKey("scenario.unknownKey", arguments: [.text])
    /// A scenario without `Catalog`.
    public static let scenarioMissingCatalog = MessageKey("scenario.missingCatalog")
    /// A scenario whose catalog has neither a `simulated-app-store` nor a `simulated-google-play` provider;
    /// names the catalog as the scenario writes it.
    public static let scenarioNoSimulatedAppStore = MessageKey("scenario.noSimulatedAppStore", arguments: [.text])
    /// A step written as a string that is not a step without parameters; names it.
    public static let scenarioStepNeedsParameters = MessageKey("scenario.stepNeedsParameters", arguments: [.text])
    /// A step that is neither a dict with `Step` nor a string.
    public static let scenarioStepNotDictionary = MessageKey("scenario.stepNotDictionary")
    /// A step's parameter the step does not take; names the step and the parameter.
    public static let scenarioUnexpectedParameter = MessageKey(
        "scenario.unexpectedParameter", arguments: [.text, .text])
    /// A step's required parameter that is missing; names the step and the parameter.
    public static let scenarioMissingParameter = MessageKey("scenario.missingParameter", arguments: [.text, .text])
    /// An `advanceTime` step's `Seconds` that is negative or not a number.
    public static let scenarioNegativeSeconds = MessageKey("scenario.negativeSeconds")
    /// An `advanceTime` step's `Duration` that is not an ISO 8601 duration; gives it.
    public static let scenarioInvalidDuration = MessageKey("scenario.invalidDuration", arguments: [.text])
    /// An `advanceTime` step that takes the scenario's clock past the last date receipts carry.
    public static let scenarioTimeOutOfRange = MessageKey("scenario.timeOutOfRange")
    /// A `togglePayments` step without `Allowed`.
    public static let scenarioMissingAllowed = MessageKey("scenario.missingAllowed")
    /// A `togglePayments` step's `Allowed` that is not a boolean.
    public static let scenarioAllowedNotBoolean = MessageKey("scenario.allowedNotBoolean")
    /// A `verifyReceipt` step's `Environment` that is neither `Sandbox` nor `Production`.
    public static let scenarioInvalidEnvironment = MessageKey("scenario.invalidEnvironment")
    /// A step name the format does not define; names it and lists the steps.
    public static let scenarioUnknownStep = MessageKey("scenario.unknownStep", arguments: [.text, .text])
    /// An expectation's `VerifyStatuses` that is not an array.
    public static let scenarioVerifyStatusesNotArray = MessageKey("scenario.verifyStatusesNotArray")
    /// A value that must be a string; names the key and the element found.
    public static let scenarioNotString = MessageKey("scenario.notString", arguments: [.text, .text])
    /// A value that must be an integer; names the key and the element found.
    public static let scenarioNotInteger = MessageKey("scenario.notInteger", arguments: [.text, .text])
    /// A value that must be an array of strings; names the key.
    public static let scenarioNotStringArray = MessageKey("scenario.notStringArray", arguments: [.text])
    /// A value that must be a dict of names to integers; names the key.
    public static let scenarioNotCountDictionary = MessageKey("scenario.notCountDictionary", arguments: [.text])
    /// A value that must be a dict of names to dicts of strings; names the key.
    public static let scenarioNotFieldDictionary = MessageKey("scenario.notFieldDictionary", arguments: [.text])
    /// A `PrivateKey` file that is not a P-256 private key in PEM; names it.
    public static let scenarioUnusablePrivateKey = MessageKey("scenario.unusablePrivateKey", arguments: [.text])
    /// A `Session` setting of a type settings cannot hold; names the element found.
    public static let scenarioUnsupportedSetting = MessageKey("scenario.unsupportedSetting", arguments: [.text])
    /// An `Account` that is not an app account token (a UUID); names the value.
    public static let scenarioInvalidAccount = MessageKey("scenario.invalidAccount", arguments: [.text])

    /// Every scenario diagnostic key this module declares, in the order above.
    public static let scenarioKeys: [MessageKey] =
        [
            .scenarioRootNotDictionary, .scenarioSessionNotDictionary, .scenarioStepsNotArray, .scenarioUnknownKey,
            .scenarioMissingCatalog, .scenarioNoSimulatedAppStore, .scenarioStepNeedsParameters,
            .scenarioStepNotDictionary,
            .scenarioUnexpectedParameter, .scenarioMissingParameter, .scenarioNegativeSeconds, .scenarioInvalidDuration,
            .scenarioTimeOutOfRange, .scenarioMissingAllowed, .scenarioAllowedNotBoolean, .scenarioInvalidEnvironment,
            .scenarioUnknownStep, .scenarioVerifyStatusesNotArray, .scenarioNotString, .scenarioNotInteger,
            .scenarioNotStringArray, .scenarioNotCountDictionary, .scenarioUnsupportedSetting, .scenarioInvalidAccount,
            .scenarioNotFieldDictionary, .scenarioUnusablePrivateKey,
        ] + scenarioPriceAndFamilyKeys + scenarioGooglePlayKeys
}
