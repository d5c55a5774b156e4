/// Fulfillment ledgers in the registry: registered by kind like providers, with their setting keys
/// and the check of their settings, and built by a factory from a ``LedgerContext``.
extension ProviderRegistry {
    /// Builds the fulfillment ledger of a deployment.
    ///
    /// The factory reads its own keys from ``PlugInContext/configuration`` and throws
    /// ``PurchaseError/Code/providerMisconfigured`` for settings it cannot use, or
    /// ``PurchaseError/Code/ledgerIOFailed`` when its storage cannot be opened.
    public typealias LedgerFactory = @Sendable (LedgerContext) throws -> any FulfillmentLedger

    /// Registers (or replaces) the factory for a ledger kind, with the check of its settings that
    /// catalog validation runs before anything is opened and, when given, every top-level setting
    /// key the ledger reads (a catalog loader warns about any other).
    public mutating func registerLedger(
        _ kind: LedgerKind, settingKeys keys: [String]? = nil,
        checkingSettings check: @escaping SettingsCheck = { _ in },
        factory: @escaping LedgerFactory
    ) {
        ledgerFactories[kind] = factory
        ledgerSettingsChecks[kind] = check
        ledgerSettingKeys[kind] = keys?.sorted()
    }

    /// The ledger kinds registered, sorted.
    public var ledgerKinds: [LedgerKind] { ledgerFactories.keys.sorted() }

    /// The top-level setting keys a ledger kind reads, sorted; `nil` when it did not say.
    public func settingKeys(of kind: LedgerKind) -> [String]? {
        ledgerSettingKeys[kind]
    }

    /// Every setting of `configuration` its kind's check refuses, each once, in the order found;
    /// empty when they are all usable, or the kind is not registered.
    public func settingProblems(in configuration: LedgerConfiguration) -> [ProviderSettingError] {
        guard let check = ledgerSettingsChecks[configuration.kind] else { return [] }
        return Self.problems(of: check, in: configuration.settings)
    }

    /// Checks, without opening anything, that a ledger configuration can be made.
    ///
    /// - Throws: ``PurchaseError/Code/providerMisconfigured``: for an unregistered kind, or with the
    ///   first problem of `settingProblems(in:)` as the underlying error.
    public func check(_ configuration: LedgerConfiguration) throws(PurchaseError) {
        guard ledgerFactories[configuration.kind] != nil else { throw unregistered(configuration.kind) }
        if let problem = settingProblems(in: configuration).first { throw problem.purchaseError }
    }

    /// Builds the ledger a context's configuration names.
    ///
    /// - Throws: ``PurchaseError/Code/providerMisconfigured`` when no factory is registered for the
    ///   kind, or the factory's own error.
    public func makeLedger(_ context: LedgerContext) throws -> any FulfillmentLedger {
        guard let factory = ledgerFactories[context.configuration.kind] else {
            throw unregistered(context.configuration.kind)
        }
        return try factory(context)
    }

    private func unregistered(_ kind: LedgerKind) -> PurchaseError {
        let known = ledgerKinds.map(\.rawValue).joined(separator: ", ")
        return PurchaseError(
            .providerMisconfigured, detail: "no ledger of kind '\(kind)' is registered (known: \(known))")
    }
}
