/// Maps the kinds of a deployment's plug-ins to the factories that build them from the deployment's
/// settings: store providers (`file`, `simulated-app-store`, or one of yours) and fulfillment
/// ledgers (`file`, `memory`, or one of yours; see `ProviderRegistry+Ledgers.swift`).
///
/// A catalog names its provider kinds and its ledger kind; opening a deployment looks each up here,
/// so swapping the catalog swaps the store and the ledger. Registering a kind that exists replaces
/// its factory.
public struct ProviderRegistry: Sendable {
    /// Builds a provider for a deployment.
    ///
    /// The factory reads its own keys from ``PlugInContext/configuration`` and throws
    /// ``PurchaseError/Code/providerMisconfigured`` for settings it cannot use.
    public typealias Factory = @Sendable (ProviderContext) throws -> any StoreProvider

    /// Checks a provider's settings without opening anything: throws a ``ProviderSettingError``
    /// (alone or as a ``PurchaseError``'s underlying error) for the first setting it cannot use.
    public typealias SettingsCheck = @Sendable ([String: SettingValue]) throws -> Void

    private var factories: [ProviderKind: Factory] = [:]
    private var settingsChecks: [ProviderKind: SettingsCheck] = [:]
    private var settingKeys: [ProviderKind: [String]] = [:]
    var ledgerFactories: [LedgerKind: LedgerFactory] = [:]
    var ledgerSettingsChecks: [LedgerKind: SettingsCheck] = [:]
    var ledgerSettingKeys: [LedgerKind: [String]] = [:]
    var productSettingsChecks: [String: ProductSettingsCheck] = [:]

    /// Creates an empty registry.
    public init() {}

    /// Registers (or replaces) the factory for a kind.
    public mutating func register(_ kind: ProviderKind, factory: @escaping Factory) {
        factories[kind] = factory
        settingsChecks[kind] = nil
        settingKeys[kind] = nil
    }

    /// Registers (or replaces) the factory for a kind, with the check of its settings that catalog
    /// validation and `settingProblems(in:)` run before anything is opened, and, when given, every
    /// top-level setting key the provider reads (a catalog loader warns about any other, naming the
    /// closest one, as it does for its own keys).
    public mutating func register(
        _ kind: ProviderKind, settingKeys keys: [String]? = nil, checkingSettings check: @escaping SettingsCheck,
        factory: @escaping Factory
    ) {
        factories[kind] = factory
        settingsChecks[kind] = check
        settingKeys[kind] = keys?.sorted()
    }

    /// The top-level setting keys a kind's provider reads, sorted; `nil` when it did not say.
    public func settingKeys(of kind: ProviderKind) -> [String]? {
        settingKeys[kind]
    }

    /// Every setting of `configuration` its kind's check refuses, each once, in the order found;
    /// empty when they are all usable, or the kind has no check or is not registered.
    ///
    /// A check stops at its first problem, so the setting it names is set aside and the check runs
    /// again, until it passes, fails otherwise, or names a setting it was not given.
    public func settingProblems(in configuration: ProviderConfiguration) -> [ProviderSettingError] {
        guard let check = settingsChecks[configuration.kind] else { return [] }
        return Self.problems(of: check, in: configuration.settings)
    }

    /// Every setting of `settings` that `check` refuses, as `settingProblems(in:)` finds them.
    static func problems(of check: SettingsCheck, in settings: [String: SettingValue]) -> [ProviderSettingError] {
        var settings = settings
        var problems: [ProviderSettingError] = []
        while true {
            do {
                try check(settings)
                return problems
            } catch {
                let wrapped = (error as? PurchaseError)?.underlyingError
                let problem = (error as? ProviderSettingError) ?? (wrapped as? ProviderSettingError)
                guard let problem, !problems.contains(problem) else { return problems }
                problems.append(problem)
                // Set aside the setting (a nested one inside its dict, so that the dict's other
                // entries are checked too); a setting that is missing cannot be, so the check
                // would only say the same again.
                guard Self.remove(problem.key, from: &settings) else { return problems }
            }
        }
    }

    /// The kinds registered, sorted.
    public var kinds: [ProviderKind] { factories.keys.sorted() }

    /// Builds the provider a configuration names.
    ///
    /// - Throws: ``PurchaseError/Code/providerMisconfigured`` when no factory is registered for the
    ///   kind, or the factory's own error.
    public func makeProvider(_ context: ProviderContext) throws -> any StoreProvider {
        guard let factory = factories[context.configuration.kind] else {
            throw unregistered(context.configuration.kind)
        }
        return try factory(context)
    }

    /// Checks, without opening anything, that a configuration can be made: its kind is registered
    /// and its kind's settings check passes.
    ///
    /// - Throws: ``PurchaseError/Code/providerMisconfigured``: for an unregistered kind, or with
    ///   the first ``ProviderSettingError`` of `settingProblems(in:)` as the underlying error.
    public func check(_ configuration: ProviderConfiguration) throws(PurchaseError) {
        guard factories[configuration.kind] != nil else { throw unregistered(configuration.kind) }
        if let problem = settingProblems(in: configuration).first { throw problem.purchaseError }
    }

    /// Removes the setting at `path` (`SimulatedErrors.Purchase`: the entry `Purchase` of the dict
    /// `SimulatedErrors`); whether there was one.
    private static func remove(_ path: String, from settings: inout [String: SettingValue]) -> Bool {
        let components = path.split(separator: ".", maxSplits: 1).map(String.init)
        guard let first = components.first, let value = settings[first] else { return false }
        if components.count == 2, case .dictionary(var nested) = value {
            guard remove(components[1], from: &nested) else { return false }
            settings[first] = .dictionary(nested)
            return true
        }
        settings[first] = nil
        return true
    }

    private func unregistered(_ kind: ProviderKind) -> PurchaseError {
        let known = kinds.map(\.rawValue).joined(separator: ", ")
        return PurchaseError(
            .providerMisconfigured, detail: "no provider of kind '\(kind)' is registered (known: \(known))")
    }
}
