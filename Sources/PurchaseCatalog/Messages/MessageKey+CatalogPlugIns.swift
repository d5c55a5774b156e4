public import PurchaseCore

/// The message keys of a catalog's plug-in entries beyond the providers': the deployment's `Ledger`,
/// and the owner a setting's problem names (a provider or a ledger).
extension MessageKey {
    /// A malformed ledger kind; names it.
    public static let catalogInvalidLedgerKind = MessageKey("catalog.invalidLedgerKind", arguments: [.text])
    /// How to fix `catalog.invalidLedgerKind`.
    public static let catalogInvalidLedgerKindHint = MessageKey("catalog.invalidLedgerKind.hint")
    /// A ledger kind that is not registered; names it.
    public static let catalogUnknownLedgerKind = MessageKey("catalog.unknownLedgerKind", arguments: [.text])
    /// An unregistered ledger kind; names it and the closest registered one.
    public static let catalogUnknownLedgerKindSuggestion = MessageKey(
        "catalog.unknownLedgerKind.suggestion", arguments: [.text, .text])
    /// How to fix `catalog.unknownLedgerKind`.
    public static let catalogUnknownLedgerKindHint = MessageKey("catalog.unknownLedgerKind.hint")
    /// How to fix `catalog.unknownLedgerKind.suggestion`; names the closest registered kind.
    public static let catalogUnknownLedgerKindSuggestionHint = MessageKey(
        "catalog.unknownLedgerKind.suggestion.hint", arguments: [.text])
    /// The provider a `catalog.providerSetting.*` problem is about, as those sentences name it (in
    /// Russian, in the genitive); names its kind.
    public static let catalogSettingOwnerProvider = MessageKey("catalog.settingOwner.provider", arguments: [.text])
    /// The ledger a `catalog.providerSetting.*` problem is about, as those sentences name it (in
    /// Russian, in the genitive); names its kind.
    public static let catalogSettingOwnerLedger = MessageKey("catalog.settingOwner.ledger", arguments: [.text])

    /// The keys of this file, part of ``catalogKeys``.
    static let catalogPlugInKeys: [MessageKey] = [
        .catalogInvalidLedgerKind, .catalogInvalidLedgerKindHint, .catalogUnknownLedgerKind,
        .catalogUnknownLedgerKindSuggestion, .catalogUnknownLedgerKindHint, .catalogUnknownLedgerKindSuggestionHint,
        .catalogSettingOwnerProvider, .catalogSettingOwnerLedger,
    ]
}
