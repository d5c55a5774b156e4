import PurchaseCore

/// The keys of `purchasekit reconcile` (`tool.reconcile.*`, `tool.error.reconcile*`, `tool.error.serverAPI*`).
extension MessageKey {
    /// What a reconciliation changed: delivered, revoked, expired, unchanged (counts).
    static let toolReconcileResult = MessageKey(
        "tool.reconcile.result", arguments: [.integer, .integer, .integer, .integer])
    /// `--transaction` or `--account` must be given, one of them.
    static let toolReconcileTarget = MessageKey("tool.error.reconcileTarget")
    /// The ledger knows no transaction of the account (its token).
    static let toolReconcileNoTransaction = MessageKey("tool.error.reconcileNoTransaction", arguments: [.text])
    /// A signed transaction of the history did not verify (why, in English); nothing was applied.
    static let toolReconcileUnverified = MessageKey("tool.error.reconcileUnverified", arguments: [.text])
    /// A transaction could not be applied to the ledger (why, in English).
    static let toolReconcileNotApplied = MessageKey("tool.error.reconcileNotApplied", arguments: [.text])
    /// The catalog's App Store Server API settings cannot be used: where, and why (in English).
    static let toolServerAPISettings = MessageKey("tool.error.serverAPISettings", arguments: [.text, .text])
    /// The App Store Server API could not be reached, is busy or failing (what it answered); try later.
    static let toolServerAPIUnavailable = MessageKey("tool.error.serverAPIUnavailable", arguments: [.text])
    /// The App Store Server API refused the request (what it answered).
    static let toolServerAPIRefused = MessageKey("tool.error.serverAPIRefused", arguments: [.text])

    /// The keys above, in order.
    static let toolReconcileKeys: [MessageKey] = [
        .toolReconcileResult, .toolReconcileTarget, .toolReconcileNoTransaction, .toolReconcileUnverified,
        .toolReconcileNotApplied, .toolServerAPISettings, .toolServerAPIUnavailable, .toolServerAPIRefused,
    ]
}
