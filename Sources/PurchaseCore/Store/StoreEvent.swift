/// Something the ``Store`` did with a transaction, as its ``Store/events()`` stream reports it.
public enum StoreEvent: Sendable {
    /// Verified and delivered for the first time.
    case delivered(StoreTransaction, Delivery)
    /// Seen again after it was delivered (a redelivery, a restore of something delivered): nothing
    /// was delivered twice.
    case alreadyDelivered(StoreTransaction)
    /// Waiting for approval or for the store.
    case pending(StoreTransaction)
    /// The store reported a failed transaction (a declined Ask to Buy, a failed payment).
    case failed(StoreTransaction, PurchaseError)
    /// Verification refused the transaction; nothing was delivered.
    case rejected(StoreTransaction, PurchaseError)
    /// The store took a purchase back; what it granted is gone.
    case revoked(StoreTransaction)
    /// A delivered subscription came back ending earlier than it was delivered with (the store ended
    /// its period early): the ledger recorded the transaction's ``StoreTransaction/expirationDate`` as
    /// its end (``FulfillmentLedger/recordExpiration(_:at:)``), so what it granted ends then. Nothing
    /// was delivered twice.
    case expired(StoreTransaction)
    /// The transaction could not be completed now (verifier or ledger unavailable); it stays
    /// unfinished and is tried again at the next launch or update.
    case deferredProcessing(StoreTransaction, PurchaseError)
    /// A download of the transaction's hosted content started, moved on or paused (its state and
    /// progress are the download's). The transaction is delivered but not yet finished.
    case downloadProgress(StoreTransaction, ContentDownload)
    /// A download of the transaction's hosted content finished: the content is at its
    /// ``ContentDownload/contentURL``. The transaction is finished once all its downloads finished.
    case downloadFinished(StoreTransaction, ContentDownload)
    /// A download of the transaction's hosted content failed or was cancelled: the transaction stays
    /// unfinished (``deferredProcessing(_:_:)`` follows) and its downloads start again at the next
    /// launch; its delivery stays recorded once.
    case downloadFailed(StoreTransaction, ContentDownload, PurchaseError)
}

extension StoreEvent {
    /// A short name for the event's case (`delivered`, `alreadyDelivered`, `pending`...), as logs and
    /// tests print it.
    public var name: String {
        switch self {
        case .delivered: "delivered"
        case .alreadyDelivered: "alreadyDelivered"
        case .pending: "pending"
        case .failed: "failed"
        case .rejected: "rejected"
        case .revoked: "revoked"
        case .expired: "expired"
        case .deferredProcessing: "deferredProcessing"
        case .downloadProgress: "downloadProgress"
        case .downloadFinished: "downloadFinished"
        case .downloadFailed: "downloadFailed"
        }
    }

    /// The transaction the event is about.
    public var transaction: StoreTransaction {
        switch self {
        case .delivered(let transaction, _), .alreadyDelivered(let transaction), .pending(let transaction),
            .failed(let transaction, _), .rejected(let transaction, _), .revoked(let transaction),
            .expired(let transaction), .deferredProcessing(let transaction, _),
            .downloadProgress(let transaction, _), .downloadFinished(let transaction, _),
            .downloadFailed(let transaction, _, _):
            transaction
        }
    }

    /// The download the event is about, for the download events; `nil` for the others, which say
    /// what became of the transaction.
    public var download: ContentDownload? {
        switch self {
        case .downloadProgress(_, let download), .downloadFinished(_, let download),
            .downloadFailed(_, let download, _):
            download
        case .delivered, .alreadyDelivered, .pending, .failed, .rejected, .revoked, .expired, .deferredProcessing:
            nil
        }
    }
}
