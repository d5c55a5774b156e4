public import PropertyList
import PurchaseCatalog
public import PurchaseCore

/// Every kind of problem a scenario file can have, with the details its message needs.
///
/// Its texts come from the message tables (`scenario.<problem>`): ``messageText`` names the key with the
/// associated values as arguments, and ``ScenarioDiagnostic/message(locale:table:)`` renders it in any
/// language. Step
/// names, keys and values from the file are quoted as written and never translated.
public enum ScenarioProblem: Sendable, Hashable {
    /// The file is not a readable property list; the reader's reason.
    case unreadable(PropertyListError.Reason)
    /// The root is not a dict.
    case rootNotDictionary
    /// `Session` is not a dict.
    case sessionNotDictionary
    /// `Steps` is not an array.
    case stepsNotArray
    /// A key a scenario does not define.
    case unknownKey(String)
    /// There is no `Catalog`.
    case missingCatalog
    /// The catalog has neither a `simulated-app-store` nor a `simulated-google-play` provider; the catalog
    /// as the scenario names it.
    case noSimulatedAppStore(catalog: String)
    /// A step written as a string that is not one of the steps without parameters.
    case stepNeedsParameters(String)
    /// A step that is neither a dict with `Step` nor a string.
    case stepNotDictionary
    /// A parameter the step does not take.
    case unexpectedParameter(step: String, key: String)
    /// A parameter the step needs is missing.
    case missingParameter(step: String, key: String)
    /// `Seconds` is negative or not a number.
    case negativeSeconds
    /// `Duration` is not an ISO 8601 duration.
    case invalidDuration(String)
    /// An `advanceTime` step that takes the scenario's clock past the last date receipts carry
    /// (`AppReceipt.dateRange`, 9999-12-31T23:59:59Z).
    case timeOutOfRange
    /// `togglePayments` without `Allowed`.
    case missingAllowed
    /// `Allowed` is not a boolean.
    case allowedNotBoolean
    /// `Environment` is neither `Sandbox` nor `Production`.
    case invalidEnvironment
    /// A step the format does not define, and the steps it does.
    case unknownStep(String, known: [String])
    /// `VerifyStatuses` is not an array.
    case verifyStatusesNotArray
    /// A value that must be a string; the key and the element found.
    case notString(key: String, found: String)
    /// A value that must be an integer; the key and the element found.
    case notInteger(key: String, found: String)
    /// A value that must be an array of strings.
    case notStringArray(key: String)
    /// A value that must be a dict of names to integers.
    case notCountDictionary(key: String)
    /// A `PrivateKey` file that cannot be read as a P-256 private key in PEM; the path as written.
    case unusablePrivateKey(String)
    /// A value that must be a dict of names to dicts of strings (`ReceiptFields`); names the key.
    case notFieldDictionary(key: String)
    /// A `Session` setting of a type settings cannot hold; the element found.
    case unsupportedSetting(found: String)
    /// A `Session` setting the simulated App Store cannot use (its settings check refused it).
    case invalidSetting(ProviderSettingError)
    /// An `Account` that is not an app account token (a UUID); the value.
    case invalidAccount(String)
    /// A value that must be a boolean.
    case notBoolean(key: String, found: String)
    /// A price that is not written as an amount (`1.99`).
    case invalidPrice(String)
    /// A `Member` no `addFamilyMember` step added before (or one that left).
    case unknownMember(String)
    /// A step with `Member` that a family member cannot take.
    case memberStepUnsupported(String)
    /// A step the scenario's store has no meaning for; the step's name and the store's provider kind.
    case stepNotForStore(String, store: String)
    /// A `Mode` that is not one of Play's replacement modes, and the modes.
    case invalidReplacementMode(String, known: [String])

    /// What is wrong, as a message key with its arguments: render it with a `MessageTable` for a locale.
    public var messageText: Message {
        switch self {
        case .unreadable(let reason): reason.messageText
        case .rootNotDictionary: keyed(.scenarioRootNotDictionary)
        case .sessionNotDictionary: keyed(.scenarioSessionNotDictionary)
        case .stepsNotArray: keyed(.scenarioStepsNotArray)
        case .unknownKey(let key): keyed(.scenarioUnknownKey, key)
        case .missingCatalog: keyed(.scenarioMissingCatalog)
        case .noSimulatedAppStore(let catalog): keyed(.scenarioNoSimulatedAppStore, catalog)
        case .stepNeedsParameters(let name): keyed(.scenarioStepNeedsParameters, name)
        case .stepNotDictionary: keyed(.scenarioStepNotDictionary)
        case .unexpectedParameter(let step, let key): keyed(.scenarioUnexpectedParameter, step, key)
        case .missingParameter(let step, let key): keyed(.scenarioMissingParameter, step, key)
        case .negativeSeconds: keyed(.scenarioNegativeSeconds)
        case .invalidDuration(let text): keyed(.scenarioInvalidDuration, text)
        case .timeOutOfRange: keyed(.scenarioTimeOutOfRange)
        case .missingAllowed: keyed(.scenarioMissingAllowed)
        case .allowedNotBoolean: keyed(.scenarioAllowedNotBoolean)
        case .invalidEnvironment: keyed(.scenarioInvalidEnvironment)
        case .unknownStep(let name, let known): keyed(.scenarioUnknownStep, name, known.joined(separator: ", "))
        case .verifyStatusesNotArray: keyed(.scenarioVerifyStatusesNotArray)
        case .notString(let key, let found): keyed(.scenarioNotString, key, found)
        case .notInteger(let key, let found): keyed(.scenarioNotInteger, key, found)
        case .notStringArray(let key): keyed(.scenarioNotStringArray, key)
        case .notCountDictionary(let key): keyed(.scenarioNotCountDictionary, key)
        case .notFieldDictionary(let key): keyed(.scenarioNotFieldDictionary, key)
        case .unusablePrivateKey(let path): keyed(.scenarioUnusablePrivateKey, path)
        case .unsupportedSetting(let found): keyed(.scenarioUnsupportedSetting, found)
        case .invalidSetting(let problem): problem.messageText
        case .invalidAccount(let text): keyed(.scenarioInvalidAccount, text)
        case .notBoolean(let key, let found): keyed(.scenarioNotBoolean, key, found)
        case .invalidPrice(let text): keyed(.scenarioInvalidPrice, text)
        case .unknownMember(let name): keyed(.scenarioUnknownMember, name)
        case .memberStepUnsupported(let step): keyed(.scenarioMemberStepUnsupported, step)
        case .stepNotForStore(let step, let store): keyed(.scenarioStepNotForStore, step, store)
        case .invalidReplacementMode(let mode, let known):
            keyed(.scenarioInvalidReplacementMode, mode, known.joined(separator: ", "))
        }
    }
}

private func keyed(_ key: MessageKey, _ texts: String...) -> Message {
    .keyed(key, arguments: texts.map(MessageArgument.text))
}
