import PurchaseCore

/// The keys of `purchasekit ledger copy`.
extension MessageKey {
    /// What a copy wrote: the target ledger's kind, then the new deliveries, revocations, earlier
    /// ends, finish marks, balances whose spent units grew, notifications, and spend identifiers.
    static let toolLedgerCopied = MessageKey(
        "tool.ledger.copied", arguments: [.text, .integer, .integer, .integer, .integer, .integer, .integer, .integer])
    /// A copy that found everything in the target already; names the target's kind.
    static let toolLedgerUpToDate = MessageKey("tool.ledger.upToDate", arguments: [.text])
    /// `--to` names no ledger the tool can open; gives the value.
    static let toolLedgerUnsupportedTarget = MessageKey("tool.ledger.unsupportedTarget", arguments: [.text])
    /// The target's kind cannot take in another ledger's contents; names it.
    static let toolLedgerNotImporting = MessageKey("tool.ledger.notImporting", arguments: [.text])

    /// Every key of `ledger copy`.
    static let toolLedgerKeys: [MessageKey] = [
        .toolLedgerCopied, .toolLedgerUpToDate, .toolLedgerUnsupportedTarget, .toolLedgerNotImporting,
    ]
}
