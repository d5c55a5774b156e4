import PurchaseCore

/// The keys of why the simulated App Store's signing chain cannot be used (`tool.signingChain.*`), as
/// `SigningChainErrorText.swift` words them.
extension MessageKey {
    /// The simulated App Store's signing chain cannot be used; gives why and how to fix it (a
    /// `tool.signingChain.*` text).
    static let toolSigningChainUnusable = MessageKey("tool.error.signingChainUnusable", arguments: [.text])
    /// Why the chain cannot be used: its file is not a whole chain with its key; how to fix it.
    static let toolSigningChainDamaged = MessageKey("tool.signingChain.damaged")
    /// Why the chain cannot be used: the root certificate file next to it holds another root; how to fix it.
    static let toolSigningChainRootMismatch = MessageKey("tool.signingChain.rootMismatch")
    /// Why the chain cannot be used: its file cannot be read or written as a state file; how to fix it.
    static let toolSigningChainFileUnusable = MessageKey("tool.signingChain.fileUnusable")
    /// Why the chain cannot be used: libcrypto or PurchaseKit failed to make one.
    static let toolSigningChainInternal = MessageKey("tool.signingChain.internal")

    /// The keys above, in order.
    static let toolSigningChainKeys: [MessageKey] = [
        .toolSigningChainUnusable, .toolSigningChainDamaged, .toolSigningChainRootMismatch,
        .toolSigningChainFileUnusable, .toolSigningChainInternal,
    ]
}
