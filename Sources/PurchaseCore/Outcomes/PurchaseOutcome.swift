/// How a purchase ended, as the person experiences it.
public enum PurchaseOutcome: Sendable {
    /// Charged, verified and delivered (or found already delivered); the transaction is finished
    /// unless finishing failed, in which case it is finished at the next launch.
    case purchased(StoreTransaction)
    /// Waiting for approval (Ask to Buy) or for the store to resolve it; the result arrives as a
    /// ``StoreEvent`` later. This is a success that says so.
    case pending(productID: String)
    /// The person cancelled; nothing was charged.
    case cancelled(productID: String)
    /// The purchase did not happen, or happened but could not be verified or delivered yet.
    case failed(PurchaseError)

    /// The outcome's name as the command-line tool's JSON prints it.
    public var name: String {
        switch self {
        case .purchased: "purchased"
        case .pending: "pending"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }
}

/// How a restore ended. A restore always ends in one of these, also when there is nothing to restore.
public enum RestoreOutcome: Sendable {
    /// Every store answered and these products were brought back (each once, in order).
    case restored([String])
    /// Every store answered and the person owns nothing to restore.
    case nothingToRestore
    /// Some products came back but some stores or transactions failed.
    case partial(restored: [String], errors: [PurchaseError])
    /// Nothing came back because the stores failed.
    case failed(PurchaseError)

    /// The outcome's name as the command-line tool's JSON prints it.
    public var name: String {
        switch self {
        case .restored: "restored"
        case .nothingToRestore: "nothingToRestore"
        case .partial: "partial"
        case .failed: "failed"
        }
    }

    /// The products brought back.
    public var restoredProductIDs: [String] {
        switch self {
        case .restored(let ids), .partial(let ids, _): ids
        case .nothingToRestore, .failed: []
        }
    }
}
