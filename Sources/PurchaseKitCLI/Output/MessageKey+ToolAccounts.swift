import PurchaseCore

/// The keys of the tool's `--account` option (`buy`, `entitlements`, `history`).
extension MessageKey {
    /// `--account` with a value that is no UUID; names the value.
    static let toolInvalidAccount = MessageKey("tool.usage.invalidAccount", arguments: [.text])

    /// Every key of the `--account` option.
    static let toolAccountKeys: [MessageKey] = [.toolInvalidAccount]
}
